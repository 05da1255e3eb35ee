// A NOTE IS A FEW LINES (stroked-text.ts): stroked line work chained across the sheet by its small
// strokes (a dashed outline, a wall in pieces) is no note at a leader's tail, however many
// glyph-sized strokes it holds; and a bare dimension value with a decimal comma (1,640: ISO 80000-1,
// DIN 406) is no note, as 1.640 is not (leaders.ts NOT A NOTE).
import { expect, it } from 'vitest';
import type { PathGeom } from '../../../../../core/geometry/types.ts';
import { filler, line, path } from '../build-paths.ts';
import { draftPage } from '../../../../../subgraphs/drawings/detect/analyze.ts';
import { isNote } from '../../../../../subgraphs/drawings/detect/leaders/leaders.ts';

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

it('reads a bare number with a decimal comma as a dimension value, not a note', () => {
  const ref = (t: string) => [{ id: 0, text: t }];
  expect(isNote(ref('1,640'))).toBe(false);
  expect(isNote(ref('1.640'))).toBe(false);
  expect(isNote(ref('2,5 %'))).toBe(false);
  expect(isNote(ref('FALLROHR DN 100'))).toBe(true);
});
