// Statute sections (statute-sections.ts): an enactment numbers whole sections through all its
// Parts, inserts later sections as decimals (291.4, 468.51) and prints each section's number again
// on every subsection ("180(1) …", "180(2) …"), as Alberta's OHS Code does. The lines are written
// in that layout (the Code's own text may not be reproduced); the search runs on a real index.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../../core/db/client.ts';
import type { TextRun } from '../../../../core/geometry/types.ts';
import { createLocalEmbedder } from '../../../../core/embedding/embed.ts';
import { toIndex } from '../../../../subgraphs/content/search/ingest.ts';
import { createLibsqlIndex } from '../../../../subgraphs/content/search/libsql-index.ts';
import { documentClauses, lineStart } from '../../../../subgraphs/content/search/numbering.ts';
import { passagesOf, type PageText } from '../../../../subgraphs/content/search/passages.ts';
import { clauseNamed } from '../../../../subgraphs/content/search/query-parts.ts';
import { searchCodes } from '../../../../subgraphs/content/search/search.ts';
import {
  followsSection,
  sectionStart,
  statuteSections,
} from '../../../../subgraphs/content/search/statute-sections.ts';
import { tempDir } from '../../../helpers/server.ts';

function page(n: number, lines: string[]): PageText {
  const runs: TextRun[] = [{ str: 'SAFETY CODE  AR 1/2030', bbox: [50, 20, 200, 30], size: 10, angle: 0 }];
  lines.forEach((l, i) =>
    runs.push({ str: l, bbox: [50, 80 + i * 12, 50 + l.length * 5, 90 + i * 12], size: 10, angle: 0 }),
  );
  runs.push({ str: `${n}`, bbox: [300, 770, 310, 780], size: 10, angle: 0 });
  return { page: n, height: 792, runs };
}

/** Five sections printing their number on subsections (1) and (2): the convention, in a document's first pages. */
const SECTIONS = [
  'Emergency transportation',
  '180(1) Before sending workers to a work site, an employer must make a transport plan.',
  '180(2) The plan referred to in subsection (1) must',
  '(a) be suitable for the distance, and',
  '(b) protect persons from the weather.',
  'First aid providers',
  '181(1) An employer must designate first aiders.',
  '181(2) A first aider must be trained.',
  'Duty to report injury',
  '182 If a worker is injured at the work site, the worker must report it.',
  'Records',
  '183(1) An employer must record every injury.',
  '183(2) A record must include the name of the worker.',
  'Access to records',
  '184(1) This section applies to records of first aid.',
  '184(2) No other person has access to the records.',
  'Notices',
  '185(1) An employer must post a notice.',
  '185(2) The notice must be legible.',
  'Inspections',
  '186(1) An employer must inspect the kits.',
  '186(2) A kit found short must be restocked.',
];

describe('statute sections: the convention', () => {
  it('is the whole section number printed again on subsection (2) after (1), in five sections', () => {
    expect(statuteSections(SECTIONS)).toBe(true);
    expect(statuteSections(SECTIONS.slice(0, 16))).toBe(false); // four sections are not yet a convention
    // Eurocode prints a clause number again on its paragraphs, but a clause is no whole number.
    expect(
      statuteSections([
        '6.2.2(1) The design value',
        '6.2.2(2) The tension',
        '6.2.3(1) Members',
        '6.2.3(2) The angle',
        '6.3.1(1) Torsion',
        '6.3.1(2) Where',
        '6.3.2(1) The',
        '6.3.2(2) A',
        '6.4.1(1) Punching',
        '6.4.1(2) The',
      ]),
    ).toBe(false);
    // A federal regulation prints "(2)" alone under "6.11 (1) …".
    expect(
      statuteSections(['6.11 (1) Subject to subsection (2)', '(2) The employer must', '6.12 (1) Where', '(2) Each']),
    ).toBe(false);
  });

  it('reads a whole section number as a clause only in a statute', () => {
    expect(lineStart('180(1) Before sending workers', true)).toMatchObject({
      kind: 'clause',
      label: '180',
      rest: '(1) Before sending workers',
    });
    expect(lineStart('182 If a worker is injured', true)).toMatchObject({ kind: 'clause', label: '182' });
    expect(lineStart('291.4(1) An employer must', true)).toMatchObject({ kind: 'clause', label: '291.4' });
    expect(lineStart('517.991 Explosive atmospheres', true)).toMatchObject({ kind: 'clause', label: '517.991' });
    expect(lineStart('180(1) Before sending workers')).toBeNull();
    expect(lineStart('182 If a worker is injured')).toBeNull();
    expect(lineStart('12 times the diameter', true)).toBeNull();
  });

  it('orders inserted sections as decimals, and lets a repealed Division take a run of numbers away', () => {
    expect(followsSection('291', '291.1')).toBe(true);
    expect(followsSection('291.7', '292')).toBe(true);
    expect(followsSection('468.5', '468.51')).toBe(true);
    expect(followsSection('468.51', '468.6')).toBe(true);
    expect(followsSection('517.99', '517.991')).toBe(true);
    expect(followsSection('604', '680')).toBe(true);
    expect(followsSection('291.4', '291.4')).toBe(false);
    expect(followsSection('468.6', '468.51')).toBe(false);
    expect(followsSection('292', '291.7')).toBe(false);
  });

  it("chains a statute's sections, its subsections' repeated numbers and a schedule's rows left out", () => {
    const lines = [
      '179 An employer',
      '180(1) Before',
      '180(2) The plan',
      '291(1) An employer',
      '291.1 Any',
      '291.4(1) An',
      '291.4(2) The',
      '292 A worker',
      '468.5 Each',
      '468.51 Where',
      '468.6 The',
      '604 An employer',
      '680 This Division',
      '12 Acetone',
      '13 Benzene',
    ];
    const starts = lines.map((l) => lineStart(l, true)!);
    const { clauses } = documentClauses(starts, true);
    expect(starts.filter((_, i) => clauses.has(i)).map((s) => s.label)).toEqual([
      '179',
      '180',
      '291',
      '291.1',
      '291.4',
      '292',
      '468.5',
      '468.51',
      '468.6',
      '604',
      '680',
    ]);
  });

  it('cites a section with its subsection, or by the word section', () => {
    expect(clauseNamed('180(2)(a)')).toBe('180(2)(a)');
    expect(clauseNamed('291.4')).toBe('291.4');
    expect(clauseNamed('Section 182')).toBe('Section 182');
    expect(clauseNamed('180')).toBeNull();
  });
});

describe('statute sections: passages and search', () => {
  let db: Database;
  const embedder = createLocalEmbedder(256);
  const catalogue = [
    { fileId: 'safety-code', filename: 'code.pdf', description: 'Occupational safety code', designStandard: 'canada' },
  ];
  const pages = [
    page(1, SECTIONS),
    page(2, [
      'Exposure limits',
      '291.4(1) An employer must ensure that exposure is kept low.',
      '291.4(2) An employer must keep dose records.',
    ]),
    page(3, [
      '291.4(3) Dose records must be kept for 30 years.',
      'Shielding',
      '292 An employer must provide shielding.',
      'Schedule 1',
      'Table 2 Exposure limits',
      '12 Acetone 250',
      '13 Benzene 0.5',
    ]),
  ];
  beforeAll(async () => {
    db = await openDatabase({ url: `file:${path.join(tempDir(), 's.db')}` });
    await createLibsqlIndex(db).replaceFile('safety-code', await toIndex(passagesOf(pages), embedder));
  });
  afterAll(() => db.$disconnect());
  const search = (query: string) =>
    searchCodes(createLibsqlIndex(db), embedder, catalogue, { query, fileIds: null, page: 1, perPage: 5 });

  it('makes each subsection a passage under its section and marginal note', () => {
    const ps = passagesOf(pages);
    const at = (section: string) => ps.filter((p) => p.section === section).map((p) => [p.page, p.heading]);
    expect(at('180(2)')).toEqual([[1, 'Emergency transportation']]);
    expect(at('182')).toEqual([[1, 'Duty to report injury']]);
    expect(at('291.4(1)')).toEqual([[2, 'Exposure limits']]);
    // Continued on the next page under its number printed again.
    expect(at('291.4(3)')).toEqual([[3, 'Exposure limits']]);
    expect(at('292')).toEqual([[3, 'Shielding']]);
    // A schedule's rows are no sections.
    expect(ps.some((p) => p.section === '12' || p.section === '13')).toBe(false);
  });

  it('answers a section by its number, its subsection and the word section', async () => {
    expect((await search('291.4')).matches[0]).toMatchObject({
      page_number: 2,
      context: '291.4(1) Exposure limits',
      relevance_score: 1,
    });
    expect((await search('291.4(3)')).matches[0]).toMatchObject({ page_number: 3, relevance_score: 1 });
    expect((await search('180(2)(a)')).matches[0]).toMatchObject({
      page_number: 1,
      context: '180(2) Emergency transportation',
      relevance_score: 1,
    });
    expect((await search('section 182')).matches[0]).toMatchObject({
      page_number: 1,
      context: '182 Duty to report injury',
      relevance_score: 1,
    });
  });
});

describe('statute sections: hostile lines (a private document is caller input)', () => {
  /** CPU milliseconds of the test's own thread for `fn`. */
  const cpuMs = (fn: () => void) => {
    const t = process.cpuUsage();
    fn();
    const used = process.cpuUsage(t);
    return (used.user + used.system) / 1000;
  };
  /** Lines built to make a backtracking pattern try every split: long runs of digits, spaces and brackets. */
  const hostile = (n: number) => [
    '1'.repeat(n),
    `1${' '.repeat(n)}`,
    `${' '.repeat(n)}1(1)`,
    `12(${'1'.repeat(n)}) x`,
    `1.${'2'.repeat(n)}(1) x`,
    `${'('.repeat(n)}1`,
  ];

  it('reads lines of 100,000 characters in time growing linearly with them, and no statute in them', () => {
    const read = (lines: string[]) => {
      let sections = 0;
      for (const text of lines) if (sectionStart(text)) sections++;
      return { statute: statuteSections(lines), sections };
    };
    read(hostile(10_000)); // warms the JIT
    const small = cpuMs(() => read(hostile(10_000)));
    let large!: ReturnType<typeof read>;
    const big = cpuMs(() => (large = read(hostile(100_000))));
    console.log(`hostile statute lines: 10k ${small.toFixed(1)} ms CPU, 100k ${big.toFixed(1)} ms CPU`);
    // Linear is 10 times the CPU; a quadratic pattern would take 100 times (seconds at 100k). The
    // 50 ms floor keeps the ratio meaningful when the small case takes under a millisecond.
    expect(big).toBeLessThanOrEqual(Math.max(25 * small, 50));
    expect(large).toEqual({ statute: false, sections: 1 });
  });

  it('reads a query of 100,000 characters built against the section citation in linear time', () => {
    const queries = (n: number) => [
      `180(1)${' '.repeat(n)}x`,
      `180(1)${' (a)'.repeat(n / 4)} x`,
      `180${'('.repeat(n)}`,
    ];
    const named = (qs: string[]) => qs.map((q) => clauseNamed(q));
    named(queries(10_000)); // warms the JIT
    const small = cpuMs(() => named(queries(10_000)));
    let large!: (string | null)[];
    const big = cpuMs(() => (large = named(queries(100_000))));
    console.log(`hostile section queries: 10k ${small.toFixed(1)} ms CPU, 100k ${big.toFixed(1)} ms CPU`);
    expect(big).toBeLessThanOrEqual(Math.max(25 * small, 50));
    expect(large).toEqual([null, null, null]);
  });
});
