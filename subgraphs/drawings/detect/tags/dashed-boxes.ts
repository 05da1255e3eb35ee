// Dashed outlines around detailed areas. Dashes come either as a dash
// pattern on a path or as pre-split collinear segments with regular gaps;
// both become dashed lines, and lines that close around a box make it.
import type { BBox, Point } from '../../../../core/geometry/types.ts';
import { unionAll } from '../../../../core/geometry/bbox.ts';
import { dist, spread } from '../../../../core/geometry/vec.ts';
import type { Scene } from '../scene.ts';

export interface DashedLine {
  a: Point;
  b: Point;
}

/** Per scene: the dashed boxes and the grid bubbles (grid-bubble.ts) both ask for the pre-split lines. */
const splitCache = new WeakMap<Scene, readonly DashedLine[]>();

/** Short axis-aligned strokes on one line, evenly spaced, merged into one dashed line (computed once a scene). */
export function splitDashLines(scene: Scene): readonly DashedLine[] {
  let lines = splitCache.get(scene);
  if (!lines) splitCache.set(scene, (lines = mergeSplitDashes(scene)));
  return lines;
}

function mergeSplitDashes(scene: Scene): DashedLine[] {
  const groups = new Map<string, { from: number; to: number; at: number; horizontal: boolean }[]>();
  for (const l of scene.lines) {
    if (l.a === l.b || scene.subpaths[l.sub]!.path.dash) continue;
    const len = dist(l.a, l.b);
    if (len < 0.8 || len > 16) continue;
    const horizontal = Math.abs(l.a[1] - l.b[1]) < 0.05;
    const vertical = Math.abs(l.a[0] - l.b[0]) < 0.05;
    if (!horizontal && !vertical) continue;
    const at = horizontal ? l.a[1] : l.a[0];
    const from = Math.min(horizontal ? l.a[0] : l.a[1], horizontal ? l.b[0] : l.b[1]);
    const key = `${horizontal ? 'h' : 'v'}${Math.round(at * 2)}`;
    const list = groups.get(key) ?? [];
    list.push({ from, to: from + len, at, horizontal });
    groups.set(key, list);
  }
  const out: DashedLine[] = [];
  for (const list of groups.values()) {
    list.sort((x, y) => x.from - y.from);
    let run = [list[0]!];
    const flush = () => {
      if (run.length >= 4) {
        const gaps = run.slice(1).map((d, i) => d.from - run[i]!.to);
        const g = spread(gaps);
        if (g.mean > 0.3 && g.cv < 0.35) {
          const first = run[0]!;
          const last = run[run.length - 1]!;
          out.push(
            first.horizontal
              ? { a: [first.from, first.at], b: [last.to, first.at] }
              : { a: [first.at, first.from], b: [first.at, last.to] },
          );
        }
      }
    };
    for (const d of list.slice(1)) {
      const prev = run[run.length - 1]!;
      const gap = d.from - prev.to;
      if (gap > 0.2 && gap < 3 * Math.max(prev.to - prev.from, 2)) run.push(d);
      else {
        flush();
        run = [d];
      }
    }
    flush();
  }
  return out;
}

export function findDashedBoxes(scene: Scene): BBox[] {
  const boxes: BBox[] = [];
  const lines: DashedLine[] = [...splitDashLines(scene)];
  for (const sp of scene.subpaths) {
    if (!sp.path.dash || !sp.path.stroke) continue;
    const [x1, y1, x2, y2] = sp.bbox;
    if (sp.closed && x2 - x1 > 4 && y2 - y1 > 4) boxes.push(sp.bbox);
    else for (const s of sp.segs) lines.push({ a: s.a, b: s.b });
  }
  // Join dashed lines that meet end to end into outlines; keep those that close around an area.
  const parent = lines.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  const tol = 6;
  // Endpoints bucketed in cells of the tolerance, so each is compared only with its neighbours:
  // linear in the number of dashed lines instead of quadratic (a Tekla sheet has thousands).
  const cells = new Map<string, number[]>();
  const key = (p: Point) => `${Math.floor(p[0] / tol)},${Math.floor(p[1] / tol)}`;
  lines.forEach((l, i) => {
    for (const p of [l.a, l.b]) {
      const k = key(p);
      const list = cells.get(k);
      if (list) list.push(i);
      else cells.set(k, [i]);
    }
  });
  lines.forEach((l, i) => {
    for (const p of [l.a, l.b]) {
      const cx = Math.floor(p[0] / tol);
      const cy = Math.floor(p[1] / tol);
      for (let dx = -1; dx <= 1; dx++) {
        for (let dy = -1; dy <= 1; dy++) {
          for (const j of cells.get(`${cx + dx},${cy + dy}`) ?? []) {
            if (j <= i) continue;
            const q = lines[j]!;
            if (dist(p, q.a) < tol || dist(p, q.b) < tol) parent[find(i)] = find(j);
          }
        }
      }
    }
  });
  const groups = new Map<number, DashedLine[]>();
  lines.forEach((l, i) => {
    const root = find(i);
    const list = groups.get(root);
    if (list) list.push(l);
    else groups.set(root, [l]);
  });
  for (const group of groups.values()) {
    if (group.length < 3) continue;
    const box = unionAll(
      group.map((l): BBox => [
        Math.min(l.a[0], l.b[0]),
        Math.min(l.a[1], l.b[1]),
        Math.max(l.a[0], l.b[0]),
        Math.max(l.a[1], l.b[1]),
      ]),
    );
    const perimeter = 2 * (box[2] - box[0] + box[3] - box[1]);
    const covered = group.reduce((s, l) => s + dist(l.a, l.b), 0);
    if (box[2] - box[0] > 4 && box[3] - box[1] > 4 && covered > 0.6 * perimeter) boxes.push(box);
  }
  return boxes;
}
