import { createHash } from 'node:crypto';

export type FileUploadPromise = Promise<{ filename: string; mimetype: string; createReadStream(): NodeJS.ReadableStream }>;

/** Reads an uploaded file through, hashing it: what the subgraph received, byte for byte. */
export async function receiveUpload(file: FileUploadPromise): Promise<{ filename: string; mimetype: string; size: number; sha256: string }> {
  const upload = await file;
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of upload.createReadStream()) {
    const buf = Buffer.from(chunk as Buffer);
    size += buf.length;
    hash.update(buf);
  }
  return { filename: upload.filename, mimetype: upload.mimetype, size, sha256: hash.digest('hex') };
}
