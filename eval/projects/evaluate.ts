/**
 * Projects (Tier 2) evaluation: `npm run eval:projects`.
 *
 * 1. Generated set (eval/projects/generator.ts, 24 sheets with truth): every page read as
 *    sheet ingestion reads it (page-task.ts), stored in a fresh embedded store, then
 *    - callout targets read right (view id and sheet number): precision and recall;
 *    - links resolved to the right sheet and view: precision and recall over the links whose
 *      target exists in the set (one sheet, S-601, is left out on purpose);
 *    - sheet number and title accuracy;
 *    - search recall@10 on judged questions written from the truth (questions.ts).
 * 2. Real sheets of ../shared/samples (the VA set and the dev drawings, 17 pages; skipped with
 *    a notice when absent), all in one project: callout targets against the tag texts labelled
 *    by hand in eval/drawings/real/*.truth.json, sheet numbers and titles, text references
 *    (SEE 3/A501) against real-labels.ts, search recall@10 on the questions written there, and
 *    the VA sheets' links to each other.
 * Held-out questions (held-out-labels.ts) are scored apart and are not to be tuned to.
 * Prints one table; `--json` prints the figures as JSON.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { openDatabase, type Database } from '../../core/db/client.ts';
import type { Embedder } from '../../core/embedding/embed.ts';
import { evalEmbedders, sideBySide } from '../shared/embedders.ts';
import { toSheetWrite } from '../../subgraphs/drawings/projects/jobs/ingest-sheet.ts';
import task from '../../subgraphs/drawings/projects/jobs/ingest-sheet-task.ts';
import { runInline } from '../../core/jobs/task.ts';
import { searchProject } from '../../subgraphs/drawings/projects/search.ts';
import { normaliseSheetNumber } from '../../subgraphs/drawings/projects/sheet-number.ts';
import { createLibsqlProjectStore } from '../../subgraphs/drawings/projects/store/libsql-store.ts';
import type { ProjectGraphStore } from '../../subgraphs/drawings/projects/store/project-graph-store.ts';
import { generateProject, SET_NUMBERS, viewsOf } from './generator.ts';
import { generatedQuestions, type Question } from './questions.ts';
import {
  REAL_PROJECT_QUESTIONS,
  REAL_SHEETS,
  REAL_TEXT_REFERENCES,
  type RealQuestion,
  type RealSheetKey,
} from './real-labels.ts';
import { HELD_OUT_QUESTIONS } from './held-out-labels.ts';
import { loadSources, scoreSource, type SourceScore } from './real-sets.ts';
import { printTables } from './sets-table.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SAMPLES = path.resolve(ROOT, '../shared/samples/drawings');
const OPTIONS = { keepDots: false };
const norm = (s: string) => normaliseSheetNumber(s, OPTIONS);

interface Pr {
  tp: number;
  predicted: number;
  truth: number;
}
const pr = (x: Pr) => ({ precision: x.predicted ? x.tp / x.predicted : 1, recall: x.truth ? x.tp / x.truth : 1, ...x });
const add = (a: Pr, b: Pr): Pr => ({ tp: a.tp + b.tp, predicted: a.predicted + b.predicted, truth: a.truth + b.truth });

/** Multiset match of (view, sheet) pairs. */
function matchPairs(predicted: string[], truth: string[]): Pr {
  const left = new Map<string, number>();
  for (const t of truth) left.set(t, (left.get(t) ?? 0) + 1);
  let tp = 0;
  for (const p of predicted) {
    const n = left.get(p) ?? 0;
    if (n > 0) {
      tp++;
      left.set(p, n - 1);
    }
  }
  return { tp, predicted: predicted.length, truth: truth.length };
}

/**
 * Search as it is by default (full text and the graph: no embedder) and with each embedder of
 * eval/shared/embedders.ts, the project's entities embedded in place as ingestion would embed them
 * (ingest-sheet.ts: type, label and text), each model's vectors tagged with it.
 */
const NAMED = evalEmbedders();
const SEARCHERS: { name: string; embedder: Embedder | null }[] = [
  { name: 'none', embedder: null },
  ...NAMED.map((e) => ({ name: e.name, embedder: e.embedder })),
];

async function embedEntities(db: Database, projectId: string, embedder: Embedder) {
  const rows = await db.$queryRawUnsafe<{ seq: number | bigint; type: string; label: string; text: string }[]>(
    `SELECT "seq", "type", "label", "text" FROM "ProjectEntity" WHERE "projectId" = ?`,
    projectId,
  );
  for (let i = 0; i < rows.length; i += 256) {
    const batch = rows.slice(i, i + 256);
    const vectors = await embedder.embed(batch.map((e) => `${e.type} ${e.label} ${e.text}`));
    await db.$transaction(async (tx) => {
      for (const [k, e] of batch.entries()) {
        const v = vectors[k]!;
        await tx.$executeRawUnsafe(
          `UPDATE "ProjectEntity" SET "embedding" = vector32(?), "embeddingModel" = ? WHERE "seq" = ?`,
          Buffer.from(v.buffer, v.byteOffset, v.byteLength),
          embedder.model,
          e.seq,
        );
      }
    });
  }
}

/** recall@10 per searcher, in SEARCHERS' order. */
async function perSearcher<T>(
  db: Database,
  projectId: string,
  run: (embedder: Embedder | null) => Promise<T>,
): Promise<{ name: string; result: T }[]> {
  const out: { name: string; result: T }[] = [];
  for (const s of SEARCHERS) {
    if (s.embedder) await embedEntities(db, projectId, s.embedder);
    out.push({ name: s.name, result: await run(s.embedder) });
  }
  return out;
}

async function openStore(): Promise<{
  store: ProjectGraphStore;
  db: Database;
  projectId: string;
  close(): Promise<void>;
}> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eval-projects-'));
  const db = await openDatabase({ url: `file:${path.join(dir, 'eval.db')}` });
  const store = createLibsqlProjectStore(db);
  const projectId = randomUUID();
  const now = new Date().toISOString();
  await store.createProject({
    id: projectId,
    accountId: 'eval',
    name: 'eval',
    description: null,
    createdAt: now,
    updatedAt: now,
  });
  return {
    store,
    db,
    projectId,
    close: async () => (await db.$disconnect(), fs.rmSync(dir, { recursive: true, force: true })),
  };
}

async function ingest(store: ProjectGraphStore, projectId: string, bytes: Uint8Array, page: number, fileHash: string) {
  const r = await runInline(task, { bytes, page, options: OPTIONS });
  const w = toSheetWrite(r.draft, { projectId, fileHash, page, width: r.width, height: r.height });
  await store.writeSheet(w);
  return { draft: r.draft, write: w, ms: r.totalMs, tier1Ms: r.tier1Ms };
}

async function recallAt10(
  store: ProjectGraphStore,
  projectId: string,
  questions: Question[],
  embedder: Embedder | null = null,
) {
  let sum = 0;
  const misses: string[] = [];
  for (const q of questions) {
    const r = await searchProject({ store, embedder }, projectId, q.question, 1, 10);
    const found = new Set(
      r.matches
        .filter((m) => !q.types || q.types.includes(m.entity.type))
        .map((m) => m.sheetNumber && norm(m.sheetNumber)),
    );
    const relevant = q.sheets.map(norm);
    const hit = relevant.filter((s) => found.has(s)).length / Math.min(relevant.length, 10);
    sum += hit;
    if (hit < 1) misses.push(`${q.question} → want ${q.sheets.join(', ')}; got ${[...found].join(', ')}`);
  }
  return { questions: questions.length, recallAt10: questions.length ? sum / questions.length : 0, misses };
}

async function generated() {
  const sheets = await generateProject();
  const { store, db, projectId, close } = await openStore();
  try {
    let read: Pr = { tp: 0, predicted: 0, truth: 0 };
    let numbers = 0;
    let titles = 0;
    let ms = 0;
    let tier1 = 0;
    for (const s of sheets) {
      const {
        draft,
        ms: m,
        tier1Ms,
      } = await ingest(store, projectId, s.pdf, 1, createHash('sha256').update(s.pdf).digest('hex'));
      ms += m;
      tier1 += tier1Ms;
      if (draft.number === s.truth.number) numbers++;
      if (draft.title === s.truth.title) titles++;
      const predicted = draft.entities
        .filter((e) => e.type === 'Callout')
        .map((e) => `${String(e.props.viewId ?? '').toUpperCase()}/${norm(String(e.props.targetSheet ?? ''))}`);
      read = add(
        read,
        matchPairs(
          predicted,
          s.truth.callouts.map((c) => `${c.view!.toUpperCase()}/${norm(c.sheet)}`),
        ),
      );
    }
    // Resolution: truth links whose target sheet and view exist in the set.
    const sheetByNorm = new Map(
      SET_NUMBERS.map((n, i) => [norm(n), { n, views: new Set(viewsOf(n, i).map((v) => v.id.toUpperCase())) }]),
    );
    const truthResolved: string[] = [];
    for (const s of sheets) {
      for (const c of s.truth.callouts) {
        const target = sheetByNorm.get(norm(c.sheet));
        if (target && c.view && target.views.has(c.view.toUpperCase()))
          truthResolved.push(`${norm(s.truth.number)}→${c.view.toUpperCase()}/${norm(c.sheet)}`);
      }
    }
    const links = await store.listLinks(projectId);
    const sheetsById = new Map((await store.listSheets(projectId, 0, 1000)).items.map((s) => [s.id, s]));
    const viewIds = links.map((l) => l.resolvedViewId).filter((x): x is string => !!x);
    const views = new Map((await store.entitiesByIds(projectId, viewIds)).map((e) => [e.id, e]));
    const predictedResolved = links
      .filter((l) => l.status === 'resolved')
      .map(
        (l) =>
          `${sheetsById.get(l.sheetId)!.normNumber}→${views.get(l.resolvedViewId!)?.viewKey ?? '?'}/${sheetsById.get(l.resolvedSheetId!)!.normNumber}`,
      );
    const resolved = matchPairs(predictedResolved, truthResolved);
    const dangling = links.filter((l) => l.status === 'dangling');
    const questions = generatedQuestions(sheets.map((s) => s.truth));
    const searchers = await perSearcher(db, projectId, (e) => recallAt10(store, projectId, questions, e));
    const search = searchers[0]!.result;
    return {
      searchers,
      sheets: sheets.length,
      calloutTargets: pr(read),
      linkResolution: pr(resolved),
      danglingReasons: Object.fromEntries(
        ['sheet_not_ingested', 'view_not_found', 'target_unreadable'].map((r) => [
          r,
          dangling.filter((l) => l.reason === r).length,
        ]),
      ),
      sheetNumber: `${numbers}/${sheets.length}`,
      sheetTitle: `${titles}/${sheets.length}`,
      search,
      msPerPage: ms / sheets.length,
      tier1MsPerPage: tier1 / sheets.length,
    };
  } finally {
    await close();
  }
}

/** Recall@10 on the real project, judged by sheet (file and page): most real sheets print no number. */
async function realRecallAt10(
  store: ProjectGraphStore,
  projectId: string,
  keyOfSheet: Map<string, RealSheetKey>,
  questions: RealQuestion[],
  embedder: Embedder | null = null,
) {
  let sum = 0;
  const misses: string[] = [];
  for (const q of questions) {
    const r = await searchProject({ store, embedder }, projectId, q.question, 1, 10);
    const found = new Set(r.matches.map((m) => keyOfSheet.get(m.entity.sheetId)));
    const hit = q.sheets.filter((s) => found.has(s)).length / Math.min(q.sheets.length, 10);
    sum += hit;
    if (hit < 1) misses.push(`${q.question} → want ${q.sheets.join(', ')}; got ${[...found].join(', ')}`);
  }
  return { questions: questions.length, recallAt10: sum / questions.length, misses };
}

async function real() {
  if (!fs.existsSync(SAMPLES)) return null;
  const truthDir = path.join(ROOT, 'eval/drawings/real');
  let read: Pr = { tp: 0, predicted: 0, truth: 0 };
  let refs: Pr = { tp: 0, predicted: 0, truth: 0 };
  const refMisses: string[] = [];
  let numbers = 0;
  let numbered = 0;
  let titles = 0;
  let titled = 0;
  let pages = 0;
  const keyOfSheet = new Map<string, RealSheetKey>();
  const keyOfPage = new Map(Object.entries(REAL_SHEETS).map(([k, s]) => [`${s.file}#${s.page}`, k as RealSheetKey]));
  const { store, db, projectId, close } = await openStore();
  try {
    for (const f of fs
      .readdirSync(truthDir)
      .filter((n) => n.endsWith('.truth.json'))
      .sort()) {
      const t = JSON.parse(fs.readFileSync(path.join(truthDir, f), 'utf8'));
      const pdf = path.join(SAMPLES, t.file);
      if (!fs.existsSync(pdf)) continue;
      const bytes = fs.readFileSync(pdf);
      // Every real page goes into one project: search and references are scored across the whole set.
      const { draft, write } = await ingest(
        store,
        projectId,
        bytes,
        t.page,
        createHash('sha256').update(bytes).digest('hex'),
      );
      const key = keyOfPage.get(`${t.file}#${t.page}`);
      if (key) keyOfSheet.set(write.sheet.id, key);
      pages++;
      const wantNumber = t.sheet_number ?? t.titleblock?.sheet_number ?? null;
      const wantTitle = t.sheet_title ?? null;
      if (wantNumber) {
        numbered++;
        if (draft.number === wantNumber) numbers++;
      }
      if (wantTitle) {
        titled++;
        if (draft.title === wantTitle) titles++;
      }
      // Tags labelled by hand: the view id over the sheet reference (a single text: this sheet).
      const truthPairs: string[] = [];
      for (const tag of [...(t.annotations.section_tags ?? []), ...(t.annotations.detail_tags ?? [])]) {
        const texts = tag.texts_inside.map((x: { text: string }) => x.text.trim());
        const sheet = texts.slice(1).join('');
        if (!texts[0] || !/^[A-Z]{1,3}[-. ]?\d/.test(sheet)) continue; // no readable sheet reference: not a cross-sheet target
        truthPairs.push(`${texts[0].toUpperCase()}/${norm(sheet)}`);
      }
      // A labelled tag is read right as a callout (view id and target sheet) or, for a view-title bubble, as the
      // view it names (view id and the sheet written under it).
      const predicted = [
        ...draft.entities
          .filter(
            (e) =>
              e.type === 'Callout' && e.provenance.startsWith('tier1:') && e.props.targetSheet && !e.props.sameSheet,
          )
          .map((e) => `${String(e.props.viewId ?? '').toUpperCase()}/${norm(String(e.props.targetSheet))}`),
        ...draft.entities
          .filter((e) => e.type === 'View' && e.props.tagSheet)
          .map((e) => `${String(e.props.viewId ?? '').toUpperCase()}/${norm(String(e.props.tagSheet))}`),
      ];
      read = add(read, matchPairs(predicted, truthPairs));
      // Text references: the view (if any) and sheet each note names, against the hand labels of this page.
      const refPairs = (key ? (REAL_TEXT_REFERENCES[key] ?? []) : []).map(
        (r) => `${(r.view ?? '').toUpperCase()}/${norm(r.sheet)}`,
      );
      const refPredicted = draft.entities
        .filter((e) => e.type === 'Callout' && e.props.kind === 'text_reference')
        .map((e) => `${String(e.props.viewId ?? '').toUpperCase()}/${norm(String(e.props.targetSheet ?? ''))}`);
      const m = matchPairs(refPredicted, refPairs);
      refs = add(refs, m);
      if (m.tp < m.truth || m.tp < m.predicted)
        refMisses.push(`${key ?? f}: labelled ${JSON.stringify(refPairs)}; read ${JSON.stringify(refPredicted)}`);
    }
    const links = await store.listLinks(projectId);
    const searchers = await perSearcher(db, projectId, async (e) => ({
      search: await realRecallAt10(store, projectId, keyOfSheet, REAL_PROJECT_QUESTIONS, e),
      heldOut: await realRecallAt10(store, projectId, keyOfSheet, HELD_OUT_QUESTIONS, e),
    }));
    const { search, heldOut } = searchers[0]!.result;
    return {
      pages,
      calloutTargets: pr(read),
      textReferences: { ...pr(refs), misses: refMisses },
      links: {
        total: links.length,
        resolved: links.filter((l) => l.status === 'resolved').length,
        reasons: [...new Set(links.map((l) => l.reason))],
      },
      sheetNumber: `${numbers}/${numbered}`,
      sheetTitle: `${titles}/${titled}`,
      search,
      heldOut,
      searchers,
    };
  } finally {
    await close();
  }
}

const f3 = (x: number) => x.toFixed(3);

/** Per-source tables on the labelled real sets (real-sets.ts); `--dev-only` leaves the blind sources unmeasured. */
async function sets(): Promise<SourceScore[] | null> {
  if (!fs.existsSync(SAMPLES)) return null;
  const { sources, blind } = loadSources();
  const devOnly = process.argv.includes('--dev-only');
  const only = process.argv.find((a) => a.startsWith('--source='))?.slice('--source='.length);
  const out: SourceScore[] = [];
  for (const src of sources) {
    if ((devOnly && blind.has(src.source)) || (only && src.source !== only)) continue;
    out.push(await scoreSource(src, SAMPLES, blind.has(src.source)));
  }
  return out;
}

if (process.argv.includes('--sets')) {
  const scores = await sets();
  if (!scores) console.log('real sets: skipped (../shared/samples/drawings is absent)');
  else {
    console.log(
      `Sheet identity and links on the labelled real sets (eval/projects/labels), load average ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}\n`,
    );
    printTables(scores);
    const ms = scores.flatMap((s) => s.msPerPage).sort((a, b) => a - b);
    const t1 = scores.flatMap((s) => s.tier1MsPerPage).sort((a, b) => a - b);
    const median = (xs: number[]) => xs[Math.floor(xs.length / 2)] ?? NaN;
    console.log(`\nreading per page: median ${median(ms).toFixed(0)} ms, Tier 1 alone ${median(t1).toFixed(0)} ms`);
    const unlettered = scores.flatMap((s) => s.unletteredCpuMs.map((ms) => `${s.source} ${ms.toFixed(0)} ms`));
    console.log(
      `sheets without a text layer (or whose title block has none), CPU of the whole page (Tier 1, identity, lettering): ${unlettered.join(', ') || 'none'}`,
    );
    if (process.argv.includes('--misses'))
      for (const s of scores) for (const m of s.misses) console.log(`  ${s.source}: ${m}`);
  }
  process.exit(0);
}

const gen = await generated();
const rl = await real();
const sideRows = [
  { set: 'generated', measure: 'recall@10', values: gen.searchers.map((s) => s.result.recallAt10) },
  ...(rl
    ? [
        {
          set: 'real (hand-written)',
          measure: 'recall@10',
          values: rl.searchers.map((s) => s.result.search.recallAt10),
        },
        { set: 'real held out', measure: 'recall@10', values: rl.searchers.map((s) => s.result.heldOut.recallAt10) },
      ]
    : []),
];
for (const e of NAMED) await e.close();
sideBySide(
  `eval:projects search, without an embedder (the default) and with each (load average ${os.loadavg()[0]!.toFixed(1)})`,
  SEARCHERS.map((s) => s.name),
  sideRows,
);
if (process.argv.includes('--json')) console.log(JSON.stringify({ generated: gen, real: rl }, null, 2));
else {
  console.log('Projects (Tier 2) evaluation\n');
  console.log(`generated set: ${gen.sheets} sheets`);
  console.log(
    `  callout targets read   P ${f3(gen.calloutTargets.precision)}  R ${f3(gen.calloutTargets.recall)}  (${gen.calloutTargets.tp}/${gen.calloutTargets.predicted} predicted, ${gen.calloutTargets.truth} true)`,
  );
  console.log(
    `  links resolved         P ${f3(gen.linkResolution.precision)}  R ${f3(gen.linkResolution.recall)}  (${gen.linkResolution.tp}/${gen.linkResolution.predicted} resolved, ${gen.linkResolution.truth} resolvable)`,
  );
  console.log(`  dangling by reason     ${JSON.stringify(gen.danglingReasons)}`);
  console.log(`  sheet number ${gen.sheetNumber}, title ${gen.sheetTitle}`);
  console.log(`  search recall@10       ${f3(gen.search.recallAt10)} on ${gen.search.questions} questions`);
  console.log(
    `  reading per page       ${gen.msPerPage.toFixed(0)} ms (Tier 1 alone ${gen.tier1MsPerPage.toFixed(0)} ms)`,
  );
  if (process.argv.includes('--misses')) for (const m of gen.search.misses) console.log(`    miss: ${m}`);
  if (!rl) console.log('\nreal sheets: skipped (../shared/samples/drawings is absent)');
  else {
    console.log(`\nreal sheets: ${rl.pages} pages`);
    console.log(
      `  callout targets read   P ${f3(rl.calloutTargets.precision)}  R ${f3(rl.calloutTargets.recall)}  (${rl.calloutTargets.tp}/${rl.calloutTargets.predicted} predicted, ${rl.calloutTargets.truth} labelled)`,
    );
    console.log(`  sheet number ${rl.sheetNumber}, title ${rl.sheetTitle}`);
    console.log(
      `  text references        P ${f3(rl.textReferences.precision)}  R ${f3(rl.textReferences.recall)}  (${rl.textReferences.tp}/${rl.textReferences.predicted} read, ${rl.textReferences.truth} labelled)`,
    );
    console.log(`  project links          ${JSON.stringify(rl.links)}`);
    console.log(
      `  search recall@10       ${f3(rl.search.recallAt10)} on ${rl.search.questions} hand-written questions (all 17 pages in one project)`,
    );
    console.log(
      `  held-out recall@10     ${f3(rl.heldOut.recallAt10)} on ${rl.heldOut.questions} held-out questions (held-out-labels.ts; never tuned to)`,
    );
    if (process.argv.includes('--misses'))
      for (const m of rl.textReferences.misses) console.log(`    reference miss: ${m}`);
    if (process.argv.includes('--misses')) for (const m of rl.search.misses) console.log(`    miss: ${m}`);
  }
}
