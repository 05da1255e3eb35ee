/**
 * The divided outline shared by section and detail tags: view id above the
 * line, sheet number below. The outline is a circle, or a regular hexagon (flat
 * top and bottom, the divider running corner to corner) or an upright square
 * drawn around the same inner circle; in circleMode 'segments' every side of a
 * hexagon or square is its own path or subpath. Label sizes are fitted to that inner
 * circle's chord so the text stays inside the outline, as a detector will expect.
 */
import type { DrawContext } from '../context.ts';
import { boxOf, circleBox, polar } from '../geometry.ts';
import type { Box } from '../geometry.ts';
import type { Point } from '../geometry.ts';
import type { Path } from '../pen.ts';
import type { TagOutline } from '../styles.ts';
import type { TextPainter, TextRun } from '../text.ts';
import { circlePath } from './curves.ts';

export const VIEW_IDS: readonly string[] = ['1', '2', '3', '4', '5', '7', '9', '12', '14', 'A', 'B', 'C', 'D'];
export const SHEET_REFS: readonly string[] = ['S-201', 'S-301', 'S-302', 'S-401', 'S-501', 'S-502', 'S-503', 'S-601'];

export interface TagCircle {
  center: Point;
  /** Of the circle through the outline's corners (the circle itself for a circle). */
  radius: number;
  /** Of the circle inside the outline, touching its sides. */
  inner: number;
  outline: TagOutline;
  top: TextRun;
  bottom: TextRun;
}

/** Sides and the angle of the first corner, for the polygon outlines. */
const POLYGONS: Record<Exclude<TagOutline, 'circle'>, { sides: number; corner: number }> = {
  hexagon: { sides: 6, corner: 0 },
  square: { sides: 4, corner: Math.PI / 4 },
};

/** `radius` is the inner circle's; the outline is drawn around it. */
export function planTagCircle(
  text: TextPainter,
  center: Point,
  radius: number,
  topText: string,
  bottomText: string,
  outline: TagOutline = 'circle',
): TagCircle {
  const capFraction = 0.34;
  const size = (radius * capFraction) / text.capHeight(1);
  const topSize = text.fit(topText, size, radius * 1.3);
  const bottomSize = text.fit(bottomText, size, radius * 1.45);
  const outer = outline === 'circle' ? radius : radius / Math.cos(Math.PI / POLYGONS[outline].sides);
  return {
    center,
    radius: outer,
    inner: radius,
    outline,
    top: text.centered(topText, [center[0], center[1] + radius * 0.45], topSize),
    bottom: text.centered(bottomText, [center[0], center[1] - radius * 0.45], bottomSize),
  };
}

/** The outline's corners (none for a circle). */
export function outlineCorners(t: TagCircle): Point[] {
  if (t.outline === 'circle') return [];
  const { sides, corner } = POLYGONS[t.outline];
  return Array.from({ length: sides }, (_, i) => polar(t.center, t.radius, corner + (i * 2 * Math.PI) / sides));
}

/** Where a ray from the centre at `angle` crosses the outline. */
export function rimPoint(t: TagCircle, angle: number): Point {
  if (t.outline === 'circle') return polar(t.center, t.radius, angle);
  const { sides, corner } = POLYGONS[t.outline];
  const step = (2 * Math.PI) / sides;
  // Off the nearest side's normal (the normals lie half a step past the corners).
  let off = (angle - corner - step / 2) % step;
  if (off < -step / 2) off += step;
  if (off > step / 2) off -= step;
  return polar(t.center, t.inner / Math.cos(off), angle);
}

/** The outline's box. */
export const outlineBox = (t: TagCircle): Box =>
  t.outline === 'circle' ? circleBox(t.center, t.radius) : boxOf(outlineCorners(t));

/** Half the divider's length: corner to corner on a hexagon, side to side on a square. */
export const dividerHalf = (t: TagCircle) => (t.outline === 'square' ? t.inner : t.radius);

export function drawTagCircle(ctx: DrawContext, t: TagCircle, width: number): void {
  const black = ctx.color('black');
  const [cx, cy] = t.center;
  if (t.outline !== 'circle' && ctx.spec.circleMode === 'segments') {
    // One line per side, as some CAD exporters write them: each its own path, or each its
    // own subpath of one path; drawn from either end.
    const corners = outlineCorners(t);
    const sides = corners.map((p, i): Path => {
      const q = corners[(i + 1) % corners.length]!;
      const [from, to] = ctx.rng.chance(0.5) ? [p, q] : [q, p];
      return [
        { op: 'M', p: from },
        { op: 'L', p: to },
      ];
    });
    if (ctx.rng.chance(0.5)) for (const side of sides) ctx.pen.stroke(side, { color: black, width });
    else ctx.pen.stroke(sides.flat(), { color: black, width });
  } else if (t.outline !== 'circle') {
    const corners = outlineCorners(t);
    const path: Path = [
      ...corners.map((p, i) => (i === 0 ? { op: 'M' as const, p } : { op: 'L' as const, p })),
      { op: 'Z' },
    ];
    ctx.pen.stroke(path, { color: black, width });
  } else if (ctx.spec.circleMode === 'segments') {
    const outline = circlePath(ctx.spec.circleMode, t.center, t.radius, ctx.rng);
    // One path per side, as the exports that split a tag's circle into chords write it.
    for (let i = 0; i < outline.length; i += 2) ctx.pen.stroke(outline.slice(i, i + 2), { color: black, width });
  } else ctx.pen.stroke(circlePath(ctx.spec.circleMode, t.center, t.radius, ctx.rng), { color: black, width });
  const half = dividerHalf(t);
  ctx.pen.stroke(
    [
      { op: 'M', p: [cx - half, cy] },
      { op: 'L', p: [cx + half, cy] },
    ],
    { color: black, width },
  );
  ctx.text.draw(ctx.pen, t.top, black);
  ctx.text.draw(ctx.pen, t.bottom, black);
}
