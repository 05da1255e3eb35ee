// npm run eval:drawings — precision, recall and F1 per annotation kind and per
// file, on the synthetic suite, the hand-labelled VA pages ('real') and the
// hand-labelled development set of ../shared/samples/drawings/dev ('dev'), plus
// how often the title block's sheet number is read right. Exits non-zero when a
// page errors or a target is missed (F1 ≥ 0.95 synthetic, ≥ 0.9 real; the dev
// set is reported against the issue's 0.9 but its floor is DEV_FLOORS below).
// Pages whose PDF is not under ../shared are skipped with a notice.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractPage } from '../../subgraphs/drawings/pdf/extract-page.ts';
import { draftPage } from '../../subgraphs/drawings/detect/analyze.ts';
import { readLettering } from '../../subgraphs/drawings/detect/lettering-pass.ts';
import { sharedReader } from '../../subgraphs/drawings/lettering/reader.ts';
import { defaultSuite, generateSheet } from './generator/index.ts';
import {
  KINDS,
  add,
  prf,
  scoreAttributes,
  scorePage,
  type AttributeScores,
  type Counts,
  type Kind,
  type Scorable,
} from './score.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REAL_DIR = path.join(HERE, 'real');
const SAMPLES = path.resolve(HERE, '../../../shared/samples/drawings');
/** Blind sources are scored only when asked (EVAL_BLIND=1): once, at the end of a piece of work. */
const WITH_BLIND = process.env.EVAL_BLIND === '1';

/** synthetic; real = the VA pages; dev = ../shared/samples/drawings/dev; dev2 = the dev sources of dev2; blind = the blind sources. */
type SetName = 'synthetic' | 'real' | 'dev' | 'dev2' | 'blind';

interface Source {
  id: string;
  files: string[];
  set: 'dev' | 'blind';
}
/** One office, publisher or author (sources.json), and whether it is held out. */
export const SOURCES: Source[] = JSON.parse(fs.readFileSync(path.join(HERE, 'sources.json'), 'utf8')).sources;
export const sourceOf = (file: string): Source | undefined =>
  SOURCES.find((s) => s.files.some((prefix) => file.startsWith(prefix)));

interface Case {
  set: SetName;
  /** The source id of a real page (sources.json); the set's name for synthetic sheets. */
  source: string;
  name: string;
  load(): Promise<{ bytes: Uint8Array; page: number; truth: Scorable }>;
}

/** Folders of labelled PDFs that are absent (a clone without ../shared): their pages are skipped. */
const missing = new Set<string>();
/** Blind sources left out of this run (EVAL_BLIND unset). */
const blindSkipped = new Set<string>();

function cases(): Case[] {
  const out: Case[] = defaultSuite().map((spec, i) => ({
    set: 'synthetic' as const,
    source: 'synthetic',
    name: `sheet ${i + 1}`,
    async load() {
      const sheet = await generateSheet(spec);
      this.name = sheet.truth.file;
      return { bytes: sheet.pdf, page: 1, truth: sheet.truth as unknown as Scorable };
    },
  }));
  for (const file of fs
    .readdirSync(REAL_DIR)
    .filter((f) => f.endsWith('.truth.json'))
    .sort()) {
    const truth = JSON.parse(fs.readFileSync(path.join(REAL_DIR, file), 'utf8')) as Scorable & {
      file: string;
      page: number;
    };
    if (!fs.existsSync(path.join(SAMPLES, truth.file))) {
      missing.add(path.dirname(path.join('../shared/samples/drawings', truth.file)));
      continue;
    }
    const source = sourceOf(truth.file);
    if (!source) throw new Error(`${file}: ${truth.file} belongs to no source of sources.json`);
    if (source.set === 'blind' && !WITH_BLIND) {
      blindSkipped.add(source.id);
      continue;
    }
    out.push({
      set:
        source.set === 'blind'
          ? 'blind'
          : truth.file.startsWith('dev/')
            ? 'dev'
            : truth.file.startsWith('dev2/')
              ? 'dev2'
              : 'real',
      source: source.id,
      name: `${path.basename(truth.file)} p${truth.page}`,
      load: async () => ({
        bytes: new Uint8Array(fs.readFileSync(path.join(SAMPLES, truth.file))),
        page: truth.page,
        truth,
      }),
    });
  }
  // EVAL_ONLY=dev2,lpaa (say): only cases whose set/name contains one of these (a quick look while working).
  const only = (process.env.EVAL_ONLY ?? '').split(',').filter(Boolean);
  return only.length ? out.filter((c) => only.some((o) => `${c.set}/${c.name}`.includes(o) || c.source === o)) : out;
}

const pct = (v: number) => v.toFixed(3);
const zero = (): Counts => ({ tp: 0, fp: 0, fn: 0 });

/**
 * The dev set's floors, per kind: the figures measured when these labels were
 * made (issue 13), below the issue's 0.9 where the detector does not reach it
 * yet, so that a regression fails while the README says what is left.
 */
export const DEV_FLOORS: Record<Kind, number> = {
  leaders: 0.9,
  section_tags: 0.9,
  detail_tags: 0.9,
  revision_triangles: 0.9,
  revision_clouds: 0.9,
  titleblock: 0.9,
};

export interface EvalResult {
  ok: boolean;
  totals: Record<string, Record<Kind, Counts>>;
  /** Per source of real material: its set (dev or blind) and counts per kind. */
  bySource: Record<string, { set: 'dev' | 'blind'; pages: number; counts: Record<Kind, Counts> }>;
  /** Sheet numbers read right / pages compared, per set (pages with a text layer and a labelled sheet_number key). */
  sheetNumbers: Record<string, [number, number]>;
  /** Folders of labelled pages that were skipped because the PDFs are absent. */
  skipped: string[];
  errors: string[];
}

export async function evaluate(log = console.log): Promise<EvalResult> {
  const totals: Record<string, Record<Kind, Counts>> = {};
  const bySource: EvalResult['bySource'] = {};
  const sheetNumbers: Record<string, [number, number]> = {};
  const attributes: Record<string, AttributeScores> = {};
  const errors: string[] = [];
  log(`${'file'.padEnd(44)} ${KINDS.map((k) => k.replace('revision_', 'rev_').padStart(16)).join('')}`);
  for (const c of cases()) {
    try {
      const { bytes, page, truth } = await c.load();
      const geometry = await extractPage(bytes, page);
      const found = (await readLettering(geometry, draftPage(geometry), await sharedReader()))
        .analysis as unknown as Scorable;
      const scores = scorePage(truth, found);
      const textLayer = (truth as { style?: { text_layer?: boolean } }).style?.text_layer ?? true;
      if (textLayer && 'sheet_number' in truth) {
        const sn = (sheetNumbers[c.set] ??= [0, 0]);
        sn[1]++;
        const found2 = (found as unknown as { titleblock: { sheet_number: string | null } }).titleblock.sheet_number;
        if (found2 === (truth as unknown as { sheet_number: string | null }).sheet_number) sn[0]++;
      }
      const attr = scoreAttributes(truth, found, scores, textLayer);
      const acc = (attributes[c.set] ??= { direction: [0, 0], has_dashed_bbox: [0, 0], texts: [0, 0] });
      for (const k of ['direction', 'has_dashed_bbox', 'texts'] as const) {
        acc[k][0] += attr[k][0];
        acc[k][1] += attr[k][1];
      }
      totals[c.set] ??= Object.fromEntries(KINDS.map((k) => [k, zero()])) as Record<Kind, Counts>;
      for (const k of KINDS) if (scores[k]) totals[c.set]![k] = add(totals[c.set]![k], scores[k]);
      if (c.set !== 'synthetic') {
        const src = (bySource[c.source] ??= {
          set: c.set === 'blind' ? 'blind' : 'dev',
          pages: 0,
          counts: Object.fromEntries(KINDS.map((k) => [k, zero()])) as Record<Kind, Counts>,
        });
        src.pages++;
        for (const k of KINDS) if (scores[k]) src.counts[k] = add(src.counts[k], scores[k]);
      }
      const cell = (k: Kind) =>
        scores[k] ? `${scores[k].tp}/${scores[k].tp + scores[k].fn} +${scores[k].fp}fp` : 'not labelled';
      log(`${(c.set + '/' + c.name).slice(0, 44).padEnd(44)} ${KINDS.map((k) => cell(k).padStart(16)).join('')}`);
    } catch (err) {
      errors.push(`${c.set}/${c.name}: ${(err as Error).message}`);
      log(`${(c.set + '/' + c.name).padEnd(44)} ERROR ${(err as Error).message}`);
    }
  }
  let ok = errors.length === 0;
  for (const dir of missing) log(`\nnotice: ${dir} is absent; its labelled pages were skipped`);
  for (const [set, byKind] of Object.entries(totals)) {
    const target = set === 'synthetic' ? 0.95 : 0.9;
    const floor = (k: Kind) => (set === 'dev' ? DEV_FLOORS[k] : target);
    log(`\n${set} (target F1 ≥ ${target})`);
    log(`${'kind'.padEnd(20)} ${'precision'.padStart(10)} ${'recall'.padStart(10)} ${'F1'.padStart(8)}   tp/fp/fn`);
    for (const k of KINDS) {
      const s = prf(byKind[k]);
      if (byKind[k].tp + byKind[k].fn + byKind[k].fp === 0) {
        log(
          `${k.padEnd(20)} ${'—'.padStart(10)} ${'—'.padStart(10)} ${'—'.padStart(8)}   nothing labelled or found on these pages`,
        );
        continue;
      }
      // dev2 and blind are measured, not gated: their figures are the issue's report, not a floor yet.
      if (s.f1 < floor(k) && set !== 'dev2' && set !== 'blind') ok = false;
      const mark = s.f1 < floor(k) ? '   below floor' : s.f1 < target ? '   below target' : '';
      log(
        `${k.padEnd(20)} ${pct(s.precision).padStart(10)} ${pct(s.recall).padStart(10)} ${pct(s.f1).padStart(8)}   ${byKind[k].tp}/${byKind[k].fp}/${byKind[k].fn}${mark}`,
      );
    }
    const a = attributes[set]!;
    const sn = sheetNumbers[set];
    if (sn) log(`sheet number read right on ${sn[0]}/${sn[1]} text-layer pages`);
    log(
      `matched tags: direction ${a.direction[0]}/${a.direction[1]} right, has_dashed_bbox ${a.has_dashed_bbox[0]}/${a.has_dashed_bbox[1]} right, texts_inside ${a.texts[0]}/${a.texts[1]} right (text-layer pages)`,
    );
  }
  printSources(bySource, log);
  if (blindSkipped.size)
    log(`\nblind sources not measured in this run (EVAL_BLIND=1 measures them): ${[...blindSkipped].join(', ')}`);
  if (errors.length) log(`\n${errors.length} page(s) errored`);
  return { ok, totals, bySource, sheetNumbers, skipped: [...missing], errors };
}

/** F1 of a kind where anything was labelled or found there; null where neither. */
const f1Of = (c: Counts) => (c.tp + c.fp + c.fn === 0 ? null : prf(c).f1);

/**
 * Per-source F1 table, worst source first (by its mean F1 over the kinds it has), dev and blind
 * in one table with the set named, then each kind summed over dev and over blind side by side.
 */
function printSources(bySource: EvalResult['bySource'], log: (l: string) => void) {
  const entries = Object.entries(bySource);
  if (!entries.length) return;
  const cell = (c: Counts) => {
    const f = f1Of(c);
    return f === null ? '—' : `${f.toFixed(2)} ${c.tp}/${c.tp + c.fn}${c.fp ? ` +${c.fp}` : ''}`;
  };
  const mean = (counts: Record<Kind, Counts>) => {
    const fs = KINDS.map((k) => f1Of(counts[k])).filter((f): f is number => f !== null);
    return fs.length ? fs.reduce((a, b) => a + b, 0) / fs.length : 1;
  };
  log('\nper source, worst first (F1 tp/labelled +false; — nothing labelled or found)');
  log(
    `${'source'.padEnd(22)}${'set'.padEnd(7)}${'pages'.padStart(5)}  ${KINDS.map((k) => k.replace('revision_', 'rev_').replace('_tags', '').padStart(16)).join('')}${'mean'.padStart(7)}`,
  );
  for (const [id, s] of entries.sort((a, b) => mean(a[1].counts) - mean(b[1].counts))) {
    log(
      `${id.padEnd(22)}${s.set.padEnd(7)}${String(s.pages).padStart(5)}  ${KINDS.map((k) => cell(s.counts[k]).padStart(16)).join('')}${mean(s.counts).toFixed(2).padStart(7)}`,
    );
  }
  const sum = (set: 'dev' | 'blind', k: Kind) =>
    entries.filter(([, s]) => s.set === set).reduce((acc, [, s]) => add(acc, s.counts[k]), zero());
  log(`\n${'kind'.padEnd(20)}${'dev F1 (P/R, tp/fp/fn)'.padStart(36)}${'blind F1 (P/R, tp/fp/fn)'.padStart(36)}`);
  for (const k of KINDS) {
    const show = (c: Counts) => {
      const f = f1Of(c);
      if (f === null) return '—';
      const { precision, recall } = prf(c);
      return `${f.toFixed(3)} (${precision.toFixed(2)}/${recall.toFixed(2)}, ${c.tp}/${c.fp}/${c.fn})`;
    };
    log(`${k.padEnd(20)}${show(sum('dev', k)).padStart(36)}${show(sum('blind', k)).padStart(36)}`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { ok } = await evaluate();
  process.exitCode = ok ? 0 : 1;
}
