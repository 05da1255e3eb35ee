// GRID BUBBLE. A column grid's identifier is lettered in a circle at the end of its grid line:
// a long line (often dash-dot, and often written as pre-split dashes) that runs across the plan
// and into the bubble, straight at its centre. The bubble holds one identifier (1, A, C.2) and
// no sheet reference. A callout holds a view's identifier and the sheet it is drawn on (PSPC
// National CADD Standard, Annex B 2.1–2.4: every callout's components are the identifier and
// the sheet numbers X1, X2; the US NCS/UDS detail, section and elevation indicators likewise).
// So a circle holding one line of lettering with a grid line running into it is a grid bubble,
// whatever else crosses it (a hatch's stripe passing under it reads like a bar).
import type { BBox, Point } from '../../../../core/geometry/types.ts';
import { dist } from '../../../../core/geometry/vec.ts';
import type { Circle } from './circles.ts';
import { GridIndex, type Scene } from '../scene.ts';
import { splitDashLines } from './dashed-boxes.ts';
import { innerRadius } from './tag-outlines.ts';
import type { TextRef } from '../texts.ts';

/** A grid line runs across the plan: far longer than its bubble (the section cut line's four radii, tags.ts). */
const GRID_LINE_RADII = 4;
/** Its near end stops at the rim, or short of it by up to a radius (a pattern's gap may fall there). */
const GAP_RADII = 1;
/** It points at the centre: the line, carried on, passes this close to it (radii). */
const AIMED_RADII = 0.15;

const splitIndexes = new WeakMap<Scene, GridIndex<{ a: Point; b: Point }>>();
/** Pre-split dashed lines (dash-dot grid lines as some CAD exports write them), by box, once a scene. */
function splitIndex(scene: Scene): GridIndex<{ a: Point; b: Point }> {
  let index = splitIndexes.get(scene);
  if (index) return index;
  index = new GridIndex(48);
  for (const l of splitDashLines(scene))
    index.insert(
      [Math.min(l.a[0], l.b[0]), Math.min(l.a[1], l.b[1]), Math.max(l.a[0], l.b[0]), Math.max(l.a[1], l.b[1])],
      l,
    );
  splitIndexes.set(scene, index);
  return index;
}

/** A line at least GRID_LINE_RADII long whose near end is at the rim and which runs away from the circle, aimed at its centre. */
function runsInto(c: Circle, r: number, a: Point, b: Point): boolean {
  const len = dist(a, b);
  if (len < GRID_LINE_RADII * r) return false;
  const [near, far] = dist(a, c.center) <= dist(b, c.center) ? [a, b] : [b, a];
  const d = dist(near, c.center);
  if (d < 0.75 * r || d > (1 + GAP_RADII) * r) return false;
  // It stops at the bubble: it runs away from it, not on across it (a bar or a stripe through the centre).
  if ((far[0] - near[0]) * (c.center[0] - near[0]) + (far[1] - near[1]) * (c.center[1] - near[1]) > 0) return false;
  // Aimed at the centre: the centre's distance from the line through both ends.
  const off =
    Math.abs((far[0] - near[0]) * (c.center[1] - near[1]) - (far[1] - near[1]) * (c.center[0] - near[0])) / len;
  return off <= AIMED_RADII * r;
}

/** Whether a grid line runs into the circle (a solid or dash-patterned line, or a run of pre-split dashes). */
export function gridLineInto(scene: Scene, c: Circle): boolean {
  const r = innerRadius(c);
  const reach = (1 + GAP_RADII) * r;
  const box: BBox = [c.center[0] - reach, c.center[1] - reach, c.center[0] + reach, c.center[1] + reach];
  for (const l of scene.lineIndex.query(box)) if (runsInto(c, r, l.a, l.b)) return true;
  for (const l of splitIndex(scene).query(box)) if (runsInto(c, r, l.a, l.b)) return true;
  return false;
}

/** GRID BUBBLE: one line of lettering (no sheet reference under an identifier) and a grid line running into the circle. */
export function isGridBubble(scene: Scene, c: Circle, texts: readonly TextRef[]): boolean {
  return texts.length === 1 && !/\s|\//.test(texts[0]!.text) && gridLineInto(scene, c);
}
