// GraphQL without a valid key: a real HTTP 401 with a WWW-Authenticate challenge, as the hosted
// API answers, once the operation is resolved and unless every root field is public (the code
// library, the blog, introspection). Resolvers keep their own check (requirePrincipal) for
// subgraphs reached without the gateway.
import { HeaderMap, type ApolloServerPlugin } from '@apollo/server';
import { GraphQLError } from 'graphql';
import type { RequestContext } from '../../core/context.ts';
import { AppError, AUTH_CHALLENGE, statusOf } from '../../core/errors.ts';
import { bucketFor, INTERNAL } from './rate-limit.ts';

export function requireKeyPlugin(): ApolloServerPlugin<RequestContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ contextValue, operation }) {
          if (!operation || contextValue.principal || (contextValue as unknown as Record<symbol, unknown>)[INTERNAL]) return;
          if (operation.operation === 'query' && bucketFor(operation) === 'public') return;
          const err = new AppError('UNAUTHORIZED', 'A valid API key is required: send Authorization: Bearer <key>');
          throw new GraphQLError(err.message, {
            extensions: { ...err.extensions, http: { status: statusOf(err.code), headers: new HeaderMap([['www-authenticate', AUTH_CHALLENGE.bearer]]) } },
          });
        },
      };
    },
  };
}
