// Prime stores pictures as PNG only: JPEG (and anything else the canvas can
// decode) is re-encoded; PNG bytes are kept as they are.
import { Image, createCanvas } from '@napi-rs/canvas';
import { AppError } from '../../../core/errors.ts';
import { pngSize } from './mcdx/reader.ts';
import type { PngImage } from './mcdx/writer.ts';

export function toPng(bytes: Uint8Array, mime: string, index: number): PngImage {
  if (mime === 'image/png' && bytes[0] === 0x89) return { png: bytes, ...pngSize(bytes) };
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
