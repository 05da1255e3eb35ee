// Answers of public queries (every root field public: the code library, the blog, the job kinds;
// edge/policies.ts) are the same for every caller, so the gateway keeps each for a short time,
// keyed by the document's hash, the operation's name and its variables, and answers a repeat from
// memory without planning or fetching. It is what the REST side already tells clients
// (Cache-Control: public, max-age on /v1/codes), applied inside the gateway for GraphQL and REST
// alike. It runs after the rate limit, which a cached answer spends as any other. Only complete
// answers (no errors) of bounded size are kept, in each process's own memory: past one process
// replicas may differ by up to the time an answer is kept. PUBLIC_CACHE_S=0 turns it off.
import { HeaderMap, type ApolloServerPlugin } from '@apollo/server';
import type { FormattedExecutionResult } from 'graphql';
import { createMemoryCache, type Cache } from '../../core/cache.ts';
import type { RequestContext } from '../../core/context.ts';
import { isPublic } from '../../edge/policies.ts';

/** Keys longer than this (large variables) are not kept: the cache is for catalogue reads, not a store. */
const MAX_KEY_CHARS = 2_048;
/** Answers larger than this are not kept. */
const MAX_ANSWER_CHARS = 256 * 1024;

export function publicResponseCachePlugin(
  ttlSeconds: number,
  cache: Cache = createMemoryCache(2_000),
): ApolloServerPlugin<RequestContext> {
  return {
    async requestDidStart() {
      let key: string | null = null;
      return {
        async responseForOperation({ operation, request, queryHash }) {
          if (!operation || !isPublic(operation)) return null;
          const candidate = `${queryHash}\n${request.operationName ?? ''}\n${JSON.stringify(request.variables ?? {})}`;
          if (candidate.length > MAX_KEY_CHARS) return null;
          // Kept as text: an answer handed out is a fresh object no later step can change in the cache.
          const hit = await cache.get<string>(candidate);
          if (hit)
            return {
              http: { status: undefined, headers: new HeaderMap() },
              body: { kind: 'single', singleResult: JSON.parse(hit) as FormattedExecutionResult },
            };
          key = candidate;
          return null;
        },
        async willSendResponse({ response }) {
          if (!key || response.body.kind !== 'single') return;
          const result = response.body.singleResult;
          if (result.errors?.length || !result.data) return;
          const text = JSON.stringify(result);
          if (text.length <= MAX_ANSWER_CHARS) await cache.set(key, text, ttlSeconds);
        },
      };
    },
  };
}
