// Rate limits GraphQL operations once they are resolved, so the operation's
// root fields pick the budget, as their subgraphs declare it (SubgraphModule.budgets):
// public fields by client address, job polling and desktop heartbeats by their
// own allowances, everything else by key and tier. A mutation costs one
// point per root field (operation-limits.ts: pointsFor), so aliasing a job's
// creation many times costs as many points. Thrown here the error becomes a
// real HTTP 429 with Retry-After.
import { HeaderMap, type ApolloServerPlugin } from '@apollo/server';
import { GraphQLError, type OperationDefinitionNode } from 'graphql';
import type { RequestContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import type { Bucket } from '../../core/rate-limit.ts';
import { fragmentsOf, pointsFor } from '../operation-limits.ts';
import { SUBGRAPHS } from '../../subgraphs/registry.ts';

/** Root fields' budgets as their subgraphs declare them; introspection is public. */
const DECLARED: Record<string, Bucket> = Object.assign({ 'Query.__schema': 'public', 'Query.__type': 'public' }, ...Object.values(SUBGRAPHS).map((m) => m.budgets ?? {}));
const ROOT = { query: 'Query', mutation: 'Mutation', subscription: 'Subscription' } as const;

/** The budget every root field of the operation declares (__typename goes with any); 'api' when they differ. */
export function bucketFor(operation: OperationDefinitionNode): Bucket {
  const root = ROOT[operation.operation];
  const buckets = new Set<Bucket>();
  for (const s of operation.selectionSet.selections) {
    if (s.kind !== 'Field') buckets.add('api');
    else if (s.name.value !== '__typename') buckets.add(DECLARED[`${root}.${s.name.value}`] ?? 'api');
  }
  if (buckets.size === 0) return operation.operation === 'query' ? 'public' : 'api';
  return buckets.size === 1 ? [...buckets][0]! : 'api';
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
