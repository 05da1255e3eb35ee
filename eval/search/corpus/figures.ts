/**
 * Schematic line work for figures: enough shapes that a figure is plainly a
 * drawing (a framed rectangle with geometry inside), and no text inside it,
 * so the caption is the only words a figure contributes to its page.
 */
import type { Rng } from './prng.ts';
import type { DrawOp, Drawing } from './types.ts';

const THIN = 0.5;
const MEDIUM = 0.9;

function rect(
  ops: DrawOp[],
  x: number,
  y: number,
  w: number,
  h: number,
  width = MEDIUM,
  dash?: number[],
  fillGray?: number,
): void {
  const op: DrawOp = { op: 'rect', x, y, w, h, width };
  if (dash) op.dash = dash;
  if (fillGray !== undefined) op.fillGray = fillGray;
  ops.push(op);
}

function line(ops: DrawOp[], x1: number, y1: number, x2: number, y2: number, width = THIN, dash?: number[]): void {
  const op: DrawOp = { op: 'line', x1, y1, x2, y2, width };
  if (dash) op.dash = dash;
  ops.push(op);
}

function polyline(ops: DrawOp[], pts: [number, number][], width = THIN, dash?: number[]): void {
  for (let i = 1; i < pts.length; i++) {
    const a = pts[i - 1] as [number, number];
    const b = pts[i] as [number, number];
    line(ops, a[0], a[1], b[0], b[1], width, dash);
  }
}

/** Draws `kind` inside the box with lower-left (x, y). */
export function drawFigure(ops: DrawOp[], kind: Drawing, x: number, y: number, w: number, h: number, rng: Rng): void {
  rect(ops, x, y, w, h, 0.6);
  const cx = x + w / 2;
  const cy = y + h / 2;
  const s = Math.min(w, h);
  switch (kind) {
    case 'slab-column': {
      const c = s * rng.range(0.14, 0.2);
      rect(ops, cx - c / 2, cy - c / 2, c, c, MEDIUM, undefined, 0.75);
      const d = s * rng.range(0.12, 0.17);
      rect(ops, cx - c / 2 - d, cy - c / 2 - d, c + 2 * d, c + 2 * d, MEDIUM, [4, 2]);
      line(ops, cx + c / 2, cy + c / 2 + d + 8, cx + c / 2 + d, cy + c / 2 + d + 8);
      line(ops, x + 12, y + 12, x + w - 12, y + 12, THIN, [1, 2]);
      break;
    }
    case 'section': {
      const bw = s * 0.45;
      const bh = s * 0.75;
      rect(ops, cx - bw / 2, cy - bh / 2, bw, bh, MEDIUM);
      rect(ops, cx - bw / 2 + 8, cy - bh / 2 + 8, bw - 16, bh - 16, THIN);
      const n = rng.int(3, 5);
      for (let i = 0; i < n; i++)
        ops.push({
          op: 'circle',
          x: cx - bw / 2 + 14 + ((bw - 28) * i) / (n - 1),
          y: cy - bh / 2 + 14,
          r: 3.2,
          width: THIN,
          fill: true,
        });
      break;
    }
    case 'frame-drift': {
      const fw = w * 0.5;
      const stories = rng.int(2, 3);
      const sh = (h - 30) / stories;
      for (let i = 0; i <= stories; i++)
        line(ops, cx - fw / 2, y + 15 + i * sh, cx + fw / 2, y + 15 + i * sh, i === 0 ? MEDIUM : THIN);
      line(ops, cx - fw / 2, y + 15, cx - fw / 2, y + 15 + stories * sh, MEDIUM);
      line(ops, cx + fw / 2, y + 15, cx + fw / 2, y + 15 + stories * sh, MEDIUM);
      const pts: [number, number][] = [];
      for (let i = 0; i <= stories; i++) pts.push([cx + fw / 2 + 4 + i * i * 3, y + 15 + i * sh]);
      polyline(ops, pts, THIN, [3, 2]);
      break;
    }
    case 'map': {
      for (let i = 1; i < 6; i++) line(ops, x + (w * i) / 6, y, x + (w * i) / 6, y + h, 0.25, [1, 3]);
      for (let i = 1; i < 4; i++) line(ops, x, y + (h * i) / 4, x + w, y + (h * i) / 4, 0.25, [1, 3]);
      for (let k = 0; k < 4; k++) {
        const pts: [number, number][] = [];
        let py = y + h * (0.2 + 0.18 * k);
        for (let i = 0; i <= 10; i++) {
          pts.push([x + (w * i) / 10, py]);
          py = Math.min(y + h - 4, Math.max(y + 4, py + rng.range(-8, 8)));
        }
        polyline(ops, pts, 0.7);
      }
      break;
    }
    case 'roof-drift': {
      const step = x + w * rng.range(0.35, 0.45);
      const low = y + h * 0.3;
      const high = y + h * 0.7;
      polyline(
        ops,
        [
          [x + 10, high],
          [step, high],
          [step, low],
          [x + w - 10, low],
        ],
        MEDIUM,
      );
      const drift = w * rng.range(0.2, 0.28);
      polyline(
        ops,
        [
          [step, low + (high - low) * 0.8],
          [step + drift, low],
          [step, low],
        ],
        THIN,
      );
      line(ops, x + 10, low + 6, x + w - 10, low + 6, THIN, [2, 2]);
      break;
    }
    case 'bolted-plate': {
      const pw = w * 0.6;
      const ph = h * 0.6;
      rect(ops, cx - pw / 2, cy - ph / 2, pw, ph, MEDIUM);
      const rows = rng.int(2, 3);
      const cols = rng.int(2, 4);
      for (let i = 0; i < rows; i++)
        for (let j = 0; j < cols; j++)
          ops.push({
            op: 'circle',
            x: cx - pw / 2 + 20 + ((pw - 40) * j) / Math.max(1, cols - 1),
            y: cy - ph / 2 + 18 + ((ph - 36) * i) / Math.max(1, rows - 1),
            r: 4.5,
            width: THIN,
          });
      line(ops, cx + pw / 2, cy + ph / 2 + 8, cx + pw / 2 - 20, cy + ph / 2 + 8);
      break;
    }
    case 'curve': {
      line(ops, x + 20, y + 15, x + w - 15, y + 15, MEDIUM);
      line(ops, x + 20, y + 15, x + 20, y + h - 10, MEDIUM);
      const pts: [number, number][] = [];
      const k = rng.range(1.6, 2.4);
      for (let i = 0; i <= 20; i++) {
        const t = i / 20;
        pts.push([x + 20 + t * (w - 40), y + 15 + (h - 35) * (t < 0.2 ? 1 : 1 / (1 + k * (t - 0.2) * (t - 0.2) * 6))]);
      }
      polyline(ops, pts, 0.8);
      break;
    }
    case 'roof-zones': {
      const rw = w * 0.7;
      const rh = h * 0.7;
      rect(ops, cx - rw / 2, cy - rh / 2, rw, rh, MEDIUM);
      const a = Math.min(rw, rh) * rng.range(0.14, 0.2);
      rect(ops, cx - rw / 2 + a, cy - rh / 2 + a, rw - 2 * a, rh - 2 * a, THIN, [3, 2]);
      for (const [dx, dy] of [
        [0, 0],
        [rw - a, 0],
        [0, rh - a],
        [rw - a, rh - a],
      ] as [number, number][])
        rect(ops, cx - rw / 2 + dx, cy - rh / 2 + dy, a, a, THIN, undefined, 0.85);
      break;
    }
    case 'lap': {
      const l = w * 0.35;
      line(ops, x + 15, cy + 3, cx + l / 2, cy + 3, 1.6);
      line(ops, cx - l / 2, cy - 3, x + w - 15, cy - 3, 1.6);
      line(ops, cx - l / 2, cy - 18, cx + l / 2, cy - 18, THIN);
      line(ops, cx - l / 2, cy - 22, cx - l / 2, cy - 14, THIN);
      line(ops, cx + l / 2, cy - 22, cx + l / 2, cy - 14, THIN);
      break;
    }
  }
}
