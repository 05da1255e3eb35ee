// Rate limits GraphQL operations once they are resolved, so the operation's root fields pick the
// budget their subgraphs declare (edge/policies.ts) and the cost. A request without a key has
// already spent a point of its address's budget before its body was read (edge/key-before-body.ts)
// and is not charged again. A keyed request that fails parse or validation spends one point of its
// key's budget: the work was done. Thrown here the error becomes a real HTTP 429 with Retry-After
// (edge/render-error.ts).
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
          if (!operation || contextValue.charged || contextValue.paidBeforeParse) return;
          try {
            await contextValue.platform.rateLimits.consume(
              bucketFor(operation),
              contextValue,
              pointsFor(operation, fragmentsOf(document)),
            );
          } catch (err) {
            throw err instanceof AppError ? graphqlHttpError(err) : err;
          }
        },
        async didEncounterErrors({ contextValue, operation }) {
          // No operation: parse or validation failed. The answer is the error already found; the key pays for the work.
          if (operation || contextValue.charged || contextValue.paidBeforeParse || !contextValue.principal) return;
          await contextValue.platform.rateLimits.consume('api', contextValue).catch(() => undefined);
        },
      };
    },
  };
}
