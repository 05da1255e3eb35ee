// Small operations on grey images (one byte a pixel): crop, quarter turns, resize, ink box.
// Written here rather than pulled from an image library: a recogniser's inputs are a few
// thousand pixels, and these are a dozen lines each.
import type { GreyImage } from './render.ts';

/** Below this a pixel is ink. */
export const INK = 160;

export function crop(img: GreyImage, x: number, y: number, w: number, h: number): GreyImage {
  x = Math.max(0, Math.floor(x));
  y = Math.max(0, Math.floor(y));
  w = Math.max(1, Math.min(img.width - x, Math.ceil(w)));
  h = Math.max(1, Math.min(img.height - y, Math.ceil(h)));
  const data = new Uint8Array(w * h);
  for (let r = 0; r < h; r++) data.set(img.data.subarray((y + r) * img.width + x, (y + r) * img.width + x + w), r * w);
  return { width: w, height: h, data };
}

/** The image turned clockwise by `quarters` quarter turns. */
export function rotate(img: GreyImage, quarters: number): GreyImage {
  const q = ((quarters % 4) + 4) % 4;
  if (q === 0) return img;
  const { width: w, height: h, data } = img;
  const W = q === 2 ? w : h;
  const H = q === 2 ? h : w;
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const v = data[y * w + x]!;
      // Clockwise: (x, y) -> (h-1-y, x); half: (w-1-x, h-1-y); anticlockwise: (y, w-1-x).
      const [X, Y] = q === 1 ? [h - 1 - y, x] : q === 2 ? [w - 1 - x, h - 1 - y] : [y, w - 1 - x];
      out[Y * W + X] = v;
    }
  }
  return { width: W, height: H, data: out };
}

/** Bilinear resize. */
export function resize(img: GreyImage, width: number, height: number): GreyImage {
  width = Math.max(1, Math.round(width));
  height = Math.max(1, Math.round(height));
  const out = new Uint8Array(width * height);
  const sx = img.width / width;
  const sy = img.height / height;
  for (let y = 0; y < height; y++) {
    const fy = Math.min(img.height - 1, Math.max(0, (y + 0.5) * sy - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(img.height - 1, y0 + 1);
    const ty = fy - y0;
    for (let x = 0; x < width; x++) {
      const fx = Math.min(img.width - 1, Math.max(0, (x + 0.5) * sx - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(img.width - 1, x0 + 1);
      const tx = fx - x0;
      const a = img.data[y0 * img.width + x0]! * (1 - tx) + img.data[y0 * img.width + x1]! * tx;
      const b = img.data[y1 * img.width + x0]! * (1 - tx) + img.data[y1 * img.width + x1]! * tx;
      out[y * width + x] = Math.round(a * (1 - ty) + b * ty);
    }
  }
  return { width, height, data: out };
}

/** The box [x1, y1, x2, y2) holding every ink pixel, or null for a blank image. */
export function inkBox(img: GreyImage): [number, number, number, number] | null {
  let x1 = Infinity;
  let y1 = Infinity;
  let x2 = -1;
  let y2 = -1;
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      if (img.data[y * img.width + x]! >= INK) continue;
      if (x < x1) x1 = x;
      if (x > x2) x2 = x;
      if (y < y1) y1 = y;
      if (y > y2) y2 = y;
    }
  }
  return x2 < 0 ? null : [x1, y1, x2 + 1, y2 + 1];
}

/** The image with `px` white pixels added on every side. */
export function pad(img: GreyImage, px: number): GreyImage {
  const width = img.width + 2 * px;
  const height = img.height + 2 * px;
  const data = new Uint8Array(width * height).fill(255);
  for (let r = 0; r < img.height; r++)
    data.set(img.data.subarray(r * img.width, (r + 1) * img.width), (r + px) * width + px);
  return { width, height, data };
}
