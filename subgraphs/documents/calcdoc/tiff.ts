// Baseline TIFF → RGBA pixels: the first image of the file, 8 bits per sample,
// gray (WhiteIsZero/BlackIsZero), RGB or RGBA, chunky, in strips, uncompressed,
// PackBits or LZW (with or without the horizontal predictor). That covers what
// scanners and Windows' snipping tools save; anything else returns null so the
// caller can say the picture cannot be decoded.
import type { Rgba } from './bmp.ts';

const TAG = {
  width: 256,
  height: 257,
  bits: 258,
  compression: 259,
  photometric: 262,
  stripOffsets: 273,
  samples: 277,
  rowsPerStrip: 278,
  stripBytes: 279,
  planar: 284,
  predictor: 317,
};
const TYPE_SIZE: Record<number, number> = { 1: 1, 3: 2, 4: 4 };

export function decodeTiff(bytes: Uint8Array, maxPixels: number): Rgba | null {
  if (bytes.length < 8) return null;
  const little = bytes[0] === 0x49 && bytes[1] === 0x49;
  if (!little && !(bytes[0] === 0x4d && bytes[1] === 0x4d)) return null;
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (v.getUint16(2, little) !== 42) return null;
  const ifd = v.getUint32(4, little);
  if (ifd + 2 > bytes.length) return null;
  const count = v.getUint16(ifd, little);
  const tags = new Map<number, number[]>();
  for (let i = 0; i < count; i++) {
    const at = ifd + 2 + i * 12;
    if (at + 12 > bytes.length) return null;
    const tag = v.getUint16(at, little);
    const type = v.getUint16(at + 2, little);
    const n = v.getUint32(at + 4, little);
    const size = TYPE_SIZE[type];
    if (!size || n > 1e6) continue;
    const base = n * size <= 4 ? at + 8 : v.getUint32(at + 8, little);
    if (base + n * size > bytes.length) return null;
    const values: number[] = [];
    for (let k = 0; k < n; k++)
      values.push(
        size === 1
          ? bytes[base + k]!
          : size === 2
            ? v.getUint16(base + k * 2, little)
            : v.getUint32(base + k * 4, little),
      );
    tags.set(tag, values);
  }
  const one = (tag: number, fallback: number) => tags.get(tag)?.[0] ?? fallback;
  const width = one(TAG.width, 0);
  const height = one(TAG.height, 0);
  const samples = one(TAG.samples, 1);
  const photometric = one(TAG.photometric, 1);
  const compression = one(TAG.compression, 1);
  const predictor = one(TAG.predictor, 1);
  if (!width || !height || width * height > maxPixels) return null;
  if ((tags.get(TAG.bits) ?? [8]).some((b) => b !== 8) || one(TAG.planar, 1) !== 1) return null;
  if (![0, 1, 2].includes(photometric) || samples < 1 || samples > 4 || ![1, 5, 32773].includes(compression))
    return null;
  const offsets = tags.get(TAG.stripOffsets) ?? [];
  const lengths = tags.get(TAG.stripBytes) ?? [];
  if (!offsets.length || offsets.length !== lengths.length) return null;

  const rowBytes = width * samples;
  const raw = new Uint8Array(rowBytes * height);
  let filled = 0;
  for (let s = 0; s < offsets.length && filled < raw.length; s++) {
    const strip = bytes.subarray(offsets[s]!, offsets[s]! + lengths[s]!);
    const want = Math.min(raw.length - filled, rowBytes * one(TAG.rowsPerStrip, height));
    const data =
      compression === 1
        ? strip.subarray(0, want)
        : compression === 32773
          ? unpackBits(strip, want)
          : unLzw(strip, want);
    raw.set(data.subarray(0, want), filled);
    filled += Math.min(want, data.length);
  }
  if (predictor === 2) {
    for (let y = 0; y < height; y++)
      for (let i = samples; i < rowBytes; i++)
        raw[y * rowBytes + i] = (raw[y * rowBytes + i]! + raw[y * rowBytes + i - samples]!) & 0xff;
  }
  const out = new Uint8ClampedArray(width * height * 4);
  for (let p = 0; p < width * height; p++) {
    const s = p * samples;
    if (photometric === 2 && samples >= 3) {
      out[p * 4] = raw[s]!;
      out[p * 4 + 1] = raw[s + 1]!;
      out[p * 4 + 2] = raw[s + 2]!;
      out[p * 4 + 3] = samples === 4 ? raw[s + 3]! : 255;
    } else {
      const g = photometric === 0 ? 255 - raw[s]! : raw[s]!;
      out[p * 4] = out[p * 4 + 1] = out[p * 4 + 2] = g;
      out[p * 4 + 3] = samples === 2 ? raw[s + 1]! : 255;
    }
  }
  return { width, height, data: out };
}

function unpackBits(src: Uint8Array, want: number): Uint8Array {
  const out = new Uint8Array(want);
  let i = 0;
  let o = 0;
  while (i < src.length && o < want) {
    const n = (src[i++]! << 24) >> 24;
    if (n >= 0) for (let k = 0; k <= n && o < want && i < src.length; k++) out[o++] = src[i++]!;
    else if (n !== -128) {
      const b = src[i++]!;
      for (let k = 0; k <= -n && o < want; k++) out[o++] = b;
    }
  }
  return out;
}

/** TIFF's LZW (MSB-first codes, 9–12 bits, early change), output capped at `want` bytes. */
function unLzw(src: Uint8Array, want: number): Uint8Array {
  const out = new Uint8Array(want);
  let o = 0;
  const prefix = new Int32Array(4096);
  const suffix = new Uint8Array(4096);
  const length = new Int32Array(4096);
  for (let k = 0; k < 256; k++) {
    suffix[k] = k;
    length[k] = 1;
    prefix[k] = -1;
  }
  let next = 258;
  let width = 9;
  let old = -1;
  let bitPos = 0;
  const emit = (code: number): number => {
    const n = length[code]!;
    let c = code;
    for (let k = n - 1; k >= 0; k--) {
      if (o + k < want) out[o + k] = suffix[c]!;
      c = prefix[c]!;
    }
    o += n;
    return c;
  };
  const first = (code: number) => {
    let c = code;
    while (prefix[c]! >= 0) c = prefix[c]!;
    return suffix[c]!;
  };
  while (o < want && bitPos + width <= src.length * 8) {
    let code = 0;
    for (let k = 0; k < width; k++, bitPos++) code = (code << 1) | ((src[bitPos >> 3]! >> (7 - (bitPos & 7))) & 1);
    if (code === 257) break;
    if (code === 256) {
      next = 258;
      width = 9;
      old = -1;
      continue;
    }
    if (old < 0) {
      if (code > 255) break;
      emit(code);
      old = code;
      continue;
    }
    if (code < next) {
      emit(code);
      if (next < 4096) {
        prefix[next] = old;
        suffix[next] = first(code);
        length[next] = length[old]! + 1;
        next++;
      }
    } else if (code === next && next < 4096) {
      prefix[next] = old;
      suffix[next] = first(old);
      length[next] = length[old]! + 1;
      next++;
      emit(code);
    } else break;
    old = code;
    if (next + 1 >= 1 << width && width < 12) width++;
  }
  return out.subarray(0, Math.min(o, want));
}
