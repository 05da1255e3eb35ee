// One episode into the graph: extract, resolve entities, add or merge facts,
// invalidate what the new facts contradict. Called in queue order per group
// (see ingest-job.ts). Re-running it for the same episode changes nothing,
// so an episode interrupted by a crash is simply processed again.
import { randomUUID } from 'node:crypto';
import type { Embedder } from '../../../core/embedding/embed.ts';
import { LIMITS } from '../../../core/limits.ts';
import type { Extraction, Extractor } from '../extraction/extractor.ts';
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
import { resolveEntities } from './resolve.ts';

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
  const { episode, extraction, embeddings, embeddingModel } = prepared;
  const now = (deps.now?.() ?? new Date()).toISOString();
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

  const entityOf = (name: string | null): Entity | undefined =>
    name ? resolution.byName.get(name.toLowerCase()) : undefined;
  const speakerUuids = new Set(
    extraction.entities.filter((e) => e.kind === 'speaker').map((e) => entityOf(e.name)?.uuid),
  );
  const source = { uuid: episode.uuid, sourceDescription: episode.sourceDescription };
  const inserted: NewFact[] = [];
  let merged = 0;
  let invalidated = 0;

  // Duplicate candidates of every statement in one read: the stored facts between the same two entities.
  const pairs = extraction.facts.flatMap((x) => {
    const src = entityOf(x.source);
    const tgt = entityOf(x.target);
    return src && tgt && src.uuid !== tgt.uuid ? [[src.uuid, tgt.uuid] as const] : [];
  });
  const between = pairs.length
    ? await store.factsBetween(
        accountId,
        groupId,
        pairs,
        extraction.facts.map((x) => normFact(x.fact)),
      )
    : [];
  // Contradiction candidates per entity, read once per episode; what this episode retires leaves them.
  const currentTouching = new Map<string, FactRow[]>();
  const retired = new Set<string>();

  for (const [i, x] of extraction.facts.entries()) {
    const src = entityOf(x.source);
    const tgt = entityOf(x.target);
    if (!src || !tgt || src.uuid === tgt.uuid) continue;
    const norm = normFact(x.fact);
    const samePair = (f: FactRow) =>
      (f.sourceUuid === src.uuid && f.targetUuid === tgt.uuid) ||
      (f.sourceUuid === tgt.uuid && f.targetUuid === src.uuid);
    const same = [
      ...between.filter(samePair),
      ...inserted.filter((f) => f.sourceUuid === src.uuid && f.targetUuid === tgt.uuid),
    ].find((f) => f.normFact === norm);
    if (same) {
      // Graphiti's fast path: the same statement between the same entities gains this episode.
      await store.addFactEpisode(accountId, same.uuid, source);
      merged++;
      continue;
    }
    const replaced = entityOf(x.replaces);
    const validAt = x.validAt ?? episode.timestamp;
    const touching = new Map<string, FactRow>();
    const checked = mayContradict({
      relation: x.relation,
      target: tgt,
      replaces: replaced?.uuid ?? null,
      replacesText: x.replacesText ?? null,
      ends: x.ends,
    });
    const gather = async (entityUuid: string) => {
      if (!checked) return;
      let facts = currentTouching.get(entityUuid);
      if (!facts)
        currentTouching.set(entityUuid, (facts = await store.currentFactsTouching(accountId, groupId, entityUuid)));
      for (const f of facts) if (!retired.has(f.uuid)) touching.set(f.uuid, f);
    };
    await gather(src.uuid);
    if (replaced) await gather(replaced.uuid);
    // Statements of a replaced value named only in words are found by their text.
    if (checked && x.replacesText) {
      const scope = { accountId, groupIds: [groupId] };
      const hits = await store.fullTextFacts(scope, x.replacesText, { includeInvalidated: false, source: null }, 20);
      for (const f of await store.getFacts(
        accountId,
        hits.map((h) => h.uuid),
      ))
        if (f.invalidAt === null && names(f.fact, x.replacesText)) touching.set(f.uuid, f);
    }
    // A change of value with a subject the extractor could not pin down may be about a thing the statement names (see contradicted).
    const weakSubject = speakerUuids.has(src.uuid) || src.kind === 'topic';
    if (weakSubject && valueSort(tgt.kind, tgt.name) !== null && CHANGE_CUES.test(x.fact)) {
      const named = await store.entitiesMatching({ accountId, groupIds: [groupId] }, x.fact, 20);
      for (const e of named)
        if (e.kind !== 'speaker' && e.uuid !== src.uuid && names(x.fact, e.name)) await gather(e.uuid);
    }
    const endpoints = await store.getEntities(accountId, [
      ...new Set([...touching.values()].flatMap((f) => [f.sourceUuid, f.targetUuid])),
    ]);
    const byUuid = new Map(endpoints.map((e) => [e.uuid, e]));
    const candidates: Candidate[] = [...touching.values()].map((fact) => ({
      fact,
      otherKind: byUuid.get(fact.targetUuid)?.kind ?? null,
      otherName: byUuid.get(fact.targetUuid)?.name ?? null,
      sourceName: byUuid.get(fact.sourceUuid)?.name ?? null,
    }));
    const anchorEntities = x.context ? x.context.map((n) => entityOf(n)?.uuid) : [src.uuid, tgt.uuid];
    const anchors = [...new Set(anchorEntities)].filter(
      (u): u is string => !!u && u !== replaced?.uuid && !speakerUuids.has(u),
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
        sourceKind: speakerUuids.has(src.uuid) ? 'speaker' : src.kind,
      },
      candidates,
    );
    const uuid = randomUUID();
    const { invalidateOld, newInvalidAt } = applyIntervals(
      { validAt, invalidAt: null },
      hits.map((h) => h.fact),
    );
    for (const u of invalidateOld) {
      await store.invalidateFact(accountId, u.uuid, u.invalidAt, now, uuid);
      retired.add(u.uuid);
    }
    invalidated += invalidateOld.length;
    inserted.push({
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
      episode: source,
    });
  }
  await store.insertFacts(inserted);
  return { entities: resolution.created.length, facts: inserted.length, merged, invalidated };
}
