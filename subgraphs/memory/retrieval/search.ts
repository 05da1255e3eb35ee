// Hybrid retrieval over one account's facts: full-text (BM25), vector
// similarity and the neighbourhood of entities the query names make the
// candidates; a reranker orders them. Current facts only unless asked.
import { AppError } from '../../../core/errors.ts';
import type { Embedder } from '../../../core/embedding/embed.ts';
import type { FactFilter, Ranked, Scope, StoredFact } from '../model.ts';
import type { MemoryStore } from '../store/memory-store.ts';
import { localPairScores, type PairScorer } from './cross-encoder.ts';
import { rrf, withProximity } from './fusion.ts';
import { collapseDuplicates } from './dedupe.ts';
import { mmr } from './mmr.ts';
import { asksWhen, isPerson, withoutPeople } from './query.ts';
import { superseded, SUPERSEDED_WEIGHT, thingsNamed } from './supersede.ts';

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

/**
 * How deep each candidate list is read, and how many fused candidates the narrowing (people, dates) and
 * the rerankers see, whatever the page size: a fact ranked fairly in several lists, or lifted by a name
 * the question gives, must be in the pool to rise. 30 and 40 (the earlier depths) gave 0.772 hit@10 on
 * LoCoMo, 100 and 120 give 0.781 on the same graph; at 100,000 facts the bare BM25 ranking of every
 * match, not the depth, is the cost.
 */
const LIST_DEPTH = 100;
const POOL_DEPTH = 120;

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
  if (p.centerNodeUuid && !(await store.getEntity(p.scope.accountId, p.centerNodeUuid)))
    throw new AppError('NOT_FOUND', 'Entity node not found');
  if (!query) return [];
  const n = Math.max(p.maxFacts * 3, LIST_DEPTH);
  const scope = p.scope;
  const [embedding] = await embedder.embed([query]);
  const named = await store.entitiesMatching(scope, query, 10);
  const people = new Set(named.filter(isPerson).map((e) => e.uuid));
  const content = withoutPeople(query, named);
  const [fullText, spoken, nearest, around] = await Promise.all([
    store.fullTextFacts(scope, content, filter, n),
    store.fullTextEpisodeFacts(scope, content, filter, n),
    store.nearestFacts(scope, { model: embedder.model, vector: embedding! }, filter, n),
    p.centerNodeUuid ? store.factsAround(scope, [p.centerNodeUuid], 2, filter, n) : Promise.resolve([] as Ranked[]),
  ]);
  // Things the query names (a beam, a code, a project) bring their neighbourhood as a list of its own;
  // people only narrow (see below): they said everything, so their neighbourhood ranks nothing.
  const things = named.filter((e) => !isPerson(e));
  const neighbours = things.length
    ? await store.factsAround(
        scope,
        things.slice(0, 5).map((e) => e.uuid),
        1,
        filter,
        n,
      )
    : [];
  const fused = rrf([fullText, spoken, nearest, neighbours]);
  const proximity = p.centerNodeUuid ? new Map(around.map((r) => [r.uuid, r.score >= 1 ? 1 : 0.5])) : null;
  for (const r of around) if (!fused.has(r.uuid)) fused.set(r.uuid, 0);
  const pool = [...fused].sort((a, b) => b[1] - a[1]).slice(0, Math.max(p.maxFacts * 4, POOL_DEPTH));
  const facts = new Map(
    (
      await store.getFacts(
        p.scope.accountId,
        pool.map(([u]) => u),
      )
    ).map((f) => [f.uuid, f]),
  );
  const when = asksWhen(query);
  const relevance = new Map(
    pool
      .filter(([u]) => facts.has(u))
      .map(([uuid, s]) => [
        uuid,
        withProximity(narrowed(s, facts.get(uuid)!, people, when), proximity?.get(uuid) ?? (proximity ? 0 : undefined)),
      ]),
  );
  const ordered = [...relevance].sort((a, b) => b[1] - a[1]);

  let scored: { uuid: string; score: number }[];
  if (p.reranker === 'rrf') {
    scored = ordered.filter(([, s]) => s >= p.minScore).map(([uuid, score]) => ({ uuid, score }));
  } else if (p.reranker === 'mmr') {
    scored = mmr(
      ordered.map(([uuid, relevance]) => ({ uuid, relevance, embedding: facts.get(uuid)!.embedding })),
      p.mmrLambda,
      // MMR picks greedily; near-duplicates removed afterwards leave room for a few more.
      Math.min(ordered.length, p.maxFacts * 2),
    ).filter((r) => r.score >= p.minScore);
  } else {
    // Shortlist by fusion, keeping the best vector hits even if fusion ranked them low.
    const shortlist = [
      ...new Set([
        ...ordered.slice(0, Math.max(p.maxFacts * 3, 30)).map(([u]) => u),
        ...nearest.slice(0, 5).map((r) => r.uuid),
      ]),
    ];
    const missing = shortlist.filter((u) => !facts.has(u));
    for (const f of await store.getFacts(p.scope.accountId, missing)) facts.set(f.uuid, f);
    const list = shortlist.filter((u) => facts.has(u));
    const texts = list.map((u) => facts.get(u)!.fact);
    const scores = deps.pairScorer
      ? await deps.pairScorer.score(query, texts)
      : localPairScores(
          query,
          texts,
          list.map((u) => cosine(embedding!, facts.get(u)!.embedding)),
        );
    scored = list
      .map((uuid, i) => ({
        uuid,
        score: withProximity(scores[i]!, proximity ? (proximity.get(uuid) ?? 0) : undefined),
      }))
      .filter((r) => r.score >= p.minScore);
  }
  // A statement a later one replaced for a thing the question names is history: it comes after every current
  // answer, its score lowered to stay in order (a share of its distance from the bottom of the reranker's range,
  // which is −1 for mmr, and no more than the last current answer's).
  const history = superseded(
    query,
    thingsNamed(query, things),
    scored.map((r) => facts.get(r.uuid)!),
  );
  const bottom = p.reranker === 'mmr' ? -1 : 0;
  const current = scored.filter((r) => !history.has(r.uuid)).sort((a, b) => b.score - a.score);
  const floor = current.at(-1)?.score ?? Infinity;
  const past = scored
    .filter((r) => history.has(r.uuid))
    .map((r) => ({ uuid: r.uuid, score: Math.min(floor, bottom + (r.score - bottom) * SUPERSEDED_WEIGHT) }))
    .filter((r) => r.score >= p.minScore)
    .sort((a, b) => b.score - a.score);
  const best = [...current, ...past].map((r) => ({ ...facts.get(r.uuid)!, score: r.score }));
  return collapseDuplicates(best, p.maxFacts);
}

/** People the query names narrow the answer to what touches them; a question asking "when" prefers facts that carry a date. */
const NARROW_WEIGHT = 0.2;
const DATED =
  /\b(?:(?:january|february|march|april|may|june|july|august|september|october|november|december)\b[^.]{0,12}\b\d{4}|\d{4}-\d{2}-\d{2}|(?:19|20)\d{2})\b/i;

function narrowed(score: number, fact: StoredFact, people: ReadonlySet<string>, when: boolean): number {
  let s = score;
  if (people.size)
    s = (1 - NARROW_WEIGHT) * s + NARROW_WEIGHT * (people.has(fact.sourceUuid) || people.has(fact.targetUuid) ? 1 : 0);
  if (when) s = (1 - NARROW_WEIGHT) * s + NARROW_WEIGHT * (DATED.test(fact.fact) ? 1 : 0);
  return s;
}

/** get-memory's query: the messages' contents, oldest first (the role prefixes Graphiti adds would match every fact the speaker stated). */
export const queryFromMessages = (messages: readonly { content: string }[]): string =>
  messages.map((m) => m.content).join('\n');
