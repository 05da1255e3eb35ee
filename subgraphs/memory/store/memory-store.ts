// The one interface the memory domain talks to, in one part per concern.
// Two implementations, each one module per part: the SQL store on the platform
// database (sql-store.ts: the parts written once in sql/, each engine's
// differences in its dialect, libSQL or PostgreSQL) and a Neo4j store for
// deployments that outgrow one machine (neo4j/, over a base that owns the driver).
// Every method that makes more than one change makes them in one transaction:
// all or nothing. test/subgraphs/memory/store-contract.ts runs the same checks
// against each, failures injected midway included.
import type { ModelVector } from '../../../core/embedding/model-vector.ts';
import type {
  DeletionCounts,
  Entity,
  Episode,
  Fact,
  FactFilter,
  FactRow,
  NewEpisode,
  NewFact,
  Ranked,
  Scope,
  StoredFact,
} from '../model.ts';

// Every uuid (episode, entity, fact) is unique within its account only: two accounts may use the same
// one, and every method that takes a uuid takes the account it belongs to.

/** Episodes, the ingestion queue they form, and the deletion of episodes with what only they hold. */
export interface EpisodeStore {
  /**
   * Stores new episodes as `pending`. Uuids are the account's own: one already stored in this group is
   * skipped, in another group of the account refused (conflicts); another account's use of it is not seen.
   */
  addEpisodes(
    accountId: string,
    groupId: string,
    episodes: readonly NewEpisode[],
  ): Promise<{ added: number; conflicts: string[] }>;
  /** The oldest `limit` pending episodes of a group, in queue order. */
  nextPending(accountId: string, groupId: string, limit: number): Promise<Episode[]>;
  /** Groups that still have pending episodes, e.g. after a restart. */
  pendingGroups(): Promise<{ accountId: string; groupId: string }[]>;
  finishEpisode(accountId: string, uuid: string, error: string | null): Promise<void>;
  /** The newest lastN processed episodes, returned oldest first. */
  lastEpisodes(accountId: string, groupId: string, lastN: number): Promise<Episode[]>;
  /**
   * The cascade of DELETE /episodes/{group}/{source} and DELETE /episode/{uuid}, in one transaction:
   * the episodes, their provenance and mentions, the facts left with no episode (restoring what those
   * invalidated) and the entities left unmentioned and untouched. null when nothing matched.
   */
  deleteEpisodes(
    accountId: string,
    match: { groupId: string; source: string } | { uuid: string },
  ): Promise<DeletionCounts | null>;
}

/** Entities (nodes) and the episodes that mention them. */
export interface EntityStore {
  entitiesByNormName(accountId: string, groupId: string, normNames: readonly string[]): Promise<Entity[]>;
  /** Entities whose names share words with `text` (candidates for fuzzy resolution and for retrieval). */
  entitiesMatching(scope: Scope, text: string, limit: number): Promise<Entity[]>;
  insertEntities(entities: readonly Entity[]): Promise<void>;
  getEntity(accountId: string, uuid: string): Promise<Entity | null>;
  getEntities(accountId: string, uuids: readonly string[]): Promise<Entity[]>;
  /** POST /entity-node: creates, or updates the name and summary of the caller's own node; 'conflict' when the uuid is one of the account's nodes in another group. */
  saveEntityNode(entity: Entity): Promise<'created' | 'updated' | 'conflict'>;
  addMentions(accountId: string, episodeUuid: string, entityUuids: readonly string[]): Promise<void>;
}

/** Facts (edges), their provenance, and their invalidation. */
export interface FactStore {
  /**
   * Facts between the two entities of any of the pairs, in either direction (duplicate candidates);
   * with `normFacts`, only those whose normFact is one of them (two people share hundreds of facts,
   * and ingestion only looks for the same statement). A store may ignore it and return more.
   */
  factsBetween(
    accountId: string,
    groupId: string,
    pairs: readonly (readonly [string, string])[],
    normFacts?: readonly string[],
  ): Promise<FactRow[]>;
  /** Current facts with this entity at either end (contradiction candidates). */
  currentFactsTouching(accountId: string, groupId: string, entityUuid: string): Promise<FactRow[]>;
  insertFacts(facts: readonly NewFact[]): Promise<void>;
  addFactEpisode(
    accountId: string,
    factUuid: string,
    episode: { uuid: string; sourceDescription: string },
  ): Promise<void>;
  invalidateFact(accountId: string, uuid: string, invalidAt: string, expiredAt: string, by: string): Promise<void>;
  /** Facts with an end at this node, any state; null when the node is not the account's. */
  edgesOfNode(accountId: string, nodeUuid: string): Promise<Fact[] | null>;
  getFacts(accountId: string, uuids: readonly string[]): Promise<StoredFact[]>;
  /** Deletes the fact and its provenance and makes current again what it invalidated, in one transaction. */
  deleteFact(accountId: string, uuid: string): Promise<boolean>;
}

/** Retrieval: each returns fact uuids best first. */
export interface RetrievalStore {
  fullTextFacts(scope: Scope, query: string, filter: FactFilter, limit: number): Promise<Ranked[]>;
  /**
   * Facts stated by the processed episodes whose own text best matches `query` (BM25 over what was said),
   * best episode first: the message is evidence even where extraction made a poor fact of it.
   */
  fullTextEpisodeFacts(scope: Scope, query: string, filter: FactFilter, limit: number): Promise<Ranked[]>;
  /** Facts nearest `embedding`, among the facts whose vectors its model made (never another model's). */
  nearestFacts(scope: Scope, embedding: ModelVector, filter: FactFilter, limit: number): Promise<Ranked[]>;
  /**
   * Adds the facts written since the last call to the vector index, in statements of up to
   * `batchRows` rows, and returns how many. Writing facts does not index them one by one
   * (per-row index inserts dominated ingestion); nearestFacts scans the not yet indexed ones
   * exactly, so a fact is findable from the moment it is written. A store whose index is
   * maintained on write returns 0. Only vectors of `space`'s model are indexed: a store whose index
   * holds no model yet starts one for it when no fact of another model waits for re-embedding
   * (then the re-embedding job activates the new model's index when it ends: reembedFacts).
   */
  indexFactVectors(batchRows: number, space: { model: string; dimensions: number }): Promise<number>;
  /** Re-embedding (core/embedding/reembed.ts): facts whose vector is not `model`'s, how many, and their new vectors. */
  factsToReembed(model: string, limit: number): Promise<{ accountId: string; uuid: string; fact: string }[]>;
  countFactsToReembed(model: string): Promise<{ stale: number; total: number }>;
  setFactVectors(
    model: string,
    rows: readonly { accountId: string; uuid: string; vector: Float32Array }[],
  ): Promise<void>;
  /** The index made anew for `model`'s vectors, once every fact has one. */
  activateFactVectors(space: { model: string; dimensions: number }): Promise<void>;
  /** Facts within `depth` hops of the entities, or stated by episodes that mention them; score = 1 / hop. */
  factsAround(
    scope: Scope,
    entityUuids: readonly string[],
    depth: number,
    filter: FactFilter,
    limit: number,
  ): Promise<Ranked[]>;
}

/** Groups as a whole: the processing lease, and deleting a group or every group of an account. */
export interface GroupStore {
  /**
   * Takes a group's processing lease for `holder` until `ttlMs` from now when
   * it is free, expired or already the holder's; false when another holder
   * has it. Episodes are processed in order across processes because only
   * the lease holder processes a group.
   */
  leaseGroup(accountId: string, groupId: string, holder: string, ttlMs: number): Promise<boolean>;
  releaseGroup(accountId: string, groupId: string, holder: string): Promise<void>;
  /** Everything of one group, in one transaction; null when the group holds nothing. */
  deleteGroup(accountId: string, groupId: string): Promise<DeletionCounts | null>;
  /** POST /clear: every group of one account (episodes, entities, facts, leases), in one transaction; other accounts are untouched. */
  clear(accountId: string): Promise<void>;
}

export interface MemoryStore extends EpisodeStore, EntityStore, FactStore, RetrievalStore, GroupStore {
  readonly kind: 'libsql' | 'postgresql' | 'neo4j';
  /**
   * Runs `work` on the store as one transaction: every statement of `tx` takes effect, or none does when
   * `work` throws. Ingestion writes a run of episodes this way (one commit instead of one per statement).
   * Only `tx` may be used inside (a statement on the store itself would wait for the transaction). Calls of
   * `tx.inTransaction` run in the same transaction. The Neo4j store runs `work` on itself, each
   * method atomic as always.
   */
  inTransaction<T>(work: (tx: MemoryStore) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
