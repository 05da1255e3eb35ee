// Callouts as the standards draw them (PSPC National CADD Standard Annex B 2.1-2.4, the NCS's
// indicators): VIEW OVER SHEET in a plain circle, SECTION BAR running on to the pointer's tips,
// POINTER IN PIECES (a pointer filled as slivers), TURNED WITH ITS VIEW (a vertical bar); grid
// bubbles, keynotes and type tags are not callouts.
import { describe, expect, it } from 'vitest';
import type { PathGeom, Point, TextRun } from '../../../../../core/geometry/types.ts';
import { circle, path } from '../build-paths.ts';
import { analyzePage } from '../../../../../subgraphs/drawings/detect/analyze.ts';

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
const line = (a: Point, b: Point) =>
  path([
    ['M', a],
    ['L', b],
  ]);
const twoLines = (c: Point, top: string, bottom: string, size = 5) => [
  text(top, c[0] - 1.5, c[1] - 1.5, size),
  text(bottom, c[0] - 6, c[1] + 1.5 + size, size),
];
const page = (paths: PathGeom[], texts: TextRun[]) =>
  analyzePage({ width: 600, height: 400, paths, texts: [...filler, ...texts] });

describe('VIEW OVER SHEET', () => {
  it('reads a plain circle lettered with a view number over a sheet identifier as a detail callout', () => {
    const r = page([circle([100, 100], 10)], twoLines([100, 100], '2', 'A706'));
    expect(r.annotations.detail_tags).toHaveLength(1);
    expect(r.annotations.detail_tags[0]!.texts_inside.map((t) => t.text)).toEqual(['2', 'A706']);
  });
  it('leaves out plain circles holding one line (grid bubbles, keynotes) or a letter over a bare number (type tags)', () => {
    const r = page(
      [circle([100, 100], 10), circle([200, 100], 10), circle([300, 100], 10)],
      [text('B', 98, 103), ...twoLines([200, 100], 'W', '2'), text('12', 297, 103)],
    );
    expect(r.annotations.detail_tags).toHaveLength(0);
    expect(r.annotations.section_tags).toHaveLength(0);
  });
});

describe('section callouts with a pointer hat', () => {
  /** The hat: two filled wings and the apex, each cut into thin slivers as some exports fill solids. */
  function slivers(c: Point, r: number): PathGeom[] {
    const out: PathGeom[] = [];
    const wing = 1.5 * r;
    for (let i = 0; i < 12; i++) {
      const x0 = c[0] - wing + (i * 2 * wing) / 12;
      const x1 = x0 + (2 * wing) / 12;
      const top = (x: number) => c[1] - (r + 0.6 * r) * (1 - Math.abs(x - c[0]) / wing);
      out.push(
        path([['M', [x0, c[1]]], ['L', [x1, c[1]]], ['L', [x1, top(x1)]], ['L', [x0, top(x0)]], ['Z']], {
          fill: true,
          stroke: false,
        }),
      );
    }
    return out;
  }
  it('reads a circle whose bar runs on to the pointer tips, its pointer filled in slivers, as a section tag', () => {
    const c: Point = [150, 150];
    const r = page(
      [circle(c, 12), line([c[0] - 18, c[1]], [c[0] + 18, c[1]]), ...slivers(c, 12)],
      twoLines(c, 'A', 'A-301'),
    );
    expect(r.annotations.section_tags).toHaveLength(1);
    expect(r.annotations.section_tags[0]!.direction).toBe('up');
    expect(r.annotations.detail_tags).toHaveLength(0);
  });
  it('does not take a grid line through a column circle for a bar', () => {
    const c: Point = [150, 150];
    const r = page([circle(c, 12), line([c[0] - 200, c[1]], [c[0] + 200, c[1]])], twoLines(c, 'A', '5'));
    expect(r.annotations.section_tags).toHaveLength(0);
    expect(r.annotations.detail_tags).toHaveLength(0);
  });
  it('reads a callout turned a quarter with its view (a vertical bar) as a tag', () => {
    const c: Point = [150, 150];
    const turned = [
      { ...text('C', c[0] + 2, c[1] + 2), angle: Math.PI / 2 },
      { ...text('A-301', c[0] - 8, c[1] + 8), angle: Math.PI / 2 },
    ];
    turned[0]!.bbox = [c[0] + 1.5, c[1] - 3, c[0] + 6.5, c[1] + 3];
    turned[1]!.bbox = [c[0] - 6.5, c[1] - 9, c[0] - 1.5, c[1] + 9];
    const r = page([circle(c, 12), line([c[0], c[1] - 12], [c[0], c[1] + 12])], turned);
    expect(r.annotations.detail_tags.length + r.annotations.section_tags.length).toBe(1);
  });
});
