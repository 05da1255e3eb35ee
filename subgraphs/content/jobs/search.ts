// The code search job type. Its request check and run are the search domain's
// (../search/search-job.ts); the embedder is the platform's, built once when it was created.
import type { JobHandler } from '../../../core/jobs/types.ts';
import { parseInput } from '../../../core/validation.ts';
import { runSearch, searchInputSchema, type SearchJobInput } from '../search/search-job.ts';

export const searchJob: JobHandler<SearchJobInput> = {
  type: 'search',
  title: 'Code search',
  description: 'Searches the indexed building codes.',
  typicalSeconds: [1, 8],
  operation: { mutation: 'createSearchJob', route: 'POST /v1/search/jobs' },
  parse: (input) => parseInput(searchInputSchema, input),
  run: async (ctx) => ({
    ...(await runSearch(
      ctx.db,
      {
        timeoutMs: ctx.config.searchTimeoutMs,
        cacheSeconds: ctx.config.searchCacheSeconds,
        embedder: ctx.codeEmbedder,
        cache: ctx.cache,
        signal: ctx.signal,
        accountId: ctx.job.accountId,
      },
      ctx.input,
    )),
  }),
};
