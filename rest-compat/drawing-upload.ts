// The body of the two routes that take a drawing (POST /v1/drawings and POST
// /v1/projects/{id}/sheets): multipart with the PDF as `file`, or the SHA-256 of
// one this account uploaded before as `file_hash`, exactly one of them.
import type { IncomingMessage } from 'node:http';
import { AppError } from '../core/errors.ts';
import { MAX_DRAWING_BYTES } from '../subgraphs/drawings/service.ts';
import { readMultipart, type MultipartBody } from './multipart.ts';

export interface DrawingUpload {
  fields: Record<string, string>;
  file: MultipartBody['file'];
  hash: string | undefined;
}

export async function readDrawingUpload(request: IncomingMessage, uploadLimitBytes: number): Promise<DrawingUpload> {
  const { fields, file } = await readMultipart(request, Math.min(MAX_DRAWING_BYTES, uploadLimitBytes));
  const hash = fields.file_hash?.trim() || undefined;
  if (file && file.field !== 'file')
    throw new AppError('VALIDATION_ERROR', `unexpected file field ${file.field}: send the PDF as file`, {
      field: file.field,
    });
  if (!!file === !!hash)
    throw new AppError('VALIDATION_ERROR', 'send exactly one of file and file_hash', {
      fields: ['file', 'file_hash'],
    });
  return { fields, file, hash };
}
