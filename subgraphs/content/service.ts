// The content subgraph's domain entry points beyond the code library and the blog (codes.ts,
// blog.ts): a code search job, and loading a code into the library (admin).
import type { Readable } from 'node:stream';
import type { Principal } from '../../core/auth/keys.ts';
import { AppError } from '../../core/errors.ts';
import { readStream } from '../../core/files/read-stream.ts';
import type { JobRecord } from '../../core/jobs/types.ts';
import type { Platform } from '../../core/platform.ts';
import { extractWithWorkers } from './search/extract-text.ts';
import { ingestCode } from './search/ingest.ts';
import { passageIndexFor } from './search/index-for.ts';
import { prepareSearch } from './search/search-job.ts';
import { MAX_LIBRARY_BYTES, uploadDocument } from './library.ts';

export async function createSearchJob(
  platform: Platform,
  principal: Principal,
  input: Record<string, unknown>,
): Promise<JobRecord> {
  return platform.jobs.create(principal, 'search', await prepareSearch(platform.db, input, principal.accountId));
}

export async function loadCode(
  platform: Platform,
  principal: Principal,
  fileId: string,
  file: Promise<{ createReadStream(): Readable }>,
) {
  if (!principal.admin)
    throw new AppError('FORBIDDEN', 'Loading codes needs an admin key (npm run keys -- create --admin)');
  const bytes = await readStream((await file).createReadStream(), platform.config.uploadLimitBytes, 'file');
  return ingestCode(
    {
      db: platform.db,
      index: passageIndexFor(platform.db),
      embedder: platform.codeEmbedder,
      // Page shares read on every worker thread at once.
      extract: (b) => extractWithWorkers(platform.workers, b, platform.config.workerThreads),
    },
    fileId,
    bytes,
  );
}

/** An upload to the account's private library (library.ts): the file read under the upload limit, then stored with its job. */
export async function uploadToLibrary(
  platform: Platform,
  principal: Principal,
  args: {
    file: Promise<{ filename: string; createReadStream(): Readable }>;
    designStandard: string;
    description?: string | null;
  },
) {
  const upload = await args.file;
  const bytes = await readStream(
    upload.createReadStream(),
    Math.min(MAX_LIBRARY_BYTES, platform.config.uploadLimitBytes),
    'file',
  );
  return uploadDocument(platform, principal, {
    bytes,
    filename: upload.filename,
    designStandard: args.designStandard,
    description: args.description,
  });
}
