// ONE HEAD (leaders.ts): a leader ends in one arrowhead; two in a row on one shaft count a
// home run's circuits, whether the heads are filled triangles or open strokes, and the
// second head's shaft may run on through its apex (openHeadAt in arrowheads.ts).
import { describe, expect, it } from 'vitest';
import type { PathGeom, Point, TextRun } from '../../../../core/geometry/types.ts';
import { filler, line, path, text } from './build-paths.ts';
import { analyzePage } from '../../../../subgraphs/drawings/detect/analyze.ts';
import { buildScene } from '../../../../subgraphs/drawings/detect/scene.ts';
import { openHeadAt } from '../../../../subgraphs/drawings/detect/leaders/arrowheads.ts';

type Head = 'filled' | 'open';
/** A head with its tip at `tip` pointing along the unit vector `dir`, 7 pt long: a filled triangle, or two strokes of one path. */
function head(kind: Head, tip: Point, dir: Point, len = 7, half = 2): PathGeom {
  const base: Point = [tip[0] - dir[0] * len, tip[1] - dir[1] * len];
  const n: Point = [-dir[1] * half, dir[0] * half];
  const b1: Point = [base[0] + n[0], base[1] + n[1]];
  const b2: Point = [base[0] - n[0], base[1] - n[1]];
  return kind === 'filled'
    ? path([['M', tip], ['L', b1], ['L', b2], ['Z']], { fill: true, stroke: false })
    : path([
        ['M', b1],
        ['L', tip],
        ['L', b2],
      ]);
}

/**
 * A run from a receptacle marked GFI at (100, y) to the right, ending at x = 200 in the given
 * heads (the first at the tip, the next one head length behind it); the circuit label is
 * written above the run beside the heads, not beyond the tip.
 */
function run(y: number, heads: Head[]): { paths: PathGeom[]; texts: TextRun[] } {
  return {
    paths: [line([100, y], [200, y]), ...heads.map((k, i) => head(k, [200 - 7 * i, y], [1, 0]))],
    texts: [text('GFI', 80, y + 3), text('LP-1-3,5', 170, y - 6)],
  };
}

function leadersOf(parts: { paths: PathGeom[]; texts: TextRun[] }[]) {
  const r = analyzePage({
    width: 600,
    height: 400,
    paths: parts.flatMap((p) => p.paths),
    texts: [...filler, ...parts.flatMap((p) => p.texts)],
  });
  return r.annotations.leaders.map((l) => l.arrow_tip);
}

describe('ONE HEAD with open arrowheads', () => {
  it("reads a single open or filled arrow with its note at the tail as a leader (the rule's control)", () => {
    expect(leadersOf([run(100, ['open'])])).toEqual([[200, 100]]);
    expect(leadersOf([run(100, ['filled'])])).toEqual([[200, 100]]);
  });

  it('reads two heads in a row as a home run, open or filled in any order, the shaft running on through the second', () => {
    for (const heads of [
      ['open', 'open'],
      ['filled', 'open'],
      ['open', 'filled'],
      ['filled', 'filled'],
    ] as Head[][]) {
      expect(leadersOf([run(100, heads)]), heads.join('+')).toEqual([]);
    }
    // Three circuits, three open heads.
    expect(leadersOf([run(100, ['open', 'open', 'open'])])).toEqual([]);
  });

  it('finds the second open head where the shaft passes through its apex, and not a stroke pair that opens forwards', () => {
    const scene = buildScene({ width: 600, height: 400, paths: run(100, ['open', 'open']).paths, texts: [] });
    expect(openHeadAt(scene, [193, 100], [1, 0], 7)?.tip).toEqual([193, 100]);
    // Pointing the other way, the same strokes open forwards: no head.
    expect(openHeadAt(scene, [193, 100], [-1, 0], 7)).toBeNull();
    // Two strokes of different paths meeting at the shaft (a hatch crossing) are no head.
    const crossing = buildScene({
      width: 600,
      height: 400,
      paths: [line([100, 100], [200, 100]), line([150, 100], [143, 102]), line([150, 100], [143, 98])],
      texts: [],
    });
    expect(openHeadAt(crossing, [150, 100], [1, 0], 7)).toBeNull();
  });

  it('takes a point where a crowd of strokes meets (a fan of hatch) for no head, without pairing the crowd', () => {
    // 20,000 strokes of their own paths from the apex, backwards on both sides of the axis at 10–45°: each could be a head's side.
    const paths = [line([100, 100], [200, 100])];
    for (let i = 0; i < 20_000; i++) {
      const off = (((10 + (35 * i) / 20_000) * Math.PI) / 180) * (i % 2 ? 1 : -1);
      paths.push(line([193, 100], [193 - 7 * Math.cos(off), 100 + 7 * Math.sin(off)]));
    }
    const scene = buildScene({ width: 600, height: 400, paths, texts: [] });
    const t = process.cpuUsage();
    expect(openHeadAt(scene, [193, 100], [1, 0], 7)).toBeNull();
    const used = process.cpuUsage(t);
    // Pairing every stroke with every other took 515 ms at 8,000 strokes (about 3 s at 20,000); one pass over them takes a few ms.
    expect((used.user + used.system) / 1000).toBeLessThan(500);
  });

  it('reads a line with open heads at both ends as a dimension, not a leader', () => {
    const r = analyzePage({
      width: 600,
      height: 400,
      paths: [line([100, 200], [200, 200]), head('open', [100, 200], [-1, 0]), head('open', [200, 200], [1, 0])],
      texts: [...filler, text('CLEAR', 140, 197)],
    });
    expect(r.annotations.leaders).toEqual([]);
  });
});
