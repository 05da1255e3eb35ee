/**
 * Section tags: a divided circle with a filled direction marker and the cut
 * line leaving the circle at right angles to the marker (the marker shows the
 * viewing direction, the line the cut). Direction in the truth is derived from
 * the mapped geometry, so rotated pages cannot get it wrong by bookkeeping.
 */
import type { DrawContext } from '../context.ts';
import { add, boxOf, mul, polar, sub, unionBox } from '../geometry.ts';
import type { Box, Point } from '../geometry.ts';
import type { Rng } from '../prng.ts';
import type { DashMode, TagOutline } from '../styles.ts';
import type { TextPainter } from '../text.ts';
import type { Direction, DisplayMap, SectionTagTruth } from '../truth.ts';
import { strokeDashed } from './dash.ts';
import { SHEET_REFS, VIEW_IDS, drawTagCircle, outlineBox, planTagCircle, rimPoint } from './tag-circle.ts';
import type { TagCircle } from './tag-circle.ts';

const VECTORS: Record<Direction, Point> = { left: [-1, 0], right: [1, 0], up: [0, 1], down: [0, -1] };

export interface SectionTagPlan {
  id: string;
  tag: TagCircle;
  /** Layout-space direction (y up, so 'up' is up on the displayed sheet too). */
  direction: Direction;
  marker: [Point, Point, Point];
  line: [Point, Point];
  dashed: boolean;
  bbox: Box;
}

export function planSectionTag(
  rng: Rng,
  text: TextPainter,
  id: string,
  u: number,
  area: Box,
  outline: TagOutline = 'circle',
): SectionTagPlan {
  const r = rng.range(11, 17) * u;
  const center: Point = [rng.range(area[0], area[2]), rng.range(area[1], area[3])];
  const tag = planTagCircle(text, center, r, rng.pick(VIEW_IDS), rng.pick(SHEET_REFS), outline);
  const R = tag.radius;
  // The marker's base corners and the cut line's start lie on the outline (a circle's rim is polar(centre, r, angle)).
  const rim = (a: number): Point => (outline === 'circle' ? polar(center, r, a) : rimPoint(tag, a));
  const direction = rng.pick(['left', 'right', 'up', 'down'] as const);
  const v = VECTORS[direction];
  const angle = Math.atan2(v[1], v[0]);
  // Base corners on the circle no more than 42° off the marker axis keep the marker clear of the labels.
  const spread = (rng.range(30, 42) * Math.PI) / 180;
  const marker: [Point, Point, Point] = [
    add(center, mul(v, R * rng.range(1.45, 1.75))),
    rim(angle + spread),
    rim(angle - spread),
  ];
  const across: Point = rng.chance(0.5) ? [v[1], -v[0]] : [-v[1], v[0]];
  const start = outline === 'circle' ? add(center, mul(across, r)) : rim(Math.atan2(across[1], across[0]));
  const end = add(start, mul(across, rng.range(120, 420) * u));
  return {
    id,
    tag,
    direction,
    marker,
    line: [start, end],
    dashed: rng.chance(0.35),
    bbox: unionBox(outlineBox(tag), boxOf(marker)),
  };
}

export function sectionTagFootprint(p: SectionTagPlan): { box: Box }[] {
  return [{ box: p.bbox }, { box: boxOf(p.line) }];
}

export function drawSectionTag(ctx: DrawContext, p: SectionTagPlan, dashMode: DashMode, u: number): void {
  const black = ctx.color('black');
  drawTagCircle(ctx, p.tag, ctx.weights.annotation);
  ctx.pen.fill(
    [{ op: 'M', p: p.marker[0] }, { op: 'L', p: p.marker[1] }, { op: 'L', p: p.marker[2] }, { op: 'Z' }],
    black,
  );
  const style = { color: black, width: ctx.weights.section };
  if (p.dashed) strokeDashed(ctx.pen, p.line, [24 * u, 5 * u, 4 * u, 5 * u], style, dashMode, ctx.rng);
  else
    ctx.pen.stroke(
      [
        { op: 'M', p: p.line[0] },
        { op: 'L', p: p.line[1] },
      ],
      style,
    );
}

/** Direction of `to - from` after mapping to displayed coordinates (y down). */
function displayedDirection(map: DisplayMap, from: Point, to: Point): Direction {
  const [dx, dy] = sub(map.point(to), map.point(from));
  if (Math.abs(dx) >= Math.abs(dy)) return dx < 0 ? 'left' : 'right';
  return dy < 0 ? 'up' : 'down';
}

export function sectionTagTruth(p: SectionTagPlan, map: DisplayMap): SectionTagTruth {
  return {
    id: p.id,
    circle: { center: map.point(p.tag.center), radius: map.length(p.tag.radius) },
    ...(p.tag.outline === 'circle' ? {} : { outline: p.tag.outline }),
    direction: displayedDirection(map, p.tag.center, p.marker[0]),
    texts_inside: [map.text(`${p.id}/text-1`, p.tag.top), map.text(`${p.id}/text-2`, p.tag.bottom)],
    section_line: { start: map.point(p.line[0]), end: map.point(p.line[1]) },
    bbox: map.box(p.bbox),
  };
}
