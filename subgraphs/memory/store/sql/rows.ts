// Rows of the memory tables as the model's records, the same on libSQL and PostgreSQL (each
// engine's dialect reads its vectors: ../libsql/vectors.ts, core/db/postgres/sql.ts).
import type { Entity, Episode, Fact, FactRow, NewFact } from '../../model.ts';
import type { Row } from './statements.ts';

const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/** The columns rows are read from: named, as a table may hold more (PostgreSQL's tsvector columns). */
export const EPISODE_COLUMNS = `"seq", "uuid", "accountId", "groupId", "name", "content", "roleType", "role", "sourceDescription", "timestamp", "createdAt", "status", "error"`;
export const ENTITY_COLUMNS = `e."id", e."uuid", e."accountId", e."groupId", e."name", e."normName", e."kind", e."summary", e."createdAt"`;

export const toEpisode = (r: Row): Episode => ({
  uuid: String(r.uuid),
  accountId: String(r.accountId),
  groupId: String(r.groupId),
  name: String(r.name),
  content: String(r.content),
  roleType: String(r.roleType),
  role: str(r.role),
  sourceDescription: String(r.sourceDescription),
  timestamp: String(r.timestamp),
  createdAt: String(r.createdAt),
  status: String(r.status) as Episode['status'],
});

export const toEntity = (r: Row): Entity => ({
  uuid: String(r.uuid),
  accountId: String(r.accountId),
  groupId: String(r.groupId),
  name: String(r.name),
  normName: String(r.normName),
  kind: String(r.kind),
  summary: String(r.summary),
  createdAt: String(r.createdAt),
});

export const FACT_COLUMNS = `f."uuid", f."accountId", f."groupId", f."sourceUuid", f."targetUuid", f."name", f."fact", f."normFact", f."validAt", f."invalidAt", f."createdAt", f."expiredAt", f."invalidatedBy"`;

/** The columns a new fact is written with, in order; `vector` spells its embedding for the engine. */
export const NEW_FACT_COLUMNS = `"uuid", "accountId", "groupId", "sourceUuid", "targetUuid", "name", "fact", "normFact", "validAt", "invalidAt", "createdAt", "expiredAt", "invalidatedBy", "embedding", "embeddingModel"`;

/** A new fact's values for NEW_FACT_COLUMNS, its embedding as the engine takes it. */
export function newFactValues(f: NewFact, vector: (v: Float32Array) => unknown): unknown[] {
  return [
    f.uuid,
    f.accountId,
    f.groupId,
    f.sourceUuid,
    f.targetUuid,
    f.name,
    f.fact,
    f.normFact,
    f.validAt,
    f.invalidAt,
    f.createdAt,
    f.expiredAt,
    f.invalidatedBy,
    vector(f.embedding),
    f.embeddingModel,
  ];
}

export function toFact(r: Row, episodes: string[]): Fact {
  return { ...toFactRow(r), episodes };
}

export function toFactRow(r: Row): FactRow {
  return {
    uuid: String(r.uuid),
    accountId: String(r.accountId),
    groupId: String(r.groupId),
    sourceUuid: String(r.sourceUuid),
    targetUuid: String(r.targetUuid),
    name: String(r.name),
    fact: String(r.fact),
    normFact: String(r.normFact),
    validAt: str(r.validAt),
    invalidAt: str(r.invalidAt),
    createdAt: String(r.createdAt),
    expiredAt: str(r.expiredAt),
    invalidatedBy: str(r.invalidatedBy),
  };
}
