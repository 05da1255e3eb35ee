import type { DocumentNode } from 'graphql';
import { parse } from 'graphql';
import type { GraphQLResolverMap } from '@apollo/subgraph/dist/schema-helper/resolverMap.js';
import type { RequestContext } from '../core/context.ts';
import type { JobHandler } from '../core/jobs/types.ts';
import type { Platform, ServiceBase } from '../core/platform.ts';
import type { PlatformTool } from '../core/platform-tools.ts';
import type { Bucket } from '../core/rate-limit.ts';
import { subgraphSdl, type SubgraphName } from '../schema/compose.ts';

/**
 * A subgraph: its SDL from schema/, its resolvers, the job types it runs and the tools it offers
 * agents. Resolvers that need only ctx.platform are given here; a subgraph with collaborators of
 * its own (a store, a run engine) builds them once in onStart and returns the resolvers and
 * streams made over them, so nothing is looked up per request.
 */
export interface SubgraphModule {
  name: SubgraphName;
  typeDefs: DocumentNode;
  /** Resolvers that need nothing beyond ctx.platform; a subgraph with collaborators returns its resolvers from onStart instead. */
  resolvers?: GraphQLResolverMap<RequestContext>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- GraphQL arguments and handlers of every payload type; each resolver or handler validates its own
  jobHandlers: JobHandler<any>[];
  /**
   * Subscription fields this subgraph serves over graphql-ws (gateway/subscriptions.ts): each
   * checks the caller, then answers a stream of values in the schema's shape (enum values by
   * their GraphQL names). Only in the gateway's process (runsInGateway): the streams' state lives there.
   */
  subscriptions?: Streams;
  /** Why this subgraph must run in the gateway's process (REMOTE_SUBGRAPHS may not name it), when it must. */
  runsInGateway?: string;
  /**
   * Root fields that spend a budget other than the key's ('Query.codes': 'public'), with the
   * reason beside each; undeclared fields spend 'api'. An operation spends the budget its root
   * fields share (edge/policies.ts), 'api' when they differ.
   */
  budgets?: Record<string, Bucket>;
  /**
   * Tools this subgraph offers agents, by the name the model sees (its tools.ts): each calls the
   * domain function its resolver calls. The platform gathers every subgraph's (Platform.tools);
   * the agents subgraph reads them there and imports none.
   */
  tools?: Record<string, PlatformTool>;
  /**
   * Builds the collaborators its resolvers, job types and tools share (a store, an extractor), once
   * per process when the platform is created, in every process: any process may run any subgraph's
   * tools and job types. They read them at Platform.services[name] / JobContext.services[name],
   * typed by the subgraph's entry in SubgraphServices. Building opens no connection; closing goes
   * through base.onClose. (Collaborators only the serving process needs, such as the agents'
   * sockets, are built in onStart instead.)
   */
  services?(base: ServiceBase): unknown;
  /**
   * Work to do once the platform is up (seeding reference data, for example), in the processes
   * that serve the subgraph. It may answer the resolvers and streams built over its collaborators.
   */
  onStart?(platform: Platform): Promise<void | Started>;
}

export type Streams = Record<
  string,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- GraphQL arguments and handlers of every payload type; each resolver or handler validates its own
  (args: Record<string, any>, ctx: RequestContext) => Promise<AsyncIterableIterator<unknown>>
>;

/** What a subgraph's onStart built: its resolvers and streams over collaborators made once. */
export interface Started {
  resolvers: GraphQLResolverMap<RequestContext>;
  subscriptions?: Streams;
}

export const typeDefsOf = (name: SubgraphName): DocumentNode => parse(subgraphSdl(name));
