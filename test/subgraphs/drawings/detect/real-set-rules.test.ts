// The rules added for the real development sheets (issue 13), each on
// hand-built geometry in the form the real sheets draw it.
import { describe, expect, it } from 'vitest';
import type { PathGeom, Point, TextRun } from '../../../../core/geometry/types.ts';
import { path, type Op } from './build-paths.ts';
import { analyzePage } from '../../../../subgraphs/drawings/detect/analyze.ts';
import { buildScene } from '../../../../subgraphs/drawings/detect/scene.ts';
import { findTitleblock } from '../../../../subgraphs/drawings/detect/titleblock.ts';
import { isTypeTag } from '../../../../subgraphs/drawings/detect/tags/tags.ts';
import { isRevisionMark } from '../../../../subgraphs/drawings/detect/revisions/triangles.ts';

const line = (a: Point, b: Point) =>
  path([
    ['M', a],
    ['L', b],
  ]);
const k = 0.5523;
function circle([cx, cy]: Point, r: number): Op[] {
  return [
    ['M', [cx + r, cy]],
    ['C', [cx + r, cy + k * r], [cx + k * r, cy + r], [cx, cy + r]],
    ['C', [cx - k * r, cy + r], [cx - r, cy + k * r], [cx - r, cy]],
    ['C', [cx - r, cy - k * r], [cx - k * r, cy - r], [cx, cy - r]],
    ['C', [cx + k * r, cy - r], [cx + r, cy - k * r], [cx + r, cy]],
  ];
}
/** A text run; angle π/2 reads downwards on the displayed page (a sheet shown sideways). */
const text = (str: string, x: number, y: number, size = 6, angle = 0): TextRun =>
  angle
    ? { str, bbox: [x - size, y, x, y + size * 0.6 * str.length], size, angle }
    : { str, bbox: [x, y - size, x + size * 0.6 * str.length, y], size, angle };
const filler = [
  text('PLAN', 20, 20),
  text('NOTE', 20, 40),
  text('WALL', 20, 60),
  text('ROOF', 20, 80),
  text('BEAM', 20, 100),
];

describe('tags on real sheets', () => {
  it('reads a view-title bubble whose divider runs on as the title underline as a detail tag', () => {
    const r = analyzePage({
      width: 600,
      height: 400,
      paths: [path(circle([100, 100], 20)), line([80, 100], [300, 100])],
      texts: [...filler, text('20', 95, 95, 8), text('S1.1', 92, 112, 5), text('TYPICAL WALL SECTION', 130, 97, 8)],
    });
    expect(r.annotations.detail_tags.map((d) => d.texts_inside.map((t) => t.text))).toEqual([['20', 'S1.1']]);
  });

  it('does not read a line crossing a circle with both ends far off as a divider', () => {
    const r = analyzePage({
      width: 600,
      height: 400,
      paths: [path(circle([100, 100], 20)), line([20, 100], [300, 100])],
      texts: [...filler, text('20', 95, 95, 8)],
    });
    expect(r.annotations.detail_tags).toEqual([]);
  });

  it('tells window and partition type tags (a letter over a number) from view references', () => {
    expect(
      isTypeTag([
        { id: 0, text: 'W' },
        { id: 1, text: '2' },
      ]),
    ).toBe(true);
    expect(
      isTypeTag([
        { id: 0, text: 'M' },
        { id: 1, text: '12' },
      ]),
    ).toBe(true);
    expect(
      isTypeTag([
        { id: 0, text: '24' },
        { id: 1, text: 'S1.1' },
      ]),
    ).toBe(false);
    expect(
      isTypeTag([
        { id: 0, text: '2' },
        { id: 1, text: 'SN2' },
      ]),
    ).toBe(false);
  });

  it('finds a tombstone cut marker with its cut line as a section tag, and one without as a detail tag', () => {
    const tombstone = (x: number, y: number, r: number): PathGeom[] => [
      path([
        ['M', [x - r, y]],
        ['C', [x - r, y - k * r], [x - k * r, y - r], [x, y - r]],
        ['C', [x + k * r, y - r], [x + r, y - k * r], [x + r, y]],
      ]),
      line([x - r, y], [x + r, y]),
      line([x - r, y], [x - r, y + r]),
      line([x + r, y], [x + r, y + r]),
      line([x - r, y + r], [x + r, y + r]),
      line([x, y], [x, y + r]),
    ];
    const r = analyzePage({
      width: 600,
      height: 400,
      paths: [...tombstone(100, 100, 20), line([120, 100], [120, 300]), ...tombstone(400, 100, 20)],
      texts: [
        ...filler,
        text('2', 97, 95),
        text('1', 88, 115),
        text('3', 106, 115),
        text('5', 397, 95),
        text('1', 388, 115),
        text('7', 406, 115),
      ],
    });
    expect(r.annotations.section_tags.map((s) => [s.texts_inside.map((t) => t.text).join(''), s.direction])).toEqual([
      ['213', 'down'],
    ]);
    expect(r.annotations.detail_tags.map((d) => d.texts_inside.map((t) => t.text).join(''))).toEqual(['517']);
  });
});

describe('revision deltas on real sheets', () => {
  const tri = (x: number, y: number): PathGeom[] => [
    line([x, y], [x + 16.5, y + 16.5]),
    line([x + 16.5, y + 16.5], [x, y + 33]),
    line([x, y + 33], [x, y]),
  ];
  const cloud = (): PathGeom[] => {
    // A scalloped outline: arcs of equal chord along a rectangle, bulging outwards.
    const out: PathGeom[] = [];
    const arc = (a: Point, b: Point, n: Point) => {
      const m: Point = [(a[0] + b[0]) / 2 + n[0] * 6, (a[1] + b[1]) / 2 + n[1] * 6];
      out.push(
        path([
          ['M', a],
          ['C', [a[0] + n[0] * 6, a[1] + n[1] * 6], [b[0] + n[0] * 6, b[1] + n[1] * 6], b],
        ]),
      );
      return m;
    };
    for (let x = 200; x < 400; x += 20) arc([x, 100], [x + 20, 100], [0, -1]);
    for (let y = 100; y < 200; y += 20) arc([400, y], [400, y + 20], [1, 0]);
    for (let x = 400; x > 200; x -= 20) arc([x, 200], [x - 20, 200], [0, 1]);
    for (let y = 200; y > 100; y -= 20) arc([200, y], [200, y - 20], [-1, 0]);
    return out;
  };

  it('accepts an isosceles right triangle with a mark only beside a revision cloud', () => {
    const beside = analyzePage({
      width: 600,
      height: 400,
      paths: [...cloud(), ...tri(300, 130)],
      texts: [...filler, text('4', 302, 150, 8)],
    });
    expect(beside.annotations.revision_clouds).toHaveLength(1);
    expect(beside.annotations.revision_triangles.map((t) => t.text)).toEqual(['4']);
    const alone = analyzePage({
      width: 600,
      height: 400,
      paths: [...tri(300, 130)],
      texts: [...filler, text('4', 302, 150, 8)],
    });
    expect(alone.annotations.revision_triangles).toEqual([]);
  });
});

describe('title blocks on real sheets', () => {
  /** An ISO-style stamp in the sheet's bottom-right corner: ruled rows, the drawing number, a notes panel above. */
  function stampSheet(rotate: boolean) {
    // Built upright on a 1000 × 700 sheet, then turned a quarter for the sideways case.
    const W = 1000;
    const H = 700;
    const up: [Point, Point][] = [
      [
        [10, 10],
        [990, 10],
      ],
      [
        [990, 10],
        [990, 690],
      ],
      [
        [990, 690],
        [10, 690],
      ],
      [
        [10, 690],
        [10, 10],
      ],
      [
        [760, 300],
        [760, 690],
      ],
      [
        [760, 300],
        [990, 300],
      ], // the notes panel's top and the column's left edge
      ...[560, 590, 620, 650].map((y): [Point, Point] => [
        [760, y],
        [990, y],
      ]),
    ];
    const texts: [string, number, number, number][] = [
      ['GENERAL', 770, 320, 8],
      ...Array.from({ length: 8 }, (_, i): [string, number, number, number] => [
        `NOTE ${i + 1} TEXT`,
        770,
        340 + 20 * i,
        8,
      ]),
      ['Rev.', 770, 575, 8],
      ['Date', 820, 575, 8],
      ['Doc.', 770, 605, 8],
      ['number', 800, 605, 8],
      ['2018', 770, 645, 20],
      ['035', 818, 645, 20],
      ['DCD', 854, 645, 20],
      ['A0', 890, 645, 20],
      ['PROJECT', 770, 680, 8],
    ];
    const turn = (p: Point): Point => (rotate ? [H - p[1], p[0]] : p);
    return {
      width: rotate ? H : W,
      height: rotate ? W : H,
      paths: up.map(([a, b]) => line(turn(a), turn(b))),
      texts: texts.map(([s, x, y, size]) => {
        if (!rotate) return text(s, x, y, size);
        const [dx, dy] = turn([x, y]);
        return text(s, dx, dy, size, Math.PI / 2);
      }),
    };
  }

  it('finds the stamp up to the notes panel and reads the drawing number, upright and shown sideways', () => {
    const upright = findTitleblock(buildScene(stampSheet(false)));
    expect(upright?.bounds.map(Math.round)).toEqual([760, 560, 990, 690]);
    expect(upright?.sheetNumber).toBe('2018035DCDA0');
    const sideways = findTitleblock(buildScene(stampSheet(true)));
    expect(sideways?.bounds.map(Math.round)).toEqual([10, 760, 140, 990]);
    expect(sideways?.sheetNumber).toBe('2018035DCDA0');
  });
});

describe('leaders on real sheets', () => {
  it('does not take a stair or dimension arrow for a leader', () => {
    const head = (tip: Point): PathGeom =>
      path([['M', tip], ['L', [tip[0] + 6, tip[1] - 2]], ['L', [tip[0] + 6, tip[1] + 2]], ['Z']], {
        fill: true,
        stroke: false,
      });
    const r = analyzePage({
      width: 600,
      height: 400,
      paths: [
        head([100, 100]),
        line([100, 100], [160, 100]),
        head([100, 200]),
        line([100, 200], [160, 200]),
        head([100, 300]),
        line([100, 300], [160, 300]),
      ],
      texts: [...filler, text('SEE DETAIL', 165, 103), text('DN', 165, 203), text('3\'-3"', 165, 303)],
    });
    expect(r.annotations.leaders.map((l) => l.texts_inside.map((t) => t.text).join(' '))).toEqual(['SEE DETAIL']);
  });

  /** A filled head with its tip at `tip`, pointing along `dir` (a unit vector), `len` long and `half` wide. */
  const slantedHead = (tip: Point, dir: Point, len = 7, half = 1.5): PathGeom => {
    const base: Point = [tip[0] - dir[0] * len, tip[1] - dir[1] * len];
    const n: Point = [-dir[1] * half, dir[0] * half];
    return path([['M', tip], ['L', [base[0] + n[0], base[1] + n[1]]], ['L', [base[0] - n[0], base[1] - n[1]]], ['Z']], {
      fill: true,
      stroke: false,
    });
  };
  const d = Math.SQRT1_2;

  it('starts the shaft at the base of a slanted head, a head length behind the tip (SHAFT AT THE BASE)', () => {
    // 45°: the head is 7 pt long but its box is about 6 pt a side, and the shaft starts at its base.
    const tip: Point = [100, 300];
    const base: Point = [100 - 7 * d, 300 - 7 * d];
    const r = analyzePage({
      width: 600,
      height: 400,
      paths: [slantedHead(tip, [d, d]), line(base, [60, 260]), line([60, 260], [40, 260])],
      texts: [...filler, text('07411.A', 5, 263)],
    });
    expect(r.annotations.leaders.map((l) => l.texts_inside.map((t) => t.text).join(' '))).toEqual(['07411.A']);
  });

  it('reads a number in a circle at the end of a leader as a callout, a bare number as a dimension (CALLOUT BUBBLE)', () => {
    const head = (tip: Point): PathGeom => slantedHead(tip, [0, 1]);
    const r = analyzePage({
      width: 600,
      height: 400,
      paths: [
        head([100, 200]),
        line([100, 193], [100, 120]),
        path(circle([100, 110], 10)),
        head([300, 200]),
        line([300, 193], [300, 120]),
      ],
      texts: [...filler, text('2', 98, 113, 6), text('2', 298, 113, 6)],
    });
    expect(r.annotations.leaders.map((l) => l.arrow_tip)).toEqual([[100, 200]]);
  });

  it('follows two leaders of one note past the junction where they meet (SHARED LANDING)', () => {
    // Two shafts meet at (200, 100); the landing runs on to the note.
    const r = analyzePage({
      width: 600,
      height: 400,
      paths: [
        slantedHead([150, 150], [-d, d]),
        line([150 + 7 * d, 150 - 7 * d], [200, 100]),
        slantedHead([250, 150], [d, d]),
        line([250 - 7 * d, 150 - 7 * d], [200, 100]),
        line([200, 100], [230, 100]),
      ],
      texts: [...filler, text('SEE NOTE 4', 233, 103)],
    });
    expect(r.annotations.leaders.map((l) => l.arrow_tip).sort()).toEqual([
      [150, 150],
      [250, 150],
    ]);
  });

  it("reads a line between two heads as a dimension even where it stops at the heads' bases", () => {
    // A cabinet run dimensioned by its code: heads at 100 and 200 pointing outwards, the line
    // drawn between their bases, the code above it.
    const r = analyzePage({
      width: 600,
      height: 400,
      paths: [slantedHead([100, 200], [-1, 0]), slantedHead([200, 200], [1, 0]), line([107, 200], [193, 200])],
      texts: [...filler, text('W3618', 140, 197)],
    });
    expect(r.annotations.leaders).toEqual([]);
  });

  it('does not take a slope arrow for a leader', () => {
    const r = analyzePage({
      width: 600,
      height: 400,
      paths: [
        slantedHead([100, 300], [-1, 0]),
        line([107, 300], [180, 300]),
        slantedHead([300, 300], [-1, 0]),
        line([307, 300], [380, 300]),
      ],
      texts: [...filler, text('SLOPE 2%', 184, 303), text('SEE NOTE 3', 384, 303)],
    });
    expect(r.annotations.leaders.map((l) => l.texts_inside.map((t) => t.text).join(' '))).toEqual(['SEE NOTE 3']);
  });
});

describe('revision marks', () => {
  it('reads a number or a letter alone as a revision mark, a letter with a number as a type (REVISION MARK)', () => {
    for (const mark of ['1', '12', 'A', 'B', '']) expect(isRevisionMark(mark)).toBe(true);
    for (const mark of ['A3', '4B', 'W2', 'P6']) expect(isRevisionMark(mark)).toBe(false);
  });
});
