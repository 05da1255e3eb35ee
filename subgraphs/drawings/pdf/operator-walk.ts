// Turns pdf.js's operator list into painted paths in display coordinates,
// tracking what real CAD output relies on: save/restore, per-path `cm`,
// form XObjects, line width and dash (also through ExtGState), colours.
// Clip paths (painted with endPath) are not drawing geometry and are skipped.
/* eslint-disable @typescript-eslint/no-explicit-any -- pdf.js's operator lists carry arguments of every operator's own shape */
import { AppError } from '../../../core/errors.ts';
import { multiply, scaleOf, type Matrix } from '../../../core/geometry/matrix.ts';
import { LIMITS } from '../../../core/limits.ts';
import { CLOSE, CURVE, LINE, MOVE, type PathGeom } from '../../../core/geometry/types.ts';

/** The pdf.js OPS ids this walk reads (pdf.js's `OPS` object satisfies it). */
export interface OpIds {
  save: number;
  restore: number;
  transform: number;
  paintFormXObjectBegin: number;
  paintFormXObjectEnd: number;
  setLineWidth: number;
  setDash: number;
  setGState: number;
  setStrokeRGBColor: number;
  setFillRGBColor: number;
  constructPath: number;
  stroke: number;
  closeStroke: number;
  fill: number;
  eoFill: number;
  fillStroke: number;
  eoFillStroke: number;
  closeFillStroke: number;
  closeEOFillStroke: number;
  endPath: number;
}

interface GState {
  ctm: Matrix;
  lineWidth: number;
  dash: number[] | null;
  strokeColor: string;
  fillColor: string;
}

export interface OperatorList {
  fnArray: ArrayLike<number>;
  argsArray: ArrayLike<unknown>;
}

/**
 * The operator budget (core/limits.ts), the one rule, applied twice: before
 * pdf.js runs, to every form XObject's expanded size (form-prescan.ts; a form
 * drawn 10 times, 9 deep, is 10^9 operators from 3 KB, refused in
 * milliseconds), and after, to the page's operator list, where pdf.js has
 * expanded the forms (a page of plain operators past the budget). What the
 * pre-scan cannot read is stopped by the worker's time and memory limits
 * (core/jobs/worker-pool.ts).
 */
export function checkOperatorBudget(operators: number, what = 'The page has'): void {
  if (operators > LIMITS.pdfMaxOperators) {
    throw new AppError(
      'RESOURCE_LIMIT',
      `${what} more than ${LIMITS.pdfMaxOperators} drawing operators once its forms are expanded (the limit)`,
      {
        limit: 'pdf_max_operators',
        limit_value: LIMITS.pdfMaxOperators,
      },
    );
  }
}

/**
 * @example
 * walkOperators(await page.getOperatorList(), OPS, page.getViewport({ scale: 1 }).transform)
 */
export function walkOperators(list: OperatorList, OPS: OpIds, viewportTransform: ArrayLike<number>): PathGeom[] {
  const paint = new Map<number, { stroke: boolean; fill: boolean }>([
    [OPS.stroke, { stroke: true, fill: false }],
    [OPS.closeStroke, { stroke: true, fill: false }],
    [OPS.fill, { stroke: false, fill: true }],
    [OPS.eoFill, { stroke: false, fill: true }],
    [OPS.fillStroke, { stroke: true, fill: true }],
    [OPS.eoFillStroke, { stroke: true, fill: true }],
    [OPS.closeFillStroke, { stroke: true, fill: true }],
    [OPS.closeEOFillStroke, { stroke: true, fill: true }],
  ]);
  const stack: GState[] = [];
  let gs: GState = {
    ctm: Array.from(viewportTransform) as Matrix,
    lineWidth: 1,
    dash: null,
    strokeColor: '#000000',
    fillColor: '#000000',
  };
  const paths: PathGeom[] = [];
  const { fnArray, argsArray } = list;
  checkOperatorBudget(fnArray.length);

  for (let i = 0; i < fnArray.length; i++) {
    const fn = fnArray[i]!;
    const args = argsArray[i] as any[] | null;
    switch (fn) {
      case OPS.save:
        stack.push(gs);
        gs = { ...gs };
        break;
      case OPS.restore:
        gs = stack.pop() ?? gs;
        break;
      case OPS.transform:
        gs.ctm = multiply(gs.ctm, args!);
        break;
      case OPS.paintFormXObjectBegin:
        stack.push(gs);
        gs = { ...gs };
        if (args?.[0]) gs.ctm = multiply(gs.ctm, args[0]);
        break;
      case OPS.paintFormXObjectEnd:
        gs = stack.pop() ?? gs;
        break;
      case OPS.setLineWidth:
        gs.lineWidth = Number(args![0]);
        break;
      case OPS.setDash:
        gs.dash = dashOf(args![0]);
        break;
      case OPS.setGState:
        for (const [key, value] of (args![0] as [string, any][]) ?? []) {
          if (key === 'LW') gs.lineWidth = Number(value);
          else if (key === 'D') gs.dash = dashOf(value?.[0]);
        }
        break;
      case OPS.setStrokeRGBColor:
        gs.strokeColor = String(args![0]);
        break;
      case OPS.setFillRGBColor:
        gs.fillColor = String(args![0]);
        break;
      case OPS.constructPath: {
        const how = paint.get(args![0] as number);
        const data = (args![1] as (ArrayLike<number> | null)[])[0];
        if (how && data && data.length) paths.push(toPath(data, gs, how));
        break;
      }
    }
  }
  return paths;
}

function dashOf(value: unknown): number[] | null {
  if (!Array.isArray(value) && !ArrayBuffer.isView(value)) return null;
  const dash = Array.from(value as ArrayLike<number>).filter((n) => Number.isFinite(n));
  return dash.length && dash.some((d) => d > 0) ? dash : null;
}

function toPath(data: ArrayLike<number>, gs: GState, how: { stroke: boolean; fill: boolean }): PathGeom {
  const [a, b, c, d, e, f] = gs.ctm;
  const ops: number[] = [];
  const coords: number[] = [];
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  // The current point in user space, for quadratic curves.
  let lx = 0;
  let ly = 0;
  const push = (x: number, y: number) => {
    const X = a * x + c * y + e;
    const Y = b * x + d * y + f;
    coords.push(X, Y);
    if (X < minX) minX = X;
    if (X > maxX) maxX = X;
    if (Y < minY) minY = Y;
    if (Y > maxY) maxY = Y;
  };
  for (let i = 0; i < data.length;) {
    const op = data[i++]!;
    if (op === MOVE || op === LINE) {
      ops.push(op);
      lx = data[i]!;
      ly = data[i + 1]!;
      push(lx, ly);
      i += 2;
    } else if (op === CURVE) {
      ops.push(CURVE);
      push(data[i]!, data[i + 1]!);
      push(data[i + 2]!, data[i + 3]!);
      lx = data[i + 4]!;
      ly = data[i + 5]!;
      push(lx, ly);
      i += 6;
    } else if (op === 3) {
      // Quadratic curve (pdf.js's evaluator does not emit it today): raised to the exact cubic.
      const [qx, qy, x, y] = [data[i]!, data[i + 1]!, data[i + 2]!, data[i + 3]!];
      ops.push(CURVE);
      push(lx + (2 / 3) * (qx - lx), ly + (2 / 3) * (qy - ly));
      push(x + (2 / 3) * (qx - x), y + (2 / 3) * (qy - y));
      push(x, y);
      lx = x;
      ly = y;
      i += 4;
    } else if (op === CLOSE) {
      ops.push(CLOSE);
    } else {
      break; // unknown code: stop rather than misread the stream
    }
  }
  const scale = scaleOf(gs.ctm);
  return {
    ops,
    coords,
    stroke: how.stroke,
    fill: how.fill,
    lineWidth: gs.lineWidth * scale,
    dash: gs.dash ? gs.dash.map((v) => v * scale) : null,
    strokeColor: gs.strokeColor,
    fillColor: gs.fillColor,
    bbox: [minX, minY, maxX, maxY],
  };
}
