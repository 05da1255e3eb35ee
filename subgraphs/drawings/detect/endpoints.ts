// Line end points in a hashed grid, stored flat: one pass counts each bucket, one fills
// it, so a sheet of 90,000 lines costs two typed arrays instead of a map of 150,000 small
// arrays (their garbage was a sixth of the analysis time on the dense Q-CAD sheets).
// Built once per scene; the leader, arrowhead and delta searches ask it which lines end
// near a point hundreds of thousands of times without allocating.
import type { Point } from '../../../core/geometry/types.ts';
import type { Scene } from './scene.ts';

/** Cell size in points: the widest join tolerance asked for (a query reaches the 3 × 3 cells around it). */
export const ENDPOINT_CELL = 0.5;

/**
 * A HEAP IS NO JOIN: a walk looks at no more than this many line ends around one point by
 * default. A joint is two to eight ends, and the cells around it hold up to about thirty
 * where stroked lettering is dense (the synthetic sheets' worst); more is a heap (a fan of
 * strokes from one point, a hostile pile) that no detector means. It bounds each walk's
 * cost: a heap of n ends would otherwise cost n for each of its n lines.
 */
export const CROWDED_ENDS = 64;

const hash = (cx: number, cy: number, mask: number) => (Math.imul(cx, 73_856_093) ^ Math.imul(cy, 19_349_663)) & mask;

export class EndpointIndex {
  private readonly start: Int32Array;
  private readonly items: Int32Array;
  private readonly mask: number;
  private readonly lines: Scene['lines'];
  private readonly cell: number;

  /** `cell`: the widest join tolerance the index will be asked for (ENDPOINT_CELL for the scene's own). */
  constructor(lines: Scene['lines'], cell = ENDPOINT_CELL) {
    this.lines = lines;
    this.cell = cell;
    let buckets = 1;
    while (buckets < 4 * lines.length) buckets *= 2;
    this.mask = buckets - 1;
    const keys = new Int32Array(2 * lines.length);
    const count = new Int32Array(buckets + 1);
    for (let i = 0; i < lines.length; i++) {
      const l = lines[i]!;
      keys[2 * i] = hash(Math.floor(l.a[0] / cell), Math.floor(l.a[1] / cell), this.mask);
      keys[2 * i + 1] = hash(Math.floor(l.b[0] / cell), Math.floor(l.b[1] / cell), this.mask);
      count[keys[2 * i]! + 1]!++;
      count[keys[2 * i + 1]! + 1]!++;
    }
    for (let b = 0; b < buckets; b++) count[b + 1]! += count[b]!;
    this.start = count.slice();
    this.items = new Int32Array(2 * lines.length);
    for (let k = 0; k < keys.length; k++) this.items[count[keys[k]!]!++] = k >> 1;
  }

  /**
   * Calls `visit` with the index (into the index's lines) of each line having an end point
   * within `within` (at most the cell size) of p. A line may be visited twice (both ends
   * near p, or two cells sharing a bucket); `visit` returning true stops the walk.
   * `budget` bounds the end points looked at (CROWDED_ENDS unless said); returns false when
   * it ran out first: a crowded spot, where what was visited is not all there is.
   */
  near(p: Point, within: number, visit: (line: number) => boolean | void, budget = CROWDED_ENDS): boolean {
    const cx = Math.floor(p[0] / this.cell);
    const cy = Math.floor(p[1] / this.cell);
    const w2 = within * within;
    const seen: number[] = [];
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        const b = hash(cx + dx, cy + dy, this.mask);
        if (seen.includes(b)) continue;
        seen.push(b);
        for (let k = this.start[b]!; k < this.start[b + 1]!; k++) {
          if (--budget < 0) return false;
          const i = this.items[k]!;
          const l = this.lines[i]!;
          const da = (l.a[0] - p[0]) ** 2 + (l.a[1] - p[1]) ** 2;
          const db = (l.b[0] - p[0]) ** 2 + (l.b[1] - p[1]) ** 2;
          if ((da < w2 || db < w2) && visit(i) === true) return true;
        }
      }
    }
    return true;
  }

  /**
   * near() for a reach wider than the cell: every cell the disc around p touches is looked at
   * (a bucket two cells share may be walked twice, so `visit` may see a line more than twice).
   * Returns false when `budget` end points ran out first.
   */
  around(p: Point, within: number, visit: (line: number) => void, budget: number): boolean {
    const r = Math.ceil(within / this.cell);
    const cx = Math.floor(p[0] / this.cell);
    const cy = Math.floor(p[1] / this.cell);
    const w2 = within * within;
    for (let dx = -r; dx <= r; dx++) {
      for (let dy = -r; dy <= r; dy++) {
        const b = hash(cx + dx, cy + dy, this.mask);
        for (let k = this.start[b]!; k < this.start[b + 1]!; k++) {
          if (--budget < 0) return false;
          const i = this.items[k]!;
          const l = this.lines[i]!;
          if ((l.a[0] - p[0]) ** 2 + (l.a[1] - p[1]) ** 2 < w2 || (l.b[0] - p[0]) ** 2 + (l.b[1] - p[1]) ** 2 < w2)
            visit(i);
        }
      }
    }
    return true;
  }
}

const indexes = new WeakMap<Scene, EndpointIndex>();

/** The scene's end-point index, built on first use. */
export function endpointIndex(scene: Scene): EndpointIndex {
  let index = indexes.get(scene);
  if (!index) indexes.set(scene, (index = new EndpointIndex(scene.lines)));
  return index;
}
