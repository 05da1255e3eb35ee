// The label-free self-check of code search (issue 32): every clause heading a real code prints
// (headings.ts, read by poppler, not by the engine) is looked up three ways, and its page must
// come first:
//   - by its bare number, scoped to its document ("3-11.2", file_ids [doc]);
//   - by catalogue name + number, unscoped ("ufc-4-010-01-antiterrorism-2018-chg1 3-11.2": the
//     file_id as /v1/codes lists it, which must scope the search);
//   - by printed designation + number, unscoped ("UFC 4-010-01 3-11.2": the document's name as
//     its cover prints it, publishers.ts, which the engine must learn from the pages).
// hit@1 per document, dev publishers and blind publishers apart, worst document first.
// The documents are ingested as an operator would (one library), so an unscoped query competes
// with every other document's clause of the same number.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../../core/db/client.ts';
import { createLocalEmbedder } from '../../../core/embedding/embed.ts';
import { catalogueEntryOf, seedCodes, type DesignStandard } from '../../../subgraphs/content/codes.ts';
import { extractCodeText } from '../../../subgraphs/content/search/extract-text.ts';
import { ingestCode } from '../../../subgraphs/content/search/ingest.ts';
import { createLibsqlIndex } from '../../../subgraphs/content/search/libsql-index.ts';
import { searchCodes } from '../../../subgraphs/content/search/search.ts';
import { defaultCorpus, generateCode } from '../corpus/index.ts';
import { generateHouseDoc, houseStyleCorpus } from '../corpus/house-styles.ts';
import { SAMPLES_DIR } from '../evaluate-real.ts';
import { CODE_DOCUMENTS } from '../publishers.ts';
import { printedHeadings, type PrintedHeading } from './headings.ts';

/** A document the self-check loads: a real code (dev or blind publisher) or one our generator made. */
interface CheckedDocument {
  fileId: string;
  file: string;
  set: 'dev' | 'blind' | 'generated';
  publisher: string;
  description: string;
  designStandard: DesignStandard;
  designation: string;
}

export const FORMS = ['bare', 'catalogue', 'designation'] as const;
export type Form = (typeof FORMS)[number];

export interface DocumentCheck {
  fileId: string;
  publisher: string;
  set: CheckedDocument['set'];
  /** Headings printed (after listings and ambiguous numbers are left out), and how many were looked up. */
  printed: number;
  checked: number;
  ambiguous: number;
  integerHeadings: number;
  hitAt1: Record<Form, number>;
  misses: Record<Form, { number: string; page: number; got: string }[]>;
  /** Table and figure captions printed, and the share found among the first ten pages by their label ("Table 3-1"), scoped. */
  captions: number;
  captionRecallAt10: number;
  captionMisses: string[];
}

/** At most this many headings a document are looked up, evenly spaced through it (all when fewer). */
const PER_DOCUMENT = 200;

export const queryFor = (
  form: Form,
  doc: Pick<CheckedDocument, 'fileId' | 'designation'>,
  h: Pick<PrintedHeading, 'number'>,
) =>
  form === 'bare' ? h.number : form === 'catalogue' ? `${doc.fileId} ${h.number}` : `${doc.designation} ${h.number}`;

/**
 * The generated documents, written to `dir`: the six synthetic codes of the judged set (their
 * catalogue entries name their designation already) and the house-style documents of issue 32
 * (code | commentary columns, a UFC with IBC sections, Canadian Articles, an IS-style code with
 * annexes), whose catalogue entries do not.
 */
async function generatedDocuments(dir: string): Promise<CheckedDocument[]> {
  const out: CheckedDocument[] = [];
  for (const spec of defaultCorpus()) {
    const file = path.join(dir, `${spec.fileId}.pdf`);
    fs.writeFileSync(file, (await generateCode(spec)).pdf);
    out.push({
      fileId: spec.fileId,
      file,
      set: 'generated',
      publisher: 'generator',
      description: `${spec.designation} ${spec.title}`,
      designStandard: 'us',
      designation: spec.designation,
    });
  }
  for (const doc of houseStyleCorpus()) {
    const file = path.join(dir, `${doc.fileId}.pdf`);
    fs.writeFileSync(file, (await generateHouseDoc(doc)).pdf);
    out.push({
      fileId: doc.fileId,
      file,
      set: 'generated',
      publisher: 'generator (house style)',
      description: doc.title,
      designStandard: 'us',
      designation: doc.designation,
    });
  }
  return out;
}

function sample<T>(items: readonly T[], n: number): T[] {
  if (items.length <= n) return [...items];
  return Array.from({ length: n }, (_, i) => items[Math.floor((i * items.length) / n)]!);
}

export async function selfCheck(
  options: {
    log?: (line: string) => void;
    blind?: boolean;
    perQuery?: boolean;
    generated?: boolean;
    real?: boolean;
    perDocument?: number;
  } = {},
): Promise<DocumentCheck[] | null> {
  const log = options.log ?? console.log;
  const real = CODE_DOCUMENTS.filter((d) => options.blind || !d.blind);
  const present = options.real !== false && real.every((d) => fs.existsSync(path.join(SAMPLES_DIR, d.file)));
  if (!present && options.real !== false)
    log(`\neval:search self-check: real codes SKIPPED (../shared/samples/codes/ is absent); generated documents only`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eval-self-check-'));
  const db = await openDatabase({ url: `file:${path.join(dir, 'eval.db')}` });
  try {
    const docs: CheckedDocument[] = [
      ...(present
        ? real.map((d) => ({
            fileId: d.fileId,
            file: path.join(SAMPLES_DIR, d.file),
            set: d.blind ? ('blind' as const) : ('dev' as const),
            publisher: d.publisher,
            description: d.description,
            designStandard: d.designStandard,
            designation: d.designations[0]!,
          }))
        : []),
      ...(options.generated === false ? [] : await generatedDocuments(dir)),
    ];
    await seedCodes(
      db,
      docs.map((d, i) => ({
        fileId: d.fileId,
        filename: path.basename(d.file),
        description: d.description,
        designStandard: d.designStandard,
        path: path.basename(d.file),
        addedAt: i,
      })),
    );
    const index = createLibsqlIndex(db);
    const embedder = createLocalEmbedder();
    for (const d of docs) {
      await ingestCode(
        { db, index, embedder, extract: (b) => extractCodeText(b) },
        d.fileId,
        new Uint8Array(fs.readFileSync(d.file)),
      );
    }
    const catalogue = (await db.codeEntry.findMany()).map(catalogueEntryOf);
    const out: DocumentCheck[] = [];
    for (const d of docs) {
      const scan = await printedHeadings(d.file);
      const checked = sample(scan.headings, options.perDocument ?? PER_DOCUMENT);
      const hits = { bare: 0, catalogue: 0, designation: 0 };
      const misses: DocumentCheck['misses'] = { bare: [], catalogue: [], designation: [] };
      for (const h of checked) {
        for (const form of FORMS) {
          const r = await searchCodes(index, embedder, catalogue, {
            query: queryFor(form, d, h),
            fileIds: form === 'bare' ? [d.fileId] : null,
            page: 1,
            perPage: 1,
          });
          const top = r.matches[0];
          if (top && top.file_id === d.fileId && top.page_number === h.page) hits[form]++;
          else
            misses[form].push({
              number: h.number,
              page: h.page,
              got: top
                ? `${top.file_id === d.fileId ? '' : `${top.file_id} `}p${top.page_number} ${top.context.slice(0, 40)}`
                : 'nothing',
            });
        }
      }
      let found = 0;
      const captionMisses: string[] = [];
      const captions = sample(scan.captions, options.perDocument ?? PER_DOCUMENT);
      for (const c of captions) {
        const r = await searchCodes(index, embedder, catalogue, {
          query: c.label,
          fileIds: [d.fileId],
          page: 1,
          perPage: 30,
        });
        const pages: number[] = [];
        for (const m of r.matches) if (!pages.includes(m.page_number) && pages.length < 10) pages.push(m.page_number);
        if (c.pages.some((p) => pages.includes(p))) found++;
        else captionMisses.push(`${c.label} want p${c.pages.join('/')}, got ${pages.slice(0, 3).join(',')}`);
      }
      const n = checked.length;
      out.push({
        captions: captions.length,
        captionRecallAt10: captions.length ? found / captions.length : NaN,
        captionMisses,
        fileId: d.fileId,
        publisher: d.publisher,
        set: d.set,
        printed: scan.headings.length,
        checked: n,
        ambiguous: scan.ambiguous,
        integerHeadings: scan.integerHeadings,
        hitAt1: {
          bare: n ? hits.bare / n : NaN,
          catalogue: n ? hits.catalogue / n : NaN,
          designation: n ? hits.designation / n : NaN,
        },
        misses,
      });
    }
    report(out, log, options.perQuery ?? false);
    return out;
  } finally {
    await db.$disconnect();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const worst = (c: DocumentCheck) =>
  Math.min(
    c.checked ? Math.min(c.hitAt1.bare, c.hitAt1.catalogue, c.hitAt1.designation) : 2,
    c.captions ? c.captionRecallAt10 : 2,
  );

function report(checks: readonly DocumentCheck[], log: (line: string) => void, perQuery: boolean) {
  log(
    `\neval:search self-check — every printed clause heading looked up by number; hit@1 per document (worst first)\n`,
  );
  log(
    `${'set'.padEnd(6)} ${'document'.padEnd(62)} ${'headings'.padStart(8)} ${'bare'.padStart(6)} ${'catalogue'.padStart(10)} ${'designation'.padStart(12)} ${'captions'.padStart(9)} ${'R@10'.padStart(6)}`,
  );
  for (const set of ['dev', 'blind', 'generated'] as const) {
    const rows = checks.filter((c) => c.set === set).sort((a, b) => worst(a) - worst(b));
    if (!rows.length) continue;
    for (const c of rows) {
      const f = (v: number) => (Number.isNaN(v) ? '—' : v.toFixed(3));
      log(
        `${set.slice(0, 6).padEnd(6)} ${c.fileId.slice(0, 62).padEnd(62)} ${`${c.checked}/${c.printed}`.padStart(8)} ${f(c.hitAt1.bare).padStart(6)} ${f(c.hitAt1.catalogue).padStart(10)} ${f(c.hitAt1.designation).padStart(12)} ${String(c.captions).padStart(9)} ${f(c.captionRecallAt10).padStart(6)}`,
      );
      if (perQuery)
        for (const form of FORMS)
          for (const m of c.misses[form].slice(0, 15)) log(`    ${form} ${m.number} want p${m.page}, got ${m.got}`);
      if (perQuery) for (const m of c.captionMisses.slice(0, 15)) log(`    caption ${m}`);
    }
    const withHeadings = rows.filter((c) => c.checked);
    const mean = (form: Form) =>
      withHeadings.reduce((s, c) => s + c.hitAt1[form], 0) / Math.max(1, withHeadings.length);
    const withCaptions = rows.filter((c) => c.captions);
    const captionMean = withCaptions.reduce((s, c) => s + c.captionRecallAt10, 0) / Math.max(1, withCaptions.length);
    log(
      `${set.slice(0, 6).padEnd(6)} ${'mean over documents with headings (captions)'.padEnd(62)} ${''.padStart(8)} ${mean('bare').toFixed(3).padStart(6)} ${mean('catalogue').toFixed(3).padStart(10)} ${mean('designation').toFixed(3).padStart(12)} ${''.padStart(9)} ${captionMean.toFixed(3).padStart(6)}`,
    );
  }
  const noHeadings = checks.filter((c) => !c.checked).map((c) => c.fileId);
  if (noHeadings.length)
    log(`documents that print no numbered clause heading of two or more parts: ${noHeadings.join(', ')}`);
  log(
    `left out: numbers printed as headings on two body pages ${checks.reduce((s, c) => s + c.ambiguous, 0)}, single-integer headings ${checks.reduce((s, c) => s + c.integerHeadings, 0)}`,
  );
}
