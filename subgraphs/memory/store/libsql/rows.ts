// Rows of the memory tables as the model's records.
import type { Entity, Episode, Fact, FactRow } from '../../model.ts';
import type { Row } from './base.ts';

const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

export const blob = (v: Float32Array) => Buffer.from(v.buffer, v.byteOffset, v.byteLength);

export function toFloat32(v: unknown): Float32Array {
  if (v instanceof Uint8Array) return new Float32Array(v.buffer.slice(v.byteOffset, v.byteOffset + v.byteLength));
  if (v instanceof ArrayBuffer) return new Float32Array(v.slice(0));
  return new Float32Array(0);
}

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
