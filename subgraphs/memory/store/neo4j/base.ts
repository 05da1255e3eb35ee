// What every part of the Neo4j memory store shares: the connection (core/db/neo4j.ts) with the
// memory schema, and the Cypher fragments several parts build on.
import type { Driver } from 'neo4j-driver';
import { openNeo4j, type Neo4jConnection, type Neo4jOptions } from '../../../../core/db/neo4j.ts';
import type { FactFilter, Scope } from '../../model.ts';

export type { Cypher, Neo4jOptions, Props } from '../../../../core/db/neo4j.ts';
export type Neo4jBase = Neo4jConnection;

// Uuids are unique within an account only (two accounts may use the same one); the
// constraints of the first version, unique across accounts, are dropped.
const SCHEMA = [
  'DROP CONSTRAINT memory_episode_uuid IF EXISTS',
  'DROP CONSTRAINT memory_entity_uuid IF EXISTS',
  'CREATE CONSTRAINT memory_episode_account_uuid IF NOT EXISTS FOR (e:MemoryEpisode) REQUIRE (e.accountId, e.uuid) IS UNIQUE',
  'CREATE CONSTRAINT memory_entity_account_uuid IF NOT EXISTS FOR (n:MemoryEntity) REQUIRE (n.accountId, n.uuid) IS UNIQUE',
  'CREATE CONSTRAINT memory_group_lease IF NOT EXISTS FOR (l:MemoryGroupLease) REQUIRE (l.accountId, l.groupId) IS UNIQUE',
  'CREATE INDEX memory_episode_group IF NOT EXISTS FOR (e:MemoryEpisode) ON (e.accountId, e.groupId, e.status)',
  'CREATE INDEX memory_entity_norm IF NOT EXISTS FOR (n:MemoryEntity) ON (n.accountId, n.groupId, n.normName)',
  'CREATE INDEX memory_fact_uuid IF NOT EXISTS FOR ()-[r:RELATES_TO]-() ON (r.uuid)',
  'CREATE INDEX memory_fact_invalidated_by IF NOT EXISTS FOR ()-[r:RELATES_TO]-() ON (r.invalidatedBy)',
  'CREATE FULLTEXT INDEX memory_fact_text IF NOT EXISTS FOR ()-[r:RELATES_TO]-() ON EACH [r.fact, r.name]',
  'CREATE FULLTEXT INDEX memory_episode_content IF NOT EXISTS FOR (e:MemoryEpisode) ON EACH [e.content]',
  'CREATE FULLTEXT INDEX memory_entity_name IF NOT EXISTS FOR (n:MemoryEntity) ON EACH [n.name]',
  "CREATE VECTOR INDEX memory_fact_embedding IF NOT EXISTS FOR ()-[r:RELATES_TO]-() ON (r.embedding) OPTIONS {indexConfig: {`vector.dimensions`: 256, `vector.similarity_function`: 'cosine'}}",
];

/** `driver` is for tests that wrap the driver (e.g. to inject failures); by default one is opened from `options`. */
export function neo4jBase(options: Neo4jOptions, driver?: Driver): Neo4jBase {
  return openNeo4j(options, SCHEMA, driver);
}

/** Lucene query: each word quoted, any may match. */
export function luceneQuery(text: string, maxTerms = 64): string | null {
  const terms = [
    ...new Set((text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((t) => t.length > 1 || /\d/.test(t))),
  ].slice(-maxTerms);
  return terms.length ? terms.map((t) => `"${t}"`).join(' OR ') : null;
}

/** The account/group and state conditions on a fact `r`, with their parameters (params). */
export const SCOPE = 'r.accountId = $accountId AND ($groupIds IS NULL OR r.groupId IN $groupIds)';
export const FILTER =
  '($includeInvalidated OR (r.invalidAt IS NULL AND r.expiredAt IS NULL)) AND ($source IS NULL OR $source IN r.sources)';
export const params = (scope: Scope, filter: FactFilter) => ({
  accountId: scope.accountId,
  groupIds: scope.groupIds ? [...scope.groupIds] : null,
  includeInvalidated: filter.includeInvalidated,
  source: filter.source,
});
