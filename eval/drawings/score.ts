// Scores detections against ground truth, per annotation kind. A detection
// matches a truth item when their boxes overlap with IoU ≥ 0.5, or, for
// leaders, when the arrow tips are within 2 pt (leaders labelled by their tip
// alone match only so). Matching is one-to-one,
// best pairs first.
import type { BBox, Point } from '../../core/geometry/types.ts';
import { iou } from '../../core/geometry/bbox.ts';

export const KINDS = [
  'leaders',
  'section_tags',
  'detail_tags',
  'revision_triangles',
  'revision_clouds',
  'titleblock',
] as const;
export type Kind = (typeof KINDS)[number];

export interface Counts {
  tp: number;
  fp: number;
  fn: number;
  /** Matched pairs as [truth index, detection index]. */
  pairs?: [number, number][];
}

export interface Item {
  /** Absent on leaders labelled by their tip alone (the sampled regions of the dense dev sheets). */
  bbox?: BBox;
  tip?: Point;
}

/** Thin boxes (a horizontal line's) get a point of padding so IoU stays meaningful. */
const PAD = 0.5;

export function matchItems(truth: readonly Item[], found: readonly Item[], byTip: boolean): Counts {
  const pairs: { t: number; f: number; score: number }[] = [];
  truth.forEach((t, ti) =>
    found.forEach((f, fi) => {
      if (byTip && t.tip && f.tip) {
        const d = Math.hypot(t.tip[0] - f.tip[0], t.tip[1] - f.tip[1]);
        if (d <= 2) pairs.push({ t: ti, f: fi, score: 2 - d + 1 });
      }
      const o = t.bbox && f.bbox ? iou(t.bbox, f.bbox, PAD) : 0;
      if (o >= 0.5) pairs.push({ t: ti, f: fi, score: o });
    }),
  );
  pairs.sort((a, b) => b.score - a.score);
  const usedT = new Set<number>();
  const usedF = new Set<number>();
  const matched: [number, number][] = [];
  for (const p of pairs) {
    if (usedT.has(p.t) || usedF.has(p.f)) continue;
    usedT.add(p.t);
    usedF.add(p.f);
    matched.push([p.t, p.f]);
  }
  return { tp: usedT.size, fp: found.length - usedF.size, fn: truth.length - usedT.size, pairs: matched };
}

export const add = (a: Counts, b: Counts): Counts => ({ tp: a.tp + b.tp, fp: a.fp + b.fp, fn: a.fn + b.fn });

/** Attributes of matched pairs that must agree: [agreeing, compared]. */
export interface AttributeScores {
  direction: [number, number];
  has_dashed_bbox: [number, number];
  /** texts_inside strings, compared only where the truth's page has a text layer. */
  texts: [number, number];
}

const sameTexts = (t: { text: string }[], f: { text: string }[]) =>
  t.map((x) => x.text.trim()).join('|') === f.map((x) => x.text.trim()).join('|');
/** Labels made by label-kit.ts carry no texts_inside: their tags' lettering is not compared. */
const hasTexts = (a: { texts_inside?: unknown }) => Array.isArray(a.texts_inside);

export function scoreAttributes(
  truth: any,
  found: any,
  scores: Partial<Record<Kind, Counts>>,
  textLayer: boolean,
): AttributeScores {
  const out: AttributeScores = { direction: [0, 0], has_dashed_bbox: [0, 0], texts: [0, 0] };
  for (const [t, f] of scores.section_tags?.pairs ?? []) {
    const a = truth.annotations.section_tags[t];
    const b = found.annotations.section_tags[f];
    out.direction[1]++;
    if (a.direction === b.direction) out.direction[0]++;
    if (textLayer && hasTexts(a)) {
      out.texts[1]++;
      if (sameTexts(a.texts_inside, b.texts_inside)) out.texts[0]++;
    }
  }
  for (const [t, f] of scores.detail_tags?.pairs ?? []) {
    const a = truth.annotations.detail_tags[t];
    const b = found.annotations.detail_tags[f];
    if (typeof a.has_dashed_bbox === 'boolean') {
      out.has_dashed_bbox[1]++;
      if (a.has_dashed_bbox === b.has_dashed_bbox) out.has_dashed_bbox[0]++;
    }
    if (textLayer && hasTexts(a)) {
      out.texts[1]++;
      if (sameTexts(a.texts_inside, b.texts_inside)) out.texts[0]++;
    }
  }
  return out;
}

export function prf(c: Counts): { precision: number; recall: number; f1: number } {
  // Nothing to find and nothing found is a perfect score, not 0/0.
  const precision = c.tp + c.fp ? c.tp / (c.tp + c.fp) : 1;
  const recall = c.tp + c.fn ? c.tp / (c.tp + c.fn) : 1;
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, f1 };
}

/** The shape both ground truth files and analysis results share for scoring. */
export interface Scorable {
  /** Where a kind is labelled only inside some regions, detections outside them are not scored. */
  regions?: Partial<Record<Kind, BBox[]>>;
  /** A kind set to null in a truth file is not labelled on that page and is not scored there. */
  annotations: Record<Exclude<Kind, 'titleblock'>, { bbox?: BBox; arrow_tip?: Point }[] | null>;
  titleblock: { bounds: BBox | null };
}

export function scorePage(truth: Scorable, found: Scorable): Partial<Record<Kind, Counts>> {
  const out: Partial<Record<Kind, Counts>> = {};
  for (const kind of KINDS) {
    if (kind === 'titleblock') {
      const t = truth.titleblock.bounds ? [{ bbox: truth.titleblock.bounds }] : [];
      const f = found.titleblock.bounds ? [{ bbox: found.titleblock.bounds }] : [];
      out[kind] = matchItems(t, f, false);
    } else {
      const labelled = truth.annotations[kind];
      if (!labelled) continue;
      const items = (list: { bbox?: BBox; arrow_tip?: Point }[]) =>
        list.map((a) => ({ bbox: a.bbox, tip: a.arrow_tip }));
      const regions = truth.regions?.[kind];
      const inRegion = (a: { bbox?: BBox; arrow_tip?: Point }) => {
        if (!regions) return true;
        const b = a.bbox ?? [0, 0, 0, 0];
        const [x, y] = a.arrow_tip ?? [(b[0] + b[2]) / 2, (b[1] + b[3]) / 2];
        return regions.some((r) => x >= r[0] && x <= r[2] && y >= r[1] && y <= r[3]);
      };
      out[kind] = matchItems(
        items(labelled),
        items((found.annotations[kind] ?? []).filter(inRegion)),
        kind === 'leaders',
      );
    }
  }
  return out;
}
