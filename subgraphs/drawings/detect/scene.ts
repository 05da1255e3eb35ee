// The page as detectors see it: every subpath split into line and curve
// segments, a grid index over segments for neighbourhood queries, and the text runs.
import type { BBox, PageGeometry, PathGeom, Point, TextRun } from '../../../core/geometry/types.ts';
import { CLOSE, CURVE, LINE, MOVE } from '../../../core/geometry/types.ts';
import { dist } from '../../../core/geometry/vec.ts';

export type Seg =
  | { kind: 'line'; a: Point; b: Point; sub: number }
  | { kind: 'curve'; a: Point; c1: Point; c2: Point; b: Point; sub: number };

export interface Subpath {
  index: number;
  path: PathGeom;
  segs: Seg[];
  /** Vertices: segment starts plus the last end. */
  points: Point[];
  closed: boolean;
  bbox: BBox;
}

export interface Scene {
  width: number;
  height: number;
  /** The page's paths as extracted (the title-block reader rules its cells from them). */
  paths: readonly PathGeom[];
  subpaths: Subpath[];
  lines: Extract<Seg, { kind: 'line' }>[];
  curves: Extract<Seg, { kind: 'curve' }>[];
  texts: TextRun[];
  lineIndex: GridIndex<Extract<Seg, { kind: 'line' }>>;
  /** Indexes into `texts`, by box. */
  textIndex: GridIndex<number>;
  /** Pages without a text layer draw their text as strokes; detectors then look for stroke clusters instead. */
  hasTextLayer: boolean;
}

/** A uniform grid over the page: items are listed in every cell their box touches. */
export class GridIndex<T> {
  private readonly cells = new Map<number, T[]>();
  private readonly size: number;
  constructor(size: number) {
    this.size = size;
  }
  private key(cx: number, cy: number) {
    return cx * 100_003 + cy;
  }
  insert(box: BBox, item: T): void {
    this.insertSpan(box[0], box[1], box[2], box[3], item);
  }
  /** insert() for a box given by its corners, so a caller indexing many items need not make a box for each. */
  insertSpan(x1: number, y1: number, x2: number, y2: number, item: T): void {
    const s = this.size;
    for (let cx = Math.floor(x1 / s); cx <= Math.floor(x2 / s); cx++) {
      for (let cy = Math.floor(y1 / s); cy <= Math.floor(y2 / s); cy++) {
        const k = this.key(cx, cy);
        let list = this.cells.get(k);
        if (!list) this.cells.set(k, (list = []));
        list.push(item);
      }
    }
  }
  /** The most items listed in one cell that `box` covers (how crowded its neighbourhood is, without visiting the items). */
  mostInCell(box: BBox): number {
    const s = this.size;
    let most = 0;
    for (let cx = Math.floor(box[0] / s); cx <= Math.floor(box[2] / s); cx++) {
      for (let cy = Math.floor(box[1] / s); cy <= Math.floor(box[3] / s); cy++)
        most = Math.max(most, this.cells.get(this.key(cx, cy))?.length ?? 0);
    }
    return most;
  }
  /**
   * Items whose boxes touch the cells `box` covers, each once. A box within one cell (most
   * queries: around a point or an arrowhead) gets that cell's list itself, without copying:
   * detectors query tens of thousands of times on a dense sheet.
   */
  query(box: BBox): Iterable<T> {
    const s = this.size;
    const x1 = Math.floor(box[0] / s);
    const x2 = Math.floor(box[2] / s);
    const y1 = Math.floor(box[1] / s);
    const y2 = Math.floor(box[3] / s);
    if (x1 === x2 && y1 === y2) return this.cells.get(this.key(x1, y1)) ?? [];
    const out = new Set<T>();
    for (let cx = x1; cx <= x2; cx++) {
      for (let cy = y1; cy <= y2; cy++) {
        for (const item of this.cells.get(this.key(cx, cy)) ?? []) out.add(item);
      }
    }
    return out;
  }
}

export const segLength = (s: Seg) => dist(s.a, s.b);

/** Grows `box` to hold p. */
function extend(box: BBox, p: Point): BBox {
  if (p[0] < box[0]) box[0] = p[0];
  if (p[1] < box[1]) box[1] = p[1];
  if (p[0] > box[2]) box[2] = p[0];
  if (p[1] > box[3]) box[3] = p[1];
  return box;
}

/**
 * Appends the subpaths of `path` to `out`, numbered from out.length. Written for a page of
 * hundreds of thousands of segments: the points and segments it makes are the scene's own,
 * and nothing else is allocated per segment (no box per segment, no array copied to grow).
 */
function splitPath(path: PathGeom, out: Subpath[]): void {
  let segs: Seg[] = [];
  let start: Point | null = null;
  let cur: Point | null = null;
  let closed = false;
  const c = path.coords;
  let k = 0;
  const flush = () => {
    const n = segs.length;
    if (start && n) {
      const index = out.length;
      const points: Point[] = new Array(n + 1);
      const bbox: BBox = [Infinity, Infinity, -Infinity, -Infinity];
      for (let i = 0; i < n; i++) {
        const seg = segs[i]!;
        seg.sub = index;
        // Every segment starts where the one before ended: the starts and the last end are the vertices.
        points[i] = seg.a;
        extend(bbox, seg.a);
        if (seg.kind === 'curve') extend(extend(bbox, seg.c1), seg.c2);
      }
      const last = segs[n - 1]!.b;
      points[n] = last;
      extend(bbox, last);
      out.push({ index, path, segs, points, closed: closed || dist(points[0]!, last) < 0.01, bbox });
    }
    if (n) segs = [];
    closed = false;
  };
  for (const op of path.ops) {
    if (op === MOVE) {
      flush();
      start = cur = [c[k]!, c[k + 1]!];
      k += 2;
    } else if (op === LINE) {
      const p: Point = [c[k]!, c[k + 1]!];
      k += 2;
      if (cur) segs.push({ kind: 'line', a: cur, b: p, sub: -1 });
      cur = p;
    } else if (op === CURVE) {
      const c1: Point = [c[k]!, c[k + 1]!];
      const c2: Point = [c[k + 2]!, c[k + 3]!];
      const p: Point = [c[k + 4]!, c[k + 5]!];
      k += 6;
      if (cur) segs.push({ kind: 'curve', a: cur, c1, c2, b: p, sub: -1 });
      cur = p;
    } else if (op === CLOSE) {
      if (cur && start && dist(cur, start) > 0.01) segs.push({ kind: 'line', a: cur, b: start, sub: -1 });
      closed = true;
      cur = start;
    }
  }
  flush();
}

export function buildScene(page: Pick<PageGeometry, 'width' | 'height' | 'paths' | 'texts'>): Scene {
  const subpaths: Subpath[] = [];
  for (const path of page.paths) splitPath(path, subpaths);
  const lines: Scene['lines'] = [];
  const curves: Scene['curves'] = [];
  const lineIndex = new GridIndex<Scene['lines'][number]>(48);
  for (const sp of subpaths) {
    for (const s of sp.segs) {
      if (s.kind === 'curve') {
        curves.push(s);
        continue;
      }
      lines.push(s);
      lineIndex.insertSpan(
        Math.min(s.a[0], s.b[0]),
        Math.min(s.a[1], s.b[1]),
        Math.max(s.a[0], s.b[0]),
        Math.max(s.a[1], s.b[1]),
        s,
      );
    }
  }
  const textIndex = new GridIndex<number>(48);
  let lettered = 0;
  for (let i = 0; i < page.texts.length; i++) {
    const t = page.texts[i]!;
    textIndex.insert(t.bbox, i);
    if (/[A-Za-z0-9]/.test(t.str)) lettered++;
  }
  const hasTextLayer = lettered >= 5;
  return {
    width: page.width,
    height: page.height,
    paths: page.paths,
    subpaths,
    lines,
    curves,
    texts: page.texts,
    lineIndex,
    textIndex,
    hasTextLayer,
  };
}
