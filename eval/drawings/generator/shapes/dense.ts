/**
 * Volume: tens of thousands of tiny hatch paths, like a Revit→Bluebeam export
 * that wraps each path in its own save/transform/restore. It exists to make a
 * detector prove it streams half a million operators without choking, while
 * a few real annotations sit among them.
 */
import type { DrawContext } from '../context.ts';
import type { Box, Point } from '../geometry.ts';
import { inflate, polar } from '../geometry.ts';
import type { Placer } from '../layout.ts';
import type { Path } from '../pen.ts';
import type { Rng } from '../prng.ts';

/** Draws about `paths` short zig-zag paths in free cells of the area; returns how many it drew. */
export function denseHatch(ctx: DrawContext, placer: Placer, rng: Rng, u: number, paths: number): number {
  const cell = 24 * u;
  // A path reaches at most 9u from its start, so cells keep that far from annotations.
  const reach = 9 * u;
  const [ax1, ay1, ax2, ay2] = placer.area;
  const free: Box[] = [];
  for (let y = ay1; y + cell <= ay2; y += cell) {
    for (let x = ax1; x + cell <= ax2; x += cell) {
      const b: Box = [x, y, x + cell, y + cell];
      if (!placer.hits(inflate(b, reach), ['annotation'])) free.push(b);
    }
  }
  if (free.length === 0 || paths <= 0) return 0;
  const style = { color: ctx.color('light-gray'), width: ctx.weights.fine };
  let drawn = 0;
  for (let i = 0; drawn < paths; i = (i + 1) % free.length) {
    const [x1, y1, x2, y2] = free[i] as Box;
    let p: Point = [rng.range(x1, x2), rng.range(y1, y2)];
    const path: Path = [{ op: 'M', p }];
    const segs = rng.int(1, 3);
    for (let s = 0; s < segs; s++) {
      p = polar(p, rng.range(1, 3) * u, rng.range(0, 2 * Math.PI));
      path.push({ op: 'L', p });
    }
    ctx.pen.stroke(path, style);
    drawn++;
  }
  return drawn;
}
