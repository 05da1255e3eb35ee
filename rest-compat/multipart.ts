// Reads a multipart/form-data body with busboy: at most one file, held in
// memory up to a limit, and its text fields.
import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';
import { AppError } from '../core/errors.ts';

export interface MultipartBody {
  fields: Record<string, string>;
  file: { field: string; filename: string; mimetype: string; bytes: Buffer } | null;
}

export function readMultipart(request: IncomingMessage, fileLimit: number): Promise<MultipartBody> {
  const type = request.headers['content-type'] ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data')) {
    return Promise.reject(new AppError('VALIDATION_ERROR', 'the body must be multipart/form-data'));
  }
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    let file: MultipartBody['file'] = null;
    let failure: AppError | null = null;
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: request.headers, limits: { fileSize: fileLimit, files: 1, fields: 20, fieldSize: 1024 * 1024 } });
    } catch (err) {
      reject(new AppError('VALIDATION_ERROR', `malformed multipart body: ${(err as Error).message}`));
      return;
    }
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (field, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('limit', () => {
        failure ??= new AppError('PAYLOAD_TOO_LARGE', `${field} exceeds the limit of ${fileLimit} bytes`, { field, limit: fileLimit });
      });
      stream.on('end', () => {
        if (!failure) file = { field, filename: info.filename ?? 'upload', mimetype: info.mimeType, bytes: Buffer.concat(chunks) };
      });
    });
    parser.on('filesLimit', () => {
      failure ??= new AppError('VALIDATION_ERROR', 'send one file only');
    });
    parser.on('error', (err: Error) => reject(new AppError('VALIDATION_ERROR', `malformed multipart body: ${err.message}`)));
    parser.on('close', () => (failure ? reject(failure) : resolve({ fields, file })));
    request.pipe(parser);
  });
}
