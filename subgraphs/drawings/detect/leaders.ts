// Leaders: a line or polyline (up to four segments) that ends in an arrowhead
// and starts at a note. Lines with an arrowhead at both ends are dimensions.
import type { BBox, Point } from '../geometry/types.ts';
import { expand, unionAll } from '../geometry/bbox.ts';
import { angleBetween, dist, sub } from '../geometry/vec.ts';
import type { Arrowhead } from './arrowheads.ts';
import type { Scene, Seg } from './scene.ts';
import { textBlockNear, type TextRef } from './texts.ts';
import { strokedTextNear } from './stroked-text.ts';

export interface Leader {
  arrowTip: Point;
  bbox: BBox;
  textBbox: BBox;
  texts: TextRef[];
}

type Line = Extract<Seg, { kind: 'line' }>;

/** The line leaving the arrowhead: it ends at the tip (or inside the head) and runs away from the heading. */
function firstLine(scene: Scene, head: Arrowhead): { line: Line; far: Point } | null {
  const reach = Math.max(2, (head.bbox[2] - head.bbox[0] + head.bbox[3] - head.bbox[1]) / 2);
  let best: { line: Line; far: Point; len: number } | null = null;
  for (const l of scene.lineIndex.query(expand(head.bbox, 1))) {
    if (head.parts.has(l)) continue;
    for (const [near, far] of [[l.a, l.b], [l.b, l.a]] as const) {
      if (dist(near, head.tip) > reach + 0.5) continue;
      const len = dist(near, far);
      if (len < 2 * reach) continue;
      // The line continues behind the arrowhead: opposite to its heading.
      if (head.heading && angleBetween(sub(far, near), [-head.heading[0], -head.heading[1]]) > (20 * Math.PI) / 180) continue;
      if (!best || len > best.len) best = { line: l, far, len };
    }
  }
  return best;
}

/** Follows connected segments from `from` for up to `max` more segments, returning the chain's far end. */
function follow(scene: Scene, start: Line, from: Point, max: number): { points: Point[]; used: Set<Line> } {
  const points: Point[] = [from];
  const used = new Set<Line>([start]);
  let cur = start.a === from ? start.b : start.a;
  points.push(cur);
  for (let i = 0; i < max; i++) {
    const next = [...scene.lineIndex.query(expand([cur[0], cur[1], cur[0], cur[1]], 0.6))].filter(
      (l) => !used.has(l) && (dist(l.a, cur) < 0.5 || dist(l.b, cur) < 0.5),
    );
    if (next.length !== 1) break;
    const l = next[0]!;
    used.add(l);
    cur = dist(l.a, cur) < 0.5 ? l.b : l.a;
    points.push(cur);
  }
  return { points, used };
}

export function findLeaders(scene: Scene, heads: readonly Arrowhead[], exclude: readonly BBox[]): Leader[] {
  const tips = heads.map((h) => h.tip);
  const out: Leader[] = [];
  for (const head of heads) {
    if (exclude.some((b) => head.tip[0] >= b[0] && head.tip[0] <= b[2] && head.tip[1] >= b[1] && head.tip[1] <= b[3])) continue;
    const first = firstLine(scene, head);
    if (!first) continue;
    const near = dist(first.line.a, head.tip) < dist(first.line.b, head.tip) ? first.line.a : first.line.b;
    const chain = follow(scene, first.line, near, 3);
    const end = chain.points[chain.points.length - 1]!;
    // A leader reaches well beyond its own arrowhead; shorter strokes are parts of glyphs and symbols.
    let length = 0;
    for (let i = 1; i < chain.points.length; i++) length += dist(chain.points[i - 1]!, chain.points[i]!);
    const headSize = Math.max(head.bbox[2] - head.bbox[0], head.bbox[3] - head.bbox[1]);
    if (length < Math.max(12, 3 * headSize)) continue;
    // An arrowhead at the other end too makes it a dimension line.
    if (tips.some((t) => t !== head.tip && dist(t, end) < 1.5)) continue;
    const size = 12;
    const endBox: BBox = [end[0], end[1], end[0], end[1]];
    // Stroke clusters stand in for notes only on pages without a text layer; elsewhere they are hatch and symbols.
    const block = textBlockNear(scene, endBox, 2 * size) ?? (scene.hasTextLayer ? null : strokedTextNear(scene, endBox, 2 * size, chain.used));
    if (!block || (block.bbox[0] <= head.tip[0] && head.tip[0] <= block.bbox[2] && block.bbox[1] <= head.tip[1] && head.tip[1] <= block.bbox[3])) continue;
    const xs = chain.points.map((p) => p[0]);
    const ys = chain.points.map((p) => p[1]);
    // One arrowhead can be seen twice (a filled triangle's edges also meet like an open head).
    if (out.some((l) => dist(l.arrowTip, head.tip) < 2)) continue;
    out.push({
      arrowTip: head.tip,
      bbox: unionAll([head.bbox, [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)]]),
      textBbox: block.bbox,
      texts: block.texts,
    });
  }
  return out;
}
