// KEYNOTE SYMBOL: a leader may start from a keynote number in a circle, hexagon, square or
// diamond (the NCS keynote symbols); a bare number with no symbol round it stays a dimension value.
import { expect, it } from 'vitest';
import type { PathGeom, Point, TextRun } from '../../../../../core/geometry/types.ts';
import { path } from '../build-paths.ts';
import { analyzePage } from '../../../../../subgraphs/drawings/detect/analyze.ts';

const line = (a: Point, b: Point) =>
  path([
    ['M', a],
    ['L', b],
  ]);
const text = (str: string, x: number, y: number, size = 6): TextRun => ({
  str,
  bbox: [x, y - size, x + size * 0.6 * str.length, y],
  size,
  angle: 0,
});
const filler = [
  text('PLAN', 20, 20),
  text('NOTE', 20, 40),
  text('WALL', 20, 60),
  text('ROOF', 20, 80),
  text('BEAM', 20, 300),
];
const head = (tip: Point): PathGeom =>
  path([['M', tip], ['L', [tip[0] - 7, tip[1] - 2]], ['L', [tip[0] - 7, tip[1] + 2]], ['Z']], {
    fill: true,
    stroke: false,
  });
/** A diamond (a square on its corner) round `c`, half-diagonal `h`. */
const diamond = (c: Point, h: number): PathGeom =>
  path([['M', [c[0], c[1] - h]], ['L', [c[0] + h, c[1]]], ['L', [c[0], c[1] + h]], ['L', [c[0] - h, c[1]]], ['Z']]);

it('takes an arrow from a numbered keynote diamond for a leader, and not one from a bare number', () => {
  const withDiamond = [diamond([100, 100], 9), line([109, 100], [200, 100]), head([200, 100])];
  const bare = [line([109, 200], [200, 200]), head([200, 200])];
  const r = analyzePage({
    width: 600,
    height: 400,
    paths: [...withDiamond, ...bare],
    texts: [...filler, text('12', 96.4, 103), text('12', 96.4, 203)],
  });
  expect(r.annotations.leaders.map((l) => l.arrow_tip)).toEqual([[200, 100]]);
});
