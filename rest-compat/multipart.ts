// Reads a multipart/form-data body with busboy: at most one file, held in
// memory up to a limit, and its text fields. Every stream's `error` has a
// listener (an unhandled one stops the process), the first failure settles the
// promise at once — a file over the limit is refused while streaming, without
// holding the rest — and the failure names the part it happened in.
import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';
import { AppError } from '../core/errors.ts';

export interface MultipartBody {
  fields: Record<string, string>;
  file: { field: string; filename: string; mimetype: string; bytes: Buffer } | null;
}

/**
 * After a refusal the answer goes out at once; the rest of the body is read
 * and dropped (never held), so an ordinary client that sends its whole body
 * before reading the answer gets it. A client still sending more than
 * `allowance` bytes after that loses the connection.
 */
function discardRest(request: IncomingMessage, allowance: number): void {
  let left = allowance;
  request.on('data', (chunk: Buffer) => {
    left -= chunk.length;
    if (left < 0) request.socket.destroy();
  });
  request.resume();
}

export function readMultipart(request: IncomingMessage, fileLimit: number): Promise<MultipartBody> {
  const type = request.headers['content-type'] ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data')) {
    return Promise.reject(new AppError('VALIDATION_ERROR', 'the body must be multipart/form-data'));
  }
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    let file: MultipartBody['file'] = null;
    /** The part being read when the body broke off, so the error can name it. */
    let current = 'body';
    let settled = false;
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: request.headers,
        limits: { fileSize: fileLimit, files: 1, fields: 20, fieldSize: 1024 * 1024 },
      });
    } catch (err) {
      reject(new AppError('VALIDATION_ERROR', `malformed multipart body: ${(err as Error).message}`));
      return;
    }
    const fail = (error: AppError) => {
      if (settled) return;
      settled = true;
      request.unpipe(parser);
      discardRest(request, fileLimit);
      reject(error);
    };
    const malformed = (err: Error) =>
      fail(
        new AppError('VALIDATION_ERROR', `${current}: malformed multipart body (${err.message})`, { field: current }),
      );

    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (field, stream, info) => {
      current = field;
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('error', malformed);
      stream.on('limit', () => {
        stream.resume();
        fail(
          new AppError('PAYLOAD_TOO_LARGE', `${field}: exceeds the limit of ${fileLimit} bytes`, {
            field,
            limit: fileLimit,
          }),
        );
      });
      stream.on('end', () => {
        if (!settled)
          file = { field, filename: info.filename ?? 'upload', mimetype: info.mimeType, bytes: Buffer.concat(chunks) };
        current = 'body';
      });
    });
    parser.on('filesLimit', () => fail(new AppError('VALIDATION_ERROR', 'send one file only', { field: current })));
    parser.on('error', malformed);
    parser.on('close', () => {
      if (settled) return;
      settled = true;
      resolve({ fields, file });
    });
    request.on('error', malformed);
    request.on('aborted', () => malformed(new Error('the client closed the connection')));
    request.pipe(parser);
  });
}
