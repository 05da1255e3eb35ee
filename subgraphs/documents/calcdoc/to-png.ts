// Prime's picture parts are PNG: JPEG (and the Windows bitmaps older Prime
// versions left in .png parts) are re-encoded; PNG bytes are kept as they are.
import { Image, createCanvas } from '@napi-rs/canvas';
import { AppError } from '../../../core/errors.ts';
import { decodeBmp } from './bmp.ts';
import type { PngImage } from './mcdx/writer.ts';

export function toPng(bytes: Uint8Array, mime: string, index: number): PngImage {
  if (mime === 'image/png' && bytes[0] === 0x89) return { png: bytes, ...pngSize(bytes) };
  const bitmap = decodeBmp(bytes);
  if (bitmap) {
    const canvas = createCanvas(bitmap.width, bitmap.height);
    const ctx = canvas.getContext('2d');
    const imageData = ctx.createImageData(bitmap.width, bitmap.height);
    imageData.data.set(bitmap.data);
    ctx.putImageData(imageData, 0, 0);
    return { png: canvas.toBuffer('image/png'), width: bitmap.width, height: bitmap.height };
  }
  const image = new Image();
  try {
    image.src = Buffer.from(bytes);
  } catch (err) {
    throw new AppError('IMAGE_FETCH_FAILED', `Element ${index}: the image cannot be decoded (${(err as Error).message})`, { element_index: index });
  }
  if (!image.width || !image.height) throw new AppError('IMAGE_FETCH_FAILED', `Element ${index}: the image cannot be decoded`, { element_index: index });
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
