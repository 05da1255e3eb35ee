// Issue 32's layouts and numbering styles on documents our generator makes in those house styles
// (eval/search/corpus/house-styles.ts): no document in ../shared/ has a CODE | COMMENTARY page,
// IBC sections inside a UFC, Canadian Articles with a closing dot or an IS-style annex, so the
// layouts are built here and each assertion is checked against the generator's truth (the page
// every clause, commentary clause, table and figure was drawn on).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../../core/db/client.ts';
import { createLocalEmbedder } from '../../../../core/embedding/embed.ts';
import { extractCodeText } from '../../../../subgraphs/content/search/extract-text.ts';
import { toIndex } from '../../../../subgraphs/content/search/ingest.ts';
import { passageIndexFor } from '../../../../subgraphs/content/search/index-for.ts';
import type { Passage } from '../../../../subgraphs/content/search/passages.ts';
import { searchCodes, type CatalogueEntry } from '../../../../subgraphs/content/search/search.ts';
import { generateHouseDoc, houseStyleCorpus, type HouseTruth } from '../../../../eval/search/corpus/house-styles.ts';
import { openTestDatabase } from '../../../helpers/test-database.ts';

let db: Database;
let close: () => Promise<void>;
const embedder = createLocalEmbedder(256);
const truth = new Map<string, HouseTruth>();
const passages = new Map<string, Passage[]>();
const catalogue: CatalogueEntry[] = [];

beforeAll(async () => {
  ({ db, close } = await openTestDatabase());
  for (const doc of houseStyleCorpus()) {
    const { pdf, truth: t } = await generateHouseDoc(doc);
    const extracted = await extractCodeText(pdf);
    truth.set(doc.fileId, t);
    passages.set(doc.fileId, extracted.passages);
    // The catalogue describes each by its title only: the designation is learnt from the pages.
    catalogue.push({
      fileId: doc.fileId,
      filename: `${doc.fileId}.pdf`,
      description: doc.title,
      designStandard: 'us',
      designations: extracted.designations,
    });
    await passageIndexFor(db).replaceFile(doc.fileId, await toIndex(extracted.passages, embedder));
  }
}, 120_000);
afterAll(() => close());

const pageOf = (fileId: string, number: string) => truth.get(fileId)!.entries.find((e) => e.number === number)!.page;
const search = (query: string, fileIds: string[] | null = null, perPage = 5) =>
  searchCodes(passageIndexFor(db), embedder, catalogue, { query, fileIds, page: 1, perPage });

describe('two columns, CODE | COMMENTARY', () => {
  const W = 'wind-code-commentary';

  it('keeps the columns apart: each commentary clause is a passage of its own, linked to its code clause', () => {
    const ps = passages.get(W)!;
    const code = ps.find((p) => p.section === '5.3.4')!;
    const comm = ps.find((p) => p.section === 'C5.3.4')!;
    expect(code).toMatchObject({ contentType: 'text', heading: 'Cyclonic Region Factor', page: pageOf(W, '5.3.4') });
    expect(comm).toMatchObject({ contentType: 'commentary', page: pageOf(W, 'C5.3.4') });
    expect(comm.headingPath).toContain('5.3.4 Cyclonic Region Factor');
    // Neither column's text runs into the other's passage.
    expect(code.text).not.toMatch(/C5\.3\.4|requirement of 5\.3\.4 follows/);
    // Every commentary clause the generator drew is a commentary passage.
    const drawn = truth
      .get(W)!
      .entries.filter((e) => e.kind === 'commentary')
      .map((e) => e.number);
    const read = new Set(ps.filter((p) => p.contentType === 'commentary').map((p) => p.section));
    expect(drawn.filter((n) => !read.has(n))).toEqual([]);
  });

  it('answers a clause number with the clause, then its commentary; a commentary number with the commentary', async () => {
    const r = await search('5.3.4', [W]);
    expect(r.matches.slice(0, 2).map((m) => [m.context.split(' ')[0], m.content_type])).toEqual([
      ['5.3.4', 'text'],
      ['C5.3.4', 'commentary'],
    ]);
    expect((await search('C5.3.4', [W])).matches[0]).toMatchObject({
      context: 'C5.3.4 Cyclonic Region Factor',
      content_type: 'commentary',
    });
  });

  it('ranks commentary after its own clause for a query in words', async () => {
    const r = await search('cyclonic region factor', [W], 10);
    const code = r.matches.findIndex((m) => m.context.startsWith('5.3.4 '));
    const comm = r.matches.findIndex((m) => m.context.startsWith('C5.3.4 '));
    expect(code).toBeGreaterThanOrEqual(0);
    if (comm >= 0) expect(comm).toBeGreaterThan(code);
  });

  it('reads no clause from the table of contents and no running header into passages', () => {
    const ps = passages.get(W)!;
    const bodyStart = Math.min(...truth.get(W)!.entries.map((e) => e.page));
    expect(ps.filter((p) => p.page < bodyStart && /^\d/.test(p.section))).toEqual([]);
    expect(
      ps.some(
        (p) => p.text.includes('Wind Loads on Buildings and Structures') || /^(?:CODE|COMMENTARY)$/m.test(p.text),
      ),
    ).toBe(false);
  });

  it('learns "IS 875 (Part 3)" from the cover and running header and scopes a query naming it', async () => {
    expect(catalogue.find((c) => c.fileId === W)!.designations).toContain('IS 875 (Part 3)');
    const r = await search('IS 875 (Part 3) 5.3.4');
    expect(r.matches[0]).toMatchObject({ file_id: W, page_number: pageOf(W, '5.3.4'), relevance_score: 1 });
    expect((await search('IS 875 Part 3 5.3.4')).matches[0]).toMatchObject({
      file_id: W,
      context: '5.3.4 Cyclonic Region Factor',
    });
  });
});

describe('a UFC with IBC sections and lettered appendix clauses, named by its printed designation', () => {
  const U = 'dod-structural-criteria';

  it('finds its own clauses, the IBC sections it modifies and its appendix clauses by number', async () => {
    for (const n of ['2-1.1', '1604.3', '1613.1.1.3', '1905.1.5', '2-2.3', 'A-5.6', 'F-3.2.2']) {
      expect((await search(n, [U])).matches[0], n).toMatchObject({
        file_id: U,
        page_number: pageOf(U, n),
        relevance_score: 1,
      });
    }
    expect(passages.get(U)!.find((p) => p.section === 'A-5.6')).toMatchObject({
      heading: 'Steel Column Base Plate Shear Transfer',
    });
  });

  it('goes straight to the clause for "UFC 3-301-01 1905.1.5", though its catalogue id does not say UFC', async () => {
    expect(catalogue.find((c) => c.fileId === U)!.designations).toContain('UFC 3-301-01');
    expect((await search('UFC 3-301-01 1905.1.5')).matches[0]).toMatchObject({
      file_id: U,
      page_number: pageOf(U, '1905.1.5'),
      relevance_score: 1,
    });
    expect((await search('UFC 3-301-01 Table A-1')).matches[0]).toMatchObject({
      file_id: U,
      page_number: pageOf(U, 'Table A-1'),
    });
  });
});

describe('Canadian Articles with a closing dot, in two columns', () => {
  const N = 'energy-code-articles';

  it('reads "3.2.1.1. Scope" as Article 3.2.1.1 and finds it however the reference is written', async () => {
    expect(passages.get(N)!.find((p) => p.section.startsWith('3.2.1.1'))).toMatchObject({ heading: 'Scope' });
    for (const q of ['3.2.1.1.', '3.2.1.1', 'Article 3.2.1.1.', 'Division B 3.2.1.1.', 'NECB 2025 3.2.1.1.']) {
      expect((await search(q, q.startsWith('NECB') ? null : [N])).matches[0], q).toMatchObject({
        file_id: N,
        page_number: pageOf(N, '3.2.1.1'),
      });
    }
  });

  it('makes each numbered sentence "1)" a passage of its Article', () => {
    expect(passages.get(N)!.some((p) => p.section === '3.2.1.1(1)')).toBe(true);
  });
});

describe('an IS-style code: annexes, "Table 16", "Fig. 15"', () => {
  const I = 'concrete-code-annex';

  it('finds clauses, annex clauses, tables and figures by number, and the code by "IS 456 : 2000" or "IS 456"', async () => {
    for (const n of ['26.4.2', 'B-3.2.1', 'C-2.1', 'Table 16', 'Fig. 15']) {
      const want = n.startsWith('Fig') ? 'Fig. 15' : n;
      expect((await search(n, [I])).matches[0], n).toMatchObject({ file_id: I, page_number: pageOf(I, want) });
    }
    expect((await search('IS 456 : 2000 26.4.2')).matches[0]).toMatchObject({
      file_id: I,
      context: '26.4.2 Nominal cover to meet durability requirement',
    });
    expect((await search('IS 456 26.4.2')).matches[0]).toMatchObject({ file_id: I, page_number: pageOf(I, '26.4.2') });
    expect((await search('Annex B', [I])).matches[0]).toMatchObject({ file_id: I, page_number: pageOf(I, 'B-1') });
  });
});
