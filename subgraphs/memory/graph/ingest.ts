// One episode into the graph: extract, resolve entities, add or merge facts,
// invalidate what the new facts contradict. Called in queue order per group
// (see ingest-job.ts). Re-running it for the same episode changes nothing,
// so an episode interrupted by a crash is simply processed again.
import { randomUUID } from 'node:crypto';
import type { Embedder } from '../../../core/embedding/embed.ts';
import { LIMITS } from '../../../core/limits.ts';
import type { ExtractedFact, Extraction, Extractor } from '../extraction/extractor.ts';
import type { Entity, Episode, FactRow, NewFact } from '../model.ts';
import type { MemoryStore } from '../store/memory-store.ts';
import { CHANGE_CUES } from '../extraction/relations.ts';
import {
  contradicted,
  applyIntervals,
  endedClause,
  mayContradict,
  names,
  statedValues,
  valueSort,
  type Candidate,
} from './invalidate.ts';
import { resolveAnaphora } from '../extraction/anaphora.ts';
import { findMentions } from '../extraction/mentions.ts';

/** The first value of a known sort a "no longer …" clause names ("W18x35" in "the beams no longer use W18x35"). */
function endedValue(text: string): string | null {
  const m = findMentions(endedClause(text)).find((x) => valueSort(x.kind, x.name) !== null);
  return m?.name ?? null;
}
import { fuzzyEligible, normName } from './names.ts';
import { resolveEntities, type Resolution } from './resolve.ts';

export interface IngestDeps {
  store: MemoryStore;
  extractor: Extractor;
  embedder: Embedder;
  now?: () => Date;
}

export interface IngestResult {
  entities: number;
  facts: number;
  merged: number;
  invalidated: number;
}

export const normFact = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** How many of the group's latest processed episodes are searched for the addressee. */
export const ADDRESSEE_WINDOW = 8;

/** An episode read and embedded, before anything is written: the part of ingestion that may call out (an LLM, an embedding service). */
export interface PreparedEpisode {
  episode: Episode;
  extraction: Extraction;
  embeddings: Float32Array[];
  /** The tag of the model that made `embeddings`. */
  embeddingModel: string;
}

/**
 * Extraction and embeddings of one episode, without the store: the drain prepares a run of episodes
 * first and then writes them in one transaction, which must not wait on a model or a network.
 * `earlier`: the group's latest processed episodes, oldest first (what store.lastEpisodes gives).
 */
export async function prepareEpisode(
  deps: Pick<IngestDeps, 'extractor' | 'embedder'>,
  episode: Episode,
  earlier: readonly Episode[],
): Promise<PreparedEpisode> {
  const [prepared] = await embedExtractions(deps.embedder, [await extractEpisode(deps, episode, earlier)]);
  return prepared!;
}

/** An episode's extraction, without its embeddings. */
export async function extractEpisode(
  deps: Pick<IngestDeps, 'extractor'>,
  episode: Episode,
  earlier: readonly Episode[],
): Promise<Omit<PreparedEpisode, 'embeddings' | 'embeddingModel'>> {
  // "you" is whoever spoke last before this message (someone other than its speaker).
  const speaker = episode.role ?? episode.roleType;
  const addressee = earlier.filter((e) => e.uuid !== episode.uuid && (e.role ?? e.roleType) !== speaker).at(-1);
  // "they were replaced by W21x44": the subject is the earlier message's ("the level 3 beams").
  const before = earlier
    .filter((e) => e.uuid !== episode.uuid && e.timestamp <= episode.timestamp)
    .map((e) => e.content);
  const read = resolveAnaphora(episode.content, before, endedValue);
  const extracted = await deps.extractor.extract({
    ...episode,
    content: read.content,
    addressee: addressee ? (addressee.role ?? addressee.roleType) : null,
  });
  // A message's facts are bounded (MEMORY_MAX_FACTS_PER_MESSAGE): their writes run on the event loop.
  const extraction =
    extracted.facts.length > LIMITS.memoryMaxFactsPerMessage
      ? { ...extracted, facts: extracted.facts.slice(0, LIMITS.memoryMaxFactsPerMessage) }
      : extracted;
  if (read.endedText) {
    // The value the earlier message ended is what the new value of its sort replaces.
    for (const f of extraction.facts) {
      const sort = valueSort(extraction.entities.find((e) => e.name === f.target)?.kind ?? '', f.target);
      if (sort !== null && sort === statedValues(read.endedText).at(0)?.sort && !f.replacesText)
        f.replacesText = read.endedText;
    }
  }
  return { episode, extraction };
}

/**
 * The facts of a run of extracted episodes embedded in one call: a model costs less a text in a
 * batch (20 ms of CPU a fact alone, 12-14 in batches of 32, for USE-lite), and a fact stated twice is embedded once.
 */
export async function embedExtractions(
  embedder: Embedder,
  extracted: readonly Omit<PreparedEpisode, 'embeddings' | 'embeddingModel'>[],
): Promise<PreparedEpisode[]> {
  const texts = [...new Set(extracted.flatMap((x) => x.extraction.facts.map((f) => f.fact)))];
  const vectors = texts.length ? await embedder.embed(texts) : [];
  const byText = new Map(texts.map((t, i) => [t, vectors[i]!]));
  return extracted.map((x) => ({
    ...x,
    embeddings: x.extraction.facts.map((f) => byText.get(f.fact)!),
    embeddingModel: embedder.model,
  }));
}

/**
 * `earlier`: the group's latest processed episodes, oldest first (what store.lastEpisodes gives), when
 * the caller already holds them (the drain keeps them as it goes, saving a read per message).
 */
export async function ingestEpisode(
  deps: IngestDeps,
  episode: Episode,
  earlierEpisodes?: readonly Episode[],
): Promise<IngestResult> {
  const earlier =
    earlierEpisodes ?? (await deps.store.lastEpisodes(episode.accountId, episode.groupId, ADDRESSEE_WINDOW));
  return writeEpisode(deps, await prepareEpisode(deps, episode, earlier));
}

/** A prepared episode into the graph: resolve entities, add or merge facts, invalidate what they contradict. Only store calls. */
export async function writeEpisode(
  deps: Pick<IngestDeps, 'store' | 'now'>,
  prepared: PreparedEpisode,
): Promise<IngestResult> {
  const { store } = deps;
  const { episode, extraction } = prepared;
  const now = (deps.now?.() ?? new Date()).toISOString();
  const resolution = await resolveEpisodeEntities(store, episode, extraction, now);
  const entityOf = (name: string | null): Entity | undefined =>
    name ? resolution.byName.get(name.toLowerCase()) : undefined;
  const run: FactRun = {
    store,
    prepared,
    now,
    entityOf,
    speakerUuids: new Set(extraction.entities.filter((e) => e.kind === 'speaker').map((e) => entityOf(e.name)?.uuid)),
    source: { uuid: episode.uuid, sourceDescription: episode.sourceDescription },
    between: await duplicateCandidates(store, episode, extraction, entityOf),
    inserted: [],
    currentTouching: new Map(),
    retired: new Set(),
    merged: 0,
    invalidated: 0,
  };
  for (const [i, x] of extraction.facts.entries()) await writeFact(run, x, i);
  await store.insertFacts(run.inserted);
  return {
    entities: resolution.created.length,
    facts: run.inserted.length,
    merged: run.merged,
    invalidated: run.invalidated,
  };
}

/** The episode's entities matched to the group's (exactly, fuzzily, or a lone name to a full one), the new ones inserted, and the episode's mentions written. */
async function resolveEpisodeEntities(
  store: MemoryStore,
  episode: Episode,
  extraction: Extraction,
  now: string,
): Promise<Resolution> {
  const { accountId, groupId } = episode;
  const norms = [...new Set(extraction.entities.map((e) => normName(e.name)).filter(Boolean))];
  const exact = await store.entitiesByNormName(accountId, groupId, norms);
  const known = new Set(exact.map((e) => e.normName));
  const unresolved = norms.filter((n) => !known.has(n) && fuzzyEligible(n));
  const fuzzy = unresolved.length
    ? await store.entitiesMatching({ accountId, groupIds: [groupId] }, unresolved.join(' '), 20)
    : [];
  // A lone first name or surname may stand for a full name already in the group ("Kenji" → Kenji Sato).
  const partNames = [
    ...new Set(extraction.entities.filter((e) => e.kind === 'name').map((e) => normName(e.name))),
  ].filter((n) => !known.has(n) && !n.includes(' '));
  const people: Entity[] = [];
  for (const n of partNames) people.push(...(await store.entitiesMatching({ accountId, groupIds: [groupId] }, n, 50)));
  const resolution = resolveEntities(
    extraction.entities,
    exact,
    fuzzy,
    (x, norm) => ({
      uuid: randomUUID(),
      accountId,
      groupId,
      name: x.name,
      normName: norm,
      kind: x.kind,
      summary: '',
      createdAt: now,
    }),
    people,
  );
  await store.insertEntities(resolution.created);
  await store.addMentions(accountId, episode.uuid, [...new Set([...resolution.byName.values()].map((e) => e.uuid))]);
  return resolution;
}

/** Duplicate candidates of every statement in one read: the stored facts between the same two entities. */
async function duplicateCandidates(
  store: MemoryStore,
  episode: Episode,
  extraction: Extraction,
  entityOf: (name: string | null) => Entity | undefined,
): Promise<FactRow[]> {
  const pairs = extraction.facts.flatMap((x) => {
    const src = entityOf(x.source);
    const tgt = entityOf(x.target);
    return src && tgt && src.uuid !== tgt.uuid ? [[src.uuid, tgt.uuid] as const] : [];
  });
  return pairs.length
    ? await store.factsBetween(
        episode.accountId,
        episode.groupId,
        pairs,
        extraction.facts.map((x) => normFact(x.fact)),
      )
    : [];
}

/** What the facts of one episode share as they are written one after another. */
interface FactRun {
  store: MemoryStore;
  prepared: PreparedEpisode;
  now: string;
  entityOf: (name: string | null) => Entity | undefined;
  speakerUuids: Set<string | undefined>;
  source: { uuid: string; sourceDescription: string };
  between: FactRow[];
  inserted: NewFact[];
  /** Contradiction candidates per entity, read once per episode; what this episode retires leaves them. */
  currentTouching: Map<string, FactRow[]>;
  retired: Set<string>;
  merged: number;
  invalidated: number;
}

/** One statement: merged into the same stored statement, or added after invalidating what it contradicts. */
async function writeFact(run: FactRun, x: ExtractedFact, i: number): Promise<void> {
  const { store, prepared, now } = run;
  const { episode, embeddings, embeddingModel } = prepared;
  const { accountId, groupId } = episode;
  const src = run.entityOf(x.source);
  const tgt = run.entityOf(x.target);
  if (!src || !tgt || src.uuid === tgt.uuid) return;
  const norm = normFact(x.fact);
  const samePair = (f: FactRow) =>
    (f.sourceUuid === src.uuid && f.targetUuid === tgt.uuid) ||
    (f.sourceUuid === tgt.uuid && f.targetUuid === src.uuid);
  const same = [
    ...run.between.filter(samePair),
    ...run.inserted.filter((f) => f.sourceUuid === src.uuid && f.targetUuid === tgt.uuid),
  ].find((f) => f.normFact === norm);
  if (same) {
    // Graphiti's fast path: the same statement between the same entities gains this episode.
    await store.addFactEpisode(accountId, same.uuid, run.source);
    run.merged++;
    return;
  }
  const replaced = run.entityOf(x.replaces);
  const validAt = x.validAt ?? episode.timestamp;
  const touching = await contradictionCandidates(run, x, src, tgt, replaced);
  const anchorEntities = x.context ? x.context.map((n) => run.entityOf(n)?.uuid) : [src.uuid, tgt.uuid];
  const anchors = [...new Set(anchorEntities)].filter(
    (u): u is string => !!u && u !== replaced?.uuid && !run.speakerUuids.has(u),
  );
  const hits = contradicted(
    {
      sourceUuid: src.uuid,
      targetUuid: tgt.uuid,
      relation: x.relation,
      validAt,
      target: tgt,
      replaces: replaced?.uuid ?? null,
      ends: x.ends,
      anchors,
      statement: x.fact,
      replacesText: x.replacesText ?? null,
      sourceKind: run.speakerUuids.has(src.uuid) ? 'speaker' : src.kind,
    },
    await withEndpoints(store, accountId, touching),
  );
  const uuid = randomUUID();
  const { invalidateOld, newInvalidAt } = applyIntervals(
    { validAt, invalidAt: null },
    hits.map((h) => h.fact),
  );
  for (const u of invalidateOld) {
    await store.invalidateFact(accountId, u.uuid, u.invalidAt, now, uuid);
    run.retired.add(u.uuid);
  }
  run.invalidated += invalidateOld.length;
  run.inserted.push({
    uuid,
    accountId,
    groupId,
    sourceUuid: src.uuid,
    targetUuid: tgt.uuid,
    name: x.relation,
    fact: x.fact,
    normFact: norm,
    validAt,
    invalidAt: newInvalidAt,
    createdAt: now,
    expiredAt: newInvalidAt ? now : null,
    invalidatedBy: null,
    embedding: embeddings[i]!,
    embeddingModel,
    episode: run.source,
  });
}

/** The current facts a new statement may contradict: those touching its subject or the entity it replaces, those naming a replaced value in words, and those of a thing a weak subject's statement names. */
async function contradictionCandidates(
  run: FactRun,
  x: ExtractedFact,
  src: Entity,
  tgt: Entity,
  replaced: Entity | undefined,
): Promise<Map<string, FactRow>> {
  const { store } = run;
  const { accountId, groupId } = run.prepared.episode;
  const touching = new Map<string, FactRow>();
  const checked = mayContradict({
    relation: x.relation,
    target: tgt,
    replaces: replaced?.uuid ?? null,
    replacesText: x.replacesText ?? null,
    ends: x.ends,
  });
  if (!checked) return touching;
  const gather = async (entityUuid: string) => {
    let facts = run.currentTouching.get(entityUuid);
    if (!facts)
      run.currentTouching.set(entityUuid, (facts = await store.currentFactsTouching(accountId, groupId, entityUuid)));
    for (const f of facts) if (!run.retired.has(f.uuid)) touching.set(f.uuid, f);
  };
  await gather(src.uuid);
  if (replaced) await gather(replaced.uuid);
  // Statements of a replaced value named only in words are found by their text.
  if (x.replacesText) {
    const scope = { accountId, groupIds: [groupId] };
    const hits = await store.fullTextFacts(scope, x.replacesText, { includeInvalidated: false, source: null }, 20);
    for (const f of await store.getFacts(
      accountId,
      hits.map((h) => h.uuid),
    ))
      if (f.invalidAt === null && names(f.fact, x.replacesText)) touching.set(f.uuid, f);
  }
  // A change of value with a subject the extractor could not pin down may be about a thing the statement names (see contradicted).
  const weakSubject = run.speakerUuids.has(src.uuid) || src.kind === 'topic';
  if (weakSubject && valueSort(tgt.kind, tgt.name) !== null && CHANGE_CUES.test(x.fact)) {
    const named = await store.entitiesMatching({ accountId, groupIds: [groupId] }, x.fact, 20);
    for (const e of named)
      if (e.kind !== 'speaker' && e.uuid !== src.uuid && names(x.fact, e.name)) await gather(e.uuid);
  }
  return touching;
}

/** The candidates with the names and kinds of their endpoints, which contradiction rules read. */
async function withEndpoints(
  store: MemoryStore,
  accountId: string,
  touching: Map<string, FactRow>,
): Promise<Candidate[]> {
  const endpoints = await store.getEntities(accountId, [
    ...new Set([...touching.values()].flatMap((f) => [f.sourceUuid, f.targetUuid])),
  ]);
  const byUuid = new Map(endpoints.map((e) => [e.uuid, e]));
  return [...touching.values()].map((fact) => ({
    fact,
    otherKind: byUuid.get(fact.targetUuid)?.kind ?? null,
    otherName: byUuid.get(fact.targetUuid)?.name ?? null,
    sourceName: byUuid.get(fact.sourceUuid)?.name ?? null,
  }));
}
