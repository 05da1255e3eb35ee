// Detectors on hand-built geometry: each shape in the form real CAD output uses.
import { describe, expect, it } from 'vitest';
import type { PathGeom, Point, TextRun } from '../../../../core/geometry/types.ts';
import { path, type Op } from './build-paths.ts';
import { analyzePage } from '../../../../subgraphs/drawings/detect/analyze.ts';
import { findRevisionTriangles } from '../../../../subgraphs/drawings/detect/revisions/triangles.ts';
import { buildScene } from '../../../../subgraphs/drawings/detect/scene.ts';
import { findCircles } from '../../../../subgraphs/drawings/detect/tags/circles.ts';
import { curveLoops, cloudOf } from '../../../../subgraphs/drawings/detect/revisions/clouds.ts';
import { strokedText } from '../../../../subgraphs/drawings/detect/stroked-text.ts';

/** A circle as four Bézier quarters. */
function bezierCircle([cx, cy]: Point, r: number): Op[] {
  const k = 0.5523 * r;
  return [
    ['M', [cx + r, cy]],
    ['C', [cx + r, cy + k], [cx + k, cy + r], [cx, cy + r]],
    ['C', [cx - k, cy + r], [cx - r, cy + k], [cx - r, cy]],
    ['C', [cx - r, cy - k], [cx - k, cy - r], [cx, cy - r]],
    ['C', [cx + k, cy - r], [cx + r, cy - k], [cx + r, cy]],
  ];
}

const text = (str: string, x: number, y: number, size = 6): TextRun => ({
  str,
  bbox: [x, y - size, x + size * 0.6 * str.length, y],
  size,
  angle: 0,
});
const page = (paths: PathGeom[], texts: TextRun[] = []) => ({ width: 600, height: 400, paths, texts });

describe('circles', () => {
  it('finds Bézier circles, polyline circles and circles split over two paths', () => {
    const polyline: Op[] = Array.from({ length: 36 }, (_, i): Op => [
      i ? 'L' : 'M',
      [300 + 10 * Math.cos((i * Math.PI) / 18), 100 + 10 * Math.sin((i * Math.PI) / 18)],
    ]);
    const k = 0.5523 * 12;
    const upper = path([
      ['M', [488, 100]],
      ['C', [488, 100 - k], [500 - k, 88], [500, 88]],
      ['C', [500 + k, 88], [512, 100 - k], [512, 100]],
    ]);
    const lower = path([
      ['M', [512, 100]],
      ['C', [512, 100 + k], [500 + k, 112], [500, 112]],
      ['C', [500 - k, 112], [488, 100 + k], [488, 100]],
    ]);
    const circles = findCircles(
      buildScene(page([path(bezierCircle([100, 100], 15)), path([...polyline, ['Z']]), upper, lower])),
    );
    expect(
      circles
        .map((c) => [Math.round(c.center[0]), Math.round(c.center[1]), Math.round(c.radius)])
        .sort((a, b) => a[0]! - b[0]!),
    ).toEqual([
      [100, 100, 15],
      [300, 100, 10],
      [500, 100, 12],
    ]);
  });
});

describe('tags', () => {
  const circle = path(bezierCircle([200, 200], 15));
  const divider = path([
    ['M', [185, 200]],
    ['L', [215, 200]],
  ]);
  const texts = [text('3', 198, 197), text('S-501', 191, 211)];

  it('a divided circle with a marker on its rim and a cut line is a section tag', () => {
    const marker = path([['M', [215, 195]], ['L', [226, 200]], ['L', [215, 205]], ['Z']], {
      fill: true,
      stroke: false,
    });
    const cut = path(
      [
        ['M', [200, 215]],
        ['L', [200, 380]],
      ],
      { lineWidth: 2 },
    );
    const r = analyzePage(page([circle, divider, marker, cut], texts));
    expect(r.annotations.detail_tags).toEqual([]);
    expect(r.annotations.section_tags).toHaveLength(1);
    const tag = r.annotations.section_tags[0]!;
    expect(tag.direction).toBe('right');
    expect(tag.circle).toEqual({ center: [200, 200], radius: 15 });
    expect(tag.texts_inside.map((t) => t.text)).toEqual(['3', 'S-501']);
    expect(tag.section_line).toEqual({ start: [200, 215], end: [200, 380] });
  });

  it('without a marker it is a detail tag; a dashed outline nearby sets has_dashed_bbox', () => {
    const dashed = path([['M', [240, 150]], ['L', [340, 150]], ['L', [340, 250]], ['L', [240, 250]], ['Z']], {
      dash: [4, 2],
    });
    const r = analyzePage(page([circle, divider, dashed], texts));
    expect(r.annotations.section_tags).toEqual([]);
    expect(r.annotations.detail_tags).toHaveLength(1);
    expect(r.annotations.detail_tags[0]!.has_dashed_bbox).toBe(true);
    expect(analyzePage(page([circle, divider], texts)).annotations.detail_tags[0]!.has_dashed_bbox).toBe(false);
  });

  it('a divided circle without text on a page with a text layer is a symbol, not a tag', () => {
    const others = ['A', 'B', 'C', 'D', 'E'].map((s, i) => text(s, 10 + i * 20, 390));
    expect(analyzePage(page([circle, divider], others)).annotations.detail_tags).toEqual([]);
  });

  it('a divided circle holding only a measurement (a round part dimensioned across) is not a tag; with a view id it is', () => {
    const others = ['A', 'B', 'C', 'D', 'E'].map((s, i) => text(s, 10 + i * 20, 390));
    const inside = (strs: string[]) => strs.map((s, i) => text(s, 192, 198 + i * 9, 4));
    expect(analyzePage(page([circle, divider], [...others, ...inside(['90°'])])).annotations.detail_tags).toEqual([]);
    expect(analyzePage(page([circle, divider], [...others, ...inside(['Ø40'])])).annotations.detail_tags).toEqual([]);
    expect(
      analyzePage(page([circle, divider], [...others, ...inside(['3', 'S-501'])])).annotations.detail_tags,
    ).toHaveLength(1);
  });
});

describe('leaders', () => {
  it('a line from a note ending in a filled arrowhead is a leader; with heads at both ends it is a dimension', () => {
    const line = path([
      ['M', [100, 300]],
      ['L', [160, 300]],
    ]);
    const head = path([['M', [160, 300]], ['L', [152, 297]], ['L', [152, 303]], ['Z']], { fill: true, stroke: false });
    const note = text('TYP. ANCHOR BOLT', 40, 303);
    const r = analyzePage(page([line, head], [note]));
    expect(r.annotations.leaders).toHaveLength(1);
    expect(r.annotations.leaders[0]!.arrow_tip).toEqual([160, 300]);
    expect(r.annotations.leaders[0]!.texts_inside.map((t) => t.text)).toEqual(['TYP. ANCHOR BOLT']);
    const tail = path([['M', [100, 300]], ['L', [108, 297]], ['L', [108, 303]], ['Z']], { fill: true, stroke: false });
    expect(analyzePage(page([line, head, tail], [note])).annotations.leaders).toEqual([]);
  });
});

describe('circles drawn side by side', () => {
  /** An n-gon on (c, r) whose sides are separate paths. */
  const sides = ([cx, cy]: Point, r: number, n: number): PathGeom[] =>
    Array.from({ length: n }, (_, i) => {
      const at = (k: number): Point => [
        cx + r * Math.cos((k * 2 * Math.PI) / n),
        cy + r * Math.sin((k * 2 * Math.PI) / n),
      ];
      return path([
        ['M', at(i)],
        ['L', at(i + 1)],
      ]);
    });

  it('a 24-, 48- and 72-gon of separate one-line paths is a circle, with a divider across it', () => {
    const divider = path([
      ['M', [90, 100]],
      ['L', [110, 100]],
    ]);
    const circles = findCircles(
      buildScene(
        page([...sides([100, 100], 10, 24), divider, ...sides([300, 100], 14, 48), ...sides([500, 200], 30, 72)]),
      ),
    );
    expect(
      circles
        .map((c) => [Math.round(c.center[0]), Math.round(c.center[1]), Math.round(c.radius)])
        .sort((a, b) => a[0]! - b[0]!),
    ).toEqual([
      [100, 100, 10],
      [300, 100, 14],
      [500, 200, 30],
    ]);
  });

  it('an open arc of separate sides, or a zigzag of equal lines, is not a circle', () => {
    const arc = sides([100, 100], 10, 24).slice(0, 20);
    const zigzag = Array.from({ length: 30 }, (_, i) =>
      path([
        ['M', [200 + 3 * i, 100 + (i % 2) * 3]],
        ['L', [203 + 3 * i, 100 + ((i + 1) % 2) * 3]],
      ]),
    );
    expect(findCircles(buildScene(page([...arc, ...zigzag])))).toEqual([]);
  });
});

describe('stroked lettering (no text layer)', () => {
  /** Strokes of two letters side by side, h high, from x: an H (three strokes) and a 3 (one polyline). */
  const letters = (x: number, y: number, h: number): PathGeom[] => {
    const w = (2 * h) / 3;
    return [
      path([
        ['M', [x, y]],
        ['L', [x, y - h]],
      ]),
      path([
        ['M', [x + w, y]],
        ['L', [x + w, y - h]],
      ]),
      path([
        ['M', [x, y - h / 2]],
        ['L', [x + w, y - h / 2]],
      ]),
      path([
        ['M', [x + 1.25 * w, y - h]],
        ['L', [x + 2.25 * w, y - h]],
        ['L', [x + 1.6 * w, y - h / 2]],
        ['L', [x + 2.25 * w, y - h / 4]],
        ['L', [x + 1.25 * w, y]],
      ]),
    ];
  };

  it('clusters glyph strokes into a label once per page, and leaves hatching out', () => {
    const hatch = Array.from({ length: 12 }, (_, i) =>
      path([
        ['M', [300 + 2 * i, 100]],
        ['L', [305 + 2 * i, 95]],
      ]),
    );
    const scene = buildScene(page([...letters(100, 100, 6), ...hatch]));
    const { labels } = strokedText(scene);
    expect(labels.map((l) => l.bbox.map(Math.round))).toEqual([[100, 94, 109, 100]]);
  });

  it('a delta on a page without a text layer counts only beside a cloud (REVISION IN CONTEXT: its revision block cannot be read)', () => {
    const delta = (x: number): PathGeom => path([['M', [x, 120]], ['L', [x + 20, 120]], ['L', [x + 10, 102.7]], ['Z']]);
    const one = path([
      ['M', [108, 110]],
      ['L', [110, 108]],
      ['L', [110, 117]],
    ]);
    const scene = buildScene(
      page([
        delta(100),
        one,
        delta(200),
        path([
          ['M', [208, 110]],
          ['L', [210, 108]],
          ['L', [210, 117]],
        ]),
      ]),
    );
    const found = findRevisionTriangles(scene, { clouds: [[90, 60, 130, 100]], blockMarks: new Set() });
    expect(found.map((t) => Math.round(t.bbox[0]))).toEqual([100]);
  });
});

describe('revision marks', () => {
  it('a delta drawn as three separate stroked lines, with its number inside', () => {
    const [a, b, c]: Point[] = [
      [300, 100],
      [290, 117.32],
      [310, 117.32],
    ];
    const scene = buildScene(
      page(
        [
          path([
            ['M', a],
            ['L', b],
          ]),
          path([
            ['M', b],
            ['L', c],
          ]),
          path([
            ['M', c],
            ['L', a],
          ]),
        ],
        [text('1', 298.5, 114)],
      ),
    );
    const found = findRevisionTriangles(scene, { clouds: [[315, 90, 400, 130]], blockMarks: new Set() });
    expect(found).toHaveLength(1);
    expect(found[0]!.text).toBe('1');
  });

  it('a chain of regular one-arc paths around a rectangle is a cloud; an uneven scalloped loop is not', () => {
    const arcs = (vertices: Point[], depth: (i: number) => number) =>
      vertices.map((v, i) => {
        const w = vertices[(i + 1) % vertices.length]!;
        const n: Point = [-(w[1] - v[1]), w[0] - v[0]];
        const d = depth(i);
        return path([
          ['M', v],
          ['C', [v[0] + n[0] * d, v[1] + n[1] * d], [w[0] + n[0] * d, w[1] + n[1] * d], w],
        ]);
      });
    const rect: Point[] = [];
    for (let x = 100; x < 300; x += 20) rect.push([x, 100]);
    for (let y = 100; y < 200; y += 20) rect.push([300, y]);
    for (let x = 300; x > 100; x -= 20) rect.push([x, 200]);
    for (let y = 200; y > 100; y -= 20) rect.push([100, y]);
    const cloud = analyzePage(page(arcs(rect, () => -0.5)));
    expect(cloud.annotations.revision_clouds).toHaveLength(1);
    const b = cloud.annotations.revision_clouds[0]!.bbox;
    expect(b[0]).toBeLessThan(100);
    expect(b[2]).toBeGreaterThan(300);
    const tree: Point[] = Array.from({ length: 9 }, (_, i) => [
      450 + 40 * (0.8 + (0.4 * ((i * 7) % 5)) / 4) * Math.cos((i * 2 * Math.PI) / 9),
      300 + 40 * Math.sin((i * 2 * Math.PI) / 9),
    ]);
    const loops = curveLoops(buildScene(page(arcs(tree, (i) => -(0.2 + (0.5 * ((i * 3) % 4)) / 3)))).curves);
    expect(loops).toHaveLength(1);
    expect(cloudOf(loops[0]!)).toBeNull();
  });
});

describe('title block', () => {
  it('a right-hand column cut off by a full-height line with cells reads sheet number and title', () => {
    const border = path([['M', [10, 10]], ['L', [590, 10]], ['L', [590, 390]], ['L', [10, 390]], ['Z']]);
    const column = path([
      ['M', [480, 10]],
      ['L', [480, 390]],
    ]);
    const cells = [300, 340].map((y) =>
      path([
        ['M', [480, y]],
        ['L', [590, y]],
      ]),
    );
    const grid = path([
      ['M', [250, 10]],
      ['L', [250, 390]],
    ]);
    const texts = [text('SHEET TITLE', 485, 310, 4), text('FOUNDATION PLAN', 485, 320, 7), text('S-101', 500, 370, 14)];
    const r = analyzePage(page([border, column, grid, ...cells], texts));
    expect(r.titleblock).toEqual({
      bounds: [480, 10, 590, 390],
      viewport: [10, 10, 480, 390],
      sheet_number: 'S-101',
      sheet_title: 'FOUNDATION PLAN',
    });
  });

  it('no title block: null bounds and the whole page as viewport', () => {
    expect(analyzePage(page([])).titleblock).toEqual({
      bounds: null,
      viewport: [0, 0, 600, 400],
      sheet_number: null,
      sheet_title: null,
    });
  });
});
