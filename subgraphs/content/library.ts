// A firm's own documents (project specifications, local amendments, company standards) in a
// private code library: an account uploads its PDFs, each is indexed by a job of its own with the
// same engine as the public codes (search/ingest.ts), and searched with the same result shape,
// alone or with the public codes, by file_ids. A private document is a CodeEntry with the
// account's id: only that account sees it (in /v1/codes it never appears; search, its listing
// and its file_id answer other accounts as if it did not exist). It lasts its tier's retention,
// its pages count against its tier's libraryPages, and it can be deleted. Its PDF is read under
// the limits every upload has: the upload size (UPLOAD_LIMIT_BYTES, 50 MB at most, as drawings),
// the worker task's CPU time and heap (core/limits.ts) and the job's run time.
import { randomBytes } from 'node:crypto';
import type { Principal } from '../../core/auth/keys.ts';
import type { Database } from '../../core/db/client.ts';
import { AppError, fieldError } from '../../core/errors.ts';
import type { JobRecord } from '../../core/jobs/types.ts';
import type { Platform } from '../../core/platform.ts';
import { DESIGN_STANDARDS, type DesignStandard } from './codes.ts';
import { passageIndexFor } from './search/index-for.ts';

export const LIBRARY_INGEST_JOB = 'library_ingest';
/** A private document's upload: at most this, as a drawing's (and UPLOAD_LIMIT_BYTES when lower). */
export const MAX_LIBRARY_BYTES = 50 * 1024 * 1024;
const MAX_DESCRIPTION = 500;

export type LibraryStatus = 'pending' | 'indexed' | 'no_text' | 'failed';

export interface LibraryDocument {
  fileId: string;
  filename: string;
  description: string;
  designStandard: DesignStandard;
  status: LibraryStatus;
  pageCount: number | null;
  passageCount: number | null;
  designations: string[];
  jobId: string | null;
  createdAt: Date;
  expiresAt: Date;
}

type Row = Awaited<ReturnType<Database['codeEntry']['findFirst']>> & {};

const statusOf = (indexStatus: string): LibraryStatus =>
  indexStatus === 'indexed' || indexStatus === 'no_text' || indexStatus === 'failed' ? indexStatus : 'pending';

export function toDocument(row: Row): LibraryDocument {
  return {
    fileId: row.fileId,
    filename: row.filename,
    description: row.description,
    designStandard: row.designStandard as DesignStandard,
    status: statusOf(row.indexStatus),
    pageCount: row.pageCount,
    passageCount: row.passageCount,
    designations: Array.isArray(row.designations)
      ? (row.designations as unknown[]).filter((d): d is string => typeof d === 'string')
      : [],
    jobId: row.jobId,
    createdAt: new Date(row.addedAt * 1000),
    expiresAt: row.expiresAt!,
  };
}

/** The entries an account may search: the public catalogue and its own documents whose retention has not ended. */
export function visibleTo(accountId: string, now = new Date()) {
  return { OR: [{ accountId: null }, { accountId, expiresAt: { gt: now } }] };
}

/** Whether any other account holds private documents: then an unscoped search of this account must name the files it may read. */
export async function othersHoldDocuments(db: Database, accountId: string): Promise<boolean> {
  return (
    (await db.codeEntry.count({ where: { AND: [{ accountId: { not: null } }, { accountId: { not: accountId } }] } })) >
    0
  );
}

/** Pages the account's indexed documents hold. */
async function pagesHeld(db: Database, accountId: string, except?: string): Promise<number> {
  const agg = await db.codeEntry.aggregate({
    where: {
      accountId,
      indexStatus: 'indexed',
      expiresAt: { gt: new Date() },
      ...(except ? { fileId: { not: except } } : {}),
    },
    _sum: { pageCount: true },
  });
  return agg._sum.pageCount ?? 0;
}

/** Refuses a document that would take the account past its tier's libraryPages. */
export async function checkLibraryRoom(
  platform: Pick<Platform, 'db' | 'config'>,
  principal: Pick<Principal, 'accountId' | 'tier'>,
  pages: number,
  fileId?: string,
): Promise<void> {
  const limit = platform.config.tiers[principal.tier].libraryPages;
  if (limit === null) return;
  const used = await pagesHeld(platform.db, principal.accountId, fileId);
  if (used + pages > limit) {
    throw new AppError(
      'LIBRARY_FULL',
      `The private library would hold ${used + pages} pages; the ${principal.tier} tier allows ${limit}. Delete documents or wait for their retention to end`,
      {
        limit_pages: limit,
        used_pages: used,
        pages,
      },
    );
  }
}

export interface UploadInput {
  bytes: Uint8Array;
  filename: string;
  designStandard: string;
  description?: string | null;
}

/**
 * Stores the PDF and creates its ingest job. The upload is checked here (size, a PDF at all,
 * room left); reading it is the job's work, off the request, under the workers' limits.
 */
export async function uploadDocument(
  platform: Platform,
  principal: Principal,
  input: UploadInput,
): Promise<{ document: LibraryDocument; job: JobRecord }> {
  if (!DESIGN_STANDARDS.includes(input.designStandard as DesignStandard)) {
    throw fieldError('UNPROCESSABLE', 'design_standard', `must be one of ${DESIGN_STANDARDS.join(', ')}`, {
      field: 'design_standard',
    });
  }
  const limit = Math.min(MAX_LIBRARY_BYTES, platform.config.uploadLimitBytes);
  if (input.bytes.byteLength > limit)
    throw fieldError('PAYLOAD_TOO_LARGE', 'file', `exceeds the limit of ${limit} bytes`, { field: 'file', limit });
  if (!Buffer.from(input.bytes.subarray(0, 1024)).toString('latin1').includes('%PDF-'))
    throw new AppError('INVALID_PDF', 'file: not a PDF (no %PDF- header)', { field: 'file' });
  const description = (input.description ?? '').trim() || input.filename.replace(/\.pdf$/i, '');
  if (description.length > MAX_DESCRIPTION)
    throw fieldError('UNPROCESSABLE', 'description', `at most ${MAX_DESCRIPTION} characters`, { field: 'description' });
  const filename = input.filename.slice(0, 255) || 'document.pdf';
  await checkLibraryRoom(platform, principal, 0);

  // An id that says whose library it is in no way: it is a search's file_id.
  const fileId = `doc-${randomBytes(12).toString('hex')}`;
  const storageKey = `library/${principal.accountId}/${fileId}.pdf`;
  const now = new Date();
  const expiresAt = new Date(now.getTime() + platform.config.tiers[principal.tier].retentionSeconds * 1000);
  await platform.blobs.put(storageKey, input.bytes);
  await platform.db.codeEntry.create({
    data: {
      fileId,
      filename,
      description,
      designStandard: input.designStandard,
      path: storageKey,
      addedAt: now.getTime() / 1000,
      accountId: principal.accountId,
      expiresAt,
    },
  });
  let job: JobRecord;
  try {
    job = await platform.jobs.create(principal, LIBRARY_INGEST_JOB, { fileId });
  } catch (err) {
    // No job (too many unfinished, say): no document either.
    await removeDocument(platform, fileId, storageKey);
    throw err;
  }
  const row = await platform.db.codeEntry.update({ where: { fileId }, data: { jobId: job.id } });
  return { document: toDocument(row), job };
}

export async function listDocuments(db: Database, principal: Pick<Principal, 'accountId'>): Promise<LibraryDocument[]> {
  const rows = await db.codeEntry.findMany({
    where: { accountId: principal.accountId, expiresAt: { gt: new Date() } },
    orderBy: [{ addedAt: 'desc' }, { fileId: 'asc' }],
  });
  return rows.map(toDocument);
}

/** The account's document, or null: another account's is not told apart from one that does not exist. */
export async function getDocument(
  db: Database,
  principal: Pick<Principal, 'accountId'>,
  fileId: string,
): Promise<LibraryDocument | null> {
  const row = await db.codeEntry.findFirst({
    where: { fileId, accountId: principal.accountId, expiresAt: { gt: new Date() } },
  });
  return row ? toDocument(row) : null;
}

/** Its passages, terms, PDF and entry. */
async function removeDocument(
  platform: Pick<Platform, 'db' | 'blobs'>,
  fileId: string,
  storageKey: string,
): Promise<void> {
  await passageIndexFor(platform.db).replaceFile(fileId, []);
  await platform.blobs.delete(storageKey);
  await platform.db.codeEntry.deleteMany({ where: { fileId } });
}

/** Deletes the account's document (its ingest job, if still running, finds it gone and stops); false when it has none by that id. */
export async function deleteDocument(
  platform: Platform,
  principal: Pick<Principal, 'accountId'>,
  fileId: string,
): Promise<boolean> {
  const row = await platform.db.codeEntry.findFirst({ where: { fileId, accountId: principal.accountId } });
  if (!row) return false;
  await removeDocument(platform, fileId, row.path);
  return true;
}

/** Documents past their retention go, with their passages and PDFs (a registered sweeper). */
export async function sweepLibrary(platform: Pick<Platform, 'db' | 'blobs'>, now: Date): Promise<number> {
  const expired = await platform.db.codeEntry.findMany({
    where: { accountId: { not: null }, expiresAt: { lte: now } },
    select: { fileId: true, path: true },
  });
  for (const e of expired) await removeDocument(platform, e.fileId, e.path);
  return expired.length;
}
