import { createHash } from 'node:crypto';
import { readStream } from '../../core/files/read-stream.ts';

export type FileUploadPromise = Promise<{ filename: string; mimetype: string; createReadStream(): NodeJS.ReadableStream }>;

/** Reads an uploaded file through, hashing it: what the subgraph received, byte for byte. */
export async function receiveUpload(file: FileUploadPromise): Promise<{ filename: string; mimetype: string; size: number; sha256: string }> {
  const upload = await file;
  // The upload middleware has already capped the size; a body that broke off is the client's VALIDATION_ERROR.
  const bytes = await readStream(upload.createReadStream(), Infinity, 'file');
  return { filename: upload.filename, mimetype: upload.mimetype, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
}
