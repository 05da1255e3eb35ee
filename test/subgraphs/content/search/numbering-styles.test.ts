// Issue 32: a code's structure from its own numbering, in every style the issue lists, and the
// references engineers type for each. Pure functions; the layouts (columns, commentary) are in
// code-commentary.test.ts, the document's names in designations.test.ts.
import { describe, expect, it } from 'vitest';
import { documentClauses, lineStart, parseNumber, follows } from '../../../../subgraphs/content/search/numbering.ts';
import { clauseNamed, referenceForms } from '../../../../subgraphs/content/search/query-parts.ts';
import { commentaryAfterClause } from '../../../../subgraphs/content/search/search.ts';

const chained = (lines: string[]) => {
  const starts = lines.map((l) => lineStart(l)!);
  const { clauses, commentaryOf } = documentClauses(starts);
  return {
    clauses: starts.filter((_, i) => clauses.has(i)).map((s) => s.label),
    commentary: [...commentaryOf].sort((a, b) => a[0] - b[0]).map(([i, c]) => `${starts[i]!.label}→${c}`),
  };
};

describe('numbering styles', () => {
  it('reads each style the issue lists as a clause number opening its heading', () => {
    expect(lineStart('26.4.2 Nominal Cover to Meet Durability Requirement')).toMatchObject({
      kind: 'clause',
      label: '26.4.2',
    });
    expect(lineStart('1613.1.1.3 Site class D. Where the soil properties')).toMatchObject({
      kind: 'clause',
      label: '1613.1.1.3',
    });
    expect(lineStart('2-3.1 Minimum Standoff.')).toMatchObject({ kind: 'clause', label: '2-3.1' });
    expect(lineStart('A-5.6 Steel Column Base Plate Shear Transfer')).toMatchObject({
      kind: 'clause',
      label: 'A-5.6',
      rest: 'Steel Column Base Plate Shear Transfer',
    });
    expect(lineStart('B-18.3.1.1 Anchorage')).toMatchObject({ kind: 'clause', label: 'B-18.3.1.1' });
    // An Article's closing dot is punctuation.
    expect(lineStart('3.2.1.1. Scope')).toMatchObject({ kind: 'clause', label: '3.2.1.1', rest: 'Scope' });
    // A dash or rule between number and heading is punctuation too.
    expect(lineStart('5.3.4 – Cyclonic Region Factor')).toMatchObject({
      kind: 'clause',
      label: '5.3.4',
      rest: 'Cyclonic Region Factor',
    });
    expect(lineStart('5.3.4— Cyclonic Region Factor')).toMatchObject({
      kind: 'clause',
      label: '5.3.4',
      rest: 'Cyclonic Region Factor',
    });
    expect(lineStart('C5.3.4 – The cyclonic factor accounts for')).toMatchObject({ kind: 'clause', label: 'C5.3.4' });
    expect(lineStart('6.2.2 (1) The design value for the shear resistance')).toMatchObject({
      kind: 'clause',
      label: '6.2.2',
    });
    // Eurocode prints the first subsection tight against the clause number.
    expect(lineStart('6.2.2(1) The design value for the shear resistance')).toMatchObject({
      kind: 'clause',
      label: '6.2.2',
      rest: '(1) The design value for the shear resistance',
    });
    expect(lineStart('6.2.2(a) where the member')).toMatchObject({ kind: 'clause', label: '6.2.2' });
    // A reference in running text is not: no subsection label, or no space after it.
    expect(lineStart('6.2.2(1)a) applies')).toBeNull();
    // Structural headings and captions.
    expect(lineStart('ANNEX B')).toMatchObject({ kind: 'structural', label: 'Annex B' });
    expect(lineStart('Annex B (informative) Creep and shrinkage strain')).toMatchObject({
      kind: 'structural',
      label: 'Annex B',
    });
    expect(lineStart('SECTION 1905 MODIFICATIONS TO ACI 318')).toMatchObject({
      kind: 'structural',
      label: 'Section 1905',
    });
    expect(lineStart('Table 4 Minimum Cover')).toMatchObject({ kind: 'caption', label: 'Table 4' });
    expect(lineStart('Table 3-1 Level of Protection')).toMatchObject({ kind: 'caption', label: 'Table 3-1' });
    expect(lineStart('Fig. 15 Plate Electrode')).toMatchObject({ kind: 'caption', label: 'Figure 15' });
    expect(lineStart('FIG. 15 PLATE ELECTRODE')).toMatchObject({ kind: 'caption', label: 'Figure 15' });
    // Not headings: a section cited in a sentence, a MasterFormat number, a dimension.
    expect(lineStart('Section 9 of the Act applies')).toBeNull();
    expect(lineStart('SECTION 03 30 00 Page 5')).toBeNull();
    expect(lineStart('1.5 - 10 mm aggregate')).toBeNull();
  });

  it('follows IBC section numbers from one section to the next', () => {
    expect(follows(parseNumber('1905.1'), parseNumber('1905.1.5'))).toBe(true);
    expect(follows(parseNumber('1905.1.5'), parseNumber('1905.2'))).toBe(true);
    expect(follows(parseNumber('1905.2'), parseNumber('1906.1'))).toBe(true);
  });
});

describe('a document numbering in more than one stream', () => {
  it("keeps a UFC's own dash clauses and the IBC sections it modifies, and its appendix clauses", () => {
    const { clauses } = chained([
      '2-1 GENERAL. This chapter modifies the IBC.',
      '2-1.1 Scope. The modifications apply to',
      '1604.3 Serviceability. Replace the first sentence',
      '1604.3.1 Deflections. Add the following',
      '2-1.2 Modifications. The provisions',
      '1905.1 General. Modify ACI 318 as follows',
      '1905.1.5 Seismic hooks. Replace the definition',
      '2-2 APPLICABILITY. These provisions',
      'A-1 GENERAL. This appendix',
      'A-5.6 Steel Column Base Plate Shear Transfer',
      'F-3.2.2 Anchor rods. Where',
    ]);
    expect(clauses).toEqual([
      '2-1',
      '2-1.1',
      '1604.3',
      '1604.3.1',
      '2-1.2',
      '1905.1',
      '1905.1.5',
      '2-2',
      'A-1',
      'A-5.6',
      'F-3.2.2',
    ]);
  });

  it('leaves out a second stream of table values or stray numbers', () => {
    const { clauses } = chained([
      '3-1 GENERAL. Text',
      '3-1.1 Scope. Text',
      '5.0 | C',
      '7.2 | B',
      '10.0 | B',
      '27.3',
      '3-1.2 Use. Text',
      '3.6.2.3 Accessibility. A misprint of 3-6.2.3',
      '3-2 PLANNING. Text',
    ]);
    expect(clauses).toEqual(['3-1', '3-1.1', '3-1.2', '3-2']);
  });

  it('reads commentary numbered after the code clauses as its own stream, each linked to its clause', () => {
    const { clauses, commentary } = chained([
      '5.3.3 – Terrain Factor',
      '5.3.4 – Cyclonic Region Factor',
      'C5.3.3 – Terrain categories follow',
      'C5.3.4 – Cyclones in the east coast',
      '5.4 – Design Wind Pressure',
      '5.4.1 – Velocity Pressure',
      'C5.4 – The pressure',
      'C5.4.1 – The velocity',
    ]);
    expect(clauses).toEqual(['5.3.3', '5.3.4', 'C5.3.3', 'C5.3.4', '5.4', '5.4.1', 'C5.4', 'C5.4.1']);
    expect(commentary).toEqual(['C5.3.3→5.3.3', 'C5.3.4→5.3.4', 'C5.4→5.4', 'C5.4.1→5.4.1']);
  });

  it('keeps an appendix lettered C (clauses that mirror no code clause) an appendix', () => {
    const { clauses, commentary } = chained([
      'B4.1 Classification',
      'B4.2 Design',
      'C1.1 Scope',
      'C1.2 General',
      'C2.1 Analysis',
      'C2.2 Design',
      'C2.3 Loads',
    ]);
    expect(commentary).toEqual([]);
    expect(clauses).toContain('C2.1');
  });
});

describe('references as engineers type them', () => {
  it('finds the number in each style, with or without a word, division or closing dot', () => {
    expect(clauseNamed('3.2.1.1.')).toBe('3.2.1.1');
    expect(clauseNamed('Article 3.2.1.1.')).toBe('3.2.1.1');
    expect(clauseNamed('3.2.1.1.(1)')).toBe('3.2.1.1(1)');
    expect(clauseNamed('Division B 3.2.1.1.')).toBe('3.2.1.1');
    expect(clauseNamed('Division B, 3.2.1.1.')).toBe('3.2.1.1');
    expect(clauseNamed('1905.1.5')).toBe('1905.1.5');
    expect(clauseNamed('A-5.6')).toBe('A-5.6');
    expect(clauseNamed('B-18.3.1.1')).toBe('B-18.3.1.1');
    expect(clauseNamed('6.2.2(1)')).toBe('6.2.2(1)');
    expect(clauseNamed('C5.3.4')).toBe('C5.3.4');
    expect(clauseNamed('Annex B')).toBe('Annex B');
    expect(clauseNamed('Section 1905')).toBe('Section 1905');
    expect(clauseNamed('Fig. 15')).toBe('Figure 15');
    expect(clauseNamed('Table 4')).toBe('Table 4');
    expect(clauseNamed('regulation 9.2')).toBe('9.2');
    expect(referenceForms('6.2.2(1)')).toEqual(['6.2.2(1)', '6.2.2']);
    // A number in a sentence is no reference.
    expect(clauseNamed('1.5 times the stone size')).toBeNull();
  });
});

describe('commentary never above its clause', () => {
  it('moves a commentary passage to just after its code clause, with no higher score', () => {
    const rows = new Map([
      [1, { fileId: 'w', section: 'C5.3.4', contentType: 'commentary' }],
      [2, { fileId: 'w', section: '5.2', contentType: 'text' }],
      [3, { fileId: 'w', section: '5.3.4', contentType: 'text' }],
      [4, { fileId: 'w', section: 'C5.2', contentType: 'commentary' }],
    ]);
    const out = commentaryAfterClause(
      [
        { id: 1, relevance: 0.9 },
        { id: 2, relevance: 0.8 },
        { id: 3, relevance: 0.7 },
        { id: 4, relevance: 0.6 },
      ],
      rows,
    );
    expect(out.map((e) => e.id)).toEqual([2, 3, 1, 4]);
    expect(out.find((e) => e.id === 1)!.relevance).toBe(0.7);
  });
});
