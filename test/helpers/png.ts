// Reads the pixels of an 8-bit RGB or RGBA PNG (what pdftoppm writes), enough
// to assert that something of a given colour was drawn on a rendered page.
import fs from 'node:fs';
import { inflateSync } from 'node:zlib';

export interface Image {
  width: number;
  height: number;
  /** RGB triplets, row by row. */
  rgb: Uint8Array;
}

export function readPng(file: string): Image {
  const buf = fs.readFileSync(file);
  let width = 0;
  let height = 0;
  let channels = 3;
  const idat: Buffer[] = [];
  for (let at = 8; at < buf.length;) {
    const length = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    const data = buf.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      if (data[8] !== 8 || data[12] !== 0) throw new Error('only 8-bit, non-interlaced PNGs');
      channels = { 2: 3, 6: 4 }[data[9]!] ?? 0;
      if (!channels) throw new Error(`PNG colour type ${data[9]} not supported`);
    } else if (type === 'IDAT') idat.push(data);
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const pixels = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const out = pixels.subarray(y * stride, (y + 1) * stride);
    const prev = y ? pixels.subarray((y - 1) * stride, y * stride) : new Uint8Array(stride);
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? out[x - channels]! : 0;
      const b = prev[x]!;
      const c = x >= channels ? prev[x - channels]! : 0;
      const v = line[x]!;
      let p: number;
      if (filter === 0) p = v;
      else if (filter === 1) p = v + a;
      else if (filter === 2) p = v + b;
      else if (filter === 3) p = v + ((a + b) >> 1);
      else {
        const pa = Math.abs(b - c);
        const pb = Math.abs(a - c);
        const pc = Math.abs(a + b - 2 * c);
        p = v + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
      }
      out[x] = p & 0xff;
    }
  }
  const rgb = new Uint8Array(width * height * 3);
  for (let i = 0; i < width * height; i++) rgb.set(pixels.subarray(i * channels, i * channels + 3), i * 3);
  return { width, height, rgb };
}

/** Pixels within `tolerance` (per channel) of the hex colour. */
export function countColour(image: Image, hex: string, tolerance = 24): number {
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.replace('#', '').slice(i, i + 2), 16));
  let n = 0;
  for (let i = 0; i < image.rgb.length; i += 3) {
    if (
      Math.abs(image.rgb[i]! - r!) <= tolerance &&
      Math.abs(image.rgb[i + 1]! - g!) <= tolerance &&
      Math.abs(image.rgb[i + 2]! - b!) <= tolerance
    )
      n++;
  }
  return n;
}
