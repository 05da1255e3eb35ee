// How the gateway reaches each subgraph: in-process (no network hop) by
// default, over HTTP for subgraphs configured in REMOTE_SUBGRAPHS.
import { RemoteGraphQLDataSource, type GraphQLDataSource, type GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import { execute, parse, validate, type DocumentNode, type GraphQLSchema } from 'graphql';
import type { RequestContext } from '../core/context.ts';

type GatewayGraphQLResponse = Awaited<ReturnType<GraphQLDataSource<RequestContext>['process']>>;

/**
 * Executes subgraph fetches in-process. Unlike LocalGraphQLDataSource it parses
 * and validates each distinct fetch document once: the gateway sends the same
 * few documents (one per query plan node) over and over.
 */
export class InProcessDataSource implements GraphQLDataSource<RequestContext> {
  private readonly documents = new Map<string, DocumentNode | { errors: readonly Error[] }>();
  private readonly schema: GraphQLSchema;
  private readonly maxDocuments: number;

  constructor(schema: GraphQLSchema, maxDocuments = 1000) {
    this.schema = schema;
    this.maxDocuments = maxDocuments;
  }

  private document(query: string): DocumentNode | { errors: readonly Error[] } {
    let doc = this.documents.get(query);
    if (!doc) {
      try {
        const parsed = parse(query);
        const errors = validate(this.schema, parsed);
        doc = errors.length ? { errors } : parsed;
      } catch (err) {
        doc = { errors: [err as Error] };
      }
      if (this.documents.size >= this.maxDocuments) this.documents.delete(this.documents.keys().next().value!);
      this.documents.set(query, doc);
    }
    return doc;
  }

  async process({ request, context }: GraphQLDataSourceProcessOptions<RequestContext>): Promise<GatewayGraphQLResponse> {
    const doc = this.document(request.query!);
    if ('errors' in doc) return { errors: doc.errors.map((e) => ({ message: e.message })) };
    const result = await execute({
      schema: this.schema,
      document: doc,
      variableValues: request.variables,
      operationName: request.operationName,
      contextValue: context,
    });
    return result as GatewayGraphQLResponse;
  }
}

/** Forwards the caller's key and request id; the subgraph authenticates the key itself. */
export class ForwardingDataSource extends RemoteGraphQLDataSource<RequestContext> {
  override willSendRequest({ request, context }: Parameters<NonNullable<RemoteGraphQLDataSource<RequestContext>['willSendRequest']>>[0]): void {
    const headers = request.http!.headers;
    if (context?.authorization) headers.set('authorization', context.authorization);
    if (context?.requestId) headers.set('x-request-id', context.requestId);
    headers.set('apollo-require-preflight', 'true');
  }
}
