// Tools for labelling leaders on dense real sheets by a random sample of regions,
// without the detector in view (it is never imported here):
//
//   npx node eval/drawings/label-regions.ts cells  <file.pdf> <page> <count>
//       the sample: the displayed page cut into a 10 × 8 grid of cells, and <count>
//       cells drawn at random with a seed made from the file name and page, so the
//       sample is fixed before anything is looked at and anyone can draw it again;
//   npx node eval/drawings/label-regions.ts render <file.pdf> <page> <x1> <y1> <x2> <y2> <out.png> [dpi]
//       the region rendered by pdftoppm with a coordinate grid blended over it (a faint
//       line every 10 pt, stronger ones every 50 and 100 pt, their values printed), so an arrow tip seen by eye can
//       be read off to a few points;
//   npx node eval/drawings/label-regions.ts snap <file.pdf> <page> <x> <y> [<x> <y> ...]
//       for each tip read by eye, the nearest drawn points within 6 pt (the sharpest corner
//       of a small filled shape, the centre of a small filled round one, else ends of lines), so the
//       label carries the geometry's own coordinate. Whether something is a leader,
//       and where its tip is, is decided by eye on the render; snap only refines it.
//
// Coordinates are PDF points on the displayed page, origin top left, y down: the
// same frame as the truth files and pdftoppm's crops (at 72 dpi a pixel is a point).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { extractPage } from '../../subgraphs/drawings/pdf/extract-page.ts';
import { CLOSE, CURVE, LINE, MOVE, type Point } from '../../core/geometry/types.ts';
import { mulberry32 } from './generator/prng.ts';

const GRID_X = 10;
const GRID_Y = 8;

function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

function pageSize(file: string, page: number): { width: number; height: number } {
  const info = execFileSync('pdfinfo', ['-f', String(page), '-l', String(page), file], { encoding: 'utf8' });
  const size = /Page\s+\d+ size:\s+([\d.]+) x ([\d.]+)/.exec(info)!;
  const rot = Number(/Page\s+\d+ rot:\s+(\d+)/.exec(info)?.[1] ?? 0);
  const [w, h] = [Number(size[1]), Number(size[2])];
  return rot % 180 ? { width: h, height: w } : { width: w, height: h };
}

/** The sampled cells, in drawing order. The seed is the file's base name and page, nothing else. */
export function sampleCells(
  fileName: string,
  page: number,
  width: number,
  height: number,
  count: number,
): [number, number, number, number][] {
  const rand = mulberry32(fnv1a(`issue-13 leader sample:${fileName}:${page}`));
  const picked: number[] = [];
  while (picked.length < Math.min(count, GRID_X * GRID_Y)) {
    const c = Math.floor(rand() * GRID_X * GRID_Y);
    if (!picked.includes(c)) picked.push(c);
  }
  const cw = width / GRID_X;
  const ch = height / GRID_Y;
  const r = (v: number) => Number(v.toFixed(1));
  return picked.map((c) => {
    const [i, j] = [c % GRID_X, Math.floor(c / GRID_X)];
    return [r(i * cw), r(j * ch), r((i + 1) * cw), r((j + 1) * ch)];
  });
}

/** A PNG of RGB rows (colour type 2, no interlace), written with node:zlib alone. */
function png(width: number, height: number, rgb: Uint8Array): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) raw.set(rgb.subarray(y * width * 3, (y + 1) * width * 3), y * (width * 3 + 1) + 1);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * The region as pdftoppm renders it, with a grid blended over it: a faint cyan line every
 * 10 pt, a stronger blue one every 50 pt and a red one every 100 pt (the lines' values are
 * printed, since the image carries no digits).
 */
function render(file: string, page: number, box: number[], out: string, dpi: number) {
  const s = dpi / 72;
  const [x1, y1, x2, y2] = box as [number, number, number, number];
  const ppm = execFileSync(
    'pdftoppm',
    [
      '-singlefile',
      '-r',
      String(dpi),
      '-f',
      String(page),
      '-l',
      String(page),
      '-x',
      String(Math.round(x1 * s)),
      '-y',
      String(Math.round(y1 * s)),
      '-W',
      String(Math.round((x2 - x1) * s)),
      '-H',
      String(Math.round((y2 - y1) * s)),
      file,
    ],
    { maxBuffer: 1 << 28 },
  );
  const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(ppm.subarray(0, 40).toString('latin1'))!;
  const [w, h] = [Number(header[1]), Number(header[2])];
  const rgb = new Uint8Array(ppm.subarray(header[0].length, header[0].length + w * h * 3));
  const blend = (x: number, y: number, c: [number, number, number], a: number) => {
    if (x < 0 || y < 0 || x >= w || y >= h) return;
    const i = (y * w + x) * 3;
    for (let k = 0; k < 3; k++) rgb[i + k] = Math.round(rgb[i + k]! * (1 - a) + c[k]! * a);
  };
  const style = (v: number): [[number, number, number], number] =>
    v % 100 === 0 ? [[255, 0, 0], 0.6] : v % 50 === 0 ? [[0, 60, 255], 0.5] : [[0, 190, 255], 0.25];
  const xs: number[] = [];
  const ys: number[] = [];
  for (let x = Math.ceil(x1 / 10) * 10; x <= x2; x += 10) {
    const [c, a] = style(x);
    const px = Math.round((x - x1) * s);
    for (let y = 0; y < h; y++) blend(px, y, c, a);
    if (x % 50 === 0) xs.push(x);
  }
  for (let y = Math.ceil(y1 / 10) * 10; y <= y2; y += 10) {
    const [c, a] = style(y);
    const py = Math.round((y - y1) * s);
    for (let x = 0; x < w; x++) blend(x, py, c, a);
    if (y % 50 === 0) ys.push(y);
  }
  fs.writeFileSync(out, png(w, h, rgb));
  console.log(
    `${out}: ${w}x${h} px, ${s} px per pt; x lines every 50 pt at ${xs.join(' ')}; y lines at ${ys.join(' ')} (red = multiples of 100)`,
  );
}

async function snap(file: string, page: number, targets: Point[]) {
  const geo = await extractPage(new Uint8Array(fs.readFileSync(file)), page);
  const cands: { p: Point; what: string }[] = [];
  for (const path of geo.paths) {
    const small = path.bbox[2] - path.bbox[0] < 24 && path.bbox[3] - path.bbox[1] < 24;
    const pts: Point[] = [];
    let k = 0;
    let cur: Point | null = null;
    for (const op of path.ops) {
      if (op === MOVE || op === LINE) {
        const p: Point = [path.coords[k]!, path.coords[k + 1]!];
        if (op === LINE && cur) cands.push({ p: cur, what: 'line end' }, { p, what: 'line end' });
        pts.push(p);
        cur = p;
        k += 2;
      } else if (op === CURVE) {
        cur = [path.coords[k + 4]!, path.coords[k + 5]!];
        pts.push(cur);
        k += 6;
      } else if (op === CLOSE) cur = pts[0] ?? cur;
    }
    if (path.fill && small) {
      // The sharpest corner of a small filled shape: where an arrowhead's tip is.
      const ring = pts.filter((p, i) => i === 0 || Math.hypot(p[0] - pts[i - 1]![0], p[1] - pts[i - 1]![1]) > 0.05);
      if (ring.length > 3 && Math.hypot(ring[0]![0] - ring.at(-1)![0], ring[0]![1] - ring.at(-1)![1]) < 0.05)
        ring.pop();
      let best: { p: Point; angle: number } | null = null;
      ring.forEach((p, i) => {
        const a = ring[(i + ring.length - 1) % ring.length]!;
        const b = ring[(i + 1) % ring.length]!;
        const u = [a[0] - p[0], a[1] - p[1]];
        const v = [b[0] - p[0], b[1] - p[1]];
        const angle = Math.acos(
          Math.max(
            -1,
            Math.min(1, (u[0]! * v[0]! + u[1]! * v[1]!) / (Math.hypot(u[0]!, u[1]!) * Math.hypot(v[0]!, v[1]!) || 1)),
          ),
        );
        if (!best || angle < best.angle) best = { p, angle };
      });
      if (best && ring.length >= 3) cands.push({ p: (best as { p: Point }).p, what: 'filled apex' });
      if (path.ops.includes(CURVE))
        cands.push({
          p: [(path.bbox[0] + path.bbox[2]) / 2, (path.bbox[1] + path.bbox[3]) / 2],
          what: 'filled round centre',
        });
    }
  }
  for (const t of targets) {
    const near = cands
      .map((c) => ({ ...c, d: Math.hypot(c.p[0] - t[0], c.p[1] - t[1]) }))
      .filter((c) => c.d <= 6)
      .sort((a, b) => a.d - b.d);
    const seen = new Set<string>();
    const list = near.filter((c) => {
      const k = `${c.p[0].toFixed(1)},${c.p[1].toFixed(1)},${c.what}`;
      return !seen.has(k) && seen.add(k);
    });
    const heads = list.filter((c) => c.what !== 'line end');
    console.log(
      `${t[0]},${t[1]} ->`,
      (heads.length ? heads : list)
        .slice(0, 3)
        .map((c) => `${c.what} [${c.p[0].toFixed(2)}, ${c.p[1].toFixed(2)}] d=${c.d.toFixed(1)}`)
        .join(' | ') || 'nothing within 6 pt',
    );
  }
}

// The command line, when run as a script (label-kit.ts imports sampleCells from here).
if (process.argv[1] && fs.realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [cmd, file, pageArg, ...rest] = process.argv.slice(2);
  const page = Number(pageArg);
  if (cmd === 'cells' && file) {
    const { width, height } = pageSize(file, page);
    console.log(JSON.stringify(sampleCells(file.split('/').pop()!, page, width, height, Number(rest[0] ?? 3))));
  } else if (cmd === 'render' && file && rest.length >= 5) {
    render(file, page, rest.slice(0, 4).map(Number), rest[4]!, Number(rest[5] ?? 216));
  } else if (cmd === 'snap' && file) {
    const pts: Point[] = [];
    for (let i = 0; i + 1 < rest.length; i += 2) pts.push([Number(rest[i]), Number(rest[i + 1])]);
    await snap(file, page, pts);
  } else {
    console.error('usage: label-regions.ts cells|render|snap <file.pdf> <page> ...');
    process.exitCode = 2;
  }
}
