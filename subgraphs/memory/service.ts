// The memory domain's entry points, one function each, for one account: what the resolvers,
// the agents' tools and REST (through GraphQL) reach. Request checks live here, once. Its
// collaborators (store, extractor, embedder, reranker) are built once per process when the
// platform is created (createMemoryServices) and read at platform.services.memory.
import { randomUUID } from 'node:crypto';
import type { Principal } from '../../core/auth/keys.ts';
import { AppError, fieldError } from '../../core/errors.ts';
import { LIMITS } from '../../core/limits.ts';
import type { Platform, ServiceBase } from '../../core/platform.ts';
import { deterministicExtractor } from './extraction/deterministic.ts';
import type { Extractor } from './extraction/extractor.ts';
import { createLlmExtractor } from './extraction/llm.ts';
import { normName } from './graph/names.ts';
import { INGEST_JOB } from './jobs/ingest.ts';
import type { DeletionCounts, Episode, Fact, NewEpisode } from './model.ts';
import { DEFAULT_MAX_FACTS, DEFAULT_MMR_LAMBDA, GROUP_ID_PATTERN, defaultMinScore, rangeIssues } from './params.ts';
import { createRemoteReranker, type PairScorer } from './retrieval/cross-encoder.ts';
import { queryFromMessages, searchFacts, type RerankerName, type ScoredFact } from './retrieval/search.ts';
import type { MemoryStore } from './store/memory-store.ts';
import { createNeo4jStore } from './store/neo4j-store.ts';
import { memoryStoreFor } from './store/store-for.ts';

export interface MemoryServices {
  /** Neo4j when NEO4J_URI is set, else the platform database's engine (libSQL or PostgreSQL). */
  store: MemoryStore;
  /** The language model when MEMORY_LLM_URL is set, else the deterministic extractor. */
  extractor: Extractor;
  embedder: ServiceBase['embedder'];
  /** cross_encoder's scorer when MEMORY_RERANKER_URL is set; null uses the local pairwise scorer. */
  pairScorer: PairScorer | null;
  /** Ingestion jobs of one group take turns in this process (jobs/ingest.ts); the store's lease covers other processes. */
  groupLocks: Map<string, Promise<unknown>>;
}

declare module '../../core/subgraph-services.ts' {
  interface SubgraphServices {
    memory: MemoryServices;
  }
}

/** Builds the memory graph's collaborators once per process (index.ts services); the store closes with the platform. */
export function createMemoryServices(base: ServiceBase): MemoryServices {
  const { config } = base;
  const store = config.neo4jUri
    ? createNeo4jStore({ uri: config.neo4jUri, user: config.neo4jUser, password: config.neo4jPassword })
    : memoryStoreFor(base.db);
  base.onClose(() => store.close());
  return {
    store,
    extractor: config.memoryLlmUrl
      ? createLlmExtractor({
          url: config.memoryLlmUrl,
          model: config.memoryLlmModel,
          apiKey: config.memoryLlmApiKey ?? undefined,
        })
      : deterministicExtractor,
    embedder: base.embedder,
    pairScorer: config.memoryRerankerUrl
      ? createRemoteReranker({
          url: config.memoryRerankerUrl,
          model: config.memoryRerankerModel,
          apiKey: config.memoryRerankerApiKey ?? undefined,
        })
      : null,
    groupLocks: new Map(),
  };
}

export interface MessageInput {
  content: string;
  roleType: string;
  role?: string | null;
  timestamp?: string | null;
  uuid?: string | null;
  name?: string | null;
  sourceDescription?: string | null;
}

export interface RetrievalInput {
  maxFacts?: number | null;
  reranker?: RerankerName | null;
  minScore?: number | null;
  episodeSourceFilter?: string | null;
  mmrLambda?: number | null;
  centerNodeUuid?: string | null;
  includeInvalidated?: boolean | null;
}

function checkGroupId(groupId: string, field = 'group_id'): void {
  if (!GROUP_ID_PATTERN.test(groupId))
    throw fieldError('UNPROCESSABLE', field, `must match ${GROUP_ID_PATTERN.source}`, { field });
}

function isoTimestamp(value: string | null | undefined, index: number): string {
  if (!value) return new Date().toISOString();
  const d = new Date(value);
  if (Number.isNaN(d.getTime()))
    throw fieldError('UNPROCESSABLE', `messages[${index}].timestamp`, `not an ISO 8601 date-time`, {
      field: `messages[${index}].timestamp`,
    });
  return d.toISOString();
}

/** The memory service checks this at its edge too; GraphQL callers reach the operations directly. */
function checkMessageCount(messages: readonly unknown[]): void {
  const limit = LIMITS.memoryMaxMessagesPerRequest;
  if (messages.length > limit)
    throw fieldError('UNPROCESSABLE', 'messages', `at most ${limit} messages per request, got ${messages.length}`, {
      field: 'messages',
      limit,
    });
}

export async function addMessages(
  platform: Platform,
  principal: Principal,
  groupId: string,
  messages: readonly MessageInput[],
) {
  checkGroupId(groupId);
  checkMessageCount(messages);
  const episodes: NewEpisode[] = messages.map((m, i) => ({
    uuid: m.uuid || randomUUID(),
    name: m.name ?? '',
    content: m.content,
    roleType: m.roleType,
    role: m.role ?? null,
    sourceDescription: m.sourceDescription ?? '',
    timestamp: isoTimestamp(m.timestamp, i),
  }));
  // Stored before the answer: from here on a crash loses nothing, the job picks them up.
  const { added, conflicts } = await platform.services.memory.store.addEpisodes(principal.accountId, groupId, episodes);
  if (conflicts.length)
    throw fieldError('UNPROCESSABLE', 'messages', `uuid already used by another group: ${conflicts.join(', ')}`, {
      field: 'messages',
      conflicts,
    });
  const job = await platform.jobs.create(principal, INGEST_JOB, { groupId });
  return { accepted: added, jobId: job.id };
}

function retrieval(input: RetrievalInput) {
  const reranker = input.reranker ?? 'rrf';
  const maxFacts = input.maxFacts ?? DEFAULT_MAX_FACTS;
  const minScore = input.minScore ?? null;
  const mmrLambda = input.mmrLambda ?? null;
  const issue = rangeIssues({ maxFacts, reranker, minScore, mmrLambda })[0];
  if (issue) {
    throw new AppError(
      'UNPROCESSABLE',
      `${issue.field}: must be ${issue.bound === 'ge' ? 'at least' : 'at most'} ${issue.limit}${issue.field === 'min_score' ? ` for reranker ${reranker}` : ''}`,
      {
        field: issue.field,
      },
    );
  }
  return {
    maxFacts,
    reranker,
    minScore: minScore ?? defaultMinScore(reranker),
    mmrLambda: mmrLambda ?? DEFAULT_MMR_LAMBDA,
    source: input.episodeSourceFilter ?? null,
    includeInvalidated: input.includeInvalidated ?? false,
    centerNodeUuid: input.centerNodeUuid ?? null,
  };
}

export function searchMemory(
  platform: Platform,
  principal: Principal,
  input: RetrievalInput & { query: string; groupIds?: string[] | null },
): Promise<ScoredFact[]> {
  // Each group id is one SQL parameter: past SQLite's 32,766 a statement failed with a 500.
  if ((input.groupIds?.length ?? 0) > LIMITS.memoryMaxGroupIds) {
    throw fieldError('UNPROCESSABLE', 'group_ids', `at most ${LIMITS.memoryMaxGroupIds} groups in one search`, {
      field: 'group_ids',
      limit: LIMITS.memoryMaxGroupIds,
    });
  }
  for (const g of input.groupIds ?? []) checkGroupId(g, 'group_ids');
  return searchFacts(platform.services.memory, {
    ...retrieval(input),
    query: input.query,
    scope: { accountId: principal.accountId, groupIds: input.groupIds ?? null },
  });
}

export function getMemory(
  platform: Platform,
  principal: Principal,
  input: RetrievalInput & { groupId: string; messages: readonly MessageInput[] },
): Promise<ScoredFact[]> {
  checkGroupId(input.groupId);
  checkMessageCount(input.messages);
  return searchFacts(platform.services.memory, {
    ...retrieval(input),
    query: queryFromMessages(input.messages),
    scope: { accountId: principal.accountId, groupIds: [input.groupId] },
  });
}

export async function addEntityNode(
  platform: Platform,
  principal: Principal,
  input: { uuid: string; groupId: string; name: string; summary?: string | null },
) {
  checkGroupId(input.groupId);
  const entity = {
    uuid: input.uuid,
    accountId: principal.accountId,
    groupId: input.groupId,
    name: input.name,
    normName: normName(input.name),
    kind: 'entity',
    summary: input.summary ?? '',
    createdAt: new Date().toISOString(),
  };
  const outcome = await platform.services.memory.store.saveEntityNode(entity);
  if (outcome === 'conflict')
    throw new AppError('UNPROCESSABLE', 'uuid: already used by an entity node of another group', { field: 'uuid' });
  return entity;
}

export async function entityEdges(platform: Platform, principal: Principal, nodeUuid: string): Promise<Fact[]> {
  const edges = await platform.services.memory.store.edgesOfNode(principal.accountId, nodeUuid);
  if (!edges) throw new AppError('NOT_FOUND', 'Entity node not found');
  return edges;
}

export async function deleteEntityEdge(platform: Platform, principal: Principal, uuid: string): Promise<boolean> {
  if (!(await platform.services.memory.store.deleteFact(principal.accountId, uuid)))
    throw new AppError('NOT_FOUND', 'Entity edge not found');
  return true;
}

export function episodes(platform: Platform, principal: Principal, groupId: string, lastN: number): Promise<Episode[]> {
  if (!Number.isInteger(lastN) || lastN < 1)
    throw new AppError('UNPROCESSABLE', 'last_n: must be at least 1', { field: 'last_n' });
  return platform.services.memory.store.lastEpisodes(principal.accountId, groupId, lastN);
}

export async function deleteEpisodes(
  platform: Platform,
  principal: Principal,
  groupId: string,
  source: string,
): Promise<DeletionCounts> {
  const counts = await platform.services.memory.store.deleteEpisodes(principal.accountId, { groupId, source });
  if (!counts) throw new AppError('NOT_FOUND', 'No episodes with that source_description in the group');
  return counts;
}

export async function deleteEpisode(platform: Platform, principal: Principal, uuid: string): Promise<DeletionCounts> {
  const counts = await platform.services.memory.store.deleteEpisodes(principal.accountId, { uuid });
  if (!counts) throw new AppError('NOT_FOUND', 'Episode not found');
  return counts;
}

export async function deleteGroup(platform: Platform, principal: Principal, groupId: string): Promise<DeletionCounts> {
  const counts = await platform.services.memory.store.deleteGroup(principal.accountId, groupId);
  if (!counts) throw new AppError('NOT_FOUND', 'Group not found');
  return counts;
}

/**
 * POST /clear, the spec's "deletes everything", confined to the caller's
 * account: every group of the account goes, other accounts are untouched. Only
 * an operator (admin) key may, and only where MEMORY_CLEAR_ENABLED is set.
 */
export async function clearMemory(platform: Platform, principal: Principal): Promise<boolean> {
  if (!platform.config.memoryClearEnabled)
    throw new AppError(
      'FORBIDDEN',
      'Clearing all memory is disabled: set MEMORY_CLEAR_ENABLED=1 (development and tests only)',
    );
  if (!principal.admin)
    throw new AppError(
      'FORBIDDEN',
      'Clearing memory needs an operator key (npm run keys -- create --admin --account <account id>)',
    );
  await platform.services.memory.store.clear(principal.accountId);
  return true;
}
