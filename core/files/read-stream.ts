import type { Readable } from 'node:stream';
import { AppError, fieldError } from '../errors.ts';

/**
 * Reads a stream into memory, refusing it past `limit` bytes with PAYLOAD_TOO_LARGE.
 * With `uploadField`, the stream is a client's upload: one that breaks off (a
 * truncated multipart body) is the client's error, a VALIDATION_ERROR naming the field.
 */
export async function readStream(
  stream: Readable | NodeJS.ReadableStream,
  limit: number,
  uploadField?: string,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      const b = Buffer.from(chunk as Buffer);
      size += b.length;
      if (size > limit)
        throw new AppError('PAYLOAD_TOO_LARGE', `${uploadField ?? 'file'}: exceeds the limit of ${limit} bytes`, {
          limit,
          ...(uploadField ? { field: uploadField } : {}),
        });
      chunks.push(b);
    }
  } catch (err) {
    if (err instanceof AppError || !uploadField) throw err;
    throw fieldError(
      'VALIDATION_ERROR',
      uploadField,
      `the upload broke off before the file ended (${(err as Error).message})`,
      { field: uploadField },
    );
  }
  return Buffer.concat(chunks);
}
