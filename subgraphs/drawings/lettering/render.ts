// Renders one region of a page's own geometry (the painted paths the operator walk produced,
// in display points) to a grey image for a recogniser. Only the region is drawn, from the
// paths that touch it, at the scale lettering needs: a page is never rendered whole, so a
// tag interior costs a few thousand pixels, not a 40-megapixel sheet.
//
// Everything is drawn black on white whatever its colour (colour sheets letter in yellow and
// cyan, which a recogniser reads as background), strokes at least PEN_PX wide (hairline
// SHX lettering has width 0), and fills larger than a glyph are left out: poché and solid
// areas behind lettering would otherwise bury it.
import { createCanvas } from '@napi-rs/canvas';
import type { BBox, PathGeom } from '../../../core/geometry/types.ts';
import { CLOSE, CURVE, LINE, MOVE } from '../../../core/geometry/types.ts';

export interface GreyImage {
  width: number;
  height: number;
  /** One byte per pixel, 0 black to 255 white, rows top to bottom. */
  data: Uint8Array;
}

/** Thinnest pen in pixels: hairlines (width 0) and thin plotted strokes become readable lines. */
const PEN_PX = 1.6;
/** A fill bigger than this many points on its longer side is an area, not a glyph. */
const GLYPH_FILL_PT = 24;
/** Largest image made for one region; a region that would need more is drawn at a smaller scale. */
export const MAX_REGION_PIXELS = 1_500_000;

/** Paths by box in a grid, so a region's paths are found without scanning the page. */
export class PathIndex {
  private readonly cells = new Map<number, number[]>();
  private readonly wide: number[] = [];
  readonly paths: readonly PathGeom[];
  private readonly cell: number;
  constructor(paths: readonly PathGeom[], cell = 64) {
    this.paths = paths;
    this.cell = cell;
    paths.forEach((p, i) => {
      const [x1, y1, x2, y2] = p.bbox;
      // A path spanning the sheet (a border, a long wall) is listed in at most 256 cells; beyond that it
      // goes in the wide list, checked for every region.
      if (
        (Math.floor(x2 / cell) - Math.floor(x1 / cell) + 1) * (Math.floor(y2 / cell) - Math.floor(y1 / cell) + 1) >
        256
      ) {
        this.wide.push(i);
        return;
      }
      for (let cx = Math.floor(x1 / cell); cx <= Math.floor(x2 / cell); cx++) {
        for (let cy = Math.floor(y1 / cell); cy <= Math.floor(y2 / cell); cy++) {
          const k = cx * 100_003 + cy;
          const list = this.cells.get(k);
          if (list) list.push(i);
          else this.cells.set(k, [i]);
        }
      }
    });
  }
  /** Indexes of paths whose boxes touch `box`, each once, in painting order. */
  query(box: BBox): number[] {
    const c = this.cell;
    const out = new Set<number>();
    for (let cx = Math.floor(box[0] / c); cx <= Math.floor(box[2] / c); cx++) {
      for (let cy = Math.floor(box[1] / c); cy <= Math.floor(box[3] / c); cy++) {
        for (const i of this.cells.get(cx * 100_003 + cy) ?? []) out.add(i);
      }
    }
    for (const i of this.wide) out.add(i);
    const touching = [...out].filter((i) => {
      const b = this.paths[i]!.bbox;
      return b[0] <= box[2] && b[2] >= box[0] && b[1] <= box[3] && b[3] >= box[1];
    });
    return touching.sort((a, b) => a - b);
  }
}

/**
 * The region `box` drawn at `scale` pixels per point (reduced when the image would pass
 * MAX_REGION_PIXELS), with `margin` points of white around it so that lettering touching the
 * edge keeps its outline. `skip` leaves paths out (a tag's own circle and divider, which a
 * recogniser would read as O and -).
 */
export function renderRegion(
  index: PathIndex,
  box: BBox,
  scale: number,
  skip: ReadonlySet<number> = new Set(),
  letterPt = 0,
): { image: GreyImage; scale: number } {
  // Lettering larger than usual (a title block's sheet number is 10-20 mm high) has glyphs
  // larger than GLYPH_FILL_PT: where the caller expects such lettering, fills up to 1.5 of its
  // height are still glyphs.
  const glyphFill = Math.max(GLYPH_FILL_PT, 1.5 * letterPt);
  const w0 = box[2] - box[0];
  const h0 = box[3] - box[1];
  const s = Math.min(scale, Math.sqrt(MAX_REGION_PIXELS / Math.max(1, w0 * h0)));
  const width = Math.max(8, Math.ceil(w0 * s));
  const height = Math.max(8, Math.ceil(h0 * s));
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#000';
  ctx.strokeStyle = '#000';
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.setTransform(s, 0, 0, s, -box[0] * s, -box[1] * s);
  for (const i of index.query(box)) {
    if (skip.has(i)) continue;
    const p = index.paths[i]!;
    const big = Math.max(p.bbox[2] - p.bbox[0], p.bbox[3] - p.bbox[1]) > glyphFill;
    const fill = p.fill && !big;
    if (!fill && !p.stroke) continue;
    ctx.beginPath();
    const c = p.coords;
    let k = 0;
    for (const op of p.ops) {
      if (op === MOVE) {
        ctx.moveTo(c[k]!, c[k + 1]!);
        k += 2;
      } else if (op === LINE) {
        ctx.lineTo(c[k]!, c[k + 1]!);
        k += 2;
      } else if (op === CURVE) {
        ctx.bezierCurveTo(c[k]!, c[k + 1]!, c[k + 2]!, c[k + 3]!, c[k + 4]!, c[k + 5]!);
        k += 6;
      } else if (op === CLOSE) ctx.closePath();
    }
    if (fill) ctx.fill();
    // A big filled area's outline still shows where it is; its inside stays white.
    if (p.stroke || (p.fill && big)) {
      ctx.lineWidth = Math.max(p.lineWidth, PEN_PX / s);
      ctx.stroke();
    }
  }
  const rgba = ctx.getImageData(0, 0, width, height).data;
  const data = new Uint8Array(width * height);
  for (let i = 0; i < data.length; i++) data[i] = rgba[4 * i]!;
  return { image: { width, height, data }, scale: s };
}

/** The image as a PNG (for a recogniser that reads encoded images, and for looking at by eye). */
export function toPng(image: GreyImage): Buffer {
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  const out = ctx.createImageData(image.width, image.height);
  for (let i = 0; i < image.data.length; i++) {
    const v = image.data[i]!;
    out.data[4 * i] = out.data[4 * i + 1] = out.data[4 * i + 2] = v;
    out.data[4 * i + 3] = 255;
  }
  ctx.putImageData(out, 0, 0);
  return canvas.toBuffer('image/png');
}
