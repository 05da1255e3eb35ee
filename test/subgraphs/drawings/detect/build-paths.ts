// Hand-built page geometry for the detector tests: paths in the form the
// operator walk produces them.
import type { PathGeom, Point, TextRun } from '../../../../core/geometry/types.ts';
import { CLOSE, CURVE, LINE, MOVE } from '../../../../core/geometry/types.ts';

export type Op = ['M' | 'L', Point] | ['C', Point, Point, Point] | ['Z'];

export function path(ops: Op[], style: Partial<PathGeom> = {}): PathGeom {
  const codes: number[] = [];
  const coords: number[] = [];
  for (const op of ops) {
    if (op[0] === 'Z') codes.push(CLOSE);
    else if (op[0] === 'C') {
      codes.push(CURVE);
      coords.push(...op[1], ...op[2], ...op[3]);
    } else {
      codes.push(op[0] === 'M' ? MOVE : LINE);
      coords.push(...op[1]);
    }
  }
  const xs = coords.filter((_, i) => i % 2 === 0);
  const ys = coords.filter((_, i) => i % 2 === 1);
  return {
    ops: codes,
    coords,
    stroke: true,
    fill: false,
    lineWidth: 0.5,
    dash: null,
    strokeColor: '#000000',
    fillColor: '#000000',
    bbox: [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)],
    ...style,
  };
}

/** A plain stroked line from a to b. */
export const line = (a: Point, b: Point) =>
  path([
    ['M', a],
    ['L', b],
  ]);
/** A text run of str with its baseline at y, in a monospace-like width. */
export const text = (str: string, x: number, y: number, size = 6): TextRun => ({
  str,
  bbox: [x, y - size, x + size * 0.6 * str.length, y],
  size,
  angle: 0,
});
/** Words around the sheet, so a page reads as lettered (the detectors need some text to size against). */
export const filler = [
  text('PLAN', 20, 20),
  text('NOTE', 20, 40),
  text('WALL', 20, 60),
  text('ROOF', 20, 80),
  text('BEAM', 20, 300),
];

/** A circle as four Bézier quarter arcs, as CAD programs write one. */
export function circle(c: Point, r: number, style: Partial<PathGeom> = {}): PathGeom {
  const k = 0.5523 * r;
  const [x, y] = c;
  const ops: Op[] = [
    ['M', [x + r, y]],
    ['C', [x + r, y + k], [x + k, y + r], [x, y + r]],
    ['C', [x - k, y + r], [x - r, y + k], [x - r, y]],
    ['C', [x - r, y - k], [x - k, y - r], [x, y - r]],
    ['C', [x + k, y - r], [x + r, y - k], [x + r, y]],
    ['Z'],
  ];
  return path(ops, style);
}
