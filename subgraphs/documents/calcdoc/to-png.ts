// Prime's picture parts are PNG, so every picture becomes PNG bytes. The
// format is read from the bytes, never from a part's extension or a declared
// type: Prime leaves Windows bitmaps in `.png` and `.tmp` parts. PNG is kept
// as it is; BMP and TIFF are decoded here; JPEG, GIF and WebP by Skia
// (@napi-rs/canvas), whose decoding is asynchronous: an image drawn before it
// has loaded is fully transparent, which is how JPEGs used to come out blank.
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { AppError } from '../../../core/errors.ts';
import { crc32, deflateSync } from 'node:zlib';
import { decodeBmp, type Rgba } from './bmp.ts';
import { decodeTiff } from './tiff.ts';
import type { PngImage } from './mcdx/writer.ts';

/** A small file can declare a huge canvas: 40 megapixels is far beyond any worksheet picture. */
export const MAX_PIXELS = 40e6;

export type ImageFormat = 'png' | 'jpeg' | 'gif' | 'bmp' | 'tiff' | 'webp';

/** The picture format from its first bytes (magic numbers), null when none matches. */
export function sniffImage(bytes: Uint8Array): ImageFormat | null {
  const b = (i: number) => bytes[i];
  if (b(0) === 0x89 && b(1) === 0x50 && b(2) === 0x4e && b(3) === 0x47) return 'png';
  if (b(0) === 0xff && b(1) === 0xd8 && b(2) === 0xff) return 'jpeg';
  if (b(0) === 0x47 && b(1) === 0x49 && b(2) === 0x46 && b(3) === 0x38) return 'gif';
  if (b(0) === 0x42 && b(1) === 0x4d) return 'bmp';
  if (
    (b(0) === 0x49 && b(1) === 0x49 && b(2) === 42 && b(3) === 0) ||
    (b(0) === 0x4d && b(1) === 0x4d && b(2) === 0 && b(3) === 42)
  )
    return 'tiff';
  if (
    b(0) === 0x52 &&
    b(1) === 0x49 &&
    b(2) === 0x46 &&
    b(3) === 0x46 &&
    b(8) === 0x57 &&
    b(9) === 0x45 &&
    b(10) === 0x42 &&
    b(11) === 0x50
  )
    return 'webp';
  return null;
}

export async function toPng(bytes: Uint8Array, index: number): Promise<PngImage> {
  const undecodable = (why: string) =>
    new AppError('IMAGE_FETCH_FAILED', `Element ${index}: the image cannot be decoded (${why})`, {
      element_index: index,
    });
  const format = sniffImage(bytes);
  if (!format) throw undecodable('it is none of PNG, JPEG, GIF, BMP, TIFF or WebP');
  if (format === 'png') {
    const size = pngSize(bytes);
    if (size.width * size.height > MAX_PIXELS)
      throw undecodable(`${size.width}×${size.height} pixels, more than ${MAX_PIXELS / 1e6} megapixels`);
    return { png: bytes, ...size };
  }
  if (format === 'tiff') {
    const bitmap = decodeTiff(bytes, MAX_PIXELS);
    if (!bitmap)
      throw undecodable('only baseline 8-bit gray, RGB and RGBA TIFFs, uncompressed, PackBits or LZW, are read');
    return { png: encodePng(bitmap), width: bitmap.width, height: bitmap.height };
  }
  if (format === 'bmp' && bytes.length >= 26) {
    const v = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const [w, h] = [Math.abs(v.readInt32LE(18)), Math.abs(v.readInt32LE(22))];
    if (w * h > MAX_PIXELS) throw undecodable(`${w}×${h} pixels, more than ${MAX_PIXELS / 1e6} megapixels`);
  }
  // Prime's own bitmaps (24/32-bit) decode here; other BMP variants go to Skia.
  const bitmap = format === 'bmp' ? decodeBmp(bytes) : null;
  if (bitmap) return { png: encodePng(bitmap), width: bitmap.width, height: bitmap.height };
  let image: Awaited<ReturnType<typeof loadImage>>;
  try {
    image = await loadImage(Buffer.from(bytes));
  } catch (err) {
    throw undecodable((err as Error).message);
  }
  if (!image.width || !image.height) throw undecodable('it has no pixels');
  if (image.width * image.height > MAX_PIXELS)
    throw undecodable(`${image.width}×${image.height} pixels, more than ${MAX_PIXELS / 1e6} megapixels`);
  const canvas = createCanvas(image.width, image.height);
  canvas.getContext('2d').drawImage(image, 0, 0);
  return { png: canvas.toBuffer('image/png'), width: image.width, height: image.height };
}

/** Width and height from a PNG's IHDR chunk. */
export function pngSize(png: Uint8Array): { width: number; height: number } {
  if (png.length < 24) return { width: 0, height: 0 };
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.byteLength, 0);
  head.write(type, 4, 'latin1');
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(crc32(data, crc32(head.subarray(4))), 0);
  return Buffer.concat([head, data, tail]);
}

/**
 * RGBA pixels → PNG, as RGB when every pixel is opaque (then pdfkit embeds the compressed
 * rows as they are instead of splitting out an alpha channel). Fast deflate: these are
 * screenshots and diagrams that Prime kept uncompressed.
 */
export function encodePng(image: Rgba): Buffer {
  const { width, height, data } = image;
  let opaque = true;
  for (let i = 3; i < data.length && opaque; i += 4) opaque = data[i] === 255;
  const channels = opaque ? 3 : 4;
  const stride = width * channels + 1;
  const raw = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    let o = y * stride + 1; // filter byte 0: none
    for (let x = 0; x < width; x++) {
      const p = (y * width + x) * 4;
      raw[o++] = data[p]!;
      raw[o++] = data[p + 1]!;
      raw[o++] = data[p + 2]!;
      if (!opaque) raw[o++] = data[p + 3]!;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = opaque ? 2 : 6;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 3 })),
    chunk('IEND', new Uint8Array(0)),
  ]);
}
