// GRID BUBBLE (grid-bubble.ts): a circle holding one identifier at the end of a grid line that runs
// into it, aimed at its centre, is a column grid's bubble, not a detail tag, even where a hatch's
// stripe running from the rim across the plan reads like a title-underline bar (the ArchiCAD A0
// plan's bubble "1": a striped roof hatch starting at the bubble's rim, a dash-dot grid line written
// as separate dashes). A callout with a sheet reference under its bar stays a callout.
import { expect, it } from 'vitest';
import type { PathGeom } from '../../../../../core/geometry/types.ts';
import { circle, filler, line, text } from '../build-paths.ts';
import { analyzePage } from '../../../../../subgraphs/drawings/detect/analyze.ts';

/** A dash-dot line down from (x, y0) to y1, each dash and dot its own path (as ArchiCAD writes it). */
function dashDotDown(x: number, y0: number, y1: number): PathGeom[] {
  const out: PathGeom[] = [];
  for (let y = y0; y + 4.3 <= y1; y += 6.5) out.push(line([x, y], [x, y + 4.3]), line([x, y + 5.4], [x, y + 5.4]));
  return out;
}

/** Stripes of a hatch every 5.7 pt from x0 to the right, from y0 to y1 (the roof's striped pattern). */
function stripes(x0: number, y0: number, y1: number): PathGeom[] {
  const out: PathGeom[] = [];
  for (let y = y0; y <= y1; y += 5.7) out.push(line([x0, y], [x0 + 900, y]));
  return out;
}

const R = 14;
const page = (paths: PathGeom[], texts = [text('1', 116.5, 103, 8)]) =>
  analyzePage({ width: 1200, height: 800, paths, texts: [...filler, ...texts] });

it('takes a one-identifier circle with a grid line running into it for a grid bubble, though a stripe bars it', () => {
  // The bubble at (120, 100); a stripe of the hatch starts on its rim (x = 106) and runs 900 pt on
  // through its centre line, which alone passes for a bar running on as a title's underline.
  const hatch = stripes(106, 100 - 5.7 * 6, 100 + 5.7 * 6);
  const grid = dashDotDown(120, 100 + R, 760);
  expect(page([circle([120, 100], R), ...hatch]).annotations.detail_tags).toHaveLength(1);
  expect(page([circle([120, 100], R), ...hatch, ...grid]).annotations.detail_tags).toEqual([]);
  // A solid grid line stopping short of the rim by a pattern's gap counts the same.
  expect(page([circle([120, 100], R), ...hatch, line([120, 100 + R + 6], [120, 700])]).annotations.detail_tags).toEqual(
    [],
  );
});

it('keeps a callout whose bar has a sheet reference under it, and a bubble a line merely passes', () => {
  const bar = line([106, 100], [240, 100]);
  const grid = dashDotDown(120, 100 + R, 760);
  const callout = page([circle([120, 100], R), bar, ...grid], [text('1', 118, 98, 7), text('A501', 111, 110, 7)]);
  expect(callout.annotations.detail_tags).toHaveLength(1);
  // A long line beside the bubble, not aimed at its centre, is no grid line of it.
  const beside = page([circle([120, 100], R), bar, line([128, 100 + R + 2], [128, 700])], [text('1', 116.5, 98, 8)]);
  expect(beside.annotations.detail_tags).toHaveLength(1);
});
