import { describe, expect, it } from 'vitest';
import { formulaSyntaxProblem, structuredReferences, toFileFormula } from '../../../../subgraphs/documents/spreadsheet/blocks/formula.ts';

describe('formulas', () => {
  it('spells the current-row shorthand the way the file format defines it', () => {
    expect(toFileFormula('=[@Qty]*[@Price]', 'Orders')).toBe('Orders[[#This Row],[Qty]]*Orders[[#This Row],[Price]]');
    expect(toFileFormula('=[@[Unit Price]]*2', 'Orders')).toBe('Orders[[#This Row],[Unit Price]]*2');
    expect(toFileFormula('=Loads[@Force]+1', null)).toBe('Loads[[#This Row],[Force]]+1');
    expect(toFileFormula('=SUM(Loads[Force])', null)).toBe('SUM(Loads[Force])');
    expect(toFileFormula('="[@x]"&A1', 'T')).toBe('"[@x]"&A1');
  });

  it('prefixes functions newer than Excel 2007, outside string literals only', () => {
    expect(toFileFormula('=STDEV.S(Loads[Force])+ifs(A1>0,1)+SUM(1)&"MAXIFS(x)"', null)).toBe('_xlfn.STDEV.S(Loads[Force])+_xlfn.IFS(A1>0,1)+SUM(1)&"MAXIFS(x)"');
    expect(toFileFormula('=SORT(FILTER(A1:A9,A1:A9>0))', null)).toBe('_xlfn._xlws.SORT(_xlfn._xlws.FILTER(A1:A9,A1:A9>0))');
    expect(toFileFormula('=_xlfn.STDEV.S(A1:A3)', null)).toBe('_xlfn.STDEV.S(A1:A3)');
  });

  it('finds structured references and the columns they name', () => {
    expect(structuredReferences('=SUM(Loads[Force])/COUNT(Other[[#This Row],[A b]])+Sheet1!A1+"X[y]"')).toEqual([
      { table: 'Loads', columns: ['Force'] },
      { table: 'Other', columns: ['A b'] },
    ]);
    expect(structuredReferences("='My Sheet'!B2+T_1[@Qty]")).toEqual([{ table: 'T_1', columns: ['Qty'] }]);
  });

  it('says what cannot be parsed', () => {
    expect(formulaSyntaxProblem('=SUM(1,2')).toContain('not closed');
    expect(formulaSyntaxProblem('=1)')).toContain('without a matching');
    expect(formulaSyntaxProblem('="abc')).toContain('string literal');
    expect(formulaSyntaxProblem('=IF(A1>0,"(",")")')).toBeNull();
  });
});
