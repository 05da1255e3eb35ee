// How the gateway reaches each subgraph: in-process (no network hop) by
// default, over HTTP for subgraphs configured in REMOTE_SUBGRAPHS.
import { LocalGraphQLDataSource, RemoteGraphQLDataSource } from '@apollo/gateway';
import type { RequestContext } from '../core/context.ts';

/** Forwards the caller's key and request id; the subgraph authenticates the key itself. */
export class ForwardingDataSource extends RemoteGraphQLDataSource<RequestContext> {
  override willSendRequest({ request, context }: Parameters<NonNullable<RemoteGraphQLDataSource<RequestContext>['willSendRequest']>>[0]): void {
    const headers = request.http!.headers;
    if (context?.authorization) headers.set('authorization', context.authorization);
    if (context?.requestId) headers.set('x-request-id', context.requestId);
    headers.set('apollo-require-preflight', 'true');
  }
}

export { LocalGraphQLDataSource };
