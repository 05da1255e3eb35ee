import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../../core/db/client.ts';
import type { TextRun } from '../../../../core/geometry/types.ts';
import { passagesOf, type PageText } from '../../../../subgraphs/content/search/passages.ts';
import { createLocalEmbedder, stem } from '../../../../core/embedding/embed.ts';
import { toIndex } from '../../../../subgraphs/content/search/ingest.ts';
import { ftsQuery } from '../../../../subgraphs/content/search/libsql-index.ts';
import { passageIndexFor } from '../../../../subgraphs/content/search/index-for.ts';
import {
  clauseNamed,
  codesNamed,
  pageNamed,
  referenceForms,
} from '../../../../subgraphs/content/search/query-parts.ts';
import { searchCodes, type CatalogueEntry } from '../../../../subgraphs/content/search/search.ts';
import { snippet } from '../../../../subgraphs/content/search/snippet.ts';
import { openTestDatabase } from '../../../helpers/test-database.ts';

/** A page from lines of text, 14 pt apart, below a running header and above a footer. */
function page(n: number, lines: string[]): PageText {
  const runs: TextRun[] = [{ str: 'CODE HEADER', bbox: [50, 20, 150, 30], size: 10, angle: 0 }];
  lines.forEach((l, i) =>
    runs.push({ str: l, bbox: [50, 80 + i * 14, 50 + l.length * 5, 90 + i * 14], size: 10, angle: 0 }),
  );
  runs.push({ str: `Page ${n}`, bbox: [280, 770, 320, 780], size: 10, angle: 0 });
  return { page: n, height: 792, runs };
}

const ACI = [
  page(1, [
    '2.1 Definitions',
    'development length — length of embedded reinforcement required to develop the design strength',
    'lightweight concrete — concrete with lightweight aggregate',
  ]),
  page(2, [
    '22.5.1.1 Nominal one-way shear strength',
    'The nominal shear strength Vn shall be calculated as the sum of the concrete and the',
    'reinforcement contributions at each section.',
    'Vc = 0.17 lambda sqrt(fc) bw d (22.5.5.1)',
  ]),
  page(3, [
    'Table 25.4.2.3 Development length of deformed bars in tension',
    'No. 6 and smaller  |  48 db',
    'No. 7 and larger  |  60 db',
    '25.4.2.1 Development of deformed bars',
    'Deformed bars in tension shall be developed over the length given in the table.',
  ]),
];
const ASCE = [
  page(1, [
    '2.3.1 Basic load combinations',
    'Structures shall be designed so that their strength equals or exceeds the effects of factored loads.',
    '26.10.2 Velocity pressure',
    'The velocity pressure qz at height z shall be calculated from the basic wind speed.',
  ]),
];

const catalogue: CatalogueEntry[] = [
  {
    fileId: 'aci-318-19',
    filename: 'ACI_318-19.pdf',
    description: 'ACI 318-19 Building Code Requirements for Structural Concrete',
    designStandard: 'us',
  },
  {
    fileId: 'asce-7-22',
    filename: 'ASCE_7-22.pdf',
    description: 'ASCE/SEI 7-22 Minimum Design Loads',
    designStandard: 'us',
  },
];

// The run's engine: embedded, or PostgreSQL in the suite's second run (TEST_POSTGRES_URL).
let db: Database;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await openTestDatabase());
});
afterAll(() => close());

describe('passages', () => {
  it('keep page, clause number and heading, classified by content type, without running headers', () => {
    const ps = passagesOf(ACI);
    const by = (section: string) => ps.find((p) => p.section === section);
    expect(ps.some((p) => p.text.includes('CODE HEADER') || /Page \d/.test(p.text))).toBe(false);
    expect(by('22.5.1.1')).toMatchObject({ page: 2, heading: 'Nominal one-way shear strength', contentType: 'text' });
    expect(by('Eq. (22.5.5.1)')).toMatchObject({ page: 2, contentType: 'equation' });
    expect(by('Table 25.4.2.3')).toMatchObject({
      page: 3,
      contentType: 'table',
      heading: 'Development length of deformed bars in tension',
    });
    expect(ps.filter((p) => p.contentType === 'definition').map((p) => p.heading)).toEqual([
      'development length',
      'lightweight concrete',
    ]);
  });
});

describe('search', () => {
  const embedder = createLocalEmbedder(256);
  const index = () => passageIndexFor(db);
  const ingest = async (fileId: string, pages: PageText[]) => {
    await index().replaceFile(fileId, await toIndex(passagesOf(pages), embedder));
  };

  beforeAll(async () => {
    await ingest('aci-318-19', ACI);
    await ingest('asce-7-22', ASCE);
  });

  it('finds by words, ranks the answering clause first, and marks the words', async () => {
    const r = await searchCodes(index(), embedder, catalogue, {
      query: 'shear strength',
      fileIds: null,
      page: 1,
      perPage: 10,
    });
    expect(r.matches[0]).toMatchObject({
      file_id: 'aci-318-19',
      page_number: 2,
      context: '22.5.1.1 Nominal one-way shear strength',
      content_type: 'text',
      design_standard: 'us',
      filename: 'ACI_318-19.pdf',
    });
    expect(r.matches[0]!.snippet).toContain('<mark>shear</mark> <mark>strength</mark>');
    expect(r.matches[0]!.relevance_score).toBeGreaterThan(0.5);
    expect(r.matches[0]!.relevance_score).toBeLessThanOrEqual(1);
    expect(r.matches.every((m, i) => i === 0 || m.relevance_score <= r.matches[i - 1]!.relevance_score)).toBe(true);
  });

  it('vector search finds what full-text alone misses (a run-together word)', async () => {
    expect(await index().fullText('windspeed', null, 10)).toEqual([]);
    const r = await searchCodes(index(), embedder, catalogue, {
      query: 'windspeed',
      fileIds: null,
      page: 1,
      perPage: 3,
    });
    expect(r.matches[0]).toMatchObject({ file_id: 'asce-7-22', context: '26.10.2 Velocity pressure' });
  });

  it('an exact clause reference goes straight to the clause', async () => {
    const r = await searchCodes(index(), embedder, catalogue, {
      query: 'ACI 318 22.5.1.1',
      fileIds: null,
      page: 1,
      perPage: 3,
    });
    expect(r.matches[0]).toMatchObject({
      file_id: 'aci-318-19',
      context: '22.5.1.1 Nominal one-way shear strength',
      relevance_score: 1,
    });
    const t = await searchCodes(index(), embedder, catalogue, {
      query: 'ACI 318 Table 25.4.2.3',
      fileIds: null,
      page: 1,
      perPage: 3,
    });
    expect(t.matches[0]).toMatchObject({ page_number: 3, content_type: 'table', relevance_score: 1 });
  });

  it('targets file ids, paginates, and re-ingesting replaces a file', async () => {
    const only = await searchCodes(index(), embedder, catalogue, {
      query: 'design strength loads',
      fileIds: ['asce-7-22'],
      page: 1,
      perPage: 10,
    });
    expect(only.matches.length).toBeGreaterThan(0);
    expect(only.matches.every((m) => m.file_id === 'asce-7-22')).toBe(true);
    const p1 = await searchCodes(index(), embedder, catalogue, {
      query: 'concrete',
      fileIds: null,
      page: 1,
      perPage: 2,
    });
    const p2 = await searchCodes(index(), embedder, catalogue, {
      query: 'concrete',
      fileIds: null,
      page: 2,
      perPage: 2,
    });
    expect(p1.total).toBe(p2.total);
    expect(p1.total_pages).toBe(Math.ceil(p1.total / 2));
    expect(p2.matches[0]).not.toEqual(p1.matches[0]);
    expect((await index().stats('asce-7-22')).passages).toBe(2);
    await ingest('asce-7-22', [
      ASCE[0]!,
      page(2, [
        '30.3.1 Components and cladding',
        'Design wind pressures on components and cladding shall be determined.',
      ]),
    ]);
    expect(await index().stats('asce-7-22')).toEqual({ passages: 3, pages: 2 });
  });
});

describe('a search of some files (the files its caller may see, or those it names)', () => {
  const embedder = createLocalEmbedder(256);
  const index = () => passageIndexFor(db);
  const visible = ['plates-standard', 'aci-318-19', 'asce-7-22'];
  const scopedCatalogue: CatalogueEntry[] = [
    ...catalogue,
    ...['plates-standard', 'doc-other-account'].map((fileId) => ({
      fileId,
      filename: `${fileId}.pdf`,
      description: fileId,
      designStandard: 'us',
    })),
  ];
  beforeAll(async () => {
    // Another account's document: 120 pages that answer the query far better than anything the caller may see.
    // Each page its own words: a line every page repeats is a running header, and is dropped.
    const own = (i: number) =>
      `${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}wall`;
    const other = Array.from({ length: 120 }, (_, i) =>
      page(i + 1, [
        `${i + 1}.1 Anchor bolt embedment in ${own(i)}`,
        `The anchor bolt embedment depth of each anchor bolt in ${own(i)} shall exceed the anchor bolt embedment length.`,
      ]),
    );
    await index().replaceFile('doc-other-account', await toIndex(passagesOf(other), embedder));
    await index().replaceFile(
      'plates-standard',
      await toIndex(
        passagesOf([
          page(1, [
            '4.2 Base plates',
            'Base plates at column supports spread the load; an anchor holds the plate down against uplift.',
            '4.3 Cap plates',
            'Cap plates close the top of a hollow column and carry the beam reaction into its walls.',
          ]),
        ]),
        embedder,
      ),
    );
  });
  afterAll(async () => {
    for (const fileId of ['doc-other-account', 'plates-standard']) await index().replaceFile(fileId, []);
  });

  it('never ranks a passage of a file outside it, and still returns the best of its own when many outside rank higher', async () => {
    const query = 'anchor bolt embedment';
    const everywhere = await index().fullText(query, null, 100);
    const outside = new Set((await index().filePassages('doc-other-account')).map((p) => p.id));
    expect(everywhere.every((id) => outside.has(id))).toBe(true); // the 100 best of all are the other account's
    // The scoped ranking is the whole library's with the other file's passages taken out.
    const all = await index().fullText(query, null, 1000);
    const own = (await index().filePassages('plates-standard')).find((p) => p.section === '4.2')!;
    const scoped = await index().fullText(query, visible, 10);
    expect(scoped).toContain(own.id);
    expect(scoped).toEqual(all.filter((id) => !outside.has(id)).slice(0, 10));
    expect(await index().fullText(query, [], 10)).toEqual([]);

    const r = await searchCodes(index(), embedder, scopedCatalogue, { query, fileIds: visible, page: 1, perPage: 10 });
    expect(r.matches.length).toBeGreaterThan(0);
    expect(r.matches.some((m) => m.file_id === 'doc-other-account')).toBe(false);
    expect(r.matches[0]).toMatchObject({ file_id: 'plates-standard', context: '4.2 Base plates' });
    // Named alone, the other file answers: the scope, not the index, left it out.
    const named = await searchCodes(index(), embedder, scopedCatalogue, {
      query,
      fileIds: ['doc-other-account'],
      page: 1,
      perPage: 10,
    });
    expect(named.matches.map((m) => m.file_id)).toEqual(Array(10).fill('doc-other-account'));
  });
});

describe('helpers', () => {
  it('parse queries and mark snippets', () => {
    expect(ftsQuery('Shear "strength" of bars!')).toBe(
      '{heading text section glossary} : ("shear" OR "strength" OR "bars")',
    );
    // Question and function words are not searched.
    expect(ftsQuery('how must I')).toBeNull();
    expect(ftsQuery('!!')).toBeNull();
    expect(
      codesNamed('EN 1992 6.2.2 shear', [
        {
          fileId: 'en-1992-1-1-2004',
          filename: '',
          description: 'EN 1992-1-1:2004 Eurocode 2',
          designStandard: 'eurocode',
        },
      ]),
    ).toEqual({ fileIds: ['en-1992-1-1-2004'], rest: '6.2.2 shear' });
    const ufc = [
      {
        fileId: 'ufc-4-010-01',
        filename: '',
        description: 'UFC 4-010-01 DoD Minimum Antiterrorism Standards for Buildings (2018)',
        designStandard: 'us',
      },
      {
        fileId: 'ufc-4-020-01',
        filename: '',
        description: 'UFC 4-020-01 DoD Security Engineering Facilities Planning Manual',
        designStandard: 'us',
      },
    ];
    // The full designation names one document; the shared "UFC 4" names neither; the title is a name too.
    expect(codesNamed('UFC 4-010-01 3-11.2', ufc)).toEqual({ fileIds: ['ufc-4-010-01'], rest: '3-11.2' });
    expect(codesNamed('UFC 4 glazing', ufc)).toEqual({ fileIds: [], rest: 'UFC 4 glazing' });
    expect(codesNamed('DoD Security Engineering Facilities Planning Manual 2-2.2.1.1', ufc).fileIds).toEqual([
      'ufc-4-020-01',
    ]);
    expect(clauseNamed('22.5.1.1')).toBe('22.5.1.1');
    expect(clauseNamed('table 4.3 values')).toBe('Table 4.3');
    expect(clauseNamed('Table 5-2a')).toBe('Table 5-2a');
    expect(clauseNamed('A-5.6')).toBe('A-5.6');
    expect(clauseNamed('section 3.14.3 testing')).toBe('3.14.3');
    // Sub-clause references, printed tight or spaced, and the forms they are looked up under.
    expect(clauseNamed('11.11(1)(a)(ii)')).toBe('11.11(1)(a)(ii)');
    expect(clauseNamed('1613.1.1.3 (2)(b)')).toBe('1613.1.1.3(2)(b)');
    expect(clauseNamed('subsection 12.06 (2)')).toBe('12.06(2)');
    expect(referenceForms('11.11(1)(a)(ii)')).toEqual(['11.11(1)(a)(ii)', '11.11(1)(a)', '11.11(1)', '11.11']);
    expect(referenceForms('3-11.2')).toEqual(['3-11.2']);
    expect(clauseNamed('Equation 12.8-2')).toBe('Equation 12.8-2');
    // A number inside a sentence is not a reference.
    expect(clauseNamed('riprap 1.5 times the stone size')).toBeNull();
    expect(clauseNamed('wind load')).toBeNull();
    expect(pageNamed('page 2-14')).toBe('2-14');
    expect(pageNamed('p. iii')).toBe('iii');
    expect(stem('deflections')).toBe('deflect');
    expect(snippet('a b c shear d', 'Shear')).toBe('a b c <mark>shear</mark> d');
  });
});
