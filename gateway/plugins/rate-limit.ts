// Rate limits GraphQL operations once they are resolved, so the operation's
// root fields pick the budget: public fields by client address, job polling
// by its own allowance, everything else by key and tier. A mutation costs one
// point per root field (operation-limits.ts: pointsFor), so aliasing a job's
// creation many times costs as many points. Thrown here the error becomes a
// real HTTP 429 with Retry-After.
import { HeaderMap, type ApolloServerPlugin } from '@apollo/server';
import { GraphQLError, type OperationDefinitionNode } from 'graphql';
import type { RequestContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import type { Bucket } from '../../core/rate-limit.ts';
import { fragmentsOf, pointsFor } from '../operation-limits.ts';

const PUBLIC_FIELDS = new Set(['codes', 'blogPost', 'blogPostBySlug', 'blogPosts', '__typename', '__schema', '__type']);
const POLLING_FIELDS = new Set(['job', '__typename']);

export function bucketFor(operation: OperationDefinitionNode): Bucket {
  const fields = operation.selectionSet.selections.map((s) => (s.kind === 'Field' ? s.name.value : '*'));
  if (operation.operation === 'query' && fields.every((f) => PUBLIC_FIELDS.has(f))) return 'public';
  if (operation.operation === 'query' && fields.every((f) => POLLING_FIELDS.has(f))) return 'polling';
  return 'api';
}

/** Marks contexts of operations the server runs for itself (subscription re-reads), which were charged already. */
export const INTERNAL = Symbol('internal operation');

export function rateLimitPlugin(): ApolloServerPlugin<RequestContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ contextValue, operation, document }) {
          if (!operation || (contextValue as unknown as Record<symbol, unknown>)[INTERNAL]) return;
          try {
            await contextValue.platform.rateLimits.consume(bucketFor(operation), contextValue, pointsFor(operation, fragmentsOf(document)));
          } catch (err) {
            if (!(err instanceof AppError)) throw err;
            const retry = String(err.details?.retry_after_s ?? 60);
            throw new GraphQLError(err.message, {
              extensions: { ...err.extensions, http: { status: 429, headers: new HeaderMap([['retry-after', retry]]) } },
            });
          }
        },
      };
    },
  };
}
