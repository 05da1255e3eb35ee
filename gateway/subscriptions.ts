// jobUpdated over graphql-ws. Subscription.jobUpdated is in the documents SDL, so it is part
// of the composed supergraph and of introspection; but @apollo/gateway does not execute
// subscriptions, so the ws server runs a copy of the gateway's API schema whose jobUpdated
// re-runs the client's selection through the gateway on every event: the client gets any
// field of Job, those contributed by other subgraphs included. Over HTTP a subscription is
// refused by plugins/subscriptions-over-http.ts.
import {
  buildASTSchema,
  getNamedType,
  isObjectType,
  type GraphQLObjectType,
  parse,
  print,
  printSchema,
  visit,
  subscribe as graphqlSubscribe,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLFieldResolver,
  type GraphQLResolveInfo,
  type GraphQLSchema,
  type VariableDefinitionNode,
} from 'graphql';
import type { ApolloServer } from '@apollo/server';
import type { RequestContext } from '../core/context.ts';
import { TERMINAL, type JobEvent } from '../core/jobs/types.ts';
import { AppError, codeFromGraphql } from '../core/errors.ts';
import { bearerToken } from '../core/auth/keys.ts';
import { LIMITS } from '../core/limits.ts';
import type { Streams, SubgraphModule } from '../subgraphs/module.ts';
import { checkedStream, mapStream } from '../core/live-stream.ts';

/** Values are read by response key, since the gateway's answer is keyed by the client's aliases. */
export const byResponseKey: GraphQLFieldResolver<unknown, unknown> = (source, _args, _ctx, info) =>
  source && typeof source === 'object' ? (source as Record<string, unknown>)[info.path.key as string] : undefined;

/** The job query that re-reads the client's selection, with only the variables and fragments it uses. */
export function selectionQuery(info: GraphQLResolveInfo): { query: string; variables: Record<string, unknown> } {
  const field = info.fieldNodes[0] as FieldNode;
  const usedFragments = new Set<string>();
  const usedVariables = new Set<string>();
  const collect = (node: object) =>
    visit(node as FieldNode, {
      FragmentSpread: (n) => {
        if (!usedFragments.has(n.name.value)) {
          usedFragments.add(n.name.value);
          collect(info.fragments[n.name.value]!);
        }
      },
      Variable: (n) => {
        usedVariables.add(n.name.value);
      },
    });
  collect(field.selectionSet!);
  const defs = (info.operation.variableDefinitions ?? []).filter((d: VariableDefinitionNode) =>
    usedVariables.has(d.variable.name.value),
  );
  const fragments = [...usedFragments].map((name) => print(info.fragments[name] as FragmentDefinitionNode)).join('\n');
  const varDecl = ['$__jobId: ID!', ...defs.map(print)].join(', ');
  const query = `query JobUpdated(${varDecl}) { job(id: $__jobId) ${print(field.selectionSet!)} }\n${fragments}`;
  const variables: Record<string, unknown> = {};
  for (const name of usedVariables) variables[name] = info.variableValues[name];
  return { query, variables };
}

/** Runs the selection for one job through the gateway; throws the first error as an AppError. */
async function readJob(
  apollo: ApolloServer<RequestContext>,
  ctx: RequestContext,
  jobId: string,
  info: GraphQLResolveInfo,
) {
  const { query, variables } = selectionQuery(info);
  const internal = Object.assign(Object.create(Object.getPrototypeOf(ctx)), ctx, { loaders: new Map(), charged: true });
  const response = await apollo.executeOperation(
    { query, variables: { ...variables, __jobId: jobId } },
    { contextValue: internal },
  );
  if (response.body.kind !== 'single') throw new AppError('INTERNAL_ERROR', 'unexpected incremental response');
  const { data, errors } = response.body.singleResult;
  if (!errors?.length && !(data as { job: unknown } | null)?.job)
    throw new AppError('JOB_NOT_FOUND', `Job ${jobId} not found`, { job_id: jobId });
  if (errors?.length) {
    const first = errors[0]!;
    throw new AppError(
      codeFromGraphql(first.extensions?.code),
      first.message,
      first.extensions?.details as Record<string, unknown> | undefined,
    );
  }
  return (data as { job: Record<string, unknown> }).job;
}

/**
 * readJob, read again after a pause when it fails with an internal error: a subgraph process that
 * died under the read (the cluster restarts it) must not end a subscription that can go on.
 */
async function readJobSteadily(
  apollo: ApolloServer<RequestContext>,
  ctx: RequestContext,
  jobId: string,
  info: GraphQLResolveInfo,
) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await readJob(apollo, ctx, jobId, info);
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'INTERNAL_ERROR' || attempt >= 5) throw err;
      await new Promise((r) => setTimeout(r, 500 * attempt));
    }
  }
}

/** `served`: the subgraphs this process started, whose own streams (SubgraphModule.subscriptions) it serves. */
export function buildSubscriptionSchema(
  apiSchema: GraphQLSchema,
  apollo: ApolloServer<RequestContext>,
  served: readonly SubgraphModule[],
): GraphQLSchema {
  // A copy, so that the resolvers set below never touch the gateway's own schema objects.
  const schema = buildASTSchema(parse(printSchema(apiSchema)));
  const field = schema.getSubscriptionType()!.getFields().jobUpdated!;

  field.subscribe = async function* (
    _root: unknown,
    args: { id: string },
    ctx: RequestContext,
    info: GraphQLResolveInfo,
  ) {
    try {
      // The key and its rate limit were checked in onSubscribe (gateway/server.ts), like every operation over the socket.
      if (!ctx.principal)
        throw new AppError(
          'UNAUTHORIZED',
          'A valid API key is required: send {"authorization": "Bearer <key>"} as connection parameters',
        );
      const principal = ctx.principal;
      // Checked before every event and every LIMITS.subscriptionAuthRecheckMs while idle: an event costs one
      // key lookup (cached for seconds, cleared on revocation), and a job that sends no events for a long
      // time still stops streaming within the recheck period once its key is revoked.
      const stillAuthorized = async () => {
        const now = await ctx.platform.keys.authenticate(bearerToken(ctx.authorization));
        if (now?.keyId !== principal.keyId)
          throw new AppError(
            'UNAUTHORIZED',
            'The API key of this subscription was revoked; the subscription has ended',
          );
      };
      // Listen before the first read so no change between the two is lost.
      const queue: JobEvent[] = [];
      let wake: (() => void) | null = null;
      const off = ctx.platform.jobs.events.subscribe(args.id, (event) => {
        queue.push(event);
        wake?.();
      });
      try {
        // The status is read before the selection, so the first answer is at least as new as it.
        let status = (await ctx.platform.jobs.get(args.id, ctx.principal)).status;
        let current = await readJobSteadily(apollo, ctx, args.id, info);
        let last = JSON.stringify(current);
        yield { jobUpdated: current };
        while (!TERMINAL.has(status)) {
          if (queue.length === 0) {
            let timer: NodeJS.Timeout | undefined;
            await new Promise<void>((resolve) => {
              wake = resolve;
              timer = setTimeout(resolve, LIMITS.subscriptionAuthRecheckMs);
            });
            clearTimeout(timer);
          }
          wake = null;
          await stillAuthorized();
          if (queue.length === 0) continue;
          const event = queue.splice(0).at(-1)!;
          status = event.status;
          current = await readJobSteadily(apollo, ctx, args.id, info);
          const serialized = JSON.stringify(current);
          if (serialized !== last) {
            last = serialized;
            yield { jobUpdated: current };
          }
        }
      } finally {
        off();
      }
    } catch (err) {
      if (err instanceof AppError) throw err.toGraphQLError();
      throw err;
    }
  } as never;
  field.resolve = (payload: { jobUpdated: unknown }) => payload.jobUpdated;
  for (const module of served) {
    for (const [name, stream] of Object.entries(module.subscriptions ?? {})) serveStream(schema, name, stream);
  }
  return schema;
}

/**
 * A subgraph's own subscription field (SubgraphModule.subscriptions): its values are already in
 * the schema's shape, keyed by field name, so every object type it reaches reads fields by name
 * (the default here reads by response key, for jobUpdated's gateway answers).
 */
function serveStream(schema: GraphQLSchema, name: string, stream: Streams[string]) {
  const field = schema.getSubscriptionType()!.getFields()[name]!;
  field.subscribe = (async (_root: unknown, args: Record<string, unknown>, ctx: RequestContext) => {
    try {
      // Not an async generator: graphql-ws's return() must reach the source at once (a closed socket is how the bridge learns a desktop left).
      // The key (or access token) is checked again as for jobUpdated: a revoked or expired one ends the stream.
      const principal = ctx.principal;
      const stillAuthorized = async () => {
        const now = await ctx.platform.keys.authenticate(bearerToken(ctx.authorization));
        if (!principal || now?.keyId !== principal.keyId)
          throw new AppError(
            'UNAUTHORIZED',
            'The key or token of this subscription was revoked or has expired; the subscription has ended',
          ).toGraphQLError();
      };
      return checkedStream(
        mapStream(await stream(args, ctx), (value) => ({ [name]: value })),
        stillAuthorized,
        LIMITS.subscriptionAuthRecheckMs,
      );
    } catch (err) {
      if (err instanceof AppError) throw err.toGraphQLError();
      throw err;
    }
  }) as never;
  field.resolve = (payload: Record<string, unknown>) => payload[name];
  const seen = new Set<GraphQLObjectType>();
  const byName = (type: unknown) => {
    const named = getNamedType(type as never);
    if (!isObjectType(named) || seen.has(named)) return;
    seen.add(named);
    for (const f of Object.values(named.getFields())) {
      f.resolve ??= (source: unknown) => (source as Record<string, unknown> | null)?.[f.name];
      byName(f.type);
    }
  };
  byName(field.type);
}

/** graphql-ws `subscribe` that reads nested values by response key. */
export const subscribeByResponseKey: typeof graphqlSubscribe = (args) =>
  graphqlSubscribe({ ...(args as Parameters<typeof graphqlSubscribe>[0] & object), fieldResolver: byResponseKey });
