import type { Point } from '../../../core/geometry/types.ts';
import { dist } from '../../../core/geometry/vec.ts';

/** Snaps nearby end points (within tol) to one node id. */
export class PointSnapper {
  private readonly cells = new Map<number, { p: Point; id: number }[]>();
  private next = 0;
  private readonly tol: number;
  constructor(tol: number) {
    this.tol = tol;
  }
  id(p: Point): number {
    const cx = Math.floor(p[0] / this.tol);
    const cy = Math.floor(p[1] / this.tol);
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (const n of this.cells.get((cx + dx) * 1_000_003 + (cy + dy)) ?? [])
          if (dist(n.p, p) <= this.tol) return n.id;
      }
    }
    const id = this.next++;
    const key = cx * 1_000_003 + cy;
    const list = this.cells.get(key) ?? [];
    list.push({ p, id });
    this.cells.set(key, list);
    return id;
  }
}
