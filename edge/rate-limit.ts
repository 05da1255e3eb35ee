// Rate limits GraphQL operations once they are resolved, so the operation's root fields pick the
// budget their subgraphs declare (edge/policies.ts) and the cost. Thrown here the error becomes a real HTTP 429 with
// Retry-After (edge/render-error.ts).
import type { ApolloServerPlugin } from '@apollo/server';
import type { RequestContext } from '../core/context.ts';
import { AppError } from '../core/errors.ts';
import { fragmentsOf, pointsFor } from './operation-limits.ts';
import { bucketFor } from './policies.ts';
import { graphqlHttpError } from './render-error.ts';

export function rateLimitPlugin(): ApolloServerPlugin<RequestContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ contextValue, operation, document }) {
          if (!operation || contextValue.charged) return;
          try {
            await contextValue.platform.rateLimits.consume(bucketFor(operation), contextValue, pointsFor(operation, fragmentsOf(document)));
          } catch (err) {
            throw err instanceof AppError ? graphqlHttpError(err) : err;
          }
        },
      };
    },
  };
}
