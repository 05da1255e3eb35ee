// A HEAP IS NO JOIN at an arrow's tip (leaders.ts): where line ends lie thicker around a tip than
// three a square point (three times the densest plotted lettering's), the spot is a fill drawn as
// strokes and no shaft is taken there; the same arrow elsewhere is a leader. The shaft is found
// from the end points around the tip, so a page of thousands of such heads stays cheap.
import { expect, it } from 'vitest';
import type { PathGeom, Point, TextRun } from '../../../../core/geometry/types.ts';
import { filler, line, path, text } from './build-paths.ts';
import { analyzePage } from '../../../../subgraphs/drawings/detect/analyze.ts';

/** A filled head at `tip` pointing right, its shaft back to a note at x = 100. */
function arrow(tip: Point): { paths: PathGeom[]; texts: TextRun[] } {
  return {
    paths: [
      line([100, tip[1]], [tip[0] - 7, tip[1]]),
      path([['M', tip], ['L', [tip[0] - 7, tip[1] - 2]], ['L', [tip[0] - 7, tip[1] + 2]], ['Z']], {
        fill: true,
        stroke: false,
      }),
    ],
    texts: [text('SEALANT', 60, tip[1] + 3)],
  };
}

/** Strokes 0.3 pt long every 0.25 pt across a square around `at` (a fill drawn as strokes): 16 ends a square point. */
function heap(at: Point, half = 12): PathGeom[] {
  const out: PathGeom[] = [];
  for (let x = at[0] - half; x < at[0] + half; x += 0.5)
    for (let y = at[1] - half; y < at[1] + half; y += 0.25) out.push(line([x, y], [x + 0.3, y]));
  return out;
}

it('reads an arrow from a note as a leader, and not where its tip lies in a heap of strokes', () => {
  const clear = arrow([200, 100]);
  const buried = arrow([200, 250]);
  const r = analyzePage({
    width: 600,
    height: 400,
    paths: [...clear.paths, ...buried.paths, ...heap([200, 250])],
    texts: [...filler, ...clear.texts, ...buried.texts],
  });
  expect(r.annotations.leaders.map((l) => l.arrow_tip)).toEqual([[200, 100]]);
});
