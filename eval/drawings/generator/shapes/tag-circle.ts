/**
 * The divided circle shared by section and detail tags: view id above the
 * line, sheet number below. Label sizes are fitted to the chord so the text
 * stays inside the circle, as a detector will expect.
 */
import type { DrawContext } from '../context.ts';
import type { Point } from '../geometry.ts';
import type { TextPainter, TextRun } from '../text.ts';
import { circlePath } from './curves.ts';

export const VIEW_IDS: readonly string[] = ['1', '2', '3', '4', '5', '7', '9', '12', '14', 'A', 'B', 'C', 'D'];
export const SHEET_REFS: readonly string[] = ['S-201', 'S-301', 'S-302', 'S-401', 'S-501', 'S-502', 'S-503', 'S-601'];

export interface TagCircle {
  center: Point;
  radius: number;
  top: TextRun;
  bottom: TextRun;
}

export function planTagCircle(text: TextPainter, center: Point, radius: number, topText: string, bottomText: string): TagCircle {
  const capFraction = 0.34;
  const size = (radius * capFraction) / (text.capHeight(1));
  const topSize = text.fit(topText, size, radius * 1.3);
  const bottomSize = text.fit(bottomText, size, radius * 1.45);
  return {
    center,
    radius,
    top: text.centered(topText, [center[0], center[1] + radius * 0.45], topSize),
    bottom: text.centered(bottomText, [center[0], center[1] - radius * 0.45], bottomSize),
  };
}

export function drawTagCircle(ctx: DrawContext, t: TagCircle, width: number): void {
  const black = ctx.color('black');
  const [cx, cy] = t.center;
  const outline = circlePath(ctx.spec.circleMode, t.center, t.radius, ctx.rng);
  if (ctx.spec.circleMode === 'segments') {
    // One path per side, as the exports that split a tag's circle into chords write it.
    for (let i = 0; i < outline.length; i += 2) ctx.pen.stroke(outline.slice(i, i + 2), { color: black, width });
  } else ctx.pen.stroke(outline, { color: black, width });
  ctx.pen.stroke(
    [
      { op: 'M', p: [cx - t.radius, cy] },
      { op: 'L', p: [cx + t.radius, cy] },
    ],
    { color: black, width },
  );
  ctx.text.draw(ctx.pen, t.top, black);
  ctx.text.draw(ctx.pen, t.bottom, black);
}
