// The synthetic code corpus and its judged queries are a measuring stick for
// code search: these tests check that the corpus is deterministic, that pdf.js
// reads every page and finds on it what the truth says is there (numbers,
// headings, table rows, formulas, running header and footer), and that every
// judgment points at a real page holding what it claims.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { defaultCorpus, generateCode, layoutCode } from '../../../eval/search/corpus/index.ts';
import type { CodeSpec, CodeTruth, ContentType, Family } from '../../../eval/search/corpus/index.ts';
import { HELDOUT, QUERIES, QUERY_SPECS, defaultLayouts } from '../../../eval/search/queries.ts';

const require = createRequire(import.meta.url);
const PDFJS_ROOT = path.resolve(path.dirname(require.resolve('pdfjs-dist/legacy/build/pdf.mjs')), '..', '..');
const STANDARD_FONTS = `${path.join(PDFJS_ROOT, 'standard_fonts')}/`;
const CATALOGUE = new URL('../../../subgraphs/content/data/codes.json', import.meta.url);

const corpus = defaultCorpus();

interface Loaded {
  spec: CodeSpec;
  pdf: Uint8Array;
  truth: CodeTruth;
  numPages: number;
  sizes: [number, number][];
  /** Page text as pdf.js extracts it, items joined by spaces, whitespace collapsed. */
  texts: string[];
}

const norm = (s: string) => s.replace(/\s+/g, ' ').trim();
const loaded = new Map<string, Loaded>();
// How long a code takes to build depends on the machine's load: `npx node eval/search/generate.ts <dir>`
// prints it per code; the tests hold only what does not depend on the load.
const firstRun = new Map<string, { pdf: Uint8Array; truth: string }>();

async function load(spec: CodeSpec, pdf: Uint8Array, truth: CodeTruth): Promise<Loaded> {
  const task = pdfjs.getDocument({
    data: pdf.slice(),
    standardFontDataUrl: STANDARD_FONTS,
    stopAtErrors: true,
    verbosity: 0,
  });
  const doc = await task.promise;
  try {
    const texts: string[] = [];
    const sizes: [number, number][] = [];
    for (let i = 1; i <= doc.numPages; i++) {
      const page = await doc.getPage(i);
      const vp = page.getViewport({ scale: 1 });
      sizes.push([Math.round(vp.width), Math.round(vp.height)]);
      const content = await page.getTextContent();
      texts.push(norm(content.items.map((it) => ('str' in it ? it.str : '')).join(' ')));
    }
    return { spec, pdf, truth, numPages: doc.numPages, sizes, texts };
  } finally {
    await task.destroy();
  }
}

beforeAll(async () => {
  for (const spec of corpus) {
    const { pdf, truth } = await generateCode(spec);
    firstRun.set(spec.fileId, { pdf, truth: JSON.stringify(truth) });
    loaded.set(spec.fileId, await load(spec, pdf, truth));
  }
}, 60_000);

function get(fileId: string): Loaded {
  const l = loaded.get(fileId);
  if (!l) throw new Error(`${fileId} was not generated`);
  return l;
}

/** Printed number shapes per family and content type (equations: the label at the right margin). */
const NUMBERING: Record<Family, Partial<Record<ContentType, RegExp>>> = {
  aci: {
    text: /^\d+(\.\d+){1,4}$/,
    table: /^Table \d+(\.\d+)+$/,
    equation: /^\(\d+(\.\d+)+[a-z]?\)$|^\(\d+(\.\d+)+\.[a-z]\)$/,
    figure_caption: /^Figure \d+(\.\d+)+$/,
    definition: /^2\.3\.2\.\d+$/,
  },
  asce: {
    text: /^(\d+|C)(\.\d+){1,3}$/,
    table: /^Table \d+\.\d+-\d+$|^Table C\.\d+-\d+$/,
    equation: /^\(\d+\.\d+-\d+\)$/,
    figure_caption: /^Figure \d+\.\d+-\d+[A-Z]?$/,
    definition: /^1\.2\.1\.\d+$/,
  },
  aisc: {
    text: /^([A-N]\d+(\.\d+[a-z]?)?|4(\.\d+){1,3})$/,
    table: /^Table ([A-N]\d+\.\d+[a-z]?|A-4\.2\.1)$/,
    equation: /^\([A-N]\d+-\d+[a-z]?\)$/,
    figure_caption: /^Figure [A-N]\d+[-.]\d+$/,
    definition: /^A5\.\d+$/,
  },
  en: {
    text: /^\d+(\.\d+){1,3}$/,
    table: /^Table \d+\.\d+N?$/,
    equation: /^\(\d+\.\d+(\.[a-z])?N?\)$/,
    figure_caption: /^Figure \d+\.\d+$/,
    definition: /^1\.5\.2\.\d+$/,
  },
  as: {
    text: /^\d+(\.\d+){1,3}$/,
    table: /^Table \d+(\.\d+)+(\([A-Z]\))?$/,
    equation: /^\d+(\.\d+)+\(\d\)$/,
    figure_caption: /^Figure \d+(\.\d+)+$/,
    definition: /^1\.6\.2\.\d+$/,
  },
  csa: {
    text: /^\d+(\.\d+){1,3}$/,
    table: /^Table \d+\.\d+$/,
    equation: /^\(\d+\.\d+\)$/,
    figure_caption: /^Figure \d+\.\d+$/,
    definition: /^2\.2\.2\.\d+$/,
  },
};

describe('synthetic code corpus', () => {
  it('has the six catalogue codes, each a known entry of the platform catalogue', () => {
    expect(corpus.map((s) => s.fileId)).toEqual([
      'aci-318-19',
      'asce-7-22',
      'aisc-360-22',
      'en-1992-1-1-2004',
      'as-3600-2018',
      'csa-a23-3-19',
    ]);
    const catalogue = JSON.parse(fs.readFileSync(CATALOGUE, 'utf8')) as { file_id: string }[];
    const ids = new Set(catalogue.map((e) => e.file_id));
    for (const spec of corpus) expect(ids.has(spec.fileId), spec.fileId).toBe(true);
    expect(new Set(corpus.map((s) => s.family)).size).toBe(6);
  });

  it('is byte-for-byte deterministic, and layout alone gives the same truth', async () => {
    for (const spec of corpus) {
      const again = await generateCode(spec);
      const first = firstRun.get(spec.fileId);
      expect(Buffer.from(again.pdf).equals(Buffer.from(first?.pdf ?? new Uint8Array())), spec.fileId).toBe(true);
      expect(JSON.stringify(again.truth), spec.fileId).toBe(first?.truth);
      expect(JSON.stringify(layoutCode(spec).truth), spec.fileId).toBe(first?.truth);
    }
  });

  it('opens every PDF in pdf.js with the page count and paper size of the truth', () => {
    for (const spec of corpus) {
      const l = get(spec.fileId);
      expect(l.numPages, spec.fileId).toBe(l.truth.pages.length);
      expect(l.numPages, spec.fileId).toBeGreaterThanOrEqual(20);
      expect(l.numPages, spec.fileId).toBeLessThanOrEqual(40);
      expect(l.truth.pages.map((p) => p.page)).toEqual(l.truth.pages.map((_, i) => i + 1));
      const size = spec.paper === 'letter' ? [612, 792] : [595, 842];
      for (const s of l.sizes) expect(s, spec.fileId).toEqual(size);
    }
  });

  it('starts with a title page and puts the running header and footer on every page', () => {
    for (const spec of corpus) {
      const l = get(spec.fileId);
      expect(l.truth.pages[0]?.clauses, spec.fileId).toEqual([]);
      expect(l.texts[0]).toContain(norm(spec.title));
      expect(l.texts[0]).toContain('not the text of the standard');
      l.texts.forEach((text, i) => {
        expect(text, `${spec.fileId} p${i + 1}`).toContain(`${spec.designation} — ${norm(spec.title)}`);
        expect(text, `${spec.fileId} p${i + 1}`).toContain(`Page ${i + 1}`);
      });
    }
  });

  it('has every content type in every code, numbered in the style of its family', () => {
    for (const spec of corpus) {
      const { truth } = get(spec.fileId);
      const all = truth.pages.flatMap((p) => p.clauses);
      const count = (t: ContentType) => all.filter((c) => c.contentType === t).length;
      expect(count('text'), spec.fileId).toBeGreaterThanOrEqual(60);
      expect(count('table'), spec.fileId).toBeGreaterThanOrEqual(3);
      expect(count('equation'), spec.fileId).toBeGreaterThanOrEqual(8);
      expect(count('figure_caption'), spec.fileId).toBeGreaterThanOrEqual(2);
      expect(count('definition'), spec.fileId).toBeGreaterThanOrEqual(15);
      for (const c of all) {
        const re = NUMBERING[spec.family][c.contentType];
        expect(re?.test(c.number), `${spec.fileId}: ${c.contentType} "${c.number}"`).toBe(true);
        expect(c.heading.length, `${spec.fileId} ${c.number}`).toBeGreaterThan(0);
        expect(c.text.length, `${spec.fileId} ${c.number}`).toBeGreaterThan(0);
      }
      // Numbers are unique within a code, so a clause reference names one place.
      const numbers = all.filter((c) => c.contentType !== 'equation').map((c) => c.number);
      expect(new Set(numbers).size, spec.fileId).toBe(numbers.length);
      // Text clauses read like clauses: several sentences of engineering prose on most of them.
      const long = all.filter((c) => c.contentType === 'text' && norm(c.text).split(/[.:;] /).length >= 2).length;
      expect(long / count('text'), spec.fileId).toBeGreaterThan(0.6);
    }
  });

  it('shows every truth clause number and heading in the text pdf.js extracts from its page', () => {
    for (const spec of corpus) {
      const l = get(spec.fileId);
      for (const p of l.truth.pages) {
        const text = l.texts[p.page - 1] as string;
        for (const c of p.clauses) {
          expect(text, `${spec.fileId} p${p.page}: number ${c.number}`).toContain(c.number);
          expect(text, `${spec.fileId} p${p.page}: heading of ${c.number}`).toContain(norm(c.heading));
          if (c.contentType === 'equation')
            expect(text, `${spec.fileId} p${p.page}: formula ${c.number}`).toContain(
              norm(c.text.split('\n')[0] as string),
            );
          if (c.contentType === 'table') {
            for (const row of c.text.split('\n').slice(1)) {
              const first = row.split(' | ').find((cell) => cell.trim().length > 0) ?? '';
              // Cells wrap inside their column, so check the first word of the row's first cell.
              expect(text, `${spec.fileId} p${p.page}: row of ${c.number}`).toContain(first.split(' ')[0] as string);
            }
          }
          if (c.contentType === 'definition')
            expect(text, `${spec.fileId} p${p.page}: ${c.heading}`).toContain(
              norm(`${c.heading} — ${c.text.split(' — ')[1]}`),
            );
        }
        // Body text is real text: the first sentence of each text clause is extractable verbatim.
        for (const c of p.clauses.filter((x) => x.contentType === 'text')) {
          const first = norm(c.text.split('\n')[0] as string)
            .replace(/^\(\d+\) /, '')
            .slice(0, 60);
          expect(text, `${spec.fileId} p${p.page}: body of ${c.number}`).toContain(first);
        }
      }
    }
  });

  it('contains only original synthetic text in the WinAnsi range, with Greek letters spelled out', () => {
    for (const spec of corpus) {
      const l = get(spec.fileId);
      for (const text of l.texts) expect(text).not.toMatch(/[λ√φγρσπ≤≥]/);
      expect(l.texts.join(' ')).toMatch(/sqrt\(/);
    }
  });
});

describe('judged query set', () => {
  it('has 40 queries: 24 simple, 10 complex and 6 clause references, with unique ids', () => {
    expect(QUERIES).toHaveLength(40);
    expect(new Set(QUERIES.map((q) => q.id)).size).toBe(40);
    const kinds = (k: string) => QUERIES.filter((q) => q.kind === k).length;
    expect([kinds('simple'), kinds('complex'), kinds('clause_ref')]).toEqual([24, 10, 6]);
  });

  it('keeps the held-out queries apart: their own ids, none shared with the tuned set', () => {
    expect(HELDOUT.length).toBeGreaterThanOrEqual(10);
    const ids = new Set(QUERIES.map((q) => q.id));
    for (const q of HELDOUT) expect(ids.has(q.id), q.id).toBe(false);
    expect(new Set(HELDOUT.map((q) => q.query)).size).toBe(HELDOUT.length);
  });

  it('judges only pages that exist and hold clauses, with at least one answer page per query', () => {
    for (const q of [...QUERIES, ...HELDOUT]) {
      expect(
        q.relevant.some((r) => r.grade === 2),
        q.id,
      ).toBe(true);
      const keys = q.relevant.map((r) => `${r.fileId}#${r.page}`);
      expect(new Set(keys).size, q.id).toBe(keys.length);
      for (const r of q.relevant) {
        const page = get(r.fileId).truth.pages[r.page - 1];
        expect(page?.page, `${q.id} ${r.fileId} p${r.page}`).toBe(r.page);
        expect(page?.clauses.length, `${q.id} ${r.fileId} p${r.page}`).toBeGreaterThan(0);
      }
    }
  });

  it('gives grade 2 to exactly the pages where pdf.js finds the answering numbers', () => {
    for (const spec of QUERY_SPECS) {
      const q = QUERIES.find((x) => x.id === spec.id);
      const answerPages = new Set<string>();
      for (const a of spec.answers) {
        const l = get(a.fileId);
        const pages = l.truth.pages.filter((p) => p.clauses.some((c) => c.number === a.number)).map((p) => p.page);
        expect(pages.length, `${spec.id} ${a.fileId} ${a.number}`).toBeGreaterThan(0);
        for (const page of pages) {
          expect(l.texts[page - 1], `${spec.id} ${a.fileId} p${page}`).toContain(a.number);
          answerPages.add(`${a.fileId}#${page}`);
        }
      }
      const graded2 = new Set(q?.relevant.filter((r) => r.grade === 2).map((r) => `${r.fileId}#${r.page}`));
      expect(graded2, spec.id).toEqual(answerPages);
    }
  });

  it('points clause-reference queries at the page holding that clause', () => {
    const codeOf: Record<string, string> = {
      ACI: 'aci-318-19',
      EN: 'en-1992-1-1-2004',
      AISC: 'aisc-360-22',
      ASCE: 'asce-7-22',
      AS: 'as-3600-2018',
      CSA: 'csa-a23-3-19',
    };
    for (const q of QUERIES.filter((x) => x.kind === 'clause_ref')) {
      const m = /^(ACI|EN|AISC|ASCE|AS|CSA)\b.*?((?:Table )?[A-Z]?(?<![\d.-])[\d.-]+)$/.exec(q.query);
      expect(m, q.query).not.toBeNull();
      const fileId = codeOf[m?.[1] as string] as string;
      const number = m?.[2] as string;
      const holding = get(fileId)
        .truth.pages.filter((p) => p.clauses.some((c) => c.number === number))
        .map((p) => p.page);
      expect(holding, q.query).toHaveLength(1);
      const answer = q.relevant.filter((r) => r.grade === 2);
      expect(answer, q.query).toEqual([{ fileId, page: holding[0], grade: 2 }]);
      expect(get(fileId).texts[(holding[0] as number) - 1]).toContain(number);
    }
  });

  it('words at least ten queries differently from the text that answers them', () => {
    const layouts = defaultLayouts();
    const STOP = new Set(
      'the a an of to for in on and or at by with how what when where which is are be do does i it can much must should use my that this from before under so past need not will keep long far between allowed get its into per than more less'.split(
        ' ',
      ),
    );
    const words = (t: string) =>
      (t.toLowerCase().match(/[a-z]+/g) ?? [])
        .filter((w) => w.length > 2 && !STOP.has(w))
        .map((w) => w.replace(/s$/, '').slice(0, 6));
    const paraphrased = QUERY_SPECS.filter((s) => s.paraphrase);
    expect(paraphrased.length).toBeGreaterThanOrEqual(10);
    for (const s of paraphrased) {
      const asked = [...new Set(words(s.query))];
      for (const fileId of new Set(s.answers.map((a) => a.fileId))) {
        const placed = layouts.get(fileId)?.placed ?? [];
        const answerText = s.answers
          .filter((a) => a.fileId === fileId)
          .flatMap((a) =>
            placed.filter((p) => p.clause.number === a.number).map((p) => `${p.clause.heading} ${p.clause.text}`),
          )
          .join(' ');
        const present = new Set(words(answerText));
        const covered = asked.filter((w) => present.has(w)).length / asked.length;
        expect(covered, `${s.id} in ${fileId}: "${s.query}"`).toBeLessThan(0.5);
      }
    }
  });
});
