// REVISION IN CONTEXT: a numbered triangle is a revision delta only beside a cloud or with its
// number in the title block's revision block; a wall-type triangle on a plan is neither.
import { describe, expect, it } from 'vitest';
import type { PathGeom, Point, TextRun } from '../../../../../core/geometry/types.ts';
import { path } from '../build-paths.ts';
import { buildScene } from '../../../../../subgraphs/drawings/detect/scene.ts';
import { findRevisionTriangles } from '../../../../../subgraphs/drawings/detect/revisions/triangles.ts';
import { revisionBlockMarks } from '../../../../../subgraphs/drawings/detect/revisions/context.ts';

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
  text('BEAM', 20, 100),
];
const delta = (c: Point, side = 16): PathGeom =>
  path([
    ['M', [c[0] - side / 2, c[1] + side * 0.3]],
    ['L', [c[0] + side / 2, c[1] + side * 0.3]],
    ['L', [c[0], c[1] - side * 0.57]],
    ['Z'],
  ]);
const mark = (c: Point, s: string) => text(s, c[0] - 1.8, c[1] + 2.5, 5);
/** A title block at the right with a revision block: REV heading and rows numbered 1 and 2. */
const TB: [number, number, number, number] = [480, 20, 590, 380];
const revisionBlock = [
  text('REV', 490, 300),
  text('DESCRIPTION', 520, 300),
  text('1', 492, 312),
  text('ISSUED', 520, 312),
  text('2', 492, 324),
  text('ADDENDUM', 520, 324),
];

function triangles(paths: PathGeom[], texts: TextRun[], clouds: [number, number, number, number][] = []) {
  const scene = buildScene({ width: 600, height: 400, paths, texts: [...filler, ...texts] });
  return findRevisionTriangles(scene, { clouds, blockMarks: revisionBlockMarks(scene, TB) });
}

describe('REVISION IN CONTEXT', () => {
  it('drops numbered triangles with neither a cloud nor a revision block (wall-type tags on a plan)', () => {
    expect(
      triangles([delta([100, 100]), delta([200, 100])], [mark([100, 100], '1'), mark([200, 100], '2')]),
    ).toHaveLength(0);
  });
  it('keeps a delta whose number is a row of the revision block, and not one numbered otherwise', () => {
    const found = triangles(
      [delta([100, 100]), delta([200, 100])],
      [mark([100, 100], '2'), mark([200, 100], '7'), ...revisionBlock],
    );
    expect(found.map((t) => t.text)).toEqual(['2']);
  });
  it('keeps a delta beside a cloud, with a longer designation there (ASI)', () => {
    const found = triangles([delta([100, 100])], [mark([100, 100], 'ASI')], [[112, 80, 200, 140]]);
    expect(found.map((t) => t.text)).toEqual(['ASI']);
  });
  it("reads the revision block only in a revision heading's column", () => {
    const scene = buildScene({
      width: 600,
      height: 400,
      paths: [],
      texts: [...filler, ...revisionBlock, text('5', 560, 360)],
    });
    expect([...revisionBlockMarks(scene, TB)].sort()).toEqual(['1', '2']);
  });
});
