// Drawing analysis for an account: files are kept once per account by their
// SHA-256, results once per file and page. Nothing is stored until the page
// has been analysed, so a bad file leaves nothing behind.
import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Prisma } from '@prisma/client';
import type { Principal } from '../../core/auth/keys.ts';
import { AppError } from '../../core/errors.ts';
import { LIMITS } from '../../core/limits.ts';
import type { Platform } from '../../core/platform.ts';
import type { PageAnalysis } from './detect/analyze.ts';
import { readStream } from '../../core/files/read-stream.ts';
import type { AnalyzeTaskResult } from './pdf/analyze-page-task.ts';

export const MAX_DRAWING_BYTES = 50 * 1024 * 1024;
const TASK = new URL('./pdf/analyze-page-task.ts', import.meta.url);
const HASH = /^[0-9a-f]{64}$/;

/** The spec's Drawing result (Tier 1), plus the sheet number and title read from the title block. */
export interface DrawingResult extends PageAnalysis {
  id: string;
  page: number;
  processing_ms: number;
  file_hash: string;
}

export interface CachedFileInfo {
  file_hash: string;
  size: number;
  page_count: number;
  uploaded_at: string;
  analysed_pages: number[];
}

/** Reads an uploaded drawing, at most 50 MB unless told otherwise. */
export const readUpload = (stream: Readable, limit = MAX_DRAWING_BYTES): Promise<Buffer> =>
  readStream(stream, limit, 'file');

function toResult(row: {
  id: string;
  page: number;
  fileHash: string;
  processingMs: number;
  result: unknown;
}): DrawingResult {
  return {
    id: row.id,
    page: row.page,
    processing_ms: row.processingMs,
    file_hash: row.fileHash,
    ...(row.result as PageAnalysis),
  };
}

export interface AnalyzeInput {
  bytes?: Uint8Array;
  fileHash?: string;
  page: number;
}

/** `signal`: the caller gave up (its client disconnected); the analysis's worker task is stopped. */
export async function analyzeDrawing(
  platform: Platform,
  principal: Principal,
  input: AnalyzeInput,
  signal?: AbortSignal,
): Promise<DrawingResult> {
  const { db, blobs } = platform;
  if (!Number.isInteger(input.page))
    throw new AppError('VALIDATION_ERROR', 'page must be an integer', { field: 'page' });
  if (input.page < 1)
    throw new AppError('UNPROCESSABLE', 'page must be 1 or more (pages are 1-indexed)', { field: 'page' });
  if ((input.bytes === undefined) === (input.fileHash === undefined)) {
    throw new AppError('VALIDATION_ERROR', 'send exactly one of file and file_hash', { fields: ['file', 'file_hash'] });
  }
  let bytes = input.bytes;
  let hash = input.fileHash?.toLowerCase();
  const now = new Date();
  if (hash !== undefined) {
    if (!HASH.test(hash))
      throw new AppError('VALIDATION_ERROR', 'file_hash must be the SHA-256 of a PDF, as 64 hexadecimal characters', {
        field: 'file_hash',
      });
    const file = await db.drawingFile.findUnique({
      where: { accountId_hash: { accountId: principal.accountId, hash } },
    });
    if (!file || file.expiresAt <= now)
      throw new AppError('FILE_NOT_FOUND', `No uploaded file with file_hash ${hash}`, { file_hash: hash });
    if (input.page > file.pageCount) {
      throw new AppError('PAGE_OUT_OF_RANGE', `page ${input.page} is beyond the document's ${file.pageCount} page(s)`, {
        page: input.page,
        page_count: file.pageCount,
      });
    }
    bytes = await readStream(blobs.read(file.storageKey), Infinity);
  } else {
    if (bytes!.byteLength > MAX_DRAWING_BYTES)
      throw new AppError('PAYLOAD_TOO_LARGE', `file exceeds the limit of ${MAX_DRAWING_BYTES} bytes`);
    hash = createHash('sha256').update(bytes!).digest('hex');
  }

  const cached = await db.drawing.findUnique({
    where: { accountId_fileHash_page: { accountId: principal.accountId, fileHash: hash, page: input.page } },
  });
  if (cached && cached.expiresAt > now) return toResult(cached);

  // Under the drawing time limit (core/limits.ts): a page pdf.js cannot finish (nested form bombs) fails with RESOURCE_LIMIT and frees its thread.
  const outcome = await platform.workers.run<AnalyzeTaskResult>(TASK, { bytes, page: input.page }, signal, {
    timeoutMs: LIMITS.drawingTimeoutMs,
    queueTimeoutMs: LIMITS.drawingQueueWaitMs,
  });

  const expiresAt = new Date(now.getTime() + platform.config.tiers[principal.tier].retentionSeconds * 1000);
  const existing = await db.drawingFile.findUnique({
    where: { accountId_hash: { accountId: principal.accountId, hash } },
  });
  if (!existing) {
    const storageKey = `drawings/${principal.accountId}/${hash}.pdf`;
    await blobs.put(storageKey, bytes!);
    await db.drawingFile.upsert({
      where: { accountId_hash: { accountId: principal.accountId, hash } },
      create: {
        id: randomUUID(),
        accountId: principal.accountId,
        hash,
        size: bytes!.byteLength,
        pageCount: outcome.pageCount,
        storageKey,
        expiresAt,
      },
      update: { expiresAt },
    });
  } else if (existing.expiresAt < expiresAt) {
    await db.drawingFile.update({ where: { id: existing.id }, data: { expiresAt } });
  }
  const processingMs = Math.round(outcome.totalMs);
  const row = await db.drawing.upsert({
    where: { accountId_fileHash_page: { accountId: principal.accountId, fileHash: hash, page: input.page } },
    create: {
      id: randomUUID(),
      accountId: principal.accountId,
      fileHash: hash,
      page: input.page,
      result: outcome.analysis as unknown as Prisma.InputJsonValue,
      processingMs,
      expiresAt,
    },
    update: { result: outcome.analysis as unknown as Prisma.InputJsonValue, processingMs, expiresAt, createdAt: now },
  });
  return toResult(row);
}

/** The caller's stored result, or null. */
export async function getDrawing(platform: Platform, principal: Principal, id: string): Promise<DrawingResult | null> {
  const row = await platform.db.drawing.findUnique({ where: { id } });
  return row && row.accountId === principal.accountId && row.expiresAt > new Date() ? toResult(row) : null;
}

export async function deleteDrawing(platform: Platform, principal: Principal, id: string): Promise<boolean> {
  const { count } = await platform.db.drawing.deleteMany({ where: { id, accountId: principal.accountId } });
  return count > 0;
}

export async function cachedFile(
  platform: Platform,
  principal: Principal,
  hash: string,
): Promise<CachedFileInfo | null> {
  const h = hash.toLowerCase();
  if (!HASH.test(h)) return null;
  const file = await platform.db.drawingFile.findUnique({
    where: { accountId_hash: { accountId: principal.accountId, hash: h } },
  });
  if (!file || file.expiresAt <= new Date()) return null;
  const pages = await platform.db.drawing.findMany({
    where: { accountId: principal.accountId, fileHash: h },
    select: { page: true },
    orderBy: { page: 'asc' },
  });
  return {
    file_hash: h,
    size: file.size,
    page_count: file.pageCount,
    uploaded_at: file.uploadedAt.toISOString(),
    analysed_pages: pages.map((p) => p.page),
  };
}

/** Deletes expired results and files (with their bytes). */
export async function sweepDrawings(platform: Platform, now: Date): Promise<number> {
  const results = await platform.db.drawing.deleteMany({ where: { expiresAt: { lte: now } } });
  const files = await platform.db.drawingFile.findMany({ where: { expiresAt: { lte: now } } });
  for (const f of files) {
    await platform.blobs.delete(f.storageKey);
    await platform.db.drawingFile.delete({ where: { id: f.id } });
  }
  return results.count + files.length;
}
