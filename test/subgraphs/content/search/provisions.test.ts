// Enumerated provisions under a clause (numbering.ts: nextItems, itemLabel;
// passages.ts: a subsection is a passage of its own; search: a sub-clause
// reference finds the passage holding it). The real-document lines are
// copied from Canada's SOR/86-304 (PDF page 137, reproduction allowed by
// SI/97-5) and UFGS 03 30 00 (PDF page 23, public domain), as pdf.js lays
// them out; the others are generated.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../../core/db/client.ts';
import type { TextRun } from '../../../../core/geometry/types.ts';
import { createLocalEmbedder } from '../../../../core/embedding/embed.ts';
import { toIndex } from '../../../../subgraphs/content/search/ingest.ts';
import { createLibsqlIndex } from '../../../../subgraphs/content/search/libsql-index.ts';
import { itemLabel, itemReference, nextItems, type OpenItem } from '../../../../subgraphs/content/search/numbering.ts';
import { passagesOf, type PageText } from '../../../../subgraphs/content/search/passages.ts';
import { searchCodes } from '../../../../subgraphs/content/search/search.ts';
import { tempDir } from '../../../helpers/server.ts';
import { threadCpuMs } from '../../../helpers/cpu.ts';

function page(n: number, lines: string[]): PageText {
  const runs: TextRun[] = [{ str: 'CODE HEADER', bbox: [50, 20, 150, 30], size: 10, angle: 0 }];
  lines.forEach((l, i) =>
    runs.push({ str: l, bbox: [50, 80 + i * 12, 50 + l.length * 5, 90 + i * 12], size: 10, angle: 0 }),
  );
  runs.push({ str: `Page ${n}`, bbox: [280, 770, 320, 780], size: 10, angle: 0 });
  return { page: n, height: 792, runs };
}

/** Labels read in order through nextItems; null where a label is text, not an item. */
function walk(labels: string[]): (string | null)[] {
  let open: OpenItem[] = [];
  return labels.map((l) => {
    const next = nextItems(open, l);
    if (!next) return null;
    open = next;
    return itemReference('1.2', open);
  });
}

describe('enumerated provisions: the grammar', () => {
  it('reads labels however they are punctuated, and not abbreviations', () => {
    expect(itemLabel('(1) If ventilation equipment is used')).toEqual({
      label: '1',
      rest: 'If ventilation equipment is used',
    });
    expect(itemLabel('a) les exigences de l’article 11.11')).toMatchObject({ label: 'a' });
    expect(itemLabel('b. Lead Foreman or Journeyman')).toMatchObject({ label: 'b' });
    expect(itemLabel('(iii) a period of two years')).toMatchObject({ label: 'iii' });
    expect(itemLabel('(aa) doubled letters after z')).toMatchObject({ label: 'aa' });
    expect(itemLabel('i.e. the concrete')).toBeNull();
    expect(itemLabel('No. 4 sieve')).toBeNull();
    expect(itemLabel('(see Table 3-16)')).toBeNull();
    expect(itemLabel('(ab) not a label')).toBeNull();
  });

  it('nests levels in the order the clause opens them and continues each with its next value', () => {
    expect(walk(['1', 'a', 'i', 'ii', 'b', '2'])).toEqual([
      '1.2(1)',
      '1.2(1)(a)',
      '1.2(1)(a)(i)',
      '1.2(1)(a)(ii)',
      '1.2(1)(b)',
      '1.2(2)',
    ]);
    // "(i)" after "(h)" is the ninth letter; after "(a)" it opens the roman level.
    expect(walk(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'])[8]).toBe('1.2(i)');
    expect(walk(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'])[9]).toBe('1.2(j)');
    expect(walk(['a', 'i', 'ii', 'iii', 'iv', 'v', 'b'])).toEqual([
      '1.2(a)',
      '1.2(a)(i)',
      '1.2(a)(ii)',
      '1.2(a)(iii)',
      '1.2(a)(iv)',
      '1.2(a)(v)',
      '1.2(b)',
    ]);
    // Capital letters go a level deeper still (A) under (i).
    expect(walk(['1', 'a', 'i', 'A', 'B', 'ii'])).toEqual([
      '1.2(1)',
      '1.2(1)(a)',
      '1.2(1)(a)(i)',
      '1.2(1)(a)(i)(A)',
      '1.2(1)(a)(i)(B)',
      '1.2(1)(a)(ii)',
    ]);
  });

  it('leaves labels out of order as text: a cited "(3)", a translation\'s second "a)"', () => {
    expect(walk(['1', '3'])).toEqual(['1.2(1)', null]);
    expect(walk(['a', 'b', 'a'])).toEqual(['1.2(a)', '1.2(b)', null]);
    expect(walk(['2'])).toEqual([null]);
  });
});

describe('enumerated provisions: passages', () => {
  it('make each subsection of a regulation a passage, with paragraphs and subparagraphs inside it (SOR/86-304, real text)', () => {
    const ps = passagesOf([
      page(1, [
        'Ventilation Equipment',
        '11.11 (1) If ventilation equipment is used to maintain',
        'the concentration of a chemical agent in a hazardous confined space at or be-',
        'low the concentration referred to in subparagraph',
        '11.05(1)(a)(i), the employer must not grant access unless',
        '(a) the ventilation equipment is',
        '(i) equipped with an alarm that will, if the equip-',
        'ment fails, be activated automatically, or',
        '(ii) monitored by an employee who is in constant',
        'attendance at the equipment; and',
        '(b) if the ventilation equipment fails, the person will',
        'have enough time to escape from the hazardous con-',
        'fined space.',
        '(2) The employer must ensure that the equipment is inspected.',
        '11.12 Training',
        'The employer must train every employee.',
      ]),
    ]);
    expect(ps.map((p) => p.section)).toEqual(['11.11(1)', '11.11(2)', '11.12']);
    expect(ps[0]).toMatchObject({ heading: 'Ventilation Equipment' });
    expect(ps[0]!.text).toContain('(ii) monitored by an employee');
    expect(ps[0]!.text).toContain('fined space.');
    expect(ps[1]).toMatchObject({
      heading: 'Ventilation Equipment',
      text: '(2) The employer must ensure that the equipment is inspected.',
    });
  });

  it('read a clause number printed again on each subsection as that subsection (Eurocode 6.2.2(1), 6.2.2(2))', () => {
    const ps = passagesOf([
      page(1, [
        '6.2.2(1) The design value for the shear resistance',
        'is given by the following expression.',
        '6.2.2(2) The longitudinal tension reinforcement',
        'shall be anchored beyond the section.',
        '6.2.3 Members requiring design shear reinforcement',
        'The design is based on a truss model.',
      ]),
    ]);
    expect(ps.map((p) => p.section)).toEqual(['6.2.2(1)', '6.2.2(2)', '6.2.3']);
    expect(ps[1]!.text).toContain('shall be anchored beyond the section.');
  });

  it('stay linear on a hostile document: every line a label, nested as deep as the grammar goes', () => {
    // 100,000 labels cycling through all four kinds keep the open levels at their deepest and
    // reopen them at every step; the grammar's work per label is bounded by the depth (4).
    const kinds = ['1', 'a', 'i', 'A', '2', 'b', 'ii', 'B'];
    const labels = Array.from({ length: 100_000 }, (_, i) => kinds[i % kinds.length]!);
    // This thread's CPU time, which a busy machine does not stretch; quadratic would take minutes.
    let t = threadCpuMs();
    const refs = walk(labels);
    expect(refs.filter(Boolean).length).toBeGreaterThan(0);
    expect(threadCpuMs() - t).toBeLessThan(2_000);
    // 200 pages of 60 item lines each under one clause: passages are built in linear time.
    const pages = Array.from({ length: 200 }, (_, p) =>
      page(p + 1, [
        ...(p === 0 ? ['1.2 Items'] : []),
        ...Array.from({ length: 60 }, (_, l) => `(${kinds[(p * 60 + l) % kinds.length]}) item ${p}.${l}`),
      ]),
    );
    t = threadCpuMs();
    const ps = passagesOf(pages);
    expect(ps.length).toBeGreaterThan(1);
    expect(threadCpuMs() - t).toBeLessThan(10_000);
  });

  it('make lettered list items of a specification passages under their clause (UFGS 03 30 00, real text)', () => {
    const ps = passagesOf([
      page(23, [
        '1.6.7 Quality Control Personnel Certifications',
        'Submit American Concrete Institute certification for the following:',
        'a. CQC personnel responsible for inspection of concrete operations.',
        'b. Lead Foreman or Journeyman of the Concrete Placing, Finishing, and',
        'Curing Crews.',
        'c. Field Testing Technicians: ACI Concrete Field Testing Technician,',
        'Grade I.',
        '1.6.7.1 Quality Manager Qualifications',
        'Holds a current license as a professional engineer in a U.S. state.',
      ]),
    ]);
    expect(ps.map((p) => p.section)).toEqual(['1.6.7', '1.6.7(a)', '1.6.7(b)', '1.6.7(c)', '1.6.7.1']);
    expect(ps[2]).toMatchObject({
      heading: 'Quality Control Personnel Certifications',
      text: 'b. Lead Foreman or Journeyman of the Concrete Placing, Finishing, and\nCuring Crews.',
    });
    expect(ps[4]).toMatchObject({ headingPath: 'Quality Control Personnel Certifications' });
  });

  it('keep a subsection running onto the next page under its reference, and never number a table (generated text)', () => {
    const ps = passagesOf([
      page(1, ['1613.1.1.3 Site class', '(1) Sites are classified as follows:', '(a) rock;']),
      page(2, [
        '(b) soft soil, where',
        '(i) the shear wave velocity is low, or',
        '(ii) the soil liquefies.',
        '(2) Site class E applies elsewhere.',
        'Table 1613.2 Site coefficients',
        '(1) | 0.8 | 1.0',
      ]),
    ]);
    expect(ps.map((p) => [p.page, p.section])).toEqual([
      [1, '1613.1.1.3'],
      [1, '1613.1.1.3(1)'],
      [2, '1613.1.1.3(1)'],
      [2, '1613.1.1.3(2)'],
      [2, 'Table 1613.2'],
    ]);
  });
});

describe('enumerated provisions: references', () => {
  let db: Database;
  const embedder = createLocalEmbedder(256);
  const catalogue = [
    {
      fileId: 'ibc-2021',
      filename: 'IBC.pdf',
      description: 'IBC 2021 International Building Code',
      designStandard: 'us',
    },
  ];
  beforeAll(async () => {
    db = await openDatabase({ url: `file:${path.join(tempDir(), 'p.db')}` });
    const pages = [
      page(1, [
        '1613.1.1.3 Site class',
        'The site class is determined as follows.',
        '(1) Sites are classified by their soil:',
        '(a) rock;',
        '(b) soft soil.',
      ]),
      page(2, [
        '(2) Where soil properties are not known, the following apply:',
        '(a) site class D is used;',
        '(b) site class E is used where the building official so decides.',
        '1613.1.1.4 Design spectral accelerations',
        'Use the mapped values.',
      ]),
    ];
    await createLibsqlIndex(db).replaceFile('ibc-2021', await toIndex(passagesOf(pages), embedder));
  });
  afterAll(() => db.$disconnect());

  const search = (query: string) =>
    searchCodes(createLibsqlIndex(db), embedder, catalogue, { query, fileIds: null, page: 1, perPage: 5 });

  it('go to the subsection holding the item, printed tight or spaced', async () => {
    for (const query of ['IBC 2021 1613.1.1.3 (2)(b)', '1613.1.1.3(2)(b)', 'section 1613.1.1.3(2)']) {
      const r = await search(query);
      expect(r.matches[0]).toMatchObject({ page_number: 2, context: '1613.1.1.3(2) Site class', relevance_score: 1 });
    }
  });

  it('give the whole clause, its subsections included, for the clause number', async () => {
    const r = await search('1613.1.1.3');
    expect(r.matches.filter((m) => m.relevance_score === 1).map((m) => m.context)).toEqual([
      '1613.1.1.3 Site class',
      '1613.1.1.3(1) Site class',
      '1613.1.1.3(2) Site class',
    ]);
    // A subsection's number never matches a longer clause number that starts like it.
    expect(r.matches.some((m) => m.context.startsWith('1613.1.1.4') && m.relevance_score === 1)).toBe(false);
  });
});
