// The records of the memory graph, as every store reads and writes them.
// Timestamps are ISO 8601 strings in UTC: they sort as text and travel as-is.

export interface Scope {
  accountId: string;
  /** null: every group of the account. */
  groupIds: readonly string[] | null;
}

export interface NewEpisode {
  uuid: string;
  name: string;
  content: string;
  roleType: string;
  role: string | null;
  sourceDescription: string;
  timestamp: string;
}

export interface Episode extends NewEpisode {
  accountId: string;
  groupId: string;
  createdAt: string;
  status: 'pending' | 'done' | 'failed';
}

export interface Entity {
  uuid: string;
  accountId: string;
  groupId: string;
  name: string;
  /** Lower-case, articles dropped, whitespace collapsed: the exact-match key of resolution. */
  normName: string;
  /** What the extractor recognised it as (person, code, member_size, load, …); `entity` when unknown. */
  kind: string;
  summary: string;
  createdAt: string;
}

export interface Fact {
  uuid: string;
  accountId: string;
  groupId: string;
  sourceUuid: string;
  targetUuid: string;
  /** Relationship name, e.g. USES, WORKS_AT. */
  name: string;
  fact: string;
  normFact: string;
  validAt: string | null;
  invalidAt: string | null;
  createdAt: string;
  expiredAt: string | null;
  /** The fact whose arrival invalidated this one. */
  invalidatedBy: string | null;
  /** Provenance, oldest first. */
  episodes: string[];
}

/** A fact without its provenance: what ingestion compares against. */
export type FactRow = Omit<Fact, 'episodes'>;

export interface StoredFact extends Fact {
  embedding: Float32Array;
  /** source_description of each provenance episode. */
  sources: string[];
}

export interface NewFact extends Omit<Fact, 'episodes'> {
  embedding: Float32Array;
  /** The tag of the model that made `embedding` (Embedder.model). */
  embeddingModel: string;
  episode: { uuid: string; sourceDescription: string };
}

export interface FactFilter {
  includeInvalidated: boolean;
  /** Only facts stated by an episode with this source_description. */
  source: string | null;
}

export interface Ranked {
  uuid: string;
  score: number;
}

export interface DeletionCounts {
  episodes: number;
  facts: number;
  entities: number;
}

/** A fact is current until something invalidated or expired it. */
export const isCurrent = (f: Pick<Fact, 'invalidAt' | 'expiredAt'>): boolean =>
  f.invalidAt === null && f.expiredAt === null;
