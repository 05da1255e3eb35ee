/**
 * The only place that writes PDF operators. Shapes describe geometry in layout
 * space; the pen maps it through one matrix into whatever space the content
 * stream is in (rotated page, form XObject, per-path scaled `cm`), so a new
 * export quirk is a pen option instead of a change to every shape.
 */
import {
  beginText,
  appendBezierCurve,
  clip,
  closePath,
  concatTransformationMatrix,
  drawObject,
  endPath,
  endText,
  fill,
  lineTo,
  moveTo,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  setDashPattern,
  setFillingCmykColor,
  setFillingGrayscaleColor,
  setFillingRgbColor,
  setFontAndSize,
  setLineWidth,
  setStrokingCmykColor,
  setStrokingGrayscaleColor,
  setStrokingRgbColor,
  setTextMatrix,
  showText,
  stroke,
} from 'pdf-lib';
import type { PDFFont, PDFOperator } from 'pdf-lib';
import { apply, compose, invert, isAxisAligned, matrixScale, round, scaleMatrix } from './geometry.ts';
import type { Box, Matrix, Point } from './geometry.ts';
import type { Color } from './styles.ts';

export type Segment =
  | { op: 'M'; p: Point }
  | { op: 'L'; p: Point }
  | { op: 'C'; c1: Point; c2: Point; p: Point }
  | { op: 'Z' }
  /** Axis-aligned rectangle, emitted as `re` when the mapping allows it. */
  | { op: 'R'; box: Box };

export type Path = Segment[];

export interface StrokeStyle {
  color: Color;
  /** Line width in layout points. */
  width: number;
  /** Dash pattern in layout points; null or empty = solid. */
  dash?: number[] | null;
}

export interface PenOptions {
  /** Layout space → content-stream space. */
  matrix: Matrix;
  /** Per-path `q s 0 0 s 0 0 cm ... Q` wrapping; null = off. */
  perPathScale?: number | null;
  /** Resource name and font for real text; null when the sheet strokes its text. */
  fontName?: string | null;
  font?: PDFFont | null;
}

interface EmittedState {
  stroke: string | null;
  fill: string | null;
  width: number | null;
  dash: string | null;
}

const CHUNK = 5000;

function colorKey(c: Color): string {
  return JSON.stringify(c);
}

function strokeColorOp(c: Color): PDFOperator {
  if (c.space === 'gray') return setStrokingGrayscaleColor(c.g);
  if (c.space === 'rgb') return setStrokingRgbColor(c.r, c.g, c.b);
  return setStrokingCmykColor(c.c, c.m, c.y, c.k);
}

function fillColorOp(c: Color): PDFOperator {
  if (c.space === 'gray') return setFillingGrayscaleColor(c.g);
  if (c.space === 'rgb') return setFillingRgbColor(c.r, c.g, c.b);
  return setFillingCmykColor(c.c, c.m, c.y, c.k);
}

export class Pen {
  /** Operators in chunks (pushing a million operators in one spread would overflow the stack). */
  readonly chunks: PDFOperator[][] = [[]];
  readonly matrix: Matrix;
  readonly perPathScale: number | null;
  readonly fontName: string | null;
  readonly font: PDFFont | null;
  private readonly k: number;
  /** Layout → per-path local space (stream space scaled by 1/perPathScale). */
  private readonly localMatrix: Matrix | null;
  private state: EmittedState = { stroke: null, fill: null, width: null, dash: null };
  private readonly stack: EmittedState[] = [];

  constructor(options: PenOptions) {
    this.matrix = options.matrix;
    this.perPathScale = options.perPathScale ?? null;
    this.fontName = options.fontName ?? null;
    this.font = options.font ?? null;
    this.k = matrixScale(options.matrix);
    this.localMatrix = this.perPathScale === null ? null : compose(invert(scaleMatrix(this.perPathScale)), this.matrix);
  }

  private push(...ops: PDFOperator[]): void {
    let last = this.chunks[this.chunks.length - 1] as PDFOperator[];
    if (last.length >= CHUNK) {
      last = [];
      this.chunks.push(last);
    }
    last.push(...ops);
  }

  save(): void {
    this.push(pushGraphicsState());
    this.stack.push({ ...this.state });
  }

  restore(): void {
    const prev = this.stack.pop();
    if (!prev) throw new Error('restore without save');
    this.push(popGraphicsState());
    this.state = prev;
  }

  private setStrokeColor(c: Color): void {
    const key = colorKey(c);
    if (this.state.stroke === key) return;
    this.state.stroke = key;
    this.push(strokeColorOp(c));
  }

  private setFillColor(c: Color): void {
    const key = colorKey(c);
    if (this.state.fill === key) return;
    this.state.fill = key;
    this.push(fillColorOp(c));
  }

  /** Width and dash in the current stream space (factor k maps layout points into it). */
  private widthAndDash(style: StrokeStyle, k: number, force: boolean): void {
    const width = round(style.width * k, 4);
    if (force || this.state.width !== width) {
      this.push(setLineWidth(width));
      if (!force) this.state.width = width;
    }
    const dash = (style.dash ?? []).map((d) => round(d * k, 3));
    const key = dash.join(' ');
    if (force ? dash.length > 0 : this.state.dash !== key) {
      this.push(setDashPattern(dash, 0));
      if (!force) this.state.dash = key;
    }
  }

  /** Writes coordinates to about 0.001 layout points, whatever the stream's scale. */
  private emitSegments(path: Path, m: Matrix): void {
    const digits = Math.max(0, Math.round(3 - Math.log10(matrixScale(m))));
    const pt = (p: Point): [number, number] => {
      const q = apply(m, p);
      return [round(q[0], digits), round(q[1], digits)];
    };
    for (const s of path) {
      switch (s.op) {
        case 'M':
          this.push(moveTo(...pt(s.p)));
          break;
        case 'L':
          this.push(lineTo(...pt(s.p)));
          break;
        case 'C':
          this.push(appendBezierCurve(...pt(s.c1), ...pt(s.c2), ...pt(s.p)));
          break;
        case 'Z':
          this.push(closePath());
          break;
        case 'R': {
          const [x1, y1, x2, y2] = s.box;
          if (isAxisAligned(m)) {
            const a = pt([x1, y1]);
            const b = pt([x2, y2]);
            const x = Math.min(a[0], b[0]);
            const y = Math.min(a[1], b[1]);
            this.push(rectangle(x, y, round(Math.abs(b[0] - a[0]), digits), round(Math.abs(b[1] - a[1]), digits)));
          } else {
            this.push(
              moveTo(...pt([x1, y1])),
              lineTo(...pt([x2, y1])),
              lineTo(...pt([x2, y2])),
              lineTo(...pt([x1, y2])),
              closePath(),
            );
          }
          break;
        }
      }
    }
  }

  /** Emits the path in the stream's space, or in a per-path scaled local space. */
  private paint(path: Path, style: StrokeStyle | null, paintOp: PDFOperator): void {
    const s = this.perPathScale;
    if (s === null) {
      if (style) this.widthAndDash(style, this.k, false);
      this.emitSegments(path, this.matrix);
      this.push(paintOp);
      return;
    }
    this.push(pushGraphicsState(), concatTransformationMatrix(s, 0, 0, s, 0, 0));
    if (style) this.widthAndDash(style, this.k / s, true);
    this.emitSegments(path, this.localMatrix as Matrix);
    this.push(paintOp, popGraphicsState());
  }

  stroke(path: Path, style: StrokeStyle): void {
    this.setStrokeColor(style.color);
    this.paint(path, style, stroke());
  }

  fill(path: Path, color: Color): void {
    this.setFillColor(color);
    this.paint(path, null, fill());
  }

  /** `path W n`: a clip, never visible geometry. Call between save() and restore(). */
  clip(path: Path): void {
    this.emitSegments(path, this.matrix);
    this.push(clip(), endPath());
  }

  /** Real text on a horizontal baseline in layout space (left end of the baseline at `at`). */
  text(str: string, at: Point, size: number, color: Color): void {
    if (!this.font || !this.fontName) throw new Error('this pen has no font');
    this.setFillColor(color);
    const [a, b, c, d, e, f] = compose(this.matrix, [1, 0, 0, 1, at[0], at[1]]);
    this.push(
      beginText(),
      setFontAndSize(this.fontName, size),
      setTextMatrix(round(a, 6), round(b, 6), round(c, 6), round(d, 6), round(e), round(f)),
      showText(this.font.encodeText(str)),
      endText(),
    );
  }

  /** `q cm /Name Do Q`, where `placement` maps the XObject's space into this stream's space. */
  drawXObject(name: string, placement: Matrix): void {
    const [a, b, c, d, e, f] = placement;
    this.push(
      pushGraphicsState(),
      concatTransformationMatrix(round(a, 6), round(b, 6), round(c, 6), round(d, 6), round(e), round(f)),
      drawObject(name),
      popGraphicsState(),
    );
  }
}
