// The memory service's own HTTP surface at {memory_url}: X-API-Key auth,
// FastAPI-style validation and errors ({detail}), and for each route one
// GraphQL operation of the memory subgraph run through the gateway.
import express, { type ErrorRequestHandler, type Request, type Response } from 'express';
import type { ApolloServer } from '@apollo/server';
import { z } from 'zod';
import type { Platform } from '../core/platform.ts';
import { toCamelKeys, toSnakeKeys } from '../core/case.ts';
import { AppError } from '../core/errors.ts';
import type { RequestContext } from '../core/context.ts';
import { requestId } from '../edge/request-id.ts';
import { buildContext, clientAddress } from '../edge/context.ts';
import { bodyParserError, sendError, type DetailItem } from '../edge/render-error.ts';
import { operationRunner } from './router.ts';
import type { Run } from './route.ts';
import { LIMITS } from '../core/limits.ts';
import { GROUP_ID_PATTERN, MAX_FACTS_LIMIT, RERANKERS, minScoreRange } from '../subgraphs/memory/params.ts';

// ---------------------------------------------------------------- validation
// Pydantic v1 wording and type names, which the spec quotes (value_error.missing, type_error.uuid).

const TYPE_NAMES: Record<string, [string, string]> = {
  string: ['str type expected', 'type_error.str'],
  int: ['value is not a valid integer', 'type_error.integer'],
  number: ['value is not a valid float', 'type_error.float'],
  boolean: ['value could not be parsed to a boolean', 'type_error.bool'],
  array: ['value is not a valid list', 'type_error.list'],
  object: ['value is not a valid dict', 'type_error.dict'],
};

const INT_FIELDS = new Set(['max_facts', 'last_n']);

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let v = input;
  for (const p of path) v = v !== null && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[p] : undefined;
  return v;
}

function detailOf(issue: z.core.$ZodIssue, prefix: string, input: unknown): DetailItem {
  const given = valueAt(input, issue.path);
  const loc = [prefix, ...issue.path.map((p) => (typeof p === 'number' ? p : String(p)))];
  const params = (issue as { params?: Record<string, unknown> }).params;
  if (params?.detail) return { loc, ...(params.detail as Omit<DetailItem, 'loc'>) };
  switch (issue.code) {
    case 'invalid_type': {
      if (given === undefined) return { loc, msg: 'field required', type: 'value_error.missing' };
      if ((issue.expected === 'number' || issue.expected === 'int') && INT_FIELDS.has(String(issue.path.at(-1)))) return { loc, msg: TYPE_NAMES.int![0], type: TYPE_NAMES.int![1] };
      const [msg, type] = TYPE_NAMES[issue.expected] ?? [`${issue.expected} expected`, `type_error.${issue.expected}`];
      return { loc, msg, type };
    }
    case 'invalid_value':
      // An absent enum field (role_type) is missing, as pydantic says, not a wrong constant.
      if (given === undefined) return { loc, msg: 'field required', type: 'value_error.missing' };
      return {
        loc,
        msg: `unexpected value; permitted: ${issue.values.map((v) => `'${String(v)}'`).join(', ')}`,
        type: 'value_error.const',
        ctx: { given, permitted: issue.values },
      };
    case 'invalid_format':
      if (issue.format === 'uuid') return { loc, msg: 'value is not a valid uuid', type: 'type_error.uuid' };
      if (issue.format === 'regex') {
        const pattern = (issue as { pattern?: string }).pattern;
        return { loc, msg: `string does not match regex "${pattern}"`, type: 'value_error.str.regex', ctx: { pattern } };
      }
      return { loc, msg: issue.message, type: 'value_error' };
    case 'too_small':
      if (issue.origin === 'number') return { loc, msg: `ensure this value is greater than or equal to ${issue.minimum}`, type: 'value_error.number.not_ge', ctx: { limit_value: issue.minimum } };
      return { loc, msg: `ensure this value has at least ${issue.minimum} characters`, type: 'value_error.any_str.min_length', ctx: { limit_value: issue.minimum } };
    case 'too_big':
      if (issue.origin === 'number') return { loc, msg: `ensure this value is less than or equal to ${issue.maximum}`, type: 'value_error.number.not_le', ctx: { limit_value: issue.maximum } };
      return { loc, msg: issue.message, type: 'value_error' };
    default:
      return { loc, msg: issue.message, type: 'value_error' };
  }
}

function parse<S extends z.ZodType>(schema: S, input: unknown, prefix: 'body' | 'query' | 'path'): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new AppError('VALIDATION_ERROR', 'request validation failed', { detail: result.error.issues.map((i) => detailOf(i, prefix, input)) });
  return result.data;
}

const datetime = z.string().refine((s) => !Number.isNaN(new Date(s).getTime()), { params: { detail: { msg: 'invalid datetime format', type: 'value_error.datetime' } } });
const groupId = z.string().regex(GROUP_ID_PATTERN);
const reranker = z.enum(RERANKERS as [string, ...string[]]);

const message = z.object({
  content: z.string(),
  role_type: z.enum(['user', 'assistant', 'system']),
  role: z.string().nullish(),
  timestamp: datetime.nullish(),
  uuid: z.string().nullish(),
  name: z.string().nullish(),
  source_description: z.string().nullish(),
});

const retrieval = {
  max_facts: z.number().int().min(1).max(MAX_FACTS_LIMIT).default(10),
  reranker: reranker.nullish(),
  min_score: z.number().nullish(),
  episode_source_filter: z.string().nullish(),
  mmr_lambda: z.number().min(0).max(1).nullish(),
  center_node_uuid: z.string().nullish(),
  include_invalidated: z.boolean().default(false),
};

/** min_score's range depends on the reranker: 0..1 for rrf and cross_encoder, −1..1 for mmr. */
function minScoreInRange(body: { reranker?: string | null; min_score?: number | null }, ctx: z.RefinementCtx): void {
  if (body.min_score === null || body.min_score === undefined) return;
  const [lo, hi] = minScoreRange((body.reranker ?? 'rrf') as 'rrf');
  if (body.min_score < lo || body.min_score > hi) {
    const ge = body.min_score < lo;
    const limit = ge ? lo : hi;
    ctx.addIssue({
      code: 'custom',
      path: ['min_score'],
      message: '',
      params: {
        detail: {
          msg: `ensure this value is ${ge ? 'greater' : 'less'} than or equal to ${limit} for reranker ${body.reranker ?? 'rrf'}`,
          type: `value_error.number.not_${ge ? 'ge' : 'le'}`,
          ctx: { limit_value: limit },
        },
      },
    });
  }
}

const searchBody = z.object({ query: z.string(), group_ids: z.array(groupId).nullish(), ...retrieval }).superRefine(minScoreInRange);
/**
 * At most LIMITS.memoryMaxMessagesPerRequest messages: each is an episode and its rows (32,767 overran
 * SQLite's variables). Counted before the items are checked, so a flood is one issue, not one per item.
 */
const messages = z
  .unknown()
  .superRefine((value, ctx) => {
    const limit = LIMITS.memoryMaxMessagesPerRequest;
    if (Array.isArray(value) && value.length > limit) {
      ctx.addIssue({
        code: 'custom',
        message: '',
        abort: true,
        params: { detail: { msg: `ensure this value has at most ${limit} items`, type: 'value_error.list.max_items', ctx: { limit_value: limit } } },
      });
    }
  })
  .pipe(z.array(message));
const getMemoryBody = z
  .object({ group_id: groupId, messages, ...retrieval, center_node_uuid: z.string().nullable() })
  .superRefine(minScoreInRange);
const messagesBody = z.object({ group_id: groupId, messages });
// uuid is checked as a UUID here, as GET /entity-edge/{uuid} checks it, so no node is stored that the path could not name.
const entityNodeBody = z.object({ uuid: z.uuid(), group_id: groupId, name: z.string(), summary: z.string().default('') });
const uuidPath = z.object({ uuid: z.uuid() });
const lastNQuery = z.object({
  last_n: z.preprocess((v) => (typeof v === 'string' && /^[+-]?\d+$/.test(v.trim()) ? Number(v) : v === undefined ? undefined : Number.isNaN(Number(v)) ? v : Number(v)), z.number().int().min(1)),
});

// ---------------------------------------------------------------- GraphQL operations

const FACT_FIELDS = 'uuid name fact validAt invalidAt createdAt expiredAt score sourceNodeUuid targetNodeUuid episodes';
const DELETION_FIELDS = 'episodes facts entities';

/** A checked REST body → the GraphQL input: names camelCased, GraphQL's upper-case enum spelling (RRF, MMR, CROSS_ENCODER). */
const graphqlInput = (body: { reranker?: string | null }) => ({ ...toCamelKeys(body), reranker: body.reranker ? body.reranker.toUpperCase() : null });

interface Handler {
  (req: Request, run: Run): Promise<{ status?: number; body: unknown }>;
}

const deleted = (message: string, d: { episodes: number; facts: number; entities: number }) => ({ message, success: true, deleted: d });

const ROUTES: Array<['get' | 'post' | 'delete', string, Handler]> = [
  [
    'post',
    '/messages',
    async (req, run) => {
      const body = parse(messagesBody, req.body, 'body');
      const data = await run(`mutation ($groupId: String!, $messages: [MessageInput!]!) { addMessages(groupId: $groupId, messages: $messages) { accepted jobId } }`, {
        groupId: body.group_id,
        messages: toCamelKeys(body.messages),
      });
      return { status: 202, body: { message: 'Messages added to processing queue', success: true, job_id: data.addMessages.jobId } };
    },
  ],
  [
    'post',
    '/search',
    async (req, run) => {
      const body = parse(searchBody, req.body, 'body');
      const data = await run(`query ($input: SearchMemoryInput!) { searchMemory(input: $input) { ${FACT_FIELDS} } }`, {
        input: graphqlInput(body),
      });
      return { body: { facts: toSnakeKeys(data.searchMemory) } };
    },
  ],
  [
    'post',
    '/get-memory',
    async (req, run) => {
      const body = parse(getMemoryBody, req.body, 'body');
      const data = await run(`query ($input: GetMemoryInput!) { getMemory(input: $input) { ${FACT_FIELDS} } }`, {
        input: graphqlInput(body),
      });
      return { body: { facts: toSnakeKeys(data.getMemory) } };
    },
  ],
  [
    'post',
    '/entity-node',
    async (req, run) => {
      const body = parse(entityNodeBody, req.body, 'body');
      const data = await run(`mutation ($input: EntityNodeInput!) { addEntityNode(input: $input) { uuid } }`, {
        input: toCamelKeys(body),
      });
      return { status: 201, body: { message: 'Entity node saved', uuid: data.addEntityNode.uuid } };
    },
  ],
  [
    'get',
    '/entity-edge/:uuid',
    async (req, run) => {
      const { uuid } = parse(uuidPath, req.params, 'path');
      const data = await run(`query ($uuid: ID!) { entityEdges(nodeUuid: $uuid) { uuid sourceNodeUuid targetNodeUuid relationshipType createdAt fact validAt invalidAt expiredAt } }`, { uuid });
      return { body: { edges: toSnakeKeys(data.entityEdges) } };
    },
  ],
  [
    'delete',
    '/entity-edge/:uuid',
    async (req, run) => {
      const { uuid } = parse(uuidPath, req.params, 'path');
      await run(`mutation ($uuid: ID!) { deleteEntityEdge(uuid: $uuid) }`, { uuid });
      return { body: { message: 'Entity edge deleted', success: true } };
    },
  ],
  [
    'get',
    '/episodes/:group_id',
    async (req, run) => {
      const { last_n } = parse(lastNQuery, req.query, 'query');
      const data = await run(`query ($groupId: String!, $lastN: Int!) { episodes(groupId: $groupId, lastN: $lastN) { uuid groupId sourceDescription timestamp } }`, {
        groupId: req.params.group_id,
        lastN: last_n,
      });
      return {
        body: { episodes: toSnakeKeys(data.episodes) },
      };
    },
  ],
  [
    'delete',
    '/episodes/:group_id/:source_description',
    async (req, run) => {
      const data = await run(`mutation ($g: String!, $s: String!) { deleteEpisodes(groupId: $g, sourceDescription: $s) { ${DELETION_FIELDS} } }`, {
        g: req.params.group_id,
        s: req.params.source_description,
      });
      return { body: deleted('Episodes deleted', data.deleteEpisodes) };
    },
  ],
  [
    'delete',
    '/episode/:uuid',
    async (req, run) => {
      const data = await run(`mutation ($uuid: ID!) { deleteEpisode(uuid: $uuid) { ${DELETION_FIELDS} } }`, { uuid: req.params.uuid });
      return { body: deleted('Episode deleted', data.deleteEpisode) };
    },
  ],
  [
    'delete',
    '/group/:group_id',
    async (req, run) => {
      const data = await run(`mutation ($g: String!) { deleteGroup(groupId: $g) { ${DELETION_FIELDS} } }`, { g: req.params.group_id });
      return { body: deleted('Group deleted', data.deleteGroup) };
    },
  ],
  [
    'post',
    '/clear',
    async (_req, run) => {
      await run(`mutation { clearMemory }`);
      return { body: { message: 'Graph cleared', success: true } };
    },
  ],
];

// ---------------------------------------------------------------- errors

/** Every error in FastAPI's style (edge/render-error.ts); what is not a known error is logged. */
function fail(res: Response, err: unknown, platform: Platform): void {
  if (!(err instanceof AppError) || err.code === 'INTERNAL_ERROR') platform.log.error({ err }, 'memory service error');
  sendError(res, err, { style: 'fastapi' });
}

// ---------------------------------------------------------------- app

export function memoryApp(platform: Platform, apollo: ApolloServer<RequestContext>): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.use(requestId(platform.log));
  app.get('/healthcheck', (_req, res) => {
    res.json({ status: 'healthy' });
  });
  const contexts = new WeakMap<Request, RequestContext>();
  app.use(async (req: Request, res: Response, next) => {
    try {
      const key = req.get('x-api-key');
      const ctx = await buildContext(platform, { authorization: key ? `Bearer ${key}` : undefined, requestId: req.requestId, address: clientAddress(req) });
      if (!ctx.principal) throw new AppError('UNAUTHORIZED', 'Invalid or missing API key');
      // Every authenticated request counts, invalid ones included; the operation it runs is not charged again.
      await platform.rateLimits.consume('api', ctx);
      ctx.charged = true;
      contexts.set(req, ctx);
      next();
    } catch (err) {
      fail(res, err, platform);
    }
  });
  app.use(express.json({ limit: platform.config.jsonLimitBytes, type: () => true }));
  for (const [method, path, handle] of ROUTES) {
    app[method](path, async (req: Request, res: Response) => {
      try {
        const result = await handle(req, operationRunner(apollo, contexts.get(req)!));
        res.status(result.status ?? 200).json(result.body);
      } catch (err) {
        fail(res, err, platform);
      }
    });
  }
  // A known path with another method: 405 with Allow, as FastAPI answers.
  const allowed = new Map<string, string[]>();
  for (const [method, path] of ROUTES) allowed.set(path, [...(allowed.get(path) ?? []), method.toUpperCase()]);
  for (const [path, methods] of allowed) {
    app.all(path, (req, res) => {
      res.setHeader('Allow', methods.join(', '));
      sendError(res, new AppError('METHOD_NOT_ALLOWED', `${req.method} is not allowed on ${path}`), { style: 'fastapi' });
    });
  }
  app.use((_req, res) => sendError(res, new AppError('NOT_FOUND', 'Not Found'), { style: 'fastapi' }));
  const onError: ErrorRequestHandler = (err, _req, res, _next) => fail(res, bodyParserError(err, platform.config.jsonLimitBytes) ?? err, platform);
  app.use(onError);
  return app;
}
