// Revision deltas: a stroked, nearly equilateral triangle with the revision
// mark inside. Slender or filled triangles are arrowheads and markers. Some
// programs (Tekla) draw the delta as an isosceles right triangle; such a
// triangle counts only beside a revision cloud with a one- or two-character
// mark inside, where nothing else could be meant (keynote and wall-type
// triangles are not tied to clouds).
//
// REVISION MARK: the mark inside a delta is a revision number or a revision letter
// alone (1, 12, A, B); a letter with a number (A3, 4B, W2) names a wall or partition
// type, so a triangle holding one is a type tag. REVISION IN CONTEXT (context.ts): a
// delta counts only beside a cloud or with its number in the revision block; on pages
// without a text layer the block cannot be read, so there it needs its cloud, and the
// lettering pass (../lettering-pass.ts) reads its mark.
import type { BBox, Point } from '../../../../core/geometry/types.ts';
import { center } from '../../../../core/geometry/bbox.ts';
import { dist, spread } from '../../../../core/geometry/vec.ts';
import type { Scene } from '../scene.ts';
import { endpointIndex } from '../endpoints.ts';
import { besideCloud as nearCloud, inRevisionContext, type RevisionContext } from './context.ts';

export interface RevisionTriangle {
  vertices: [Point, Point, Point];
  bbox: BBox;
  text: string;
}

function inside(p: Point, [a, b, c]: [Point, Point, Point]): boolean {
  const s = (p1: Point, p2: Point, p3: Point) => (p1[0] - p3[0]) * (p2[1] - p3[1]) - (p2[0] - p3[0]) * (p1[1] - p3[1]);
  const d1 = s(p, a, b);
  const d2 = s(p, b, c);
  const d3 = s(p, c, a);
  return !((d1 < 0 || d2 < 0 || d3 < 0) && (d1 > 0 || d2 > 0 || d3 > 0));
}

/** Corners closer than this are one vertex. */
const JOIN = 0.4;

/** Three separate lines meeting end to end (how some CAD exports draw a delta), each found once from its first line. */
function lineTriangles(scene: Scene): [Point, Point, Point][] {
  const lines = scene.lines;
  const index = endpointIndex(scene);
  // Deltas are outlines; filled triangles are arrowheads and direction markers.
  const side = (i: number) => {
    const l = lines[i]!;
    const len = dist(l.a, l.b);
    return len >= 5 && len <= 60 && scene.subpaths[l.sub]!.path.stroke;
  };
  const other = (i: number, p: Point) => (dist(lines[i]!.a, p) < JOIN ? lines[i]!.b : lines[i]!.a);
  const out: [Point, Point, Point][] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!side(i)) continue;
    const { a, b } = lines[i]!;
    const found = new Set<number>();
    // The side leaving b, then the side from its far corner back to a; both later in the list than i.
    index.near(b, JOIN, (j) => {
      if (j <= i || !side(j)) return;
      const c = other(j, b);
      if (dist(c, a) < JOIN || dist(c, b) < JOIN) return;
      index.near(c, JOIN, (k) => {
        if (k <= i || k === j || found.has(j * 1e7 + k) || !side(k) || dist(other(k, c), a) >= JOIN) return;
        found.add(j * 1e7 + k);
        out.push([a, b, c]);
      });
    });
  }
  return out;
}

/** Closed three-corner outlines drawn as one subpath, or as three lines. */
function triangles(scene: Scene): [Point, Point, Point][] {
  const out: [Point, Point, Point][] = lineTriangles(scene);
  for (const sp of scene.subpaths) {
    if (sp.segs.some((s) => s.kind === 'curve') || !sp.path.stroke) continue;
    const pts: Point[] = [];
    // Distinct corners, stopping at a fourth: a long polyline is no triangle, and comparing each
    // of its points with all the others would cost the square of its length.
    for (const p of sp.points) {
      if (!pts.some((q) => dist(p, q) < 0.1)) pts.push(p);
      if (pts.length > 3) break;
    }
    if (pts.length === 3 && (sp.closed || dist(sp.points[0]!, sp.points[sp.points.length - 1]!) < 0.5))
      out.push(pts as [Point, Point, Point]);
  }
  return out;
}

/** Two sides equal (within 8 %) and the angle between them from 60° to 100°: a delta drawn as a right or obtuse-apex triangle. */
function isIsoscelesDelta(sides: readonly number[]): boolean {
  const s = [...sides].sort((a, b) => a - b);
  for (const [legA, legB, base] of [
    [s[0]!, s[1]!, s[2]!],
    [s[1]!, s[2]!, s[0]!],
  ]) {
    if (Math.abs(legA - legB) > 0.08 * legB) continue;
    const leg = (legA + legB) / 2;
    const apex = 2 * Math.asin(Math.min(1, base / (2 * leg)));
    if (apex >= Math.PI / 3 - 0.05 && apex <= (100 * Math.PI) / 180) return true;
  }
  return false;
}

/** A revision designation as some offices letter it beside a cloud: a short word and number (ASI 1, ADD 2, BUL-3). */
const REVISION_DESIGNATION = /^[A-Z]{0,4}[\s#.-]*\d{0,3}$/i;

/** REVISION MARK: empty (not readable), digits alone or one or two letters alone. */
export function isRevisionMark(text: string): boolean {
  return text === '' || /^\d{1,3}$/.test(text) || /^[A-Z]{1,2}$/i.test(text);
}

export function findRevisionTriangles(scene: Scene, context: RevisionContext): RevisionTriangle[] {
  const out: RevisionTriangle[] = [];
  for (const tri of triangles(scene)) {
    const sides = [dist(tri[0], tri[1]), dist(tri[1], tri[2]), dist(tri[2], tri[0])];
    const { mean, cv } = spread(sides);
    if (mean < 5 || mean > 60) continue;
    const xs = tri.map((p) => p[0]);
    const ys = tri.map((p) => p[1]);
    const bbox: BBox = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
    if (out.some((t) => dist(center(t.bbox), center(bbox)) < 0.2 * mean)) continue;
    // Runs near the triangle from the page's text index (not a scan of every run per candidate:
    // hatch yields thousands of candidates on a dense sheet), in the text layer's order.
    const text = [...scene.textIndex.query(bbox)]
      .sort((a, b) => a - b)
      .map((i) => scene.texts[i]!)
      .filter((t) => inside(center(t.bbox), tri))
      .map((t) => t.str.trim())
      .join(' ');
    const besideCloud = nearCloud(context, bbox, mean);
    // Beside its cloud a delta may carry a longer designation (ASI 1, ADD 2, BUL 3): the cloud says what it is.
    if (!isRevisionMark(text) && !(besideCloud && REVISION_DESIGNATION.test(text))) continue;
    if (!inRevisionContext(context, bbox, mean, text)) continue;
    if (cv > 0.08) {
      if (!besideCloud || !/^[A-Z0-9]{1,2}$/i.test(text) || !isIsoscelesDelta(sides)) continue;
    }
    out.push({ vertices: tri, bbox, text });
  }
  return out;
}
