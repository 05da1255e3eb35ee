// Subscription.jobUpdated is in the schema (so introspection, Sandbox and codegen see it), but
// it is served over graphql-ws only: @apollo/gateway cannot execute a subscription. Over HTTP
// the operation is refused here, before the rate limit charges it, with a 400 that says where
// to go, instead of failing inside the gateway.
import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError } from 'graphql';
import type { RequestContext } from '../../core/context.ts';
import { AppError, statusOf } from '../../core/errors.ts';

export function subscriptionsOverHttpPlugin(): ApolloServerPlugin<RequestContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation }) {
          if (operation?.operation !== 'subscription') return;
          const err = new AppError(
            'SUBSCRIPTION_OVER_HTTP',
            'Subscriptions are served over WebSocket (graphql-ws protocol) at this same /graphql path, not over HTTP',
          );
          throw new GraphQLError(err.message, {
            extensions: { ...err.extensions, http: { status: statusOf(err.code) } },
          });
        },
      };
    },
  };
}
