// The memory service's routes (served at {memory_url} by rest-compat/memory-service.ts, published
// in its /openapi.json): the spec's paths and bodies, checked as FastAPI checks them
// (rest-compat/pydantic.ts), each running one GraphQL operation of the memory subgraph.
import { z } from 'zod';
import { toCamelKeys, toSnakeKeys } from '../../core/case.ts';
import { LIMITS } from '../../core/limits.ts';
import { GROUP_ID_PATTERN, MAX_FACTS_LIMIT, RERANKERS, minScoreRange } from '../../subgraphs/memory/params.ts';
import type { Route } from '../route.ts';

const datetime = z.string().refine((s) => !Number.isNaN(new Date(s).getTime()), {
  params: { detail: { msg: 'invalid datetime format', type: 'value_error.datetime' } },
});
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

const searchBody = z
  .object({ query: z.string(), group_ids: z.array(groupId).max(LIMITS.memoryMaxGroupIds).nullish(), ...retrieval })
  .superRefine(minScoreInRange);
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
        params: {
          detail: {
            msg: `ensure this value has at most ${limit} items`,
            type: 'value_error.list.max_items',
            ctx: { limit_value: limit },
          },
        },
      });
    }
  })
  .pipe(z.array(message));
const getMemoryBody = z
  .object({ group_id: groupId, messages, ...retrieval, center_node_uuid: z.string().nullable() })
  .superRefine(minScoreInRange);
const messagesBody = z.object({ group_id: groupId, messages });
// uuid is checked as a UUID here, as GET /entity-edge/{uuid} checks it, so no node is stored that the path could not name.
const entityNodeBody = z.object({
  uuid: z.uuid(),
  group_id: groupId,
  name: z.string(),
  summary: z.string().default(''),
});
const uuidPath = z.object({ uuid: z.uuid() });
const lastNQuery = z.object({
  last_n: z.preprocess(
    (v) =>
      typeof v === 'string' && /^[+-]?\d+$/.test(v.trim())
        ? Number(v)
        : v === undefined
          ? undefined
          : Number.isNaN(Number(v))
            ? v
            : Number(v),
    z.number().int().min(1),
  ),
});

// GraphQL operations

const FACT_FIELDS = 'uuid name fact validAt invalidAt createdAt expiredAt score sourceNodeUuid targetNodeUuid episodes';
const DELETION_FIELDS = 'episodes facts entities';

/** A checked REST body → the GraphQL input: names camelCased, GraphQL's upper-case enum spelling (RRF, MMR, CROSS_ENCODER). */
const graphqlInput = (body: { reranker?: string | null }) => ({
  ...toCamelKeys(body),
  reranker: body.reranker ? body.reranker.toUpperCase() : null,
});

const deleted = (message: string, d: { episodes: number; facts: number; entities: number }) => ({
  message,
  success: true,
  deleted: d,
});

const route = (r: Omit<Route, 'auth' | 'errors' | 'tag' | 'successStatus'> & { successStatus?: number }): Route => ({
  auth: 'apiKey',
  errors: 'fastapi',
  tag: 'memory',
  successStatus: 200,
  ...r,
});
const groupPath = z.object({ group_id: z.string() });

export const memoryRoutes: Route[] = [
  route({
    method: 'post',
    path: '/messages',
    summary: 'Add messages to a group; extraction runs as a job, in order',
    body: messagesBody,
    successStatus: 202,
    async handle({ body }, run) {
      const data = await run(
        `mutation ($groupId: String!, $messages: [MessageInput!]!) { addMessages(groupId: $groupId, messages: $messages) { accepted jobId } }`,
        {
          groupId: body.group_id,
          messages: toCamelKeys(body.messages),
        },
      );
      return {
        status: 202,
        body: { message: 'Messages added to processing queue', success: true, job_id: data.addMessages.jobId },
      };
    },
  }),
  route({
    method: 'post',
    path: '/search',
    summary: 'Facts that answer a query, across groups',
    body: searchBody,
    async handle({ body }, run) {
      const data = await run(`query ($input: SearchMemoryInput!) { searchMemory(input: $input) { ${FACT_FIELDS} } }`, {
        input: graphqlInput(body),
      });
      return { body: { facts: toSnakeKeys(data.searchMemory) } };
    },
  }),
  route({
    method: 'post',
    path: '/get-memory',
    summary: 'Facts relevant to the latest messages of a conversation',
    body: getMemoryBody,
    async handle({ body }, run) {
      const data = await run(`query ($input: GetMemoryInput!) { getMemory(input: $input) { ${FACT_FIELDS} } }`, {
        input: graphqlInput(body),
      });
      return { body: { facts: toSnakeKeys(data.getMemory) } };
    },
  }),
  route({
    method: 'post',
    path: '/entity-node',
    summary: 'Add or replace an entity node',
    body: entityNodeBody,
    successStatus: 201,
    async handle({ body }, run) {
      const data = await run(`mutation ($input: EntityNodeInput!) { addEntityNode(input: $input) { uuid } }`, {
        input: toCamelKeys(body),
      });
      return { status: 201, body: { message: 'Entity node saved', uuid: data.addEntityNode.uuid } };
    },
  }),
  route({
    method: 'get',
    path: '/entity-edge/{uuid}',
    summary: 'The edges (facts) of an entity node',
    params: uuidPath,
    async handle({ params }, run) {
      const data = await run(
        `query ($uuid: ID!) { entityEdges(nodeUuid: $uuid) { uuid sourceNodeUuid targetNodeUuid relationshipType createdAt fact validAt invalidAt expiredAt } }`,
        params,
      );
      return { body: { edges: toSnakeKeys(data.entityEdges) } };
    },
  }),
  route({
    method: 'delete',
    path: '/entity-edge/{uuid}',
    summary: 'Delete an edge (fact)',
    params: uuidPath,
    async handle({ params }, run) {
      await run(`mutation ($uuid: ID!) { deleteEntityEdge(uuid: $uuid) }`, params);
      return { body: { message: 'Entity edge deleted', success: true } };
    },
  }),
  route({
    method: 'get',
    path: '/episodes/{group_id}',
    summary: 'The last n episodes of a group, newest last',
    params: groupPath,
    query: lastNQuery,
    async handle({ params, query }, run) {
      const data = await run(
        `query ($groupId: String!, $lastN: Int!) { episodes(groupId: $groupId, lastN: $lastN) { uuid groupId sourceDescription timestamp } }`,
        toCamelKeys({ ...params, ...query }),
      );
      return { body: { episodes: toSnakeKeys(data.episodes) } };
    },
  }),
  route({
    method: 'delete',
    path: '/episodes/{group_id}/{source_description}',
    summary: 'Delete the episodes of a group from one source, and what only they support',
    params: z.object({ group_id: z.string(), source_description: z.string() }),
    async handle({ params }, run) {
      const data = await run(
        `mutation ($groupId: String!, $sourceDescription: String!) { deleteEpisodes(groupId: $groupId, sourceDescription: $sourceDescription) { ${DELETION_FIELDS} } }`,
        toCamelKeys(params),
      );
      return { body: deleted('Episodes deleted', data.deleteEpisodes) };
    },
  }),
  route({
    method: 'delete',
    path: '/episode/{uuid}',
    summary: 'Delete one episode, and what only it supports',
    params: z.object({ uuid: z.string() }),
    async handle({ params }, run) {
      const data = await run(`mutation ($uuid: ID!) { deleteEpisode(uuid: $uuid) { ${DELETION_FIELDS} } }`, params);
      return { body: deleted('Episode deleted', data.deleteEpisode) };
    },
  }),
  route({
    method: 'delete',
    path: '/group/{group_id}',
    summary: 'Delete a group and everything in it',
    params: groupPath,
    async handle({ params }, run) {
      const data = await run(
        `mutation ($groupId: String!) { deleteGroup(groupId: $groupId) { ${DELETION_FIELDS} } }`,
        toCamelKeys(params),
      );
      return { body: deleted('Group deleted', data.deleteGroup) };
    },
  }),
  route({
    method: 'post',
    path: '/clear',
    summary: "Delete every group of the caller's account (MEMORY_CLEAR_ENABLED)",
    async handle(_input, run) {
      await run(`mutation { clearMemory }`);
      return { body: { message: 'Graph cleared', success: true } };
    },
  }),
];
