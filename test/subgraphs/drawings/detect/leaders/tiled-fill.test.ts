// TILED FILL and HEAD IN HALVES (arrowheads.ts): a solid fill written as a mesh of filled triangles
// (a grey profile, a solid hatch) is no field of arrowheads, and its seams are no shaft; a solid
// head written as its two halves, either side of its axis, is one head with its tip at the apex.
import { expect, it } from 'vitest';
import type { PathGeom, Point } from '../../../../../core/geometry/types.ts';
import { filler, line, path, text } from '../build-paths.ts';
import { analyzePage } from '../../../../../subgraphs/drawings/detect/analyze.ts';
import { buildScene } from '../../../../../subgraphs/drawings/detect/scene.ts';
import { findArrowheads } from '../../../../../subgraphs/drawings/detect/leaders/arrowheads.ts';

const solid = { fill: true, stroke: true };
const tri = (a: Point, b: Point, c: Point) => path([['M', a], ['L', b], ['L', c], ['Z']], solid);

/** A strip `x0`–`x0 + 40` by 8 pt filled as slender triangles: each 1 pt column split corner to corner. */
function mesh(x0: number, y0: number): PathGeom[] {
  const out: PathGeom[] = [];
  for (let x = x0; x < x0 + 40; x += 1)
    out.push(tri([x, y0], [x + 1, y0], [x + 1, y0 + 8]), tri([x, y0], [x + 1, y0 + 8], [x, y0 + 8]));
  return out;
}

/** A head pointing left at `tip`, 4.4 pt long, filled as its two halves (AutoCAD's solid head as exported). */
const halves = (tip: Point): PathGeom[] => [
  tri(tip, [tip[0] + 4.4, tip[1]], [tip[0] + 4.4, tip[1] - 1.1]),
  tri(tip, [tip[0] + 4.4, tip[1] + 1.1], [tip[0] + 4.4, tip[1]]),
];

it('finds no arrowheads in a fill written as a mesh of slender triangles', () => {
  const scene = buildScene({ width: 400, height: 300, paths: mesh(100, 100), texts: filler });
  expect(findArrowheads(scene)).toEqual([]);
});

it('takes a head filled as two halves for one head, its tip at the apex, and a leader from a note to it', () => {
  const tip: Point = [150, 200];
  const r = analyzePage({
    width: 400,
    height: 300,
    paths: [...halves(tip), line([154.4, 200], [240, 200])],
    texts: [...filler, text('25 x 40mm PACKER', 244, 203)],
  });
  expect(r.annotations.leaders.map((l) => l.arrow_tip)).toEqual([tip]);
});

it('follows a shaft across a meshed fill to a head inside it (the seams are no shaft and no heap)', () => {
  const tip: Point = [120, 104];
  const r = analyzePage({
    width: 400,
    height: 300,
    paths: [...mesh(100, 100), ...halves(tip), line([124.4, 104], [240, 104])],
    texts: [...filler, text('QL25TL FRAME', 244, 107)],
  });
  expect(r.annotations.leaders.map((l) => l.arrow_tip)).toEqual([tip]);
});

it('keeps a lone filled head beside a mesh a head (a side in common makes a tile, nearness does not)', () => {
  const scene = buildScene({
    width: 400,
    height: 300,
    paths: [...mesh(100, 100), tri([150, 104], [157, 102], [157, 106])],
    texts: filler,
  });
  expect(findArrowheads(scene).map((h) => h.tip)).toEqual([[150, 104]]);
});
