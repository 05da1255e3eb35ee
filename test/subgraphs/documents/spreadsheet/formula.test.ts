import { describe, expect, it } from 'vitest';
import {
  formulaSyntaxProblem,
  structuredReferences,
  toFileFormula,
} from '../../../../subgraphs/documents/spreadsheet/blocks/formula.ts';

describe('formulas', () => {
  it('spells the current-row shorthand the way the file format defines it', () => {
    expect(toFileFormula('=[@Qty]*[@Price]', 'Orders')).toBe('Orders[[#This Row],[Qty]]*Orders[[#This Row],[Price]]');
    expect(toFileFormula('=[@[Unit Price]]*2', 'Orders')).toBe('Orders[[#This Row],[Unit Price]]*2');
    expect(toFileFormula('=Loads[@Force]+1', null)).toBe('Loads[[#This Row],[Force]]+1');
    expect(toFileFormula('=SUM(Loads[Force])', null)).toBe('SUM(Loads[Force])');
    expect(toFileFormula('="[@x]"&A1', 'T')).toBe('"[@x]"&A1');
  });

  it('prefixes functions newer than Excel 2007, outside string literals only', () => {
    expect(toFileFormula('=STDEV.S(Loads[Force])+ifs(A1>0,1)+SUM(1)&"MAXIFS(x)"', null)).toBe(
      '_xlfn.STDEV.S(Loads[Force])+_xlfn.IFS(A1>0,1)+SUM(1)&"MAXIFS(x)"',
    );
    expect(toFileFormula('=SORT(FILTER(A1:A9,A1:A9>0))', null)).toBe(
      '_xlfn._xlws.SORT(_xlfn._xlws.FILTER(A1:A9,A1:A9>0))',
    );
    expect(toFileFormula('=_xlfn.STDEV.S(A1:A3)', null)).toBe('_xlfn.STDEV.S(A1:A3)');
  });

  it('finds structured references and the columns they name', () => {
    expect(structuredReferences('=SUM(Loads[Force])/COUNT(Other[[#This Row],[A b]])+Sheet1!A1+"X[y]"')).toEqual([
      { table: 'Loads', columns: ['Force'], items: [] },
      { table: 'Other', columns: ['A b'], items: ['#This Row'] },
    ]);
    expect(structuredReferences("='My Sheet'!B2+T_1[@Qty]")).toEqual([{ table: 'T_1', columns: ['Qty'], items: [] }]);
  });

  it("reads Excel's escapes in column names ('[ '] '# '') and keeps them in the file", () => {
    expect(structuredReferences("=Loads[@[Force '[kN']]]+SUM(Loads[Note '#1])+Größe[[#Totals],[It''s]]")).toEqual([
      { table: 'Loads', columns: ['Force [kN]'], items: [] },
      { table: 'Loads', columns: ['Note #1'], items: [] },
      { table: 'Größe', columns: ["It's"], items: ['#Totals'] },
    ]);
    expect(formulaSyntaxProblem("=[@[Force '[kN']]]*2")).toBeNull();
    expect(toFileFormula("=[@[Force '[kN']]]*2", 'Loads')).toBe("Loads[[#This Row],[Force '[kN']]]*2");
  });

  it('writes LET and LAMBDA with _xlfn. and their parameters with _xlpm., as Excel does', () => {
    expect(toFileFormula('=LET(x,2,x*3)', null)).toBe('_xlfn.LET(_xlpm.x,2,_xlpm.x*3)');
    expect(toFileFormula('=LET(x,2,LAMBDA(a,a+x)(1))+x1+"x"', null)).toBe(
      '_xlfn.LET(_xlpm.x,2,_xlfn.LAMBDA(_xlpm.a,_xlpm.a+_xlpm.x)(1))+x1+"x"',
    );
  });

  it('says what cannot be parsed', () => {
    expect(formulaSyntaxProblem('=SUM(1,2')).toContain('not closed');
    expect(formulaSyntaxProblem('=1)')).toContain('without a matching');
    expect(formulaSyntaxProblem('="abc')).toContain('string literal');
    expect(formulaSyntaxProblem('=IF(A1>0,"(",")")')).toBeNull();
  });
});

describe('isDynamicArrayFormula', () => {
  it('finds the spilling functions as the file spells them, not in string literals or longer names', async () => {
    const { isDynamicArrayFormula, toFileFormula } =
      await import('../../../../subgraphs/documents/spreadsheet/blocks/formula.ts');
    const file = (f: string) => toFileFormula(f, null);
    for (const f of [
      '=FILTER(T[A],T[B]>1)',
      '=SORT(T[A])',
      '=SORTBY(T[A],T[B])',
      '=UNIQUE(T[A])',
      '=SEQUENCE(3)',
      '=RANDARRAY(2,2)',
      '=SUM(SEQUENCE(4))',
    ])
      expect(isDynamicArrayFormula(file(f)), f).toBe(true);
    for (const f of ['=SUM(T[A])', '=XSORT(1)', '="SEQUENCE(3)"', '=STDEV.S(T[A])'])
      expect(isDynamicArrayFormula(file(f)), f).toBe(false);
  });
});
