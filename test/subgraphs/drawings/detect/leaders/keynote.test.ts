// KEYNOTE SYMBOL: a leader may start from a keynote number in a circle, hexagon, square or
// diamond (the NCS keynote symbols); a bare number with no symbol round it stays a dimension value.
import { expect, it } from 'vitest';
import type { PathGeom, Point } from '../../../../../core/geometry/types.ts';
import { filler, line, path, text } from '../build-paths.ts';
import { analyzePage } from '../../../../../subgraphs/drawings/detect/analyze.ts';

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
