// View tags drawn in hexagons and squares (tag-outlines.ts): one closed subpath (REGULAR
// OUTLINE) or one path per side (SIDES END TO END), read as tags only when sized to their
// lettering; grid nodes and crowded spots are no corners (CLEAR CORNER).
import { describe, expect, it } from 'vitest';
import type { PathGeom, Point, TextRun } from '../../../../core/geometry/types.ts';
import { path, type Op } from './build-paths.ts';
import { analyzePage } from '../../../../subgraphs/drawings/detect/analyze.ts';
import { buildScene } from '../../../../subgraphs/drawings/detect/scene.ts';
import { assembledOutlines, findRegularOutlines } from '../../../../subgraphs/drawings/detect/tags/tag-outlines.ts';

const line = (a: Point, b: Point, style: Partial<PathGeom> = {}) =>
  path(
    [
      ['M', a],
      ['L', b],
    ],
    style,
  );
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

/** Corners of a regular polygon round `c`: a flat-topped hexagon or an upright square with inscribed radius `r`. */
function corners(c: Point, r: number, sides: 4 | 6): Point[] {
  const R = r / Math.cos(Math.PI / sides);
  const first = sides === 6 ? 0 : Math.PI / 4;
  return Array.from(
    { length: sides },
    (_, i) =>
      [
        c[0] + R * Math.cos(first + (i * 2 * Math.PI) / sides),
        c[1] + R * Math.sin(first + (i * 2 * Math.PI) / sides),
      ] as Point,
  );
}
/** The outline in one closed subpath. */
const closed = (pts: Point[]): PathGeom => path([...pts.map((p, i): Op => [i === 0 ? 'M' : 'L', p]), ['Z']]);
/** The outline one path per side, each side drawn from a random-looking end (exports do not keep a direction). */
const perSide = (pts: Point[]): PathGeom[] =>
  pts.map((p, i) => (i % 2 ? line(pts[(i + 1) % pts.length]!, p) : line(p, pts[(i + 1) % pts.length]!)));
/** The divider across the outline's middle: corner to corner on a hexagon, side to side on a square. */
const divider = (c: Point, r: number, sides: 4 | 6) => {
  const half = sides === 6 ? r / Math.cos(Math.PI / 6) : r;
  return line([c[0] - half, c[1]], [c[0] + half, c[1]]);
};
/** The view id above the divider and the sheet reference below, lettered to the tag. */
const lettering = (c: Point, top: string, bottom: string, size = 6) => [
  text(top, c[0] - 2, c[1] - 2, size),
  text(bottom, c[0] - 8, c[1] + 2 + size, size),
];

describe('hexagonal and square view tags', () => {
  it('reads a hexagon and a square drawn one path per side as detail tags, as when drawn in one subpath', () => {
    const hex: Point = [100, 100];
    const sq: Point = [250, 100];
    const sides = (pts: Point[], split: boolean) => (split ? perSide(pts) : [closed(pts)]);
    for (const split of [false, true]) {
      const r = analyzePage({
        width: 600,
        height: 400,
        paths: [
          ...sides(corners(hex, 12, 6), split),
          divider(hex, 12, 6),
          ...sides(corners(sq, 12, 4), split),
          divider(sq, 12, 4),
        ],
        texts: [...filler, ...lettering(hex, '3', 'S-301'), ...lettering(sq, 'B', 'S-502')],
      });
      expect(
        r.annotations.detail_tags.map((d) => d.texts_inside.map((t) => t.text)),
        `split ${split}`,
      ).toEqual([
        ['3', 'S-301'],
        ['B', 'S-502'],
      ]);
    }
  });

  it('reads sides written as separate subpaths of one path, and ends that meet a little apart', () => {
    const c: Point = [100, 100];
    const pts = corners(c, 12, 6);
    // One path of six move-to/line-to subpaths, every side 0.3 pt short at one end (within 5 % of a 13.9 pt side).
    const ops: Op[] = pts.flatMap((p, i): Op[] => {
      const q = pts[(i + 1) % 6]!;
      const d = Math.hypot(q[0] - p[0], q[1] - p[1]);
      return [
        ['M', p],
        ['L', [q[0] - ((q[0] - p[0]) / d) * 0.3, q[1] - ((q[1] - p[1]) / d) * 0.3]],
      ];
    });
    const r = analyzePage({
      width: 600,
      height: 400,
      paths: [path(ops), divider(c, 12, 6)],
      texts: [...filler, ...lettering(c, '7', 'S-201')],
    });
    expect(r.annotations.detail_tags.map((d) => d.texts_inside.map((t) => t.text))).toEqual([['7', 'S-201']]);
  });

  it('reads a section tag in a hexagon drawn one path per side, with its filled marker and cut line', () => {
    const c: Point = [150, 150];
    const pts = corners(c, 12, 6);
    // The marker points right from the two corners on the right.
    const marker = path([['M', [c[0] + 22, c[1]]], ['L', pts[5]!], ['L', pts[1]!], ['Z']], {
      fill: true,
      stroke: false,
    });
    const r = analyzePage({
      width: 600,
      height: 400,
      paths: [
        ...perSide(pts),
        divider(c, 12, 6),
        marker,
        line([c[0], c[1] + 12], [c[0], c[1] + 200], { lineWidth: 1 }),
      ],
      texts: [...filler, ...lettering(c, '4', 'S-401')],
    });
    expect(r.annotations.section_tags.map((s) => [s.texts_inside.map((t) => t.text).join(' '), s.direction])).toEqual([
      ['4 S-401', 'right'],
    ]);
  });

  it('does not read a square room or a boxed note drawn one line per side as a tag (SIZED TO ITS LETTERING)', () => {
    // A 120 pt square room with a line across it (a counter's edge), its name and number either side.
    const room: Point = [200, 200];
    // A boxed note: one word in a small square, a line through it.
    const note: Point = [450, 100];
    const r = analyzePage({
      width: 600,
      height: 400,
      paths: [
        ...perSide(corners(room, 60, 4)),
        divider(room, 60, 4),
        ...perSide(corners(note, 8, 4)),
        divider(note, 8, 4),
      ],
      texts: [...filler, text('TOILET', 185, 190), text('104', 192, 215), text('CG', 446, 98)],
    });
    expect(r.annotations.detail_tags).toEqual([]);
    expect(r.annotations.section_tags).toEqual([]);
    // Both are still found as regular outlines: it is the lettering that rules them out.
    expect(
      assembledOutlines(
        buildScene({
          width: 600,
          height: 400,
          paths: [...perSide(corners(room, 60, 4)), ...perSide(corners(note, 8, 4))],
          texts: [],
        }),
      ),
    ).toHaveLength(2);
  });

  it('finds no outline in rectangles, triangles, open chains or a grid of equal squares (CLEAR CORNER)', () => {
    const rect: Point[] = [
      [10, 10],
      [60, 10],
      [60, 30],
      [10, 30],
    ];
    const tri: Point[] = [
      [100, 10],
      [130, 10],
      [115, 36],
    ];
    const open = perSide(corners([200, 50], 12, 4)).slice(0, 3);
    // A 3 × 3 grid of 20 pt cells, every cell side its own line: each inner node joins four sides.
    const grid: PathGeom[] = [];
    for (let i = 0; i <= 3; i++) {
      for (let j = 0; j < 3; j++) {
        grid.push(
          line([300 + 20 * j, 100 + 20 * i], [320 + 20 * j, 100 + 20 * i]),
          line([300 + 20 * i, 100 + 20 * j], [300 + 20 * i, 120 + 20 * j]),
        );
      }
    }
    const scene = buildScene({
      width: 600,
      height: 400,
      paths: [...perSide(rect), ...perSide(tri), ...open, ...grid],
      texts: [],
    });
    expect(findRegularOutlines(scene)).toEqual([]);
  });

  it('takes no corner where more line ends crowd it than a tag draws (CLEAR CORNER)', () => {
    const c: Point = [100, 100];
    const pts = corners(c, 12, 4);
    // Twenty hatch strokes ending at one corner of an otherwise good square.
    const hub = Array.from({ length: 20 }, (_, i) =>
      line(pts[0]!, [pts[0]![0] + 20 * Math.cos(i / 7), pts[0]![1] + 20 * Math.sin(i / 7)]),
    );
    expect(assembledOutlines(buildScene({ width: 600, height: 400, paths: perSide(pts), texts: [] }))).toHaveLength(1);
    expect(
      assembledOutlines(buildScene({ width: 600, height: 400, paths: [...perSide(pts), ...hub], texts: [] })),
    ).toEqual([]);
  });
});
