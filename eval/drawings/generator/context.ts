/**
 * What every shape needs to draw itself, bundled so shapes stay pure
 * functions of (plan, context) and can be pointed at the page or a form XObject.
 */
import type { Pen } from './pen.ts';
import type { Rng } from './prng.ts';
import { ink } from './styles.ts';
import type { Color, Hue, SheetSpec, Weights } from './styles.ts';
import type { TextPainter } from './text.ts';

export interface DrawContext {
  pen: Pen;
  text: TextPainter;
  /** Drawing-time choices (polyline segment counts, split-dash grouping, mixed colors). */
  rng: Rng;
  spec: SheetSpec;
  weights: Weights;
  color(hue: Hue): Color;
}

export function drawContext(pen: Pen, text: TextPainter, rng: Rng, spec: SheetSpec, weights: Weights): DrawContext {
  return { pen, text, rng, spec, weights, color: (hue) => ink(hue, spec.colorSpace, rng) };
}
