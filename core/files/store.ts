// Generated files: stored under the data directory, handed out through
// HMAC-signed URLs that expire with the tier retention.
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/client.ts';
import type { BlobStorage } from './blob-storage.ts';
import { checkSignature, signedPath } from './signing.ts';
import { AppError } from '../errors.ts';
import type { Readable } from 'node:stream';

export interface SavedFile {
  fileId: string;
  fileUrl: string;
  expiresAt: Date;
}

export interface SaveFileInput {
  accountId: string;
  jobId?: string;
  data: Uint8Array;
  contentType: string;
  downloadName: string;
  expiresAt: Date;
}

export interface Download {
  stream: Readable;
  contentType: string;
  downloadName: string;
  size: number;
}

export interface FileStore {
  save(input: SaveFileInput): Promise<SavedFile>;
  /** Checks the signature and expiry, then opens the file; throws SIGNATURE_INVALID, URL_EXPIRED or FILE_NOT_FOUND. */
  open(fileId: string, expires: unknown, sig: unknown): Promise<Download>;
  deleteExpired(now: Date): Promise<number>;
}

const FILE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

export function createFileStore(
  db: Database,
  blobs: BlobStorage,
  options: { secret: string; publicUrl: () => string },
): FileStore {
  return {
    async save(input) {
      const fileId = randomUUID();
      const storageKey = `files/${fileId.slice(0, 2)}/${fileId}`;
      await blobs.put(storageKey, input.data);
      await db.storedFile.create({
        data: {
          id: fileId,
          accountId: input.accountId,
          jobId: input.jobId ?? null,
          storageKey,
          contentType: input.contentType,
          downloadName: input.downloadName,
          size: input.data.byteLength,
          expiresAt: input.expiresAt,
        },
      });
      return {
        fileId,
        fileUrl: options.publicUrl() + signedPath(options.secret, fileId, input.downloadName, input.expiresAt),
        expiresAt: input.expiresAt,
      };
    },

    async open(fileId, expires, sig) {
      if (!FILE_ID.test(fileId)) throw new AppError('SIGNATURE_INVALID', 'The download link is not valid');
      const check = checkSignature(options.secret, fileId, expires, sig);
      if (check === 'invalid') throw new AppError('SIGNATURE_INVALID', 'The download link signature is not valid');
      if (check === 'expired')
        throw new AppError('URL_EXPIRED', 'The download link has expired and the file was deleted');
      const row = await db.storedFile.findUnique({ where: { id: fileId } });
      if (!row || row.expiresAt.getTime() <= Date.now() || !(await blobs.exists(row.storageKey))) {
        throw new AppError('URL_EXPIRED', 'The file behind this link has expired and was deleted');
      }
      return {
        stream: blobs.read(row.storageKey),
        contentType: row.contentType,
        downloadName: row.downloadName,
        size: row.size,
      };
    },

    async deleteExpired(now) {
      const expired = await db.storedFile.findMany({
        where: { expiresAt: { lte: now } },
        select: { id: true, storageKey: true },
      });
      for (const file of expired) {
        await blobs.delete(file.storageKey);
        await db.storedFile.delete({ where: { id: file.id } });
      }
      return expired.length;
    },
  };
}
