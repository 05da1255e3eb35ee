// Section and detail tags: a circle (or a hexagon or square, tag-outlines.ts) divided
// by a horizontal line with an identifier above and a sheet number below. A section tag
// also has a filled direction marker on the outline and a long section cut line leaving it.
import type { BBox, Point } from '../../../../core/geometry/types.ts';
import { containsBox, unionAll } from '../../../../core/geometry/bbox.ts';
import { flattenCubic } from '../../../../core/geometry/bezier.ts';
import { dist, pointSegmentDistance } from '../../../../core/geometry/vec.ts';
import type { Circle } from './circles.ts';
import { GridIndex, type Scene, type Subpath } from '../scene.ts';
import { textsInCircle, type TextRef } from '../texts.ts';
import { innerRadius, outlineBox, rimDistance } from './tag-outlines.ts';
import { isViewOverSheet } from './view-over-sheet.ts';
import { isGridBubble } from './grid-bubble.ts';

/** Where the section's viewing marker points, on the page as displayed. */
export type Direction = 'left' | 'right' | 'up' | 'down';

export interface TagBase {
  circle: Circle;
  bbox: BBox;
  texts: TextRef[];
}
export interface SectionTag extends TagBase {
  direction: Direction;
  sectionLine: { start: Point; end: Point };
}
export interface DetailTag extends TagBase {
  hasDashedBbox: boolean;
}

/**
 * A near-horizontal line through the circle's centre spanning it. Both ends sit on
 * the rim, or one does and the other runs on as the underline of the view title
 * written beside the bubble (how view-title tags are drawn); a line crossing the
 * circle with both ends far off (a grid line through a column) divides nothing.
 * SECTION BAR: a section callout's bar may run on past the rim, the same length either
 * side, to the tips of the pointer standing on the circle (PSPC Annex B 2.3 draws the bar
 * as the pointer's base); a grid line does not stop within a few radii, evenly, on both sides.
 */
export function hasDivider(scene: Scene, c: Circle): boolean {
  const r = innerRadius(c);
  const box = outlineBox(c);
  const onRim = (p: Point) => rimDistance(c, p) <= 0.25 * r;
  for (const l of scene.lineIndex.query(box)) {
    const len = dist(l.a, l.b);
    if (len < 1.4 * r) continue;
    // TURNED WITH ITS VIEW: a callout is lettered along its bar, horizontal or turned a quarter with the sheet's view.
    const dx = Math.abs(l.b[0] - l.a[0]);
    const dy = Math.abs(l.b[1] - l.a[1]);
    if (Math.min(dx, dy) > 0.15 * Math.max(dx, dy)) continue;
    if (pointSegmentDistance(c.center, l.a, l.b) > 0.2 * r) continue;
    const u: Point = [(l.b[0] - l.a[0]) / len, (l.b[1] - l.a[1]) / len];
    const along = (p: Point) => (p[0] - c.center[0]) * u[0] + (p[1] - c.center[1]) * u[1];
    const [left, right] = along(l.a) <= along(l.b) ? [l.a, l.b] : [l.b, l.a];
    const leftReach = -along(left);
    const rightReach = along(right);
    if (leftReach < 0.75 * r || rightReach < 0.75 * r) continue;
    if (onRim(left) && onRim(right)) return true;
    if (
      !onRim(left) &&
      !onRim(right) &&
      Math.abs(leftReach - rightReach) <= 0.15 * r &&
      Math.max(leftReach, rightReach) <= 2.6 * r
    )
      return true;
    if (onRim(left) !== onRim(right)) {
      const farReach = onRim(left) ? rightReach : leftReach;
      if (farReach > 1.25 * r) return true;
    }
  }
  return false;
}

/**
 * A filled shape touching the circle from outside; its farthest point gives the direction.
 * POINTER IN PIECES: some exports fill a pointer as a strip of slivers (solid hatch written as
 * triangles); the filled pieces standing on the rim outside the circle are then taken together.
 */
export function directionMarker(
  scene: Scene,
  c: Circle,
  fills: GridIndex<Subpath>,
): { direction: Direction; tip: Point; bbox: BBox } | null {
  const r = innerRadius(c);
  let best: { direction: Direction; tip: Point; bbox: BBox; reach: number } | null = null;
  const reachBox: BBox = [c.center[0] - 2.6 * r, c.center[1] - 2.6 * r, c.center[0] + 2.6 * r, c.center[1] + 2.6 * r];
  const consider = (points: readonly Point[], bbox: BBox) => {
    let tip = points[0]!;
    for (const p of points) if (dist(p, c.center) > dist(tip, c.center)) tip = p;
    const reach = dist(tip, c.center);
    if (reach < 1.1 * r || reach > 3 * r) return;
    const vx = tip[0] - c.center[0];
    const vy = tip[1] - c.center[1];
    const direction: Direction = Math.abs(vx) >= Math.abs(vy) ? (vx > 0 ? 'right' : 'left') : vy > 0 ? 'down' : 'up';
    if (!best || reach > best.reach) best = { direction, tip, bbox, reach };
  };
  const pieces: Subpath[] = [];
  let crowd = 0;
  for (const sp of fills.query(reachBox)) {
    if (sp === c.sub) continue;
    const [x1, y1, x2, y2] = sp.bbox;
    const size = Math.max(x2 - x1, y2 - y1);
    const centroid: Point = [(x1 + x2) / 2, (y1 + y2) / 2];
    const d = dist(centroid, c.center);
    // A piece of a pointer stands outside the circle: some point of it lies beyond the rim.
    if (
      size <= 2.5 * r &&
      x1 >= reachBox[0] &&
      x2 <= reachBox[2] &&
      y1 >= reachBox[1] &&
      y2 <= reachBox[3] &&
      sp.points.some((p) => dist(p, c.center) > 1.05 * r) &&
      ++crowd <= 400
    )
      pieces.push(sp);
    if (size < 0.3 * r || size > 2.5 * r) continue;
    if (d < 0.6 * r || d > 2.2 * r) continue;
    // A marker sits on the outline: at least two of its corners touch it.
    if (sp.points.filter((p) => rimDistance(c, p) < 0.2 * r).length < 2) continue;
    consider(sp.points, sp.bbox);
  }
  if (pieces.length >= 2 && crowd <= 400) {
    // The pieces that touch one another, grown from those standing on the rim, make one pointer each.
    const touch = (a: BBox, b: BBox) =>
      a[0] <= b[2] + 0.5 && b[0] <= a[2] + 0.5 && a[1] <= b[3] + 0.5 && b[1] <= a[3] + 0.5;
    const used = new Set<Subpath>();
    for (const seed of pieces) {
      if (used.has(seed) || !seed.points.some((p) => rimDistance(c, p) < 0.2 * r)) continue;
      const cluster = [seed];
      used.add(seed);
      for (let k = 0; k < cluster.length; k++) {
        for (const other of pieces)
          if (!used.has(other) && touch(cluster[k]!.bbox, other.bbox)) {
            used.add(other);
            cluster.push(other);
          }
      }
      if (cluster.length < 2) continue;
      const box = unionAll(cluster.map((sp) => sp.bbox));
      if (Math.max(box[2] - box[0], box[3] - box[1]) >= 0.6 * r)
        consider(
          cluster.flatMap((sp) => sp.points),
          box,
        );
    }
  }
  return best;
}

/** The longest line leaving the tag: it starts near the circle (or marker) and runs at least four radii. */
export function sectionLine(scene: Scene, c: Circle, anchor: Point[]): { start: Point; end: Point } | null {
  const r = c.radius;
  const reach = 3.2 * r;
  const box: BBox = [c.center[0] - reach, c.center[1] - reach, c.center[0] + reach, c.center[1] + reach];
  let best: { start: Point; end: Point; len: number } | null = null;
  for (const l of scene.lineIndex.query(box)) {
    const len = dist(l.a, l.b);
    if (len < 4 * r) continue;
    for (const [near, far] of [
      [l.a, l.b],
      [l.b, l.a],
    ] as const) {
      const d = Math.min(...[c.center, ...anchor].map((p, i) => dist(near, p) - (i === 0 ? r : 0)));
      if (d > 2 * r) continue;
      if (dist(far, c.center) < dist(near, c.center)) continue;
      if (!best || len > best.len) best = { start: near, end: far, len };
    }
  }
  return best && { start: best.start, end: best.end };
}

/**
 * A type tag (window, wall or partition type: W over 2, M over 12) is drawn like a
 * detail tag but names a type, not a view on a sheet: a bare letter over a bare
 * number. A detail or section tag's lower half is a sheet reference (A1.1, SN2, 5).
 * Only readable where there is a text layer.
 */
export function isTypeTag(texts: readonly TextRef[]): boolean {
  return texts.length === 2 && /^[A-Z]{1,2}$/.test(texts[0]!.text) && /^\d{1,3}$/.test(texts[1]!.text);
}

/**
 * MEASUREMENT INSIDE: a circle whose only text is a measurement (90°, 12'-6", Ø40,
 * 25 mm) is a round part with a dimension across it (a Tekla pipe section, say), not a
 * tag: a view id and a sheet reference are never measurements.
 */
const MEASUREMENT = /[°'"Ø⌀]|\d\s*(mm|cm|m)$/i;
export const isMeasurement = (texts: readonly TextRef[]) =>
  texts.length > 0 && texts.every((t) => MEASUREMENT.test(t.text));

/**
 * A tombstone tag: a half circle standing on a box of the same width (the view id
 * in the arch, the sheet reference in the box), as US building-section markers are
 * drawn at the ends of their cut lines. The arch is one subpath of one to four
 * curves (optionally closed by its diameter) whose points lie on a half circle
 * above the chord; the box's sides drop from the chord's ends.
 */
export function findTombstones(scene: Scene): { circle: Circle; bbox: BBox }[] {
  const out: { circle: Circle; bbox: BBox }[] = [];
  for (const sp of scene.subpaths) {
    const curves = sp.segs.filter((q) => q.kind === 'curve');
    if (curves.length < 1 || curves.length > 4 || sp.segs.length > 6) continue;
    const first = curves[0]!.a;
    const last = curves[curves.length - 1]!.b;
    const r = Math.abs(last[0] - first[0]) / 2;
    if (r < 2 || r > 90 || Math.abs(last[1] - first[1]) > 0.1 * r) continue;
    const centre: Point = [(first[0] + last[0]) / 2, (first[1] + last[1]) / 2];
    const pts = curves.flatMap((q) => (q.kind === 'curve' ? flattenCubic(q.a, q.c1, q.c2, q.b, 4) : []));
    if (pts.some((p) => Math.abs(dist(p, centre) - r) > 0.08 * r || p[1] > centre[1] + 0.1 * r)) continue;
    if (!pts.some((p) => p[1] < centre[1] - 0.9 * r)) continue;
    // The box's sides: vertical lines dropping from both ends of the chord.
    const drop = (x: number) => {
      let bottom = -Infinity;
      for (const l of scene.lineIndex.query([x - 0.1 * r, centre[1], x + 0.1 * r, centre[1] + 2 * r])) {
        if (Math.abs(l.a[0] - x) > 0.1 * r || Math.abs(l.b[0] - x) > 0.1 * r) continue;
        const [top, low] = l.a[1] <= l.b[1] ? [l.a[1], l.b[1]] : [l.b[1], l.a[1]];
        if (Math.abs(top - centre[1]) < 0.1 * r && low - top >= 0.6 * r) bottom = Math.max(bottom, low);
      }
      return bottom;
    };
    const bottom = Math.min(drop(first[0]), drop(last[0]));
    if (!Number.isFinite(bottom) || bottom > centre[1] + 2 * r) continue;
    const bbox: BBox = [centre[0] - r, centre[1] - r, centre[0] + r, bottom];
    if (out.some((o) => dist(o.circle.center, centre) < 0.2 * r)) continue;
    out.push({ circle: { center: centre, radius: r, sub: sp }, bbox });
  }
  return out;
}

/**
 * SIZED TO ITS LETTERING: a hexagon or square is a tag only when it holds a line above its
 * divider and a line below, and is drawn just big enough for them (inscribed radius at most
 * four text heights). Square rooms, cells and boxes are drawn square for what they enclose,
 * with a name, a number and finishes inside, or one word. Only readable where there is a text layer.
 */
function sizedToLettering(scene: Scene, c: Circle, texts: readonly TextRef[]): boolean {
  const runs = texts.map((t) => scene.texts[t.id]!);
  const above = runs.some((t) => (t.bbox[1] + t.bbox[3]) / 2 < c.center[1]);
  const below = runs.some((t) => (t.bbox[1] + t.bbox[3]) / 2 > c.center[1]);
  const tallest = Math.max(0, ...runs.map((t) => t.bbox[3] - t.bbox[1]));
  return above && below && innerRadius(c) <= 4 * tallest;
}

export function findTags(
  scene: Scene,
  circles: readonly Circle[],
  dashedBoxes: readonly BBox[],
): { sections: SectionTag[]; details: DetailTag[] } {
  const fills = new GridIndex<Subpath>(48);
  for (const sp of scene.subpaths)
    if (sp.path.fill && sp.segs.length >= 2 && sp.segs.length <= 12) fills.insert(sp.bbox, sp);
  const sections: SectionTag[] = [];
  const details: DetailTag[] = [];
  const seen: Circle[] = [];
  for (const c of circles) {
    // The same circle stroked and filled, or drawn twice, counts once.
    if (seen.some((s) => dist(s.center, c.center) < 0.2 * c.radius && Math.abs(s.radius - c.radius) < 0.2 * c.radius))
      continue;
    const divided = hasDivider(scene, c);
    // A plain circle is a callout only when its lettering says so (VIEW OVER SHEET), readable here with a text layer.
    if (!divided && !scene.hasTextLayer) continue;
    const texts = textsInCircle(scene, c);
    if (!divided && !(isViewOverSheet(texts) && sizedToLettering(scene, c, texts))) continue;
    seen.push(c);
    // With a text layer, a tag carries its identifier as text; an empty divided circle is a symbol (a north arrow, say).
    // TWO LINES AT MOST: a callout letters its view over its sheet (PSPC Annex B 2.1-2.4; the X1 | X2 form puts two
    // sheet numbers side by side below); a round room, a plan symbol or a table cell holds more.
    if (scene.hasTextLayer && (texts.length === 0 || texts.length > 3 || isTypeTag(texts) || isMeasurement(texts)))
      continue;
    if (scene.hasTextLayer && c.outline && !sizedToLettering(scene, c, texts)) continue;
    if (scene.hasTextLayer && isGridBubble(scene, c, texts)) continue;
    const circleBox = outlineBox(c);
    const marker = directionMarker(scene, c, fills);
    if (marker) {
      const line = sectionLine(scene, c, [marker.tip]);
      sections.push({
        circle: c,
        bbox: unionAll([circleBox, marker.bbox]),
        texts,
        direction: marker.direction,
        sectionLine: line ?? { start: marker.tip, end: marker.tip },
      });
    } else {
      const near = 8 * c.radius;
      const hasDashedBbox = dashedBoxes.some(
        (b) =>
          Math.max(0, b[0] - circleBox[2], circleBox[0] - b[2]) < near &&
          Math.max(0, b[1] - circleBox[3], circleBox[1] - b[3]) < near,
      );
      details.push({ circle: c, bbox: circleBox, texts, hasDashedBbox });
    }
  }
  for (const t of findTombstones(scene)) {
    const texts = scene.texts
      .map((run, id) => ({ run, id }))
      .filter(({ run }) => containsBox(t.bbox, run.bbox, 0.5))
      .sort((a, b) => a.run.bbox[1] - b.run.bbox[1] || a.run.bbox[0] - b.run.bbox[0])
      .map(({ run, id }) => ({ id, text: run.str.trim() }));
    if (scene.hasTextLayer && texts.length < 2) continue;
    // No pointer: the cut line leaving the marker is what makes it a section; it points where the line runs.
    const line = sectionLine(scene, t.circle, [
      [t.bbox[0], t.bbox[3]],
      [t.bbox[2], t.bbox[3]],
      [t.bbox[0], t.circle.center[1]],
      [t.bbox[2], t.circle.center[1]],
    ]);
    if (!line) {
      details.push({ circle: t.circle, bbox: t.bbox, texts, hasDashedBbox: false });
      continue;
    }
    const vx = line.end[0] - line.start[0];
    const vy = line.end[1] - line.start[1];
    const direction: Direction = Math.abs(vx) >= Math.abs(vy) ? (vx > 0 ? 'right' : 'left') : vy > 0 ? 'down' : 'up';
    sections.push({ circle: t.circle, bbox: t.bbox, texts, direction, sectionLine: line });
  }
  return { sections, details };
}
