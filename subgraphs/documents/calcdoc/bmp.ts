// Windows bitmaps (which Prime leaves in some of its .png parts) → RGBA
// pixels: 24- and 32-bit, uncompressed or with bit-field masks, bottom-up or
// top-down. Enough for what Prime writes; anything else returns null.
export interface Rgba {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

function maskShift(mask: number): { shift: number; max: number } {
  if (!mask) return { shift: 0, max: 0 };
  let shift = 0;
  while (((mask >>> shift) & 1) === 0) shift++;
  return { shift, max: mask >>> shift };
}

export function decodeBmp(bytes: Uint8Array): Rgba | null {
  if (bytes.length < 54 || bytes[0] !== 0x42 || bytes[1] !== 0x4d) return null;
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const offset = v.getUint32(10, true);
  const headerSize = v.getUint32(14, true);
  const width = v.getInt32(18, true);
  const rawHeight = v.getInt32(22, true);
  const bpp = v.getUint16(28, true);
  const compression = v.getUint32(30, true);
  if (width <= 0 || rawHeight === 0 || (bpp !== 24 && bpp !== 32) || (compression !== 0 && compression !== 3))
    return null;
  const height = Math.abs(rawHeight);
  let masks = bpp === 32 ? [0x00ff0000, 0x0000ff00, 0x000000ff, 0xff000000] : [0xff0000, 0xff00, 0xff, 0];
  if (compression === 3) {
    // Masks follow a 40-byte header, or sit inside a V4/V5 header.
    const at = 14 + 40;
    masks = [
      v.getUint32(at, true),
      v.getUint32(at + 4, true),
      v.getUint32(at + 8, true),
      headerSize >= 56 ? v.getUint32(at + 12, true) : 0,
    ];
  }
  const channels = masks.map(maskShift);
  const rowSize = Math.ceil((bpp * width) / 32) * 4;
  if (offset + rowSize * height > bytes.length) return null;
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    const row = offset + (rawHeight > 0 ? height - 1 - y : y) * rowSize;
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      if (bpp === 24) {
        const p = row + x * 3;
        data[o] = bytes[p + 2]!;
        data[o + 1] = bytes[p + 1]!;
        data[o + 2] = bytes[p]!;
        data[o + 3] = 255;
        continue;
      }
      const px = v.getUint32(row + x * 4, true);
      for (let c = 0; c < 4; c++) {
        const { shift, max } = channels[c]!;
        data[o + c] = max ? Math.round((((px >>> shift) & max) * 255) / max) : 255;
      }
    }
  }
  // All-zero alpha means the alpha channel is unused.
  let opaque = true;
  for (let i = 3; i < data.length && opaque; i += 4) if (data[i] !== 0) opaque = false;
  if (opaque) for (let i = 3; i < data.length; i += 4) data[i] = 255;
  return { width, height, data };
}
