// The documents subgraph's own domain functions: the caller's jobs, and the diagnostics that
// exercise the job machinery and uploads (calculation documents and spreadsheets have theirs in
// calcdoc/service.ts and spreadsheet/service.ts).
import { createHash } from 'node:crypto';
import type { Principal } from '../../core/auth/keys.ts';
import { AppError } from '../../core/errors.ts';
import { readStream } from '../../core/files/read-stream.ts';
import type { JobRecord } from '../../core/jobs/types.ts';
import type { Platform } from '../../core/platform.ts';

type Deps = Pick<Platform, 'config' | 'jobs'>;

/** The caller's jobs from `offset`, newest first: `first` of them plus one, which tells whether a next page exists. */
export const listJobs = (platform: Deps, principal: Principal, offset: number, first: number): Promise<JobRecord[]> =>
  platform.jobs.store.listForAccount(principal.accountId, offset + first + 1).then((rows) => rows.slice(offset));

export function createDiagnosticJob(
  platform: Deps,
  principal: Principal,
  input: Record<string, unknown>,
): Promise<JobRecord> {
  if (!platform.config.diagnosticJobs) throw new AppError('FORBIDDEN', 'Diagnostic jobs are disabled on this server');
  const { startDelayMs, ...rest } = input;
  return platform.jobs.create(principal, 'diagnostic', rest, { startDelayMs: Number(startDelayMs ?? 0) });
}

export type FileUploadPromise = Promise<{
  filename: string;
  mimetype: string;
  createReadStream(): NodeJS.ReadableStream;
}>;

/** Reads an uploaded file through, hashing it: what the subgraph received, byte for byte. */
export async function receiveUpload(
  platform: Deps,
  file: FileUploadPromise,
): Promise<{ filename: string; mimetype: string; size: number; sha256: string }> {
  if (!platform.config.diagnosticJobs) throw new AppError('FORBIDDEN', 'Diagnostics are disabled on this server');
  const upload = await file;
  // The upload middleware has already capped the size; a body that broke off is the client's VALIDATION_ERROR.
  const bytes = await readStream(upload.createReadStream(), Infinity, 'file');
  return {
    filename: upload.filename,
    mimetype: upload.mimetype,
    size: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
}
