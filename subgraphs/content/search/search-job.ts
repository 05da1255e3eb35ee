// What a code search job does (its descriptor is ../jobs/search.ts): request validation against
// the catalogue, its time limit and a short-lived cache of identical searches.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Cache } from '../../../core/cache.ts';
import type { Database } from '../../../core/db/client.ts';
import { AppError, fieldError } from '../../../core/errors.ts';
import { LIMITS } from '../../../core/limits.ts';
import { parseInput } from '../../../core/validation.ts';
import { catalogueEntryOf, DESIGN_STANDARDS } from '../codes.ts';
import { othersHoldDocuments, visibleTo } from '../library.ts';
import type { Embedder } from '../../../core/embedding/embed.ts';
import { passageIndexFor } from './index-for.ts';
import { ftsTerms } from './words.ts';
import type { Hit, PassageIndex } from './passage-index.ts';
import { searchCodes, type SearchResults } from './search.ts';

export const searchInputSchema = z.object({
  query: z.string().trim().min(1, 'must not be empty'),
  fileIds: z.array(z.string()).nullable().default(null),
  designStandard: z.enum(DESIGN_STANDARDS).nullable().default(null),
  page: z.number().int().min(1).default(1),
  perPage: z.number().int().min(1).max(50).default(10),
});

export type SearchJobInput = z.output<typeof searchInputSchema>;

/**
 * Checks a search request against the library the caller sees (the public codes and its own
 * documents); unknown file ids are named, and another account's document is one of them.
 */
export async function prepareSearch(db: Database, input: unknown, accountId: string): Promise<SearchJobInput> {
  // An empty query is a malformed request (400), unlike values out of range (422).
  const query = (input as { query?: unknown } | null)?.query;
  if (typeof query === 'string' && !query.trim())
    throw new AppError('VALIDATION_ERROR', 'query: must not be empty', { field: 'query' });
  if (typeof query === 'string') checkQuerySize(query);
  const parsed = parseInput(searchInputSchema, input);
  if (parsed.fileIds?.length) {
    const known = new Set(
      (
        await db.codeEntry.findMany({
          where: { fileId: { in: parsed.fileIds }, ...visibleTo(accountId) },
          select: { fileId: true },
        })
      ).map((c) => c.fileId),
    );
    const unknown = parsed.fileIds.filter((f) => !known.has(f));
    if (unknown.length)
      throw fieldError('UNPROCESSABLE', 'file_ids', `not in the code library: ${unknown.join(', ')}`, {
        field: 'file_ids',
        unknown,
      });
  }
  return parsed;
}

/**
 * A query's size bounds the search's work (FTS5 merges one posting list per
 * distinct word), so it is limited at the request (core/limits.ts): 422 naming
 * `query`. Within those caps the deadline stops the rest: the ranking queries
 * are interrupted when it passes (see runSearch).
 */
function checkQuerySize(query: string): void {
  const { searchMaxQueryChars: maxChars, searchMaxQueryTerms: maxTerms } = LIMITS;
  if (query.length > maxChars) {
    throw fieldError('UNPROCESSABLE', 'query', `must be at most ${maxChars} characters (got ${query.length})`, {
      field: 'query',
      limit: maxChars,
    });
  }
  const terms = ftsTerms(query).length;
  if (terms > maxTerms)
    throw fieldError('UNPROCESSABLE', 'query', `must have at most ${maxTerms} distinct words (got ${terms})`, {
      field: 'query',
      limit: maxTerms,
    });
}

/**
 * Fails the search once its signal aborts (the deadline, or the job
 * abandoned): checked at each index call, and raced against each call. The
 * ranking reads themselves are interrupted by the same signal
 * (createLibsqlIndex), so an expensive FTS5 query stops rather than runs on.
 */
function withDeadline(index: PassageIndex, signal: AbortSignal): PassageIndex {
  const guard = async <T>(call: () => Promise<T>): Promise<T> => {
    signal.throwIfAborted();
    let onAbort: (() => void) | undefined;
    try {
      return await Promise.race([
        call(),
        new Promise<T>((_, reject) =>
          signal.addEventListener('abort', (onAbort = () => reject(signal.reason)), { once: true }),
        ),
      ]);
    } finally {
      if (onAbort) signal.removeEventListener('abort', onAbort);
    }
  };
  return {
    replaceFile: (...a) => guard(() => index.replaceFile(...a)),
    fullText: (...a): Promise<number[]> => guard(() => index.fullText(...a)),
    nearest: (...a): Promise<number[]> => guard(() => index.nearest(...a)),
    passages: (...a): Promise<Hit[]> => guard(() => index.passages(...a)),
    bySection: (...a): Promise<Hit[]> => guard(() => index.bySection(...a)),
    byPage: (...a): Promise<Hit[]> => guard(() => index.byPage(...a)),
    termCounts: (...a) => guard(() => index.termCounts(...a)),
    stats: (...a) => guard(() => index.stats(...a)),
    fileToReembed: (...a) => guard(() => index.fileToReembed(...a)),
    filePassages: (...a) => guard(() => index.filePassages(...a)),
    countToReembed: (...a) => guard(() => index.countToReembed(...a)),
    setVectors: (...a) => guard(() => index.setVectors(...a)),
    activateVectors: (...a) => guard(() => index.activateVectors(...a)),
  };
}

export async function runSearch(
  db: Database,
  options: {
    timeoutMs: number;
    cacheSeconds: number;
    embedder: Embedder;
    cache: Cache;
    signal?: AbortSignal;
    accountId: string;
  },
  input: SearchJobInput,
): Promise<SearchResults> {
  const deadline = new AbortController();
  const timer = setTimeout(
    () =>
      deadline.abort(
        new AppError('SEARCH_TIMEOUT', `The search took longer than ${options.timeoutMs} ms`, {
          query: input.query,
          timeout_ms: options.timeoutMs,
        }),
      ),
    options.timeoutMs,
  );
  const signal = options.signal ? AbortSignal.any([options.signal, deadline.signal]) : deadline.signal;
  try {
    return await searchWithin(db, options, input, signal);
  } finally {
    clearTimeout(timer);
  }
}

async function searchWithin(
  db: Database,
  options: { cacheSeconds: number; embedder: Embedder; cache: Cache; accountId: string },
  input: SearchJobInput,
  signal: AbortSignal,
): Promise<SearchResults> {
  // The library the caller sees: the public codes and its own documents (library.ts).
  const catalogue = await db.codeEntry.findMany({
    where: {
      ...visibleTo(options.accountId),
      ...(input.designStandard ? { designStandard: input.designStandard } : {}),
    },
  });
  // Unscoped, the whole index is searched while all of it is the caller's to see; once another
  // account keeps documents, the search names the files the caller may read.
  const everything = !input.designStandard && !(await othersHoldDocuments(db, options.accountId));
  // Named files are searched only where the caller may see them (a job created through the generic createJob skips prepareSearch).
  const seen = new Set(catalogue.map((c) => c.fileId));
  const scope = input.fileIds ? input.fileIds.filter((f) => seen.has(f)) : everything ? null : [...seen];
  const version = catalogue.map((c) => `${c.fileId}:${c.indexedAt?.getTime() ?? 0}`).join(',');
  // Identical searches within the cache window answer from the cache (core/cache.ts); a re-ingest changes the key.
  const key = `search:${createHash('sha256')
    .update(JSON.stringify([input, version]))
    .digest('base64url')}`;
  const hit = await options.cache.get<SearchResults>(key);
  if (hit) return hit;
  const index = withDeadline(passageIndexFor(db, { signal }), signal);
  const results = await searchCodes(index, options.embedder, catalogue.map(catalogueEntryOf), {
    query: input.query,
    fileIds: scope,
    page: input.page,
    perPage: input.perPage,
  });
  // The empty state says why: requested codes (or, unscoped, the whole library) with nothing indexed yet.
  const requested =
    input.fileIds || input.designStandard
      ? catalogue.filter((c) => scope!.includes(c.fileId))
      : catalogue.every((c) => c.indexStatus !== 'indexed')
        ? catalogue
        : [];
  const notIndexed = requested.filter((c) => c.indexStatus !== 'indexed').map((c) => c.fileId);
  if (notIndexed.length) {
    results.warnings = [
      {
        code: 'CODE_NOT_INDEXED',
        message: `Not indexed yet, so not searched: ${notIndexed.join(', ')} (an operator loads the PDF with npm run codes -- ingest)`,
        file_ids: notIndexed,
      },
    ];
  }
  await options.cache.set(key, results, options.cacheSeconds);
  return results;
}
