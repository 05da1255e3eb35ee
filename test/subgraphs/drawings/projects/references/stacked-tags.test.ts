import { describe, expect, it } from 'vitest';
import { stackedTags } from '../../../../../subgraphs/drawings/projects/references/stacked-tags.ts';
import { tagTexts } from '../../../../../subgraphs/drawings/projects/extract.ts';
import type { TextLine } from '../../../../../subgraphs/drawings/projects/text-lines.ts';
import type { BBox, PathGeom } from '../../../../../core/geometry/types.ts';
import { CLOSE, CURVE, LINE, MOVE } from '../../../../../core/geometry/types.ts';

const line = (text: string, bbox: BBox, size = 5, angle = 0): TextLine => ({ text, bbox, size, runs: [0], angle });

const path = (ops: number[], coords: number[]): PathGeom => {
  const xs = coords.filter((_, i) => i % 2 === 0);
  const ys = coords.filter((_, i) => i % 2 === 1);
  return {
    ops,
    coords,
    stroke: true,
    fill: false,
    lineWidth: 0.5,
    dash: null,
    strokeColor: '#000',
    fillColor: '#000',
    bbox: [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)],
  };
};
/** An arc as drawing programs write it: one cubic a quarter, `quarters` of them from `start` radians. */
const arc = (cx: number, cy: number, r: number, start: number, quarters: number) => {
  const k = 0.5523 * r;
  const ops = [MOVE];
  const coords = [cx + r * Math.cos(start), cy + r * Math.sin(start)];
  for (let q = 0; q < quarters; q++) {
    const a = start + (q * Math.PI) / 2;
    const b = a + Math.PI / 2;
    ops.push(CURVE);
    coords.push(
      cx + r * Math.cos(a) - k * Math.sin(a),
      cy + r * Math.sin(a) + k * Math.cos(a),
      cx + r * Math.cos(b) + k * Math.sin(b),
      cy + r * Math.sin(b) - k * Math.cos(b),
      cx + r * Math.cos(b),
      cy + r * Math.sin(b),
    );
  }
  return { ops, coords };
};
const circle = (cx: number, cy: number, r: number, start = 0): PathGeom => {
  const { ops, coords } = arc(cx, cy, r, start, 4);
  return path([...ops, CLOSE], coords);
};
/** A circle as a polygon of `n` sides (AutoCAD's flattened circles, plotters). */
const polygon = (cx: number, cy: number, r: number, n: number): PathGeom => {
  const coords: number[] = [];
  for (let i = 0; i < n; i++)
    coords.push(cx + r * Math.cos((2 * Math.PI * i) / n), cy + r * Math.sin((2 * Math.PI * i) / n));
  return path([MOVE, ...Array<number>(n - 1).fill(LINE), CLOSE], coords);
};
const segment = (x1: number, y1: number, x2: number, y2: number) => path([MOVE, LINE], [x1, y1, x2, y2]);
/** The UDS symbol around a pair: the circle and its horizontal bar through the centre. */
const symbol = (cx: number, cy: number, r: number, start = 0) => [
  circle(cx, cy, r, start),
  segment(cx - r, cy, cx + r, cy),
];

const pairs = (lines: TextLine[], paths: PathGeom[], taken: BBox[] = []) =>
  stackedTags(lines, taken, paths).map((t) => `${t.view.text}/${t.sheet.text}`);
/** it-polimi's AutoCAD tag: "C" 2 pt above "A-301", both 4.8 pt, in a 10 pt circle split at y 249. */
const polimi = [line('C', [690, 243, 693, 248]), line('A-301', [685, 250, 697, 255])];

describe('stacked tags (a view id across the bar from a sheet number)', () => {
  it('reads the view id over the sheet number, centred, reading the same way', () => {
    expect(pairs(polimi, symbol(691, 249, 10))).toEqual(['C/A-301']);
    expect(pairs(polimi, symbol(691, 249, 10, Math.PI / 4))).toEqual(['C/A-301']);
  });

  it('reads the symbol drawn as a polygon, or with its circle broken by a pointer', () => {
    expect(pairs(polimi, [polygon(691, 249, 10, 16), segment(681, 249, 701, 249)])).toEqual(['C/A-301']);
    expect(pairs(polimi, [polygon(691, 249, 10, 8), segment(681, 249, 701, 249)])).toEqual(['C/A-301']);
    // A section tag: the circle's right quarter left out where a filled pointer is drawn.
    const { ops, coords } = arc(691, 249, 10, Math.PI / 4, 3);
    expect(pairs(polimi, [path(ops, coords), segment(681, 249, 701, 249)])).toEqual(['C/A-301']);
  });

  it('reads nothing where the symbol is not drawn: no bar, no circle, or a schedule cell', () => {
    expect(pairs(polimi, [])).toEqual([]);
    expect(pairs(polimi, [circle(691, 249, 10)])).toEqual([]);
    expect(pairs(polimi, [segment(681, 249, 701, 249)])).toEqual([]);
    // A schedule: rows of ruled cells, "1" in one row, "AF101" in the row under it (VA's finish schedule).
    const cells = [line('1', [690, 242, 693, 247]), line('AF101', [684, 251, 698, 256])];
    const rules = [0, 1, 2]
      .map((i) => segment(660, 239 + 9.5 * i, 722, 239 + 9.5 * i))
      .concat(
        [660, 722].map((x) => segment(x, 239, x, 258)),
        [segment(676, 239, 676, 258), segment(706, 239, 706, 258)],
      );
    expect(pairs(cells, rules)).toEqual([]);
  });

  it('reads a tag turned a quarter (lettering reading up the sheet) and one turned with its far end (view id below)', () => {
    // Reading at -90°: "above" in the lettering's own frame is to the left on the page.
    const up = [
      line('B', [397, 503, 401, 506], 4.8, -Math.PI / 2),
      line('A-301', [404, 496, 408, 509], 4.8, -Math.PI / 2),
    ];
    const below = [line('B-705', [315, 676, 330, 682], 5.8), line('B', [319, 681, 326, 692], 10.9)];
    // The bar of the turned tag runs up the page, between the two lines.
    expect(pairs(up, [circle(402.5, 502.5, 10), segment(402.5, 492.5, 402.5, 512.5)])).toEqual(['B/A-301']);
    expect(pairs(below, symbol(322.5, 681.5, 11))).toEqual(['B/B-705']);
  });

  it('reads nothing where the pair is off centre, far apart, read differently, or already a Tier 1 tag', () => {
    const drawn = symbol(691, 249, 10);
    expect(pairs([line('C', [640, 243, 643, 248]), line('A-301', [685, 250, 697, 255])], drawn)).toEqual([]);
    expect(pairs([line('C', [690, 200, 693, 205]), line('A-301', [685, 250, 697, 255])], drawn)).toEqual([]);
    expect(
      pairs([line('C', [690, 243, 693, 248], 5, Math.PI / 2), line('A-301', [685, 250, 697, 255])], drawn),
    ).toEqual([]);
    expect(pairs(polimi, drawn, [[680, 240, 700, 260]])).toEqual([]);
    // A number over a plain number is a dimension or a level, not a tag.
    expect(pairs([line('3', [690, 243, 693, 248]), line('120', [685, 250, 697, 255])], drawn)).toEqual([]);
  });

  it('gives each view id to one sheet number only', () => {
    const lines = [
      line('A', [690, 243, 693, 248]),
      line('A-301', [685, 250, 697, 255]),
      line('A-302', [685, 236, 697, 241]),
    ];
    expect(pairs(lines, [...symbol(691, 249, 10), segment(681, 242, 701, 242)])).toHaveLength(1);
  });

  it("tells a tag's view id from its sheet by form, whichever Tier 1 lists first", () => {
    expect(tagTexts(['A-301', 'D'])).toEqual(['D', 'A-301']);
    expect(tagTexts(['D', 'A-301'])).toEqual(['D', 'A-301']);
    expect(tagTexts(['3', '12'])).toEqual(['3', '12']);
  });
});

describe('a schedule of many stacked cells under a dense hatch (the worst case of the symbol test)', () => {
  /** `cells` cells of a view id over a sheet number, each ruled as a rectangle, ten hatch strokes a cell across them. */
  const schedule = (cells: number) => {
    const lines: TextLine[] = [];
    const paths: PathGeom[] = [];
    const across = Math.ceil(Math.sqrt(cells));
    for (let i = 0; i < cells; i++) {
      const x = 40 * (i % across);
      const y = 30 * Math.floor(i / across);
      lines.push(line('C', [x + 14, y + 4, x + 17, y + 9]), line('A-301', [x + 9, y + 11, x + 21, y + 16]));
      paths.push(
        segment(x + 5, y + 10, x + 25, y + 10),
        path([MOVE, LINE, LINE, LINE, CLOSE], [x, y, x + 30, y, x + 30, y + 20, x, y + 20]),
      );
      for (let h = 0; h < 10; h++) paths.push(segment(x + 3 * h, y, x + 3 * h + 20, y + 20));
    }
    // The first cell's pair also stands in its drawn symbol (a circle on its bar): the one tag.
    paths.push(circle(15, 10, 10));
    return { lines, paths };
  };
  /** The least CPU time of `runs` reads, in the test's own thread. */
  const cpu = (page: ReturnType<typeof schedule>, runs: number) => {
    let best = Infinity;
    let found: string[] = [];
    for (let r = 0; r < runs; r++) {
      const t = process.cpuUsage();
      found = pairs(page.lines, page.paths);
      const used = process.cpuUsage(t);
      best = Math.min(best, (used.user + used.system) / 1000);
    }
    return { ms: best, found };
  };

  it('is read in time growing linearly with the cells (10 times the cells within 25 times the CPU: 10 is linear, 100 quadratic) and makes no tag of a ruled cell', () => {
    const small = schedule(1_000);
    const large = schedule(10_000);
    cpu(small, 1); // warms the JIT
    const a = cpu(small, 3);
    const b = cpu(large, 2);
    console.log(
      `stacked cells: 1,000 ${a.ms.toFixed(0)} ms CPU, 10,000 ${b.ms.toFixed(0)} ms CPU, ratio ${(b.ms / a.ms).toFixed(1)}`,
    );
    expect(b.ms / a.ms).toBeLessThanOrEqual(25);
    // A ruled cell is no symbol: every pair is refused but the one drawn in its circle.
    expect(b.found).toEqual(['C/A-301']);
  }, 120_000);
});
