/**
 * Sheet identity and links on the real sets labelled in eval/projects/labels/ (one file per
 * source, i.e. office). Each set is ingested as a project, page by page in reverse order (so
 * every link is resolved by a sheet that arrives after its callout), exactly as the ingestion
 * job reads a page. Per source:
 *   - sheet number: right when the normalised number equals the label (a sheet that prints no
 *     number is right when none is read);
 *   - title: right when it equals the label, ignoring case and spacing (sheets whose title is
 *     labelled null are left out);
 *   - title-block bounds: F1 of boxes with IoU >= 0.5;
 *   - references: a callout whose (page, view, target sheet) equals a labelled one, P and R;
 *   - links: a callout linked to a sheet of the set, right when the label's target is that
 *     sheet's labelled number, P and R over the labelled references whose target is in the set.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomUUID } from 'node:crypto';
import { iou } from '../../core/geometry/bbox.ts';
import type { BBox } from '../../core/geometry/types.ts';
import { openDatabase } from '../../core/db/client.ts';
import { runInline } from '../../core/jobs/task.ts';
import { toSheetWrite } from '../../subgraphs/drawings/projects/jobs/ingest-sheet.ts';
import task from '../../subgraphs/drawings/projects/jobs/ingest-sheet-task.ts';
import { normaliseSheetNumber } from '../../subgraphs/drawings/projects/sheet-number.ts';
import { createLibsqlProjectStore } from '../../subgraphs/drawings/projects/store/libsql-store.ts';

export interface LabelledSheet {
  page: number;
  number: string | null;
  title: string | null;
  titleblock: BBox | null;
  textLayer: boolean;
}
export interface LabelledReference {
  page: number;
  view: string | null;
  target: string;
  form: 'tag' | 'text';
  at: BBox | null;
}
export interface LabelledSet {
  file: string;
  index: null | { number: string; title: string }[];
  sheets: LabelledSheet[];
  references: LabelledReference[];
}
export interface SourceLabels {
  source: string;
  office: string;
  sets: LabelledSet[];
}

const HERE = path.dirname(new URL(import.meta.url).pathname);
export const LABELS = path.join(HERE, 'labels');
const norm = (s: string | null) => (s ? normaliseSheetNumber(s, { keepDots: false }) : null);
const normTitle = (s: string | null) =>
  (s ?? '')
    .toUpperCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

export function loadSources(): { sources: SourceLabels[]; blind: Set<string> } {
  const blind = new Set<string>(JSON.parse(fs.readFileSync(path.join(LABELS, 'blind.json'), 'utf8')).blind);
  const sources = fs
    .readdirSync(LABELS)
    .filter((f) => f.endsWith('.json') && f !== 'blind.json')
    .map((f) => JSON.parse(fs.readFileSync(path.join(LABELS, f), 'utf8')) as SourceLabels);
  return { sources, blind };
}

export interface Counts {
  tp: number;
  predicted: number;
  truth: number;
}
export interface SourceScore {
  source: string;
  blind: boolean;
  sheets: number;
  numberRight: number;
  titled: number;
  titleRight: number;
  titleblock: Counts;
  references: Counts;
  links: Counts;
  unresolved: number;
  /** Callouts naming the sheet they stand on (not scored as references between sheets). */
  sameSheet: number;
  msPerPage: number[];
  tier1MsPerPage: number[];
  /** Thread CPU of each sheet labelled as having no text layer, or whose title block was read by the lettering reader. */
  unletteredCpuMs: number[];
  misses: string[];
}

const zero = (): Counts => ({ tp: 0, predicted: 0, truth: 0 });

export async function scoreSource(src: SourceLabels, samples: string, blind: boolean): Promise<SourceScore> {
  const s: SourceScore = {
    source: src.source,
    blind,
    sheets: 0,
    numberRight: 0,
    titled: 0,
    titleRight: 0,
    titleblock: zero(),
    references: zero(),
    links: zero(),
    unresolved: 0,
    sameSheet: 0,
    msPerPage: [],
    tier1MsPerPage: [],
    unletteredCpuMs: [],
    misses: [],
  };
  for (const set of src.sets) {
    const bytes = new Uint8Array(fs.readFileSync(path.join(samples, set.file)));
    const hash = createHash('sha256').update(bytes).digest('hex');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eval-sets-'));
    const db = await openDatabase({ url: `file:${path.join(dir, 'e.db')}` });
    const store = createLibsqlProjectStore(db);
    const projectId = randomUUID();
    const now = new Date().toISOString();
    await store.createProject({
      id: projectId,
      accountId: 'eval',
      name: set.file,
      description: null,
      createdAt: now,
      updatedAt: now,
    });
    const calloutsByPage = new Map<number, { id: string; view: string | null; target: string | null }[]>();
    const sheetIdByPage = new Map<number, string>();
    for (const sheet of [...set.sheets].reverse()) {
      const r = await runInline(task, { bytes, page: sheet.page, options: { keepDots: false } });
      s.msPerPage.push(r.totalMs);
      s.tier1MsPerPage.push(r.tier1Ms);
      // A sheet without a text layer, or one whose title block had none (its identity recognised): the 4 s CPU bound holds for both.
      if (!sheet.textLayer || r.recognisedRegions > 0) s.unletteredCpuMs.push(r.cpuMs);
      const w = toSheetWrite(r.draft, {
        projectId,
        fileHash: hash,
        page: sheet.page,
        width: r.width,
        height: r.height,
      });
      await store.writeSheet(w);
      sheetIdByPage.set(sheet.page, w.sheet.id);
      const tag = `${path.basename(set.file)} p${sheet.page}`;
      s.sheets++;
      if (norm(r.draft.number) === norm(sheet.number)) s.numberRight++;
      else s.misses.push(`${tag}: number ${JSON.stringify(r.draft.number)} != ${JSON.stringify(sheet.number)}`);
      if (sheet.title !== null) {
        s.titled++;
        if (normTitle(r.draft.title) === normTitle(sheet.title)) s.titleRight++;
        else s.misses.push(`${tag}: title ${JSON.stringify(r.draft.title)} != ${JSON.stringify(sheet.title)}`);
      }
      const tb = r.draft.titleblock;
      if (tb) s.titleblock.predicted++;
      if (sheet.titleblock) s.titleblock.truth++;
      if (tb && sheet.titleblock && iou(tb, sheet.titleblock) >= 0.5) s.titleblock.tp++;
      else if (tb || sheet.titleblock)
        s.misses.push(
          `${tag}: title block ${JSON.stringify(tb?.map(Math.round))} vs ${JSON.stringify(sheet.titleblock)}`,
        );
      calloutsByPage.set(
        sheet.page,
        w.entities
          .filter((e) => e.type === 'Callout')
          .map((e) => ({
            id: e.id,
            view: (e.props.viewId as string | null) ?? null,
            target: (e.props.targetSheet as string | null) ?? null,
          })),
      );
    }
    // References: (page, view, target) multiset match.
    const key = (page: number, view: string | null, target: string | null) =>
      `${page}|${(view ?? '').toUpperCase()}|${norm(target)}`;
    // A tag naming the sheet it stands on (a view on the same sheet) is no reference between
    // sheets: left out on both sides, labelled or read, and counted apart.
    const ownNumber = new Map(set.sheets.map((x) => [x.page, norm(x.number)]));
    const onOwnSheet = (page: number, target: string | null) =>
      !!ownNumber.get(page) && norm(target) === ownNumber.get(page);
    const truthRefs = new Map<string, number>();
    for (const ref of set.references) {
      if (onOwnSheet(ref.page, ref.target)) continue;
      truthRefs.set(key(ref.page, ref.view, ref.target), (truthRefs.get(key(ref.page, ref.view, ref.target)) ?? 0) + 1);
      s.references.truth++;
    }
    const left = new Map(truthRefs);
    for (const [page, cs] of calloutsByPage)
      for (const c of cs) {
        if (!c.target) continue;
        if (onOwnSheet(page, c.target)) {
          s.sameSheet++;
          continue;
        }
        s.references.predicted++;
        const k = key(page, c.view, c.target);
        const n = left.get(k) ?? 0;
        if (n > 0) {
          s.references.tp++;
          left.set(k, n - 1);
        } else
          s.misses.push(`${path.basename(set.file)} p${page}: reference ${c.view ?? '-'}/${c.target} not labelled`);
      }
    for (const [k, n] of left) if (n > 0) s.misses.push(`${path.basename(set.file)}: reference ${k} missed x${n}`);
    // Links: callouts resolved to a sheet of this set.
    const pageOfSheet = new Map([...sheetIdByPage].map(([p, id]) => [id, p]));
    const numberOfPage = new Map(set.sheets.map((x) => [x.page, norm(x.number)]));
    const inSet = new Set(set.sheets.map((x) => norm(x.number)).filter(Boolean));
    const expected = new Map<string, number>();
    for (const ref of set.references) {
      if (!inSet.has(norm(ref.target)) || norm(ref.target) === numberOfPage.get(ref.page)) continue;
      s.links.truth++;
      const k = key(ref.page, ref.view, ref.target);
      expected.set(k, (expected.get(k) ?? 0) + 1);
    }
    const links = await store.listLinks(projectId);
    const pageOfCallout = new Map<string, { page: number; view: string | null }>();
    for (const [page, cs] of calloutsByPage) for (const c of cs) pageOfCallout.set(c.id, { page, view: c.view });
    for (const l of links) {
      if (!l.resolvedSheetId) {
        s.unresolved++;
        continue;
      }
      const from = pageOfCallout.get(l.calloutId);
      const toPage = pageOfSheet.get(l.resolvedSheetId);
      // A link between sheets: a view title naming its own sheet is no reference to another.
      if (!from || toPage === undefined || toPage === from.page) continue;
      s.links.predicted++;
      const k = key(from.page, from.view, numberOfPage.get(toPage) ?? null);
      const n = expected.get(k) ?? 0;
      if (n > 0) {
        s.links.tp++;
        expected.set(k, n - 1);
      } else
        s.misses.push(`${path.basename(set.file)} p${from.page}: link ${from.view ?? '-'} -> p${toPage} not labelled`);
    }
    await db.$disconnect();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return s;
}
