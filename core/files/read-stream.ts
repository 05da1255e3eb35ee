import type { Readable } from 'node:stream';
import { AppError } from '../errors.ts';

/** Reads an upload into memory, refusing it past `limit` bytes with PAYLOAD_TOO_LARGE. */
export async function readStream(stream: Readable | NodeJS.ReadableStream, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const b = Buffer.from(chunk as Buffer);
    size += b.length;
    if (size > limit) throw new AppError('PAYLOAD_TOO_LARGE', `file exceeds the limit of ${limit} bytes`, { limit });
    chunks.push(b);
  }
  return Buffer.concat(chunks);
}
