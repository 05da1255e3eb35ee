// Nodes and relationships of the memory graph as the model's records.
import type { Entity, Episode, Fact } from '../../model.ts';
import type { Props } from './base.ts';

export const toEpisode = (p: Props): Episode => ({
  uuid: p.uuid,
  accountId: p.accountId,
  groupId: p.groupId,
  name: p.name,
  content: p.content,
  roleType: p.roleType,
  role: p.role ?? null,
  sourceDescription: p.sourceDescription,
  timestamp: p.timestamp,
  createdAt: p.createdAt,
  status: p.status,
});

export const toEntity = (p: Props): Entity => ({
  uuid: p.uuid,
  accountId: p.accountId,
  groupId: p.groupId,
  name: p.name,
  normName: p.normName,
  kind: p.kind,
  summary: p.summary ?? '',
  createdAt: p.createdAt,
});

export const toFact = (p: Props, sourceUuid: string, targetUuid: string): Fact => ({
  uuid: p.uuid,
  accountId: p.accountId,
  groupId: p.groupId,
  sourceUuid,
  targetUuid,
  name: p.name,
  fact: p.fact,
  normFact: p.normFact,
  validAt: p.validAt ?? null,
  invalidAt: p.invalidAt ?? null,
  createdAt: p.createdAt,
  expiredAt: p.expiredAt ?? null,
  invalidatedBy: p.invalidatedBy ?? null,
  episodes: [...(p.episodes ?? [])],
});

/** A fact without its (large) embedding, with the uuids of its ends. */
export const FACT_RETURN = 'r {.*, embedding: null} AS r, s.uuid AS s, t.uuid AS t';
