// Hybrid retrieval over one account's facts: full-text (BM25), vector
// similarity and the neighbourhood of entities the query names make the
// candidates; a reranker orders them. Current facts only unless asked.
import { AppError } from '../../../core/errors.ts';
import type { Embedder } from '../embed.ts';
import type { FactFilter, Ranked, Scope, StoredFact } from '../model.ts';
import type { MemoryStore } from '../store/memory-store.ts';
import { localPairScores, type PairScorer } from './cross-encoder.ts';
import { rrf, withProximity } from './fusion.ts';
import { mmr } from './mmr.ts';

export type RerankerName = 'rrf' | 'mmr' | 'cross_encoder';

export interface SearchParams {
  query: string;
  scope: Scope;
  maxFacts: number;
  reranker: RerankerName;
  minScore: number;
  mmrLambda: number;
  source: string | null;
  includeInvalidated: boolean;
  centerNodeUuid: string | null;
}

export interface SearchDeps {
  store: MemoryStore;
  embedder: Embedder;
  /** A reranking service for cross_encoder; null uses the local pairwise scorer. */
  pairScorer: PairScorer | null;
}

export interface ScoredFact extends StoredFact {
  score: number;
}

/** Graphiti caps full-text queries at 128 words; the most recent words of a long query matter most. */
const MAX_QUERY_WORDS = 128;

function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  for (let i = 0; i < a.length && i < b.length; i++) dot += a[i]! * b[i]!;
  return dot;
}

export async function searchFacts(deps: SearchDeps, p: SearchParams): Promise<ScoredFact[]> {
  const query = p.query.split(/\s+/).filter(Boolean).slice(-MAX_QUERY_WORDS).join(' ');
  const { store, embedder } = deps;
  const filter: FactFilter = { includeInvalidated: p.includeInvalidated, source: p.source };
  if (p.centerNodeUuid && !(await store.getEntity(p.scope.accountId, p.centerNodeUuid))) throw new AppError('NOT_FOUND', 'Entity node not found');
  if (!query) return [];
  const n = Math.max(p.maxFacts * 3, 30);
  const [embedding] = await embedder.embed([query]);
  const [fullText, nearest, entities, around] = await Promise.all([
    store.fullTextFacts(p.scope, query, filter, n),
    store.nearestFacts(p.scope, embedding!, filter, n),
    store.entitiesMatching(p.scope, query, 10),
    p.centerNodeUuid ? store.factsAround(p.scope, [p.centerNodeUuid], 2, filter, n) : Promise.resolve([] as Ranked[]),
  ]);
  // Speakers are hubs (they said everything); expand from them only when nothing else matched.
  const origins = entities.some((e) => e.kind !== 'speaker') ? entities.filter((e) => e.kind !== 'speaker') : entities;
  const neighbours = await store.factsAround(p.scope, origins.slice(0, 5).map((e) => e.uuid), 1, filter, n);
  const fused = rrf([fullText, nearest, neighbours]);
  const proximity = p.centerNodeUuid ? new Map(around.map((r) => [r.uuid, r.score >= 1 ? 1 : 0.5])) : null;
  for (const r of around) if (!fused.has(r.uuid)) fused.set(r.uuid, 0);
  const relevance = new Map([...fused].map(([uuid, s]) => [uuid, withProximity(s, proximity?.get(uuid) ?? (proximity ? 0 : undefined))]));
  const ordered = [...relevance].sort((a, b) => b[1] - a[1]);

  let scored: { uuid: string; score: number }[];
  let facts: Map<string, StoredFact>;
  const hydrate = async (uuids: string[]) => new Map((await store.getFacts(p.scope.accountId, uuids)).map((f) => [f.uuid, f]));
  if (p.reranker === 'rrf') {
    const top = ordered.filter(([, s]) => s >= p.minScore).slice(0, p.maxFacts);
    facts = await hydrate(top.map(([u]) => u));
    scored = top.map(([uuid, score]) => ({ uuid, score }));
  } else if (p.reranker === 'mmr') {
    const pool = ordered.slice(0, Math.max(p.maxFacts * 4, 40));
    facts = await hydrate(pool.map(([u]) => u));
    scored = mmr(
      pool.filter(([u]) => facts.has(u)).map(([uuid, relevance]) => ({ uuid, relevance, embedding: facts.get(uuid)!.embedding })),
      p.mmrLambda,
      p.maxFacts,
    ).filter((r) => r.score >= p.minScore);
  } else {
    // Shortlist by fusion, keeping the best vector hits even if fusion ranked them low.
    const shortlist = [...new Set([...ordered.slice(0, Math.max(p.maxFacts * 3, 30)).map(([u]) => u), ...nearest.slice(0, 5).map((r) => r.uuid)])];
    facts = await hydrate(shortlist);
    const list = shortlist.filter((u) => facts.has(u));
    const texts = list.map((u) => facts.get(u)!.fact);
    const scores = deps.pairScorer
      ? await deps.pairScorer.score(query, texts)
      : localPairScores(query, texts, list.map((u) => cosine(embedding!, facts.get(u)!.embedding)));
    scored = list
      .map((uuid, i) => ({ uuid, score: withProximity(scores[i]!, proximity ? (proximity.get(uuid) ?? 0) : undefined) }))
      .filter((r) => r.score >= p.minScore)
      .sort((a, b) => b.score - a.score)
      .slice(0, p.maxFacts);
  }
  return scored.sort((a, b) => b.score - a.score).map((r) => ({ ...facts.get(r.uuid)!, score: r.score }));
}

/** get-memory's query: the messages' contents, oldest first (the role prefixes Graphiti adds would match every fact the speaker stated). */
export const queryFromMessages = (messages: readonly { content: string }[]): string => messages.map((m) => m.content).join('\n');
