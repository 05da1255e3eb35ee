// The synthetic drawing suite is a measuring stick: these tests check that it is
// deterministic, that pdf.js reads every sheet, and that the ground truth agrees
// with what pdf.js actually sees (text positions and path geometry), on rotated
// pages, inside form XObjects and under per-path transforms alike.
import { createRequire } from 'node:module';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import {
  defaultSuite,
  generateSheet,
  layoutToUser,
  viewportTransform,
} from '../../../eval/drawings/generator/index.ts';
import type { Box, GroundTruth, Matrix, Point, SheetSpec } from '../../../eval/drawings/generator/index.ts';

const require = createRequire(import.meta.url);
const PDFJS_ROOT = path.resolve(path.dirname(require.resolve('pdfjs-dist/legacy/build/pdf.mjs')), '..', '..');
const STANDARD_FONTS = `${path.join(PDFJS_ROOT, 'standard_fonts')}/`;
const { OPS } = pdfjs;

const suite = defaultSuite();

interface Loaded {
  spec: SheetSpec;
  bytes: Uint8Array;
  truth: GroundTruth;
  rotate: number;
  viewport: { transform: number[]; width: number; height: number };
  opCount: number;
  fnCounts: Map<number, number>;
  dashArrays: number[][];
  clipPaths: number;
  points: PointIndex;
  texts: { str: string; origin: Point; end: Point }[];
  content: string;
}

/** pdf.js's matrix product (apply `inner` first). */
function mul(outer: readonly number[], inner: readonly number[]): number[] {
  const [a1, b1, c1, d1, e1, f1] = outer as [number, number, number, number, number, number];
  const [a2, b2, c2, d2, e2, f2] = inner as [number, number, number, number, number, number];
  return [
    a1 * a2 + c1 * b2,
    b1 * a2 + d1 * b2,
    a1 * c2 + c1 * d2,
    b1 * c2 + d1 * d2,
    a1 * e2 + c1 * f2 + e1,
    b1 * e2 + d1 * f2 + f1,
  ];
}

function applyM(m: readonly number[], x: number, y: number): Point {
  return [
    (m[0] as number) * x + (m[2] as number) * y + (m[4] as number),
    (m[1] as number) * x + (m[3] as number) * y + (m[5] as number),
  ];
}

/** On-curve path points in displayed coordinates, bucketed for near-point queries. */
class PointIndex {
  private readonly cells = new Map<string, Point[]>();
  private static readonly SIZE = 8;

  add(p: Point): void {
    const key = `${Math.floor(p[0] / PointIndex.SIZE)},${Math.floor(p[1] / PointIndex.SIZE)}`;
    let cell = this.cells.get(key);
    if (!cell) this.cells.set(key, (cell = []));
    cell.push(p);
  }

  near(c: Point, radius: number): Point[] {
    const out: Point[] = [];
    const s = PointIndex.SIZE;
    for (let i = Math.floor((c[0] - radius) / s); i <= Math.floor((c[0] + radius) / s); i++) {
      for (let j = Math.floor((c[1] - radius) / s); j <= Math.floor((c[1] + radius) / s); j++) {
        for (const p of this.cells.get(`${i},${j}`) ?? [])
          if (Math.hypot(p[0] - c[0], p[1] - c[1]) <= radius) out.push(p);
      }
    }
    return out;
  }

  has(p: Point, tol = 0.02): boolean {
    return this.near(p, tol).length > 0;
  }
}

/** Walks the operator list with CTM tracking (save/restore, cm, form XObjects). */
function walk(fnArray: number[], argsArray: unknown[], viewportTransform: number[]) {
  const points = new PointIndex();
  const fnCounts = new Map<number, number>();
  const dashArrays: number[][] = [];
  let clipPaths = 0;
  let ctm = viewportTransform;
  const stack: number[][] = [];
  for (let i = 0; i < fnArray.length; i++) {
    const fn = fnArray[i] as number;
    const args = argsArray[i] as any;
    fnCounts.set(fn, (fnCounts.get(fn) ?? 0) + 1);
    if (fn === OPS.save) stack.push(ctm);
    else if (fn === OPS.restore) ctm = stack.pop() ?? ctm;
    else if (fn === OPS.transform) ctm = mul(ctm, args);
    else if (fn === OPS.paintFormXObjectBegin) {
      stack.push(ctm);
      if (args[0]) ctm = mul(ctm, Array.from(args[0] as ArrayLike<number>));
    } else if (fn === OPS.paintFormXObjectEnd) ctm = stack.pop() ?? ctm;
    else if (fn === OPS.setDash) dashArrays.push(Array.from(args[0] as number[]));
    else if (fn === OPS.constructPath) {
      const [paintOp, [data]] = args as [number, [Float32Array | null]];
      if (paintOp === OPS.endPath) {
        clipPaths++;
        continue;
      }
      if (!data) continue;
      for (let k = 0; k < data.length;) {
        const code = data[k] as number;
        if (code === 0 || code === 1) {
          points.add(applyM(ctm, data[k + 1] as number, data[k + 2] as number));
          k += 3;
        } else if (code === 2) {
          points.add(applyM(ctm, data[k + 5] as number, data[k + 6] as number));
          k += 7;
        } else if (code === 3) {
          points.add(applyM(ctm, data[k + 3] as number, data[k + 4] as number));
          k += 5;
        } else k += 1;
      }
    }
  }
  return { points, fnCounts, dashArrays, clipPaths };
}

/** Inflated text of every Flate stream in the file (content streams and forms). */
function contentText(bytes: Uint8Array): string {
  const buf = Buffer.from(bytes);
  const out: string[] = [];
  let at = 0;
  for (;;) {
    const start = buf.indexOf('stream\n', at);
    if (start < 0) break;
    const end = buf.indexOf('endstream', start);
    try {
      out.push(inflateSync(buf.subarray(start + 7, end)).toString('latin1'));
    } catch {
      // Not a Flate stream (e.g. an object stream's header); skip.
    }
    at = end + 9;
  }
  return out.join('\n');
}

async function load(spec: SheetSpec, bytes: Uint8Array, truth: GroundTruth): Promise<Loaded> {
  // pdfjs-dist 6 no longer knows isEvalSupported (it is ignored); kept so older versions never eval.
  const params: Parameters<typeof pdfjs.getDocument>[0] & { isEvalSupported: boolean } = {
    data: bytes.slice(),
    standardFontDataUrl: STANDARD_FONTS,
    stopAtErrors: true,
    isEvalSupported: false,
    verbosity: 1,
  };
  const task = pdfjs.getDocument(params);
  const doc = await task.promise;
  try {
    const page = await doc.getPage(1);
    const viewport = page.getViewport({ scale: 1 });
    const ops = await page.getOperatorList();
    const walked = walk(ops.fnArray, ops.argsArray, viewport.transform);
    const text = await page.getTextContent();
    const texts = [];
    for (const item of text.items) {
      if (!('str' in item)) continue;
      const m = mul(viewport.transform, item.transform);
      const len = Math.hypot(m[0] as number, m[1] as number);
      const dir: Point = [(m[0] as number) / len, (m[1] as number) / len];
      const origin: Point = [m[4] as number, m[5] as number];
      // item.width is in user space; the viewport has scale 1, so it is displayed points too.
      texts.push({
        str: item.str,
        origin,
        end: [origin[0] + dir[0] * item.width, origin[1] + dir[1] * item.width] as Point,
      });
    }
    return {
      spec,
      bytes,
      truth,
      rotate: page.rotate,
      viewport: { transform: viewport.transform, width: viewport.width, height: viewport.height },
      opCount: ops.fnArray.length,
      ...walked,
      texts,
      content: contentText(bytes),
    };
  } finally {
    await task.destroy();
  }
}

/** Every label the truth promises, with the box it must lie in. */
function labels(t: GroundTruth): { text: string; box: Box; own: Box | null }[] {
  const a = t.annotations;
  const out: { text: string; box: Box; own: Box | null }[] = [];
  for (const l of a.leaders) for (const x of l.texts_inside) out.push({ text: x.text, box: l.text_bbox, own: x.bbox });
  for (const s of a.section_tags) for (const x of s.texts_inside) out.push({ text: x.text, box: s.bbox, own: x.bbox });
  for (const d of a.detail_tags) for (const x of d.texts_inside) out.push({ text: x.text, box: d.bbox, own: x.bbox });
  for (const r of a.revision_triangles) out.push({ text: r.text, box: r.bbox, own: null });
  if (t.sheet_number) out.push({ text: t.sheet_number, box: t.titleblock.bounds, own: null });
  if (t.sheet_title) out.push({ text: t.sheet_title, box: t.titleblock.bounds, own: null });
  return out;
}

function inside(p: Point, b: Box, tol: number): boolean {
  return p[0] >= b[0] - tol && p[0] <= b[2] + tol && p[1] >= b[1] - tol && p[1] <= b[3] + tol;
}

function allBoxes(t: GroundTruth): Box[] {
  const a = t.annotations;
  return [
    t.titleblock.bounds,
    t.titleblock.viewport,
    ...a.leaders.flatMap((l) => [l.bbox, l.text_bbox, ...l.texts_inside.map((x) => x.bbox)]),
    ...a.section_tags.flatMap((s) => [s.bbox, ...s.texts_inside.map((x) => x.bbox)]),
    ...a.detail_tags.flatMap((d) => [
      d.bbox,
      ...(d.dashed_bbox ? [d.dashed_bbox] : []),
      ...d.texts_inside.map((x) => x.bbox),
    ]),
    ...a.revision_triangles.map((r) => r.bbox),
    ...a.revision_clouds.map((c) => c.bbox),
  ];
}

const loaded = new Map<string, Loaded>();
const firstBytes = new Map<string, { pdf: Uint8Array; truth: string; ms: number }>();

// Nineteen sheets (one of 530,000 operators) are generated and parsed here: minutes on a loaded 2-core machine.
beforeAll(async () => {
  for (const spec of suite) {
    const started = performance.now();
    const { pdf, truth } = await generateSheet(spec);
    firstBytes.set(spec.name, { pdf, truth: JSON.stringify(truth), ms: performance.now() - started });
    loaded.set(spec.name, await load(spec, pdf, truth));
  }
}, 300_000);

function get(name: string): Loaded {
  const l = loaded.get(name);
  if (!l) throw new Error(`${name} was not generated`);
  return l;
}

describe('synthetic drawing suite', () => {
  it('covers every style variation with about ten uniquely named sheets', () => {
    expect(suite.length).toBeGreaterThanOrEqual(8);
    expect(new Set(suite.map((s) => s.name)).size).toBe(suite.length);
    const has = (f: (s: SheetSpec) => boolean) => suite.some(f);
    expect(['bezier', 'polyline', 'segments'].every((m) => has((s) => s.circleMode === m))).toBe(true);
    expect(has((s) => s.textMode === 'font') && has((s) => s.textMode === 'stroked')).toBe(true);
    expect([0, 90, 270].every((r) => has((s) => s.rotation === r))).toBe(true);
    expect(has((s) => s.formXObject) && has((s) => s.perPathScale !== null)).toBe(true);
    expect(has((s) => s.dashMode === 'pattern') && has((s) => s.dashMode === 'split')).toBe(true);
    expect(has((s) => s.cloudMode === 'single-path') && has((s) => s.cloudMode === 'arc-per-path')).toBe(true);
    expect(['black', 'red', 'magenta'].every((c) => has((s) => s.cloudColor === c))).toBe(true);
    expect(has((s) => s.trees > 0) && has((s) => s.clipPaths) && has((s) => s.denseOps >= 500_000)).toBe(true);
    expect(has((s) => s.lineWeights === 'thin') && has((s) => s.lineWeights === 'heavy')).toBe(true);
    expect(['rgb', 'gray', 'cmyk', 'mixed'].every((c) => has((s) => s.colorSpace === c))).toBe(true);
    expect(['right-strip', 'stamp', 'bottom-strip', 'iso-stamp'].every((c) => has((s) => s.titleblock === c))).toBe(
      true,
    );
    expect(['hexagon', 'square'].every((o) => has((s) => (s.tagOutlines ?? []).includes(o as never)))).toBe(true);
    expect(
      has((s) => (s.homeRuns ?? 0) > 0 && s.textMode === 'font') &&
        has((s) => (s.homeRuns ?? 0) > 0 && s.textMode === 'stroked'),
    ).toBe(true);
    // Hexagons and squares one path per side, and double open heads lettered beside, with and without a text layer.
    for (const mode of ['font', 'stroked']) {
      expect(
        has(
          (s) =>
            s.circleMode === 'segments' && (s.tagOutlines ?? []).some((o) => o !== 'circle') && s.textMode === mode,
        ),
        mode,
      ).toBe(true);
      expect(
        has((s) => s.homeRunStyle === 'open-beside' && (s.homeRuns ?? 0) > 0 && s.textMode === mode),
        mode,
      ).toBe(true);
    }
    expect(has((s) => (s.squareLookalikes ?? 0) > 0 && s.textMode === 'font')).toBe(true);
  });

  it('is byte-for-byte deterministic', async () => {
    for (const spec of suite) {
      const again = await generateSheet(spec);
      const first = firstBytes.get(spec.name);
      expect(first, spec.name).toBeDefined();
      expect(Buffer.from(again.pdf).equals(Buffer.from(first?.pdf ?? new Uint8Array())), spec.name).toBe(true);
      expect(JSON.stringify(again.truth), spec.name).toBe(first?.truth);
    }
  }, 120_000);

  it('places every annotation the spec asks for, with well-formed, on-page truth', () => {
    for (const spec of suite) {
      const { truth } = get(spec.name);
      const a = truth.annotations;
      expect(a.leaders.length, spec.name).toBe(spec.counts.leaders);
      expect(a.section_tags.length, spec.name).toBe(spec.counts.sectionTags);
      expect(a.detail_tags.length, spec.name).toBe(spec.counts.detailTags);
      // REVISION IN CONTEXT: a lone delta (no cloud beside it) only on text-layer sheets, whose revision block lists it.
      if (spec.textMode === 'font') expect(a.revision_triangles.length, spec.name).toBe(spec.counts.revisionTriangles);
      else expect(a.revision_triangles.length, spec.name).toBeLessThanOrEqual(spec.counts.revisionTriangles);
      expect(a.revision_clouds.length, spec.name).toBe(spec.counts.revisionClouds);
      expect(truth.dimensions).toEqual({ width: spec.width, height: spec.height });
      expect(truth.style.text_layer).toBe(spec.textMode === 'font');
      for (const b of allBoxes(truth)) {
        expect(b[0] < b[2] && b[1] < b[3], `${spec.name} ${b}`).toBe(true);
        expect(b[0] >= 0 && b[1] >= 0 && b[2] <= spec.width && b[3] <= spec.height, `${spec.name} ${b}`).toBe(true);
      }
      const ids = [
        ...a.leaders,
        ...a.section_tags,
        ...a.detail_tags,
        ...a.revision_triangles,
        ...a.revision_clouds,
      ].map((x) => x.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const s of a.section_tags) expect(s.texts_inside).toHaveLength(2);
      for (const d of a.detail_tags) expect(d.has_dashed_bbox).toBe(d.dashed_bbox !== null);
      if (spec.trees > 0) expect(truth.negatives.tree_outlines.length, spec.name).toBeGreaterThan(0);
    }
  });

  it('opens in pdf.js with the spec rotation and the viewport transform the truth was mapped with', () => {
    for (const spec of suite) {
      const l = get(spec.name);
      expect(l.rotate, spec.name).toBe(spec.rotation);
      expect(l.opCount, spec.name).toBeGreaterThan(100);
      expect(l.viewport.width).toBe(spec.width);
      expect(l.viewport.height).toBe(spec.height);
      const rotated = spec.rotation === 90 || spec.rotation === 270;
      const [uw, uh] = rotated ? [spec.height, spec.width] : [spec.width, spec.height];
      const ours: Matrix = viewportTransform(spec.rotation, uw, uh);
      expect(
        ours.map((v) => v + 0),
        spec.name,
      ).toEqual(l.viewport.transform.map((v) => v + 0));
      // viewport ∘ layoutToUser must be a plain y flip.
      const composed = mul(ours, layoutToUser(spec.rotation, uw, uh, spec.height)).map(
        (v) => Math.round(v * 1e9) / 1e9 + 0,
      );
      expect(composed).toEqual([1, 0, 0, -1, 0, spec.height]);
    }
  });

  it('puts every label of text-layer sheets in the text layer, inside its annotation box', () => {
    for (const spec of suite.filter((s) => s.textMode === 'font')) {
      const l = get(spec.name);
      for (const label of labels(l.truth)) {
        const hits = l.texts.filter(
          (t) => t.str === label.text && inside(t.origin, label.box, 2) && inside(t.end, label.box, 2),
        );
        expect(hits.length, `${spec.name}: "${label.text}" in ${label.box}`).toBeGreaterThan(0);
        if (label.own) {
          const own = label.own;
          expect(
            hits.some((t) => inside(t.origin, own, 2) && inside(t.end, own, 2)),
            `${spec.name}: "${label.text}" in its own box`,
          ).toBe(true);
        }
      }
    }
  });

  it('keeps stroked-text sheets free of any label in the text layer', () => {
    const stroked = suite.filter((s) => s.textMode === 'stroked');
    expect(stroked.length).toBeGreaterThan(0);
    for (const spec of stroked) {
      const l = get(spec.name);
      const strings = new Set(labels(l.truth).map((x) => x.text));
      expect(strings.size).toBeGreaterThan(0);
      expect(
        l.texts.filter((t) => strings.has(t.str.trim())),
        spec.name,
      ).toEqual([]);
    }
  });

  it('draws the truth geometry where the truth says (circles, dividers, markers, tips, vertices, clouds)', () => {
    for (const spec of suite) {
      const { truth, points } = get(spec.name);
      const a = truth.annotations;
      const onCircle = (c: Point, r: number) =>
        points.near(c, r + 0.05).filter((p) => Math.abs(Math.hypot(p[0] - c[0], p[1] - c[1]) - r) < 0.05);
      for (const tag of [...a.section_tags, ...a.detail_tags]) {
        const { center, radius } = tag.circle;
        const ring = onCircle(center, radius);
        // A hexagon's six corners (two of them on the divider) or a square's four lie on the circle; a circle is drawn along it.
        if (tag.outline === 'hexagon') expect(ring.length, `${spec.name} ${tag.id} hexagon`).toBeGreaterThanOrEqual(6);
        else if (tag.outline === 'square') {
          const corners = [45, 135, 225, 315].map((d): Point => [
            center[0] + radius * Math.cos((d * Math.PI) / 180),
            center[1] + radius * Math.sin((d * Math.PI) / 180),
          ]);
          expect(
            corners.every((c) => points.has(c, 0.05)),
            `${spec.name} ${tag.id} square`,
          ).toBe(true);
        } else if (spec.circleMode !== 'bezier')
          expect(ring.length, `${spec.name} ${tag.id}`).toBeGreaterThanOrEqual(24);
        else expect(ring.length, `${spec.name} ${tag.id}`).toBeGreaterThanOrEqual(4);
        // The divider is horizontal on the displayed page, corner to corner on a hexagon, side to side on a square.
        const half = tag.outline === 'square' ? radius / Math.SQRT2 : radius;
        expect(
          points.has([center[0] - half, center[1]], 0.05) && points.has([center[0] + half, center[1]], 0.05),
          `${spec.name} ${tag.id} divider`,
        ).toBe(true);
      }
      for (const s of a.section_tags) {
        const { center, radius } = s.circle;
        const v: Point = { left: [-1, 0], right: [1, 0], up: [0, -1], down: [0, 1] }[s.direction] as Point;
        const tips = points.near(center, radius * 1.8).filter((p) => {
          const d = Math.hypot(p[0] - center[0], p[1] - center[1]);
          return d > radius * 1.4 && ((p[0] - center[0]) * v[0] + (p[1] - center[1]) * v[1]) / d > 0.9999;
        });
        expect(tips.length, `${spec.name} ${s.id} marker points ${s.direction}`).toBeGreaterThan(0);
        expect(
          points.has(s.section_line.start, 0.05) && points.has(s.section_line.end, 0.05),
          `${spec.name} ${s.id} line`,
        ).toBe(true);
      }
      for (const l of a.leaders) {
        expect(points.has(l.arrow_tip, 0.05), `${spec.name} ${l.id} tip`).toBe(true);
        for (const v of l.vertices) expect(points.has(v, 0.05), `${spec.name} ${l.id} vertex`).toBe(true);
      }
      for (const r of a.revision_triangles)
        for (const v of r.vertices) expect(points.has(v, 0.05), `${spec.name} ${r.id}`).toBe(true);
      for (const c of a.revision_clouds) {
        const [x1, y1, x2, y2] = c.bbox;
        const sides = [
          points.near([(x1 + x2) / 2, y1], (x2 - x1) / 2 + 1).some((p) => Math.abs(p[1] - y1) < 0.75),
          points.near([(x1 + x2) / 2, y2], (x2 - x1) / 2 + 1).some((p) => Math.abs(p[1] - y2) < 0.75),
          points.near([x1, (y1 + y2) / 2], (y2 - y1) / 2 + 1).some((p) => Math.abs(p[0] - x1) < 0.75),
          points.near([x2, (y1 + y2) / 2], (y2 - y1) / 2 + 1).some((p) => Math.abs(p[0] - x2) < 0.75),
        ];
        expect(sides, `${spec.name} ${c.id}`).toEqual([true, true, true, true]);
      }
      const [bx1, by1, bx2, by2] = truth.titleblock.bounds;
      for (const corner of [
        [bx1, by1],
        [bx2, by1],
        [bx1, by2],
        [bx2, by2],
      ] as Point[])
        expect(points.has(corner, 0.05), `${spec.name} titleblock`).toBe(true);
    }
  });

  it('encodes each style the way the spec says', () => {
    for (const spec of suite) {
      const l = get(spec.name);
      const count = (op: number) => l.fnCounts.get(op) ?? 0;
      const nonEmptyDash = l.dashArrays.some((d) => d.length > 0);
      expect(nonEmptyDash, `${spec.name} dash`).toBe(spec.dashMode === 'pattern');
      expect(count(OPS.paintFormXObjectBegin) > 0, `${spec.name} form`).toBe(spec.formXObject);
      expect(l.clipPaths > 0, `${spec.name} clip`).toBe(spec.clipPaths);
      if (spec.perPathScale !== null)
        expect(count(OPS.transform), spec.name).toBeGreaterThan(count(OPS.constructPath) * 0.9);
      if (spec.colorSpace === 'cmyk') expect(l.content).toMatch(/ K\n/);
      if (spec.colorSpace === 'gray') expect(l.content).toMatch(/ G\n/);
      if (spec.colorSpace === 'rgb') expect(l.content).not.toMatch(/ [GK]\n/);
      if (spec.clipPaths) expect(l.content).toMatch(/ re\nW\nn\n/);
      if (spec.textMode === 'stroked') expect(l.content).not.toMatch(/\bTj\n/);
      const widths = [...l.content.matchAll(/(?<![\d.])([\d.]+) w\n/g)].map(
        (m) => Number(m[1]) * (spec.perPathScale ?? 1),
      );
      if (spec.lineWeights === 'thin')
        expect(
          widths.some((w) => Math.abs(w - 0.1) < 1e-6),
          spec.name,
        ).toBe(true);
      if (spec.lineWeights === 'heavy')
        expect(
          widths.some((w) => Math.abs(w - 2) < 1e-6),
          spec.name,
        ).toBe(true);
    }
  });

  // How long generation takes is a benchmark figure, not a test: a loaded CI machine would make it flaky.
  it('makes the dense sheet dense (≥ 500,000 operators) yet small', () => {
    const dense = suite.filter((s) => s.denseOps > 0);
    expect(dense.length).toBeGreaterThan(0);
    for (const spec of dense) {
      const l = get(spec.name);
      expect(l.opCount).toBeGreaterThanOrEqual(500_000);
      expect(l.bytes.length).toBeLessThan(20 * 1024 * 1024);
      const a = l.truth.annotations;
      expect(a.leaders.length + a.section_tags.length + a.detail_tags.length).toBeGreaterThan(0);
    }
  });
});
