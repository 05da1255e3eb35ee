// Prime's picture parts are PNG: JPEG (and the Windows bitmaps older Prime
// versions left in .png parts) are re-encoded; PNG bytes are kept as they are.
import { Image, createCanvas } from '@napi-rs/canvas';
import { AppError } from '../../../core/errors.ts';
import { crc32, deflateSync } from 'node:zlib';
import { decodeBmp, type Rgba } from './bmp.ts';
import type { PngImage } from './mcdx/writer.ts';

const MAX_PIXELS = 40e6;

export function toPng(bytes: Uint8Array, mime: string, index: number): PngImage {
  if (mime === 'image/png' && bytes[0] === 0x89) return { png: bytes, ...pngSize(bytes) };
  const bitmap = decodeBmp(bytes);
  if (bitmap) return { png: encodePng(bitmap), width: bitmap.width, height: bitmap.height };
  const image = new Image();
  try {
    image.src = Buffer.from(bytes);
  } catch (err) {
    throw new AppError('IMAGE_FETCH_FAILED', `Element ${index}: the image cannot be decoded (${(err as Error).message})`, { element_index: index });
  }
  if (!image.width || !image.height) throw new AppError('IMAGE_FETCH_FAILED', `Element ${index}: the image cannot be decoded`, { element_index: index });
  // A small file can declare a huge canvas: 40 megapixels is far beyond any worksheet picture.
  if (image.width * image.height > MAX_PIXELS) {
    throw new AppError('IMAGE_FETCH_FAILED', `Element ${index}: the image is ${image.width}×${image.height} pixels, more than ${MAX_PIXELS / 1e6} megapixels`, { element_index: index });
  }
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
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 3 })), chunk('IEND', new Uint8Array(0))]);
}
