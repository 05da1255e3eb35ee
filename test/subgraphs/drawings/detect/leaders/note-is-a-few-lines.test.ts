// A NOTE IS A FEW LINES (stroked-text.ts): stroked line work chained across the sheet by its small
// strokes (a dashed outline, a wall in pieces) is no note at a leader's tail, however many
// glyph-sized strokes it holds; and a bare dimension value with a decimal comma (1,640: ISO 80000-1,
// DIN 406) is no note, as 1.640 is not (leaders.ts NOT A NOTE).
import { expect, it } from 'vitest';
import type { PathGeom } from '../../../../../core/geometry/types.ts';
import { filler, line, path } from '../build-paths.ts';
import { draftPage } from '../../../../../subgraphs/drawings/detect/analyze.ts';
import { isNote } from '../../../../../subgraphs/drawings/detect/leaders/leaders.ts';
import { buildScene } from '../../../../../subgraphs/drawings/detect/scene.ts';
import { strokedTextNear } from '../../../../../subgraphs/drawings/detect/stroked-text.ts';

/** A dashed rectangle of 3 pt dashes and 1 pt gaps, each dash its own path (a wall drawn in pieces). */
function dashedOutline(x1: number, y1: number, x2: number, y2: number): PathGeom[] {
  const out: PathGeom[] = [];
  for (let x = x1; x < x2; x += 4) out.push(line([x, y1], [x + 3, y1]), line([x, y2], [x + 3, y2]));
  for (let y = y1; y < y2; y += 4) out.push(line([x1, y], [x1, y + 3]), line([x2, y], [x2, y + 3]));
  return out;
}

it('takes no sheet-wide chain of small strokes for the note at an arrow’s tail', () => {
  // A filled head at (300, 100) pointing up, its shaft down to the outline's top edge at y = 110.
  const head = path([['M', [300, 100]], ['L', [298, 107]], ['L', [302, 107]], ['Z']], { fill: true, stroke: false });
  const draft = draftPage({
    width: 1200,
    height: 900,
    paths: [head, line([300, 107], [300, 110]), line([300, 110], [300, 125]), ...dashedOutline(100, 125, 1100, 850)],
    texts: filler,
  });
  expect(draft.unreadLeaders).toEqual([]);
  expect(draft.analysis.annotations.leaders).toEqual([]);
});

/** "HI" in 10 pt stroked lettering with its lower left at (x, y): five strokes, one label. */
function strokedHi(x: number, y: number): PathGeom[] {
  return [
    line([x, y], [x, y + 10]),
    line([x, y + 5], [x + 6, y + 5]),
    line([x + 6, y], [x + 6, y + 10]),
    line([x + 9, y], [x + 9, y + 10]),
    line([x + 8, y + 10], [x + 10, y + 10]),
  ];
}

it('the rule itself: a chain of small strokes wider than a few lines both ways is no note; a word is', () => {
  // Asked of strokedTextNear directly (the detector above may drop such a chain for other reasons
  // too): the dashed outline is one cluster of glyph-sized strokes, 1,000 by 725 points, and its
  // top edge passes right by the probe; the word 40 points off is the only note within reach.
  const scene = buildScene({
    width: 1200,
    height: 900,
    paths: [...dashedOutline(100, 125, 1100, 850), ...strokedHi(300, 80)],
    texts: [],
  });
  const near = strokedTextNear(scene, [300, 120, 300, 120], 60, new Set());
  expect(near?.bbox).toEqual([300, 80, 310, 90]);
  expect(strokedTextNear(scene, [600, 128, 600, 128], 20, new Set())).toBeNull();
});

it('reads a bare number with a decimal comma as a dimension value, not a note', () => {
  const ref = (t: string) => [{ id: 0, text: t }];
  expect(isNote(ref('1,640'))).toBe(false);
  expect(isNote(ref('1.640'))).toBe(false);
  expect(isNote(ref('2,5 %'))).toBe(false);
  expect(isNote(ref('FALLROHR DN 100'))).toBe(true);
});
