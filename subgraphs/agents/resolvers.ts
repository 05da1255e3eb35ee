// The agents subgraph's resolvers and streams, made over its collaborators (service.ts), which
// the module builds once when it starts. Resolvers authenticate, parse, call one domain function
// and map the records to the schema (enum values UPPER_CASE here, lower case in the domain).
import { GraphQLJSON } from 'graphql-type-json';
import { PROGRAMS, type Program } from '@structural-platform/tool-schema';
import type { GraphQLResolverMap } from '@apollo/subgraph/dist/schema-helper/resolverMap.js';
import { DateTime } from '../../core/graphql/scalars.ts';
import { requirePrincipal, type RequestContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { PRICES_USD, type PricedWork } from '../../core/platform-tools.ts';
import { connection, offsetOf, pageSize } from '../../core/graphql/pagination.ts';
import { mapStream } from '../../core/live-stream.ts';
import type { Streams } from '../module.ts';
import { laneTools, type Bridge, type Lane, type LaneState, type Machine } from './bridge.ts';
import { AGENTS, agentById, agentToolNames, type AgentConfig } from './catalogue.ts';
import type { RunEvent } from './runs.ts';
import type { AgentServices } from './service.ts';
import type { StoredMessage } from './store.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- GraphQL arguments, checked by the schema and validated by the service
type Args = Record<string, any>;
const up = (s: string) => s.toUpperCase();
const on =
  <T>(fn: (ctx: RequestContext, args: Args) => Promise<T> | T) =>
  async (_: unknown, args: Args, ctx: RequestContext): Promise<T> => {
    requirePrincipal(ctx);
    return fn(ctx, args);
  };
const agentView = (ctx: RequestContext, a: AgentConfig) => ({
  id: a.id,
  name: a.name,
  description: a.description,
  model: a.model ?? ctx.platform.config.agentLlmModel,
  programs: a.programs,
  tools: agentToolNames(a, ctx.platform.tools),
});

const messageView = (m: StoredMessage) => ({ ...m, toolCalls: m.toolCalls });

const clientView = (bridge: Bridge, m: Machine) => ({
  machineId: m.machineId,
  name: m.name,
  clientVersion: m.clientVersion,
  connected: bridge.connected(m),
  lastSeenAt: new Date(m.lastSeen),
  lanes: [...m.lanes.values()],
});

const MACHINE_ID = /^[A-Za-z0-9._-]{1,128}$/;
const LANE_STATES: LaneState[] = ['ready', 'busy', 'not_running', 'not_installed'];

function text(field: string, value: unknown, max: number): string {
  if (typeof value !== 'string' || !value.trim() || value.length > max)
    throw new AppError('UNPROCESSABLE', `${field}: 1 to ${max} characters`);
  return value;
}

/** Lanes as the client reports them, checked against the shared tool schema. */
function parseLanes(raw: Args[] | null | undefined, field: string): Lane[] {
  const lanes = raw ?? [];
  if (lanes.length > PROGRAMS.length) throw new AppError('UNPROCESSABLE', `${field}: at most one lane per program`);
  const seen = new Set<Program>();
  return lanes.map((l, i) => {
    const program = l.program as Program;
    if (seen.has(program)) throw new AppError('UNPROCESSABLE', `${field}[${i}].program: ${program} appears twice`);
    seen.add(program);
    const versions = l.versions as string[];
    if (versions.length > 20) throw new AppError('UNPROCESSABLE', `${field}[${i}].versions: at most 20`);
    versions.forEach((v, j) => text(`${field}[${i}].versions[${j}]`, v, 64));
    return {
      program,
      versions,
      activeVersion: l.activeVersion == null ? null : text(`${field}[${i}].activeVersion`, l.activeVersion, 64),
      tools: laneTools(program, l.tools),
      state: l.state as LaneState,
    };
  });
}

const eventView = (e: RunEvent) => ({
  ...e,
  type: up(e.type),
  status: e.status && up(e.status),
  at: e.at.toISOString(),
});

export const agentResolvers = (services: AgentServices): GraphQLResolverMap<RequestContext> => ({
  DateTime,
  JSON: GraphQLJSON,
  DesktopProgram: { SAP2000: 'sap2000', ETABS: 'etabs', MATHCAD: 'mathcad' },
  RunStatus: {
    THINKING: 'thinking',
    CALLING_TOOL: 'calling_tool',
    WAITING_FOR_DESKTOP: 'waiting_for_desktop',
    PAUSED: 'paused',
    DONE: 'done',
    INTERRUPTED: 'interrupted',
    STOPPED: 'stopped',
  },
  EnterWhileWorking: { STEER: 'steer', QUEUE: 'queue' },
  MessageDisposition: { STARTED: 'started', STEERED: 'steered', QUEUED: 'queued' },
  MessageRole: { USER: 'user', ASSISTANT: 'assistant', TOOL: 'tool' },
  LaneState: Object.fromEntries(LANE_STATES.map((s) => [up(s), s])),
  PlatformWorkKind: {
    SEARCH_QUERY: 'search_query',
    DRAWING_PAGE: 'drawing_page',
    GRAPH_INGESTION_PAGE: 'graph_ingestion_page',
  },
  PlatformWork: { unitPriceUsd: (w: { kind: PricedWork }) => PRICES_USD[w.kind] },
  ToolResultStatus: { ACCEPTED: 'accepted', DUPLICATE: 'duplicate', EXPIRED: 'expired' },
  Query: {
    agents: on((ctx) => AGENTS.map((a) => agentView(ctx, a))),
    conversation: on(async (ctx, { id }) => {
      try {
        return await services.store.conversation(ctx.principal!.accountId, id);
      } catch (err) {
        if (err instanceof AppError && err.code === 'CONVERSATION_NOT_FOUND') return null;
        throw err;
      }
    }),
    conversations: on(async (ctx, { first, after, search }) => {
      const size = pageSize(first, 100);
      const offset = offsetOf(after);
      if (search != null && (typeof search !== 'string' || search.length > 200))
        throw new AppError('UNPROCESSABLE', 'search: at most 200 characters', { field: 'search' });
      // One row past the page tells whether a next page exists.
      return connection(
        await services.store.listConversations(ctx.principal!.accountId, offset, size + 1, search?.trim() || null),
        offset,
        size,
      );
    }),
    usage: on((ctx) => services.usage.of(ctx.principal!)),
    desktopClients: on((ctx) =>
      services.bridge.machines(ctx.principal!.accountId).map((m) => clientView(services.bridge, m)),
    ),
  },
  Conversation: {
    agent: (c: { agentId: string }, _: Args, ctx: RequestContext) => agentView(ctx, agentById(c.agentId)!),
    messages: async (c: { id: string }, { last }: Args) => {
      if (!Number.isInteger(last) || last < 1 || last > 500)
        throw new AppError('UNPROCESSABLE', 'last: must be from 1 to 500', { field: 'last' });
      return (await services.store.messages(c.id, last)).map(messageView);
    },
    latestRun: (c: { id: string }) => services.runs.latestRun(c.id),
  },
  Mutation: {
    sendMessage: on((ctx, { input }) => services.runs.sendMessage(ctx.principal!, input)),
    resumeRun: on((ctx, { conversationId }) => services.runs.resumeRun(ctx.principal!, conversationId)),
    retryRun: on((ctx, { conversationId }) => services.runs.retryRun(ctx.principal!, conversationId)),
    cancelRun: on((ctx, { conversationId }) => services.runs.cancelRun(ctx.principal!, conversationId)),
    renameConversation: on((ctx, { conversationId, title }) =>
      services.runs.renameConversation(ctx.principal!, conversationId, title),
    ),
    registerClient: on((ctx, { input }) => {
      if (!MACHINE_ID.test(input.machineId))
        throw new AppError('UNPROCESSABLE', 'input.machineId: 1 to 128 letters, digits, ., _ or -', {
          field: 'input.machineId',
        });
      const machine = services.bridge.register(ctx.principal!.accountId, {
        machineId: input.machineId,
        name: text('input.name', input.name, 128),
        clientVersion: text('input.clientVersion', input.clientVersion, 64),
        lanes: parseLanes(input.lanes, 'input.lanes'),
      });
      return clientView(services.bridge, machine);
    }),
    heartbeat: on((ctx, { machineId, lanes }) =>
      clientView(
        services.bridge,
        services.bridge.heartbeat(ctx.principal!.accountId, machineId, lanes ? parseLanes(lanes, 'lanes') : null),
      ),
    ),
    submitToolResult: on((ctx, { input }) => {
      const status = services.bridge.submit(ctx.principal!.accountId, {
        callId: input.callId,
        result: input.result,
        error: input.error ?? undefined,
      });
      return { callId: input.callId, status };
    }),
  },
});

export const agentStreams = (services: AgentServices): Streams => ({
  runEvents: async (args, ctx) =>
    mapStream(await services.runs.events(requirePrincipal(ctx), args.conversationId), eventView),
  toolCalls: async (args, ctx) =>
    mapStream(services.bridge.connect(requirePrincipal(ctx).accountId, args.machineId), (c) => ({
      ...c,
      program: up(c.program),
      deadlineAt: c.deadlineAt.toISOString(),
    })),
});
