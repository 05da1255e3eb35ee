/**
 * Detail tags: a divided circle without a direction marker, sometimes tied by
 * a short line to a dashed boundary (rectangle or rounded outline) around the
 * area it enlarges. The boundary is what separates a detail callout from a
 * plain view-title bubble, so the truth records it.
 */
import type { DrawContext } from '../context.ts';
import { add, boxOf, mul, sub, unit } from '../geometry.ts';
import type { Box, Point } from '../geometry.ts';
import type { Footprint } from '../layout.ts';
import type { Path } from '../pen.ts';
import type { Rng } from '../prng.ts';
import type { DashMode, TagOutline } from '../styles.ts';
import type { TextPainter } from '../text.ts';
import type { DetailTagTruth, DisplayMap } from '../truth.ts';
import { strokeDashed } from './dash.ts';
import { SHEET_REFS, VIEW_IDS, drawTagCircle, outlineBox, planTagCircle, rimPoint } from './tag-circle.ts';
import type { TagCircle } from './tag-circle.ts';

export interface DetailTagPlan {
  id: string;
  tag: TagCircle;
  enclosure: { kind: 'rect' | 'rounded'; box: Box; cornerRadius: number; connector: [Point, Point] } | null;
}

export function planDetailTag(
  rng: Rng,
  text: TextPainter,
  id: string,
  u: number,
  area: Box,
  outline: TagOutline = 'circle',
): DetailTagPlan {
  const r = rng.range(11, 17) * u;
  const center: Point = [rng.range(area[0], area[2]), rng.range(area[1], area[3])];
  const tag = planTagCircle(text, center, r, rng.pick(VIEW_IDS), rng.pick(SHEET_REFS), outline);
  if (!rng.chance(0.6)) return { id, tag, enclosure: null };
  const w = rng.range(60, 200) * u;
  const h = rng.range(45, 140) * u;
  const gap = rng.range(18, 50) * u;
  const side = rng.int(0, 3);
  const slide = rng.range(-0.35, 0.35);
  // Box beside the circle on the chosen side, shifted along that side.
  const box: Box =
    side === 0
      ? [center[0] + r + gap, center[1] - h / 2 + slide * h, center[0] + r + gap + w, center[1] + h / 2 + slide * h]
      : side === 1
        ? [center[0] - r - gap - w, center[1] - h / 2 + slide * h, center[0] - r - gap, center[1] + h / 2 + slide * h]
        : side === 2
          ? [center[0] - w / 2 + slide * w, center[1] + r + gap, center[0] + w / 2 + slide * w, center[1] + r + gap + h]
          : [
              center[0] - w / 2 + slide * w,
              center[1] - r - gap - h,
              center[0] + w / 2 + slide * w,
              center[1] - r - gap,
            ];
  const nearest: Point = [Math.min(Math.max(center[0], box[0]), box[2]), Math.min(Math.max(center[1], box[1]), box[3])];
  const toward = sub(nearest, center);
  const start =
    outline === 'circle' ? add(center, mul(unit(toward), r)) : rimPoint(tag, Math.atan2(toward[1], toward[0]));
  const kind = rng.chance(0.5) ? 'rect' : 'rounded';
  return {
    id,
    tag,
    enclosure: { kind, box, cornerRadius: Math.min(w, h) * rng.range(0.1, 0.2), connector: [start, nearest] },
  };
}

/** The outline blocks everything; the enclosed area only blocks other annotations. */
export function detailTagFootprint(p: DetailTagPlan): Footprint {
  const out: Footprint = [{ box: outlineBox(p.tag) }];
  if (!p.enclosure) return out;
  const [x1, y1, x2, y2] = p.enclosure.box;
  const t = 1;
  out.push(
    { box: boxOf(p.enclosure.connector) },
    { box: p.enclosure.box, kind: 'keep-clear' },
    { box: [x1 - t, y1 - t, x2 + t, y1 + t] },
    { box: [x1 - t, y2 - t, x2 + t, y2 + t] },
    { box: [x1 - t, y1 - t, x1 + t, y2 + t] },
    { box: [x2 - t, y1 - t, x2 + t, y2 + t] },
  );
  return out;
}

/** Rounded rectangle as lines and quarter-circle Béziers. */
function roundedRect(b: Box, r: number): Path {
  const k = 0.5522847498 * r;
  const [x1, y1, x2, y2] = b;
  return [
    { op: 'M', p: [x1 + r, y1] },
    { op: 'L', p: [x2 - r, y1] },
    { op: 'C', c1: [x2 - r + k, y1], c2: [x2, y1 + r - k], p: [x2, y1 + r] },
    { op: 'L', p: [x2, y2 - r] },
    { op: 'C', c1: [x2, y2 - r + k], c2: [x2 - r + k, y2], p: [x2 - r, y2] },
    { op: 'L', p: [x1 + r, y2] },
    { op: 'C', c1: [x1 + r - k, y2], c2: [x1, y2 - r + k], p: [x1, y2 - r] },
    { op: 'L', p: [x1, y1 + r] },
    { op: 'C', c1: [x1, y1 + r - k], c2: [x1 + r - k, y1], p: [x1 + r, y1] },
    { op: 'Z' },
  ];
}

export function drawDetailTag(ctx: DrawContext, p: DetailTagPlan, dashMode: DashMode, u: number): void {
  drawTagCircle(ctx, p.tag, ctx.weights.annotation);
  const e = p.enclosure;
  if (!e) return;
  const style = { color: ctx.color('black'), width: ctx.weights.annotation };
  ctx.pen.stroke(
    [
      { op: 'M', p: e.connector[0] },
      { op: 'L', p: e.connector[1] },
    ],
    style,
  );
  const pattern = [6 * u, 3 * u];
  if (e.kind === 'rounded' && dashMode === 'pattern') {
    ctx.pen.stroke(roundedRect(e.box, e.cornerRadius), { ...style, dash: pattern });
    return;
  }
  if (e.kind === 'rounded') {
    // Exporters split the straight runs into dashes and leave corner arcs whole.
    const segs = roundedRect(e.box, e.cornerRadius);
    let from: Point = [0, 0];
    for (const s of segs) {
      if (s.op === 'M') from = s.p;
      else if (s.op === 'L') {
        strokeDashed(ctx.pen, [from, s.p], pattern, style, dashMode, ctx.rng);
        from = s.p;
      } else if (s.op === 'C') {
        ctx.pen.stroke([{ op: 'M', p: from }, s], style);
        from = s.p;
      }
    }
    return;
  }
  const [x1, y1, x2, y2] = e.box;
  strokeDashed(
    ctx.pen,
    [
      [x1, y1],
      [x2, y1],
      [x2, y2],
      [x1, y2],
      [x1, y1],
    ],
    pattern,
    style,
    dashMode,
    ctx.rng,
  );
}

export function detailTagTruth(p: DetailTagPlan, map: DisplayMap): DetailTagTruth {
  const box = outlineBox(p.tag);
  return {
    id: p.id,
    circle: { center: map.point(p.tag.center), radius: map.length(p.tag.radius) },
    ...(p.tag.outline === 'circle' ? {} : { outline: p.tag.outline }),
    texts_inside: [map.text(`${p.id}/text-1`, p.tag.top), map.text(`${p.id}/text-2`, p.tag.bottom)],
    has_dashed_bbox: p.enclosure !== null,
    dashed_bbox: p.enclosure ? map.box(p.enclosure.box) : null,
    bbox: map.box(box),
  };
}
