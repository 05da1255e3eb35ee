// GraphQL without a valid key: a real HTTP 401 with a WWW-Authenticate challenge, as the hosted
// API answers, once the operation is resolved and unless every root field is public
// (edge/policies.ts). Resolvers keep their own check (requirePrincipal) for subgraphs reached
// without the gateway.
import type { ApolloServerPlugin } from '@apollo/server';
import type { RequestContext } from '../core/context.ts';
import { AppError } from '../core/errors.ts';
import { isPublic } from './policies.ts';
import { graphqlHttpError } from './render-error.ts';

export function requireKeyPlugin(): ApolloServerPlugin<RequestContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ contextValue, operation }) {
          if (!operation || contextValue.principal || contextValue.charged || isPublic(operation)) return;
          throw graphqlHttpError(
            new AppError('UNAUTHORIZED', 'A valid API key is required: send Authorization: Bearer <key>'),
          );
        },
      };
    },
  };
}
