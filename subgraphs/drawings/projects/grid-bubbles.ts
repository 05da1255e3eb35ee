// Grid bubbles: a circle holding one grid label (A, AA, C.1, 12). Not a Tier 1
// output, so found here, from the page's paths and text directly rather than
// from a second scene: every subpath is cut out of its path once, and only a
// small, square subpath around a label-shaped run is tested as a circle.
//
// Rule grid-bubble: a closed subpath whose box is square (sides within 15 %),
// 8–80 pt across, whose points all lie within 8 % of one radius from the box's
// centre, drawn with curves or at least 8 segments, holding exactly one run
// whose text is a grid label, centred within a fifth of the radius.
import type { PageGeometry, Point } from '../../../core/geometry/types.ts';
import { CLOSE, CURVE, LINE, MOVE } from '../../../core/geometry/types.ts';
import { center } from '../../../core/geometry/bbox.ts';
import type { GridBubble } from './extract.ts';

const GRID_LABEL = /^([A-Z]{1,2}|\d{1,3})(\.\d{1,2})?$/;
/** Cell size of the index of candidate circles: about the largest bubble. */
const CELL = 80;

interface Candidate {
  cx: number;
  cy: number;
  r: number;
}

function subpathCircles(path: PageGeometry['paths'][number], out: Candidate[]): void {
  const { ops, coords } = path;
  let i = 0;
  let points: Point[] = [];
  let curves = 0;
  let segments = 0;
  const flush = () => {
    if (points.length >= 4) {
      let x1 = Infinity,
        y1 = Infinity,
        x2 = -Infinity,
        y2 = -Infinity;
      for (const [x, y] of points) {
        x1 = Math.min(x1, x);
        y1 = Math.min(y1, y);
        x2 = Math.max(x2, x);
        y2 = Math.max(y2, y);
      }
      const w = x2 - x1;
      const h = y2 - y1;
      if (w >= 8 && w <= 80 && Math.abs(w - h) <= 0.15 * w && (curves >= 2 || segments >= 8)) {
        const cx = (x1 + x2) / 2;
        const cy = (y1 + y2) / 2;
        const r = (w + h) / 4;
        if (points.every(([x, y]) => Math.abs(Math.hypot(x - cx, y - cy) - r) <= 0.08 * r)) out.push({ cx, cy, r });
      }
    }
    points = [];
    curves = 0;
    segments = 0;
  };
  for (const op of ops) {
    if (op === MOVE) {
      flush();
      points.push([coords[i]!, coords[i + 1]!]);
      i += 2;
    } else if (op === LINE) {
      points.push([coords[i]!, coords[i + 1]!]);
      segments++;
      i += 2;
    } else if (op === CURVE) {
      // The end point lies on the circle; the controls do not (they are checked by the box).
      points.push([coords[i + 4]!, coords[i + 5]!]);
      curves++;
      i += 6;
    } else if (op === CLOSE) {
      segments++;
    }
  }
  flush();
}

export function findGridBubbles(page: Pick<PageGeometry, 'paths' | 'texts'>): GridBubble[] {
  const candidates: Candidate[] = [];
  for (const p of page.paths) if (p.stroke && p.bbox[2] - p.bbox[0] >= 8) subpathCircles(p, candidates);
  const index = new Map<string, Candidate[]>();
  const key = (x: number, y: number) => `${Math.floor(x / CELL)},${Math.floor(y / CELL)}`;
  for (const c of candidates) index.set(key(c.cx, c.cy), [...(index.get(key(c.cx, c.cy)) ?? []), c]);
  const labelsIn = new Map<Candidate, string[]>();
  for (const t of page.texts) {
    const label = t.str.trim().toUpperCase();
    const [x, y] = center(t.bbox);
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (const c of index.get(`${Math.floor(x / CELL) + dx},${Math.floor(y / CELL) + dy}`) ?? []) {
          if (Math.hypot(x - c.cx, y - c.cy) < 0.9 * c.r) labelsIn.set(c, [...(labelsIn.get(c) ?? []), label]);
        }
      }
    }
  }
  const out: GridBubble[] = [];
  for (const [c, labels] of labelsIn) {
    if (labels.length === 1 && GRID_LABEL.test(labels[0]!))
      out.push({ label: labels[0]!, center: [c.cx, c.cy], radius: c.r });
  }
  return out;
}
