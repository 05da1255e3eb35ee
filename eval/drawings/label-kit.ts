// Labelling aid for whole pages: every drawn shape that could be a tag, a delta or an arrowhead,
// found by plain geometry (round outlines, closed polygons of three or six corners, small filled
// shapes, two short strokes meeting in a V), each cut from a render of the page with its
// surroundings into numbered contact sheets. Whether a shape is a section tag, a detail tag, a
// revision delta, a leader's head or none of these is decided by eye on the contact sheets
// (and on closer renders, label-regions.ts); the kit only supplies the drawn object's extent.
// None of Tier 1's rules is used: no divider, marker, lettering or context test.
//
//   npx node eval/drawings/label-kit.ts candidates <file.pdf> <page> <outdir> [shapes|heads]
//       writes <outdir>/candidates.json and <outdir>/sheet-NN.png (48 numbered cells each)
//   npx node eval/drawings/label-kit.ts truth <outdir> <file under samples/drawings> <page> <out.json> <kind>=<i,j,…> …
//       a truth file from the numbers chosen by eye (kinds: section, detail, triangle, cloud, leader)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { extractPage } from '../../subgraphs/drawings/pdf/extract-page.ts';
import { buildScene } from '../../subgraphs/drawings/detect/scene.ts';
import { circleOf, assembledCircles, segmentedCircles } from '../../subgraphs/drawings/detect/tags/circles.ts';
import type { BBox, Point } from '../../core/geometry/types.ts';
import { sampleCells } from './label-regions.ts';

interface Candidate {
  i: number;
  what: string;
  bbox: BBox;
  /** A head's apex (the sharpest corner of a small filled shape, a dot's centre, a V's joint). */
  tip?: Point;
  center?: Point;
  radius?: number;
}

const round = (b: BBox): BBox => b.map((v) => Number(v.toFixed(1))) as BBox;

async function candidates(file: string, page: number, mode: string, cells: BBox[] | null): Promise<Candidate[]> {
  const g = await extractPage(new Uint8Array(fs.readFileSync(file)), page);
  const scene = buildScene(g);
  const out: Candidate[] = [];
  const inCells = (b: BBox) =>
    !cells ||
    cells.some(
      (r) =>
        (b[0] + b[2]) / 2 >= r[0] &&
        (b[0] + b[2]) / 2 <= r[2] &&
        (b[1] + b[3]) / 2 >= r[1] &&
        (b[1] + b[3]) / 2 <= r[3],
    );
  const push = (c: Omit<Candidate, 'i'>) => {
    if (!inCells(c.bbox)) return;
    const cx = (c.bbox[0] + c.bbox[2]) / 2;
    const cy = (c.bbox[1] + c.bbox[3]) / 2;
    if (
      out.some(
        (o) =>
          (o.what === c.what || (o.tip && c.tip)) &&
          Math.abs((o.bbox[0] + o.bbox[2]) / 2 - cx) < 1 &&
          Math.abs((o.bbox[1] + o.bbox[3]) / 2 - cy) < 1,
      )
    )
      return;
    out.push({ i: out.length, ...c, bbox: round(c.bbox) });
  };
  if (mode === 'shapes') {
    const opts = { minRadius: 2.5, maxRadius: 60, tolerance: 0.08 };
    const circles = [
      ...scene.subpaths.map((sp) => circleOf(sp, opts)).filter((c) => c !== null),
      ...assembledCircles(scene, opts),
      ...segmentedCircles(scene, opts),
    ];
    for (const c of circles)
      push({
        what: 'round',
        bbox: [c.center[0] - c.radius, c.center[1] - c.radius, c.center[0] + c.radius, c.center[1] + c.radius],
        center: c.center,
        radius: c.radius,
      });
    for (const sp of scene.subpaths) {
      if (sp.segs.some((s) => s.kind === 'curve')) continue;
      const pts: Point[] = [];
      for (const p of sp.points) {
        if (!pts.some((q) => Math.hypot(p[0] - q[0], p[1] - q[1]) < 0.3)) pts.push(p);
        if (pts.length > 6) break;
      }
      const size = Math.max(sp.bbox[2] - sp.bbox[0], sp.bbox[3] - sp.bbox[1]);
      // A delta is drawn stroked and nearly equilateral; slender filled triangles are arrowheads (heads mode).
      const slender =
        pts.length === 3 &&
        Math.min(
          ...pts.map((p, k) => {
            const a = pts[(k + 1) % 3]!;
            const b = pts[(k + 2) % 3]!;
            const u = [a[0] - p[0], a[1] - p[1]];
            const v = [b[0] - p[0], b[1] - p[1]];
            return Math.acos(
              Math.max(
                -1,
                Math.min(
                  1,
                  (u[0]! * v[0]! + u[1]! * v[1]!) / (Math.hypot(u[0]!, u[1]!) * Math.hypot(v[0]!, v[1]!) || 1),
                ),
              ),
            );
          }),
        ) <
          (40 * Math.PI) / 180;
      if (
        !slender &&
        (pts.length === 3 || pts.length === 6) &&
        size >= 4 &&
        size <= 80 &&
        (sp.closed ||
          Math.hypot(sp.points[0]![0] - sp.points.at(-1)![0], sp.points[0]![1] - sp.points.at(-1)![1]) < 0.5)
      ) {
        push({ what: pts.length === 3 ? (sp.path.fill ? 'filled triangle' : 'triangle') : 'hexagon', bbox: sp.bbox });
      }
    }
  } else {
    for (const sp of scene.subpaths) {
      const size = Math.max(sp.bbox[2] - sp.bbox[0], sp.bbox[3] - sp.bbox[1]);
      if (!sp.path.fill || size < 1 || size > 14) continue;
      // The sharpest corner of a small filled shape, or the centre of a round one.
      const pts = sp.points;
      let tip: Point = [(sp.bbox[0] + sp.bbox[2]) / 2, (sp.bbox[1] + sp.bbox[3]) / 2];
      if (!sp.segs.some((s) => s.kind === 'curve') && pts.length >= 3) {
        let best = Infinity;
        pts.forEach((p, k) => {
          const a = pts[(k + pts.length - 1) % pts.length]!;
          const b = pts[(k + 1) % pts.length]!;
          const u = [a[0] - p[0], a[1] - p[1]];
          const v = [b[0] - p[0], b[1] - p[1]];
          const n = Math.hypot(u[0]!, u[1]!) * Math.hypot(v[0]!, v[1]!);
          if (n < 1e-6) return;
          const ang = Math.acos(Math.max(-1, Math.min(1, (u[0]! * v[0]! + u[1]! * v[1]!) / n)));
          if (ang < best) {
            best = ang;
            tip = p;
          }
        });
      }
      push({ what: 'filled', bbox: sp.bbox, tip });
    }
    // Two short strokes of one path meeting at a point, as an open head is drawn.
    const ends = new Map<string, { p: Point; o: Point; sub: number }[]>();
    for (const l of scene.lines) {
      const len = Math.hypot(l.a[0] - l.b[0], l.a[1] - l.b[1]);
      if (len < 1.5 || len > 14) continue;
      for (const [p, o] of [
        [l.a, l.b],
        [l.b, l.a],
      ] as const) {
        const k = `${Math.round(p[0] * 2)},${Math.round(p[1] * 2)}`;
        ends.set(k, [...(ends.get(k) ?? []), { p, o, sub: l.sub }]);
      }
    }
    for (const list of ends.values()) {
      if (list.length !== 2 || list[0]!.sub !== list[1]!.sub) continue;
      const [a, b] = list as [(typeof list)[0], (typeof list)[0]];
      const u = [a.o[0] - a.p[0], a.o[1] - a.p[1]];
      const v = [b.o[0] - b.p[0], b.o[1] - b.p[1]];
      const ang = Math.acos(
        Math.max(
          -1,
          Math.min(1, (u[0]! * v[0]! + u[1]! * v[1]!) / (Math.hypot(u[0]!, u[1]!) * Math.hypot(v[0]!, v[1]!))),
        ),
      );
      if (ang < 0.2 || ang > 1.8) continue;
      const xs = [a.p[0], a.o[0], b.o[0]];
      const ys = [a.p[1], a.o[1], b.o[1]];
      push({ what: 'open V', bbox: [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)], tip: a.p });
    }
  }
  return out;
}

async function contactSheets(file: string, page: number, list: Candidate[], outdir: string) {
  const dpi = 144;
  const s = dpi / 72;
  const base = path.join(outdir, 'page');
  execFileSync(
    'pdftoppm',
    ['-singlefile', '-png', '-r', String(dpi), '-f', String(page), '-l', String(page), file, base],
    { maxBuffer: 1 << 28 },
  );
  const img = await loadImage(fs.readFileSync(base + '.png'));
  const cell = 220;
  const perSheet = 48;
  for (let start = 0; start < list.length; start += perSheet) {
    const chunk = list.slice(start, start + perSheet);
    const canvas = createCanvas(8 * cell, Math.ceil(chunk.length / 8) * cell);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    chunk.forEach((c, k) => {
      const [x1, y1, x2, y2] = c.bbox;
      const size = Math.max(x2 - x1, y2 - y1, 6);
      const half = Math.max(size * 2.2, 20);
      const cx = (x1 + x2) / 2;
      const cy = (y1 + y2) / 2;
      const sx = (cx - half) * s;
      const sy = (cy - half) * s;
      const sw = 2 * half * s;
      const X = (k % 8) * cell;
      const Y = Math.floor(k / 8) * cell;
      ctx.drawImage(img, sx, sy, sw, sw, X + 2, Y + 2, cell - 4, cell - 4);
      // The candidate's box in red, its number in the corner.
      const f = (cell - 4) / sw;
      ctx.strokeStyle = 'rgba(255,0,0,0.7)';
      ctx.lineWidth = 1;
      ctx.strokeRect(
        X + 2 + (x1 * s - sx) * f - 2,
        Y + 2 + (y1 * s - sy) * f - 2,
        (x2 - x1) * s * f + 4,
        (y2 - y1) * s * f + 4,
      );
      ctx.fillStyle = '#c00';
      ctx.font = 'bold 18px sans-serif';
      ctx.fillText(String(c.i), X + 5, Y + 20);
      ctx.strokeStyle = '#888';
      ctx.strokeRect(X, Y, cell, cell);
    });
    fs.writeFileSync(
      path.join(outdir, `sheet-${String(start / perSheet).padStart(2, '0')}.png`),
      canvas.toBuffer('image/png'),
    );
  }
}

const [cmd, ...args] = process.argv.slice(2);
if (cmd === 'candidates') {
  const [file, pageArg, outdir, mode = 'shapes', cellCount] = args as [string, string, string, string?, string?];
  fs.mkdirSync(outdir, { recursive: true });
  // heads on a dense page: only inside the seeded sample of cells (label-regions.ts), recorded as the truth's regions.
  let cells: BBox[] | null = null;
  if (cellCount) {
    const info = execFileSync('pdfinfo', ['-f', pageArg, '-l', pageArg, file], { encoding: 'utf8' });
    const size = /Page\s+\d+ size:\s+([\d.]+) x ([\d.]+)/.exec(info)!;
    const rot = Number(/Page\s+\d+ rot:\s+(\d+)/.exec(info)?.[1] ?? 0);
    const [w, h] = rot % 180 ? [Number(size[2]), Number(size[1])] : [Number(size[1]), Number(size[2])];
    cells = sampleCells(path.basename(file), Number(pageArg), w, h, Number(cellCount));
    fs.writeFileSync(path.join(outdir, 'cells.json'), JSON.stringify(cells));
  }
  const list = await candidates(file, Number(pageArg), mode, cells);
  fs.writeFileSync(path.join(outdir, 'candidates.json'), JSON.stringify(list, null, 1));
  await contactSheets(file, Number(pageArg), list, outdir);
  console.log(`${list.length} candidates, ${Math.ceil(list.length / 48)} contact sheets in ${outdir}`);
} else if (cmd === 'truth') {
  const [outdir, file, pageArg, out, ...picks] = args as [string, string, string, string, ...string[]];
  const list: Candidate[] = JSON.parse(fs.readFileSync(path.join(outdir, 'candidates.json'), 'utf8'));
  const chosen = (kind: string) =>
    picks
      .filter((p) => p.startsWith(kind + '='))
      .flatMap((p) =>
        p
          .slice(kind.length + 1)
          .split(',')
          .filter(Boolean)
          .map(Number),
      )
      .map((i) => list[i]!);
  // A section tag's extent: its circle and the filled pointer shapes standing on it (the drawn symbol's own extent).
  const scene = buildScene(
    await extractPage(
      new Uint8Array(fs.readFileSync(path.resolve(import.meta.dirname, '../../../shared/samples/drawings', file))),
      Number(pageArg),
    ),
  );
  const withPointers = (c: Candidate): BBox => {
    if (!c.center || !c.radius) return c.bbox;
    const r = c.radius;
    let box = c.bbox;
    for (const sp of scene.subpaths) {
      if (!sp.path.fill) continue;
      const b = sp.bbox;
      const size = Math.max(b[2] - b[0], b[3] - b[1]);
      const m: Point = [(b[0] + b[2]) / 2, (b[1] + b[3]) / 2];
      const d = Math.hypot(m[0] - c.center[0], m[1] - c.center[1]);
      if (size < 0.2 * r || size > 3 * r || d < 0.5 * r || d > 2.5 * r) continue;
      if (!sp.points.some((p) => Math.abs(Math.hypot(p[0] - c.center![0], p[1] - c.center![1]) - r) < 0.15 * r))
        continue;
      box = [Math.min(box[0], b[0]), Math.min(box[1], b[1]), Math.max(box[2], b[2]), Math.max(box[3], b[3])];
    }
    return round(box);
  };
  const cellsFile = path.join(outdir, 'cells.json');
  const truth = {
    file,
    page: Number(pageArg),
    notes: '',
    ...(fs.existsSync(cellsFile) ? { regions: { leaders: JSON.parse(fs.readFileSync(cellsFile, 'utf8')) } } : {}),
    titleblock: { bounds: null },
    annotations: {
      leaders: chosen('leader').map((c, k) => ({ id: `leader-${k + 1}`, arrow_tip: c.tip, bbox: c.bbox })),
      section_tags: chosen('section').map((c, k) => ({
        id: `section-${k + 1}`,
        bbox: withPointers(c),
        circle: c.center && { center: c.center, radius: c.radius },
      })),
      detail_tags: chosen('detail').map((c, k) => ({
        id: `detail-${k + 1}`,
        bbox: c.bbox,
        circle: c.center && { center: c.center, radius: c.radius },
      })),
      revision_triangles: chosen('triangle').map((c, k) => ({ id: `revision-triangle-${k + 1}`, bbox: c.bbox })),
      revision_clouds: chosen('cloud').map((c, k) => ({ id: `revision-cloud-${k + 1}`, bbox: c.bbox })),
    },
  };
  fs.writeFileSync(out, JSON.stringify(truth, null, 1));
  console.log(`wrote ${out}`);
} else {
  console.error(
    'usage: label-kit.ts candidates <file.pdf> <page> <outdir> [shapes|heads] | truth <outdir> <file> <page> <out.json> kind=i,j …',
  );
  process.exitCode = 2;
}
