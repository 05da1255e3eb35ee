/**
 * Dashed lines in both encodings: a `d` dash pattern on one solid path, or the
 * pre-split collinear pieces almost every real export produces. The split form
 * is stretched so the last dash ends exactly at the end point, keeping the
 * line's true extent visible.
 */
import { add, length, mul, sub } from '../geometry.ts';
import type { Point } from '../geometry.ts';
import type { Path, Pen, StrokeStyle } from '../pen.ts';
import type { Rng } from '../prng.ts';
import type { DashMode } from '../styles.ts';

/** Splits the segment a→b by the on/off `pattern`; returns the "on" pieces. */
export function splitDashes(a: Point, b: Point, pattern: readonly number[]): [Point, Point][] {
  const total = length(sub(b, a));
  const period = pattern.reduce((s, v) => s + v, 0);
  const first = pattern[0] ?? total;
  const n = Math.max(0, Math.round((total - first) / period));
  const stretch = total / (n * period + first);
  const dir = mul(sub(b, a), 1 / total);
  const pieces: [Point, Point][] = [];
  let t = 0;
  let i = 0;
  while (t < total - 1e-9) {
    const len = (pattern[i % pattern.length] as number) * stretch;
    const end = Math.min(total, t + len);
    if (i % 2 === 0) pieces.push([add(a, mul(dir, t)), add(a, mul(dir, end))]);
    t = end;
    i++;
  }
  return pieces;
}

/**
 * Strokes a dashed polyline. Pre-split dashes go either into one path of many
 * subpaths or into one path each, as both occur in real files.
 */
export function strokeDashed(
  pen: Pen,
  points: readonly Point[],
  pattern: readonly number[],
  style: StrokeStyle,
  mode: DashMode,
  rng: Rng,
): void {
  if (mode === 'pattern') {
    const path: Path = points.map((p, i) => (i === 0 ? { op: 'M', p } : { op: 'L', p }));
    pen.stroke(path, { ...style, dash: [...pattern] });
    return;
  }
  const pieces: [Point, Point][] = [];
  for (let i = 1; i < points.length; i++)
    pieces.push(...splitDashes(points[i - 1] as Point, points[i] as Point, pattern));
  const solid = { ...style, dash: null };
  if (rng.chance(0.5)) {
    pen.stroke(
      pieces.flatMap(
        ([p, q]) =>
          [
            { op: 'M', p },
            { op: 'L', p: q },
          ] as Path,
      ),
      solid,
    );
  } else {
    for (const [p, q] of pieces)
      pen.stroke(
        [
          { op: 'M', p },
          { op: 'L', p: q },
        ],
        solid,
      );
  }
}
