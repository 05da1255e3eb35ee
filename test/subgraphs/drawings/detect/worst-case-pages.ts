// Pages built to be the worst the bulk detectors meet: tens of thousands of tiny strokes
// (stroked lettering on a sheet without a text layer), hatch drawn as short parallel
// strokes at an even spacing, and every chord of tag circles drawn as its own path.
// Deterministic: a linear congruential generator, no Math.random.
import type { PageGeometry, PathGeom } from '../../../../core/geometry/types.ts';
import { path } from './build-paths.ts';
import { writePdf } from '../../../helpers/pdf-samples.ts';

function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0) / 2 ** 32;
}

/** `strokes` glyph strokes (1.5–3 pt) in words of 3–8 letters, in lines across a page sized to hold them at constant density. */
export function strokedLettering(strokes: number, seed = 1): PathGeom[] {
  const rand = lcg(seed);
  const out: PathGeom[] = [];
  // About 3 strokes per 2.5 pt letter, 30 letters to a 100 pt line, lines 6 pt apart.
  const perLine = 90;
  const width = 100 * Math.ceil(Math.sqrt(strokes / perLine));
  let x = 10;
  let y = 10;
  while (out.length < strokes) {
    const letters = 3 + Math.floor(rand() * 6);
    for (let l = 0; l < letters && out.length < strokes; l++) {
      for (let k = 0; k < 3 && out.length < strokes; k++) {
        const a = rand() * Math.PI;
        const len = 1.5 + rand() * 1.5;
        const cx = x + 1.25 + (rand() - 0.5);
        const cy = y + 1.5 + (rand() - 0.5);
        out.push(
          path([
            ['M', [cx - (Math.cos(a) * len) / 2, cy - (Math.sin(a) * len) / 2]],
            ['L', [cx + (Math.cos(a) * len) / 2, cy + (Math.sin(a) * len) / 2]],
          ]),
        );
      }
      x += 3.3;
    }
    x += 4;
    if (x > width) {
      x = 10;
      y += 6;
    }
  }
  return out;
}

/** Hatch: `strokes` parallel 45° strokes of 10 pt at `spacing` pt, in square blocks of 400. */
export function hatch(strokes: number, spacing = 0.8): PathGeom[] {
  const out: PathGeom[] = [];
  const perBlock = 400;
  const blocksPerRow = Math.ceil(Math.sqrt(strokes / perBlock));
  for (let i = 0; i < strokes; i++) {
    const block = Math.floor(i / perBlock);
    const bx = 2000 + (block % blocksPerRow) * (perBlock * spacing + 20);
    const by = 2000 + Math.floor(block / blocksPerRow) * 30;
    const x = bx + (i % perBlock) * spacing;
    out.push(
      path([
        ['M', [x, by]],
        ['L', [x + 7, by + 7]],
      ]),
    );
  }
  return out;
}

/** `circles` tag circles of radius 10 pt, each a 48-gon whose sides are separate paths. */
export function segmentedCircles(circles: number): PathGeom[] {
  const out: PathGeom[] = [];
  const n = 48;
  const perRow = Math.ceil(Math.sqrt(circles));
  for (let c = 0; c < circles; c++) {
    const cx = 30 + (c % perRow) * 30;
    const cy = 30 + Math.floor(c / perRow) * 30;
    for (let i = 0; i < n; i++) {
      const a0 = (i * 2 * Math.PI) / n;
      const a1 = ((i + 1) * 2 * Math.PI) / n;
      out.push(
        path([
          ['M', [cx + 10 * Math.cos(a0), cy + 10 * Math.sin(a0)]],
          ['L', [cx + 10 * Math.cos(a1), cy + 10 * Math.sin(a1)]],
        ]),
      );
    }
  }
  return out;
}

/**
 * `strokes` loose lines of one length, each its own path, the worst the chaining of tag
 * sides by their ends meets (tag-outlines.ts): a third as grids of 10 pt cells (every inner
 * node joins four sides), a third as stars of twelve lines from one point (crowded ends),
 * a third as hexagons missing one side (each walk runs five corners before it fails).
 */
export function looseSides(strokes: number): PathGeom[] {
  const out: PathGeom[] = [];
  const third = Math.floor(strokes / 3);
  const side = 10;
  // Grids: rows of cells side by side, 40 cells to a row.
  const grid = Math.ceil(Math.sqrt(third / 2));
  for (let i = 0; out.length < third; i++) {
    const x = 20 + (i % grid) * side;
    const y = 20 + Math.floor(i / grid) * side;
    out.push(
      path([
        ['M', [x, y]],
        ['L', [x + side, y]],
      ]),
      path([
        ['M', [x, y]],
        ['L', [x, y + side]],
      ]),
    );
  }
  const perRow = Math.ceil(Math.sqrt(third / 12));
  const x0 = 40 + grid * side;
  for (let s = 0; out.length < 2 * third; s++) {
    const cx = x0 + (s % perRow) * 30;
    const cy = 20 + Math.floor(s / perRow) * 30;
    for (let k = 0; k < 12 && out.length < 2 * third; k++) {
      const a = (k * Math.PI) / 6;
      out.push(
        path([
          ['M', [cx, cy]],
          ['L', [cx + side * Math.cos(a), cy + side * Math.sin(a)]],
        ]),
      );
    }
  }
  const x1 = x0 + perRow * 30 + 20;
  const hexRow = Math.ceil(Math.sqrt((strokes - out.length) / 5));
  for (let h = 0; out.length < strokes; h++) {
    const cx = x1 + (h % hexRow) * 30;
    const cy = 20 + Math.floor(h / hexRow) * 30;
    for (let k = 0; k < 5 && out.length < strokes; k++) {
      const a0 = (k * Math.PI) / 3;
      const a1 = ((k + 1) * Math.PI) / 3;
      out.push(
        path([
          ['M', [cx + side * Math.cos(a0), cy + side * Math.sin(a0)]],
          ['L', [cx + side * Math.cos(a1), cy + side * Math.sin(a1)]],
        ]),
      );
    }
  }
  return out;
}

/**
 * A heap: one short line, and `strokes` strokes of 7 pt, each its own path, fanning back from
 * one point on both sides of it at 10–45° (every one could be a side of an arrowhead, a chord
 * or a delta meeting there).
 */
export function fan(strokes: number): PathGeom[] {
  const out = [
    path([
      ['M', [100, 100]],
      ['L', [200, 100]],
    ]),
  ];
  for (let i = 0; i < strokes; i++) {
    const off = (((10 + (35 * i) / strokes) * Math.PI) / 180) * (i % 2 ? 1 : -1);
    out.push(
      path([
        ['M', [193, 100]],
        ['L', [193 - 7 * Math.cos(off), 100 + 7 * Math.sin(off)]],
      ]),
    );
  }
  return out;
}

export function page(paths: PathGeom[]): Pick<PageGeometry, 'width' | 'height' | 'paths' | 'texts'> {
  let w = 0;
  let h = 0;
  for (const p of paths) {
    w = Math.max(w, p.bbox[2]);
    h = Math.max(h, p.bbox[3]);
  }
  return { width: w + 10, height: h + 10, paths, texts: [] };
}

/** A one-page PDF stroking the paths' straight segments (no text layer), for the worker-pool runs. */
export function strokesPdf(paths: readonly PathGeom[]): Uint8Array {
  const lines: string[] = ['0.25 w'];
  for (const p of paths) {
    const c = p.coords.map((v) => v.toFixed(2));
    lines.push(`${c[0]} ${c[1]} m ${c.slice(2).reduce((s, v, i) => s + (i % 2 === 0 ? `${v} ` : `${v} l `), '')}S`);
  }
  const { width, height } = page([...paths]);
  const content = lines.join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${Math.ceil(width)} ${Math.ceil(height)}] /Contents 4 0 R >>`,
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  return new TextEncoder().encode(writePdf(objects));
}
