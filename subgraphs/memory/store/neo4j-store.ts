// MemoryStore on Neo4j, for deployments that outgrow one machine (selected by
// NEO4J_URI). Graphiti's shape: (:MemoryEpisode)-[:MENTIONS]->(:MemoryEntity),
// facts are [:RELATES_TO] relationships between entities carrying their
// provenance (episodes, sources) as lists, with a full-text index over fact
// and name and a vector index over the embedding (Neo4j 5.18+ indexes
// relationship vectors). Every query filters by accountId.
import neo4j, { type Driver } from 'neo4j-driver';
import type { DeletionCounts, Entity, Episode, Fact, FactFilter, Ranked, Scope, StoredFact } from '../model.ts';
import type { MemoryStore } from './memory-store.ts';

export interface Neo4jOptions {
  uri: string;
  user: string;
  password: string;
  database?: string;
}

type Props = Record<string, any>;

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

/** Lucene query: each word quoted, any may match. */
export function luceneQuery(text: string, maxTerms = 64): string | null {
  const terms = [...new Set((text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((t) => t.length > 1 || /\d/.test(t)))].slice(-maxTerms);
  return terms.length ? terms.map((t) => `"${t}"`).join(' OR ') : null;
}

const toEpisode = (p: Props): Episode => ({
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

const toEntity = (p: Props): Entity => ({
  uuid: p.uuid,
  accountId: p.accountId,
  groupId: p.groupId,
  name: p.name,
  normName: p.normName,
  kind: p.kind,
  summary: p.summary ?? '',
  createdAt: p.createdAt,
});

const toFact = (p: Props, sourceUuid: string, targetUuid: string): Fact => ({
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

const SCOPE = 'r.accountId = $accountId AND ($groupIds IS NULL OR r.groupId IN $groupIds)';
const FILTER = '($includeInvalidated OR (r.invalidAt IS NULL AND r.expiredAt IS NULL)) AND ($source IS NULL OR $source IN r.sources)';
const params = (scope: Scope, filter: FactFilter) => ({
  accountId: scope.accountId,
  groupIds: scope.groupIds ? [...scope.groupIds] : null,
  includeInvalidated: filter.includeInvalidated,
  source: filter.source,
});
const FACT_RETURN = 'r {.*, embedding: null} AS r, s.uuid AS s, t.uuid AS t';

export function createNeo4jStore(options: Neo4jOptions): MemoryStore {
  const driver: Driver = neo4j.driver(options.uri, neo4j.auth.basic(options.user, options.password), { disableLosslessIntegers: true });
  let ready: Promise<void> | null = null;
  const ensureSchema = () =>
    (ready ??= (async () => {
      for (const statement of SCHEMA) await driver.executeQuery(statement, {}, { database: options.database });
    })());

  async function run(cypher: string, parameters: Props = {}): Promise<Props[]> {
    await ensureSchema();
    const { records } = await driver.executeQuery(cypher, parameters, { database: options.database });
    return records.map((r) => r.toObject());
  }

  async function factsWhere(match: string, parameters: Props): Promise<Fact[]> {
    const rows = await run(`${match} RETURN ${FACT_RETURN}`, parameters);
    return rows.map((row) => toFact(row.r, row.s, row.t));
  }

  async function cascade(accountId: string, episodeUuids: string[]): Promise<DeletionCounts> {
    // Provenance loses the episodes; facts left without any go (restoring what they invalidated).
    const touched = await run(
      `MATCH (s:MemoryEntity)-[r:RELATES_TO]->(t:MemoryEntity) WHERE r.accountId = $accountId AND any(e IN r.episodes WHERE e IN $episodes)
       WITH r, [i IN range(0, size(r.episodes) - 1) WHERE NOT r.episodes[i] IN $episodes] AS keep
       SET r.sources = [i IN keep | r.sources[i]], r.episodes = [i IN keep | r.episodes[i]]
       RETURN r.uuid AS uuid, size(r.episodes) AS left`,
      { accountId, episodes: episodeUuids },
    );
    const orphans = touched.filter((r) => r.left === 0).map((r) => String(r.uuid));
    await run(
      `MATCH ()-[r:RELATES_TO]->() WHERE r.accountId = $accountId AND r.invalidatedBy IN $orphans SET r.invalidAt = null, r.expiredAt = null, r.invalidatedBy = null`,
      { accountId, orphans },
    );
    await run(`MATCH ()-[r:RELATES_TO]->() WHERE r.accountId = $accountId AND r.uuid IN $orphans DELETE r`, { accountId, orphans });
    const mentioned = await run(
      `MATCH (e:MemoryEpisode)-[:MENTIONS]->(n:MemoryEntity) WHERE e.accountId = $accountId AND e.uuid IN $episodes RETURN DISTINCT n.uuid AS uuid`,
      { accountId, episodes: episodeUuids },
    );
    await run(`MATCH (e:MemoryEpisode) WHERE e.accountId = $accountId AND e.uuid IN $episodes DETACH DELETE e`, { accountId, episodes: episodeUuids });
    const removed = await run(
      `MATCH (n:MemoryEntity) WHERE n.accountId = $accountId AND n.uuid IN $uuids AND NOT (n)<-[:MENTIONS]-() AND NOT (n)-[:RELATES_TO]-()
       DELETE n RETURN count(*) AS n`,
      { accountId, uuids: mentioned.map((m) => m.uuid) },
    );
    return { episodes: episodeUuids.length, facts: orphans.length, entities: Number(removed[0]?.n ?? 0) };
  }

  return {
    kind: 'neo4j',

    async addEpisodes(accountId, groupId, episodes) {
      if (!episodes.length) return { added: 0, conflicts: [] };
      // Only the account's own episodes count: another account's use of a uuid is neither visible nor in the way.
      const existing = await run(`MATCH (e:MemoryEpisode) WHERE e.accountId = $accountId AND e.uuid IN $uuids RETURN e.uuid AS uuid, e.groupId AS groupId`, {
        accountId,
        uuids: episodes.map((e) => e.uuid),
      });
      const conflicts = existing.filter((r) => r.groupId !== groupId).map((r) => String(r.uuid));
      if (conflicts.length) return { added: 0, conflicts };
      const seen = new Set(existing.map((r) => String(r.uuid)));
      const fresh = episodes.filter((e) => !seen.has(e.uuid) && !!seen.add(e.uuid));
      if (!fresh.length) return { added: 0, conflicts: [] };
      // A counter node hands out queue positions atomically.
      const [{ last }] = (await run(`MERGE (c:MemoryCounter {name: 'episode'}) SET c.value = coalesce(c.value, 0) + $n RETURN c.value AS last`, { n: fresh.length })) as [{ last: number }];
      const now = new Date().toISOString();
      await run(
        `UNWIND $rows AS row CREATE (e:MemoryEpisode) SET e = row`,
        { rows: fresh.map((e, i) => ({ ...e, accountId, groupId, createdAt: now, status: 'pending', seq: last - fresh.length + 1 + i, facts: [] })) },
      );
      return { added: fresh.length, conflicts: [] };
    },

    async nextPending(accountId, groupId, limit) {
      const rows = await run(
        `MATCH (e:MemoryEpisode {accountId: $accountId, groupId: $groupId, status: 'pending'}) RETURN e {.*} AS e ORDER BY e.seq LIMIT $limit`,
        { accountId, groupId, limit: neo4j.int(limit) },
      );
      return rows.map((r) => toEpisode(r.e));
    },

    async pendingGroups() {
      const rows = await run(`MATCH (e:MemoryEpisode {status: 'pending'}) RETURN DISTINCT e.accountId AS accountId, e.groupId AS groupId`);
      return rows.map((r) => ({ accountId: String(r.accountId), groupId: String(r.groupId) }));
    },

    async finishEpisode(accountId, uuid, error) {
      await run(`MATCH (e:MemoryEpisode {accountId: $accountId, uuid: $uuid}) SET e.status = $status, e.error = $error`, { accountId, uuid, status: error ? 'failed' : 'done', error });
    },

    async leaseGroup(accountId, groupId, holder, ttlMs) {
      // The uniqueness constraint makes MERGE take the lease node's lock, so two holders cannot both win.
      const now = Date.now();
      const rows = await run(
        `MERGE (l:MemoryGroupLease {accountId: $accountId, groupId: $groupId})
         WITH l WHERE l.holder IS NULL OR l.expiresAt < $now OR l.holder = $holder
         SET l.holder = $holder, l.expiresAt = $expiresAt
         RETURN l.holder AS holder`,
        { accountId, groupId, holder, now, expiresAt: now + ttlMs },
      );
      return rows.length === 1;
    },

    async releaseGroup(accountId, groupId, holder) {
      await run(`MATCH (l:MemoryGroupLease {accountId: $accountId, groupId: $groupId, holder: $holder}) DELETE l`, { accountId, groupId, holder });
    },

    async lastEpisodes(accountId, groupId, lastN) {
      const rows = await run(
        `MATCH (e:MemoryEpisode {accountId: $accountId, groupId: $groupId}) WHERE e.status <> 'pending'
         WITH e ORDER BY e.timestamp DESC, e.seq DESC LIMIT $lastN RETURN e {.*} AS e ORDER BY e.timestamp, e.seq`,
        { accountId, groupId, lastN: neo4j.int(lastN) },
      );
      return rows.map((r) => toEpisode(r.e));
    },

    async entitiesByNormName(accountId, groupId, normNames) {
      const rows = await run(`MATCH (n:MemoryEntity {accountId: $accountId, groupId: $groupId}) WHERE n.normName IN $norms RETURN n {.*} AS n ORDER BY n.createdAt`, {
        accountId,
        groupId,
        norms: [...normNames],
      });
      return rows.map((r) => toEntity(r.n));
    },

    async entitiesMatching(scope, text, limit) {
      const q = luceneQuery(text);
      if (!q) return [];
      const rows = await run(
        `CALL db.index.fulltext.queryNodes('memory_entity_name', $q) YIELD node AS n, score
         WHERE n.accountId = $accountId AND ($groupIds IS NULL OR n.groupId IN $groupIds)
         RETURN n {.*} AS n ORDER BY score DESC LIMIT $limit`,
        { q, accountId: scope.accountId, groupIds: scope.groupIds ? [...scope.groupIds] : null, limit: neo4j.int(limit) },
      );
      return rows.map((r) => toEntity(r.n));
    },

    async insertEntities(entities) {
      if (entities.length) await run(`UNWIND $rows AS row CREATE (n:MemoryEntity) SET n = row`, { rows: entities.map((e) => ({ ...e })) });
    },

    async getEntity(accountId, uuid) {
      const rows = await run(`MATCH (n:MemoryEntity {uuid: $uuid, accountId: $accountId}) RETURN n {.*} AS n`, { uuid, accountId });
      return rows[0] ? toEntity(rows[0].n) : null;
    },

    async getEntities(accountId, uuids) {
      if (!uuids.length) return [];
      const rows = await run(`MATCH (n:MemoryEntity) WHERE n.uuid IN $uuids AND n.accountId = $accountId RETURN n {.*} AS n`, { uuids: [...uuids], accountId });
      return rows.map((r) => toEntity(r.n));
    },

    async saveEntityNode(entity) {
      const rows = await run(`MATCH (n:MemoryEntity {accountId: $accountId, uuid: $uuid}) RETURN n.groupId AS groupId`, { accountId: entity.accountId, uuid: entity.uuid });
      if (rows[0] && rows[0].groupId !== entity.groupId) return 'conflict';
      if (rows[0]) {
        await run(`MATCH (n:MemoryEntity {accountId: $accountId, uuid: $uuid}) SET n.name = $name, n.normName = $normName, n.summary = $summary`, entity as unknown as Props);
        return 'updated';
      }
      await this.insertEntities([entity]);
      return 'created';
    },

    async addMentions(accountId, episodeUuid, entityUuids) {
      if (!entityUuids.length) return;
      await run(`MATCH (e:MemoryEpisode {accountId: $accountId, uuid: $episode}) MATCH (n:MemoryEntity) WHERE n.accountId = $accountId AND n.uuid IN $entities MERGE (e)-[:MENTIONS]->(n)`, {
        accountId,
        episode: episodeUuid,
        entities: [...entityUuids],
      });
    },

    factsBetween(accountId, groupId, pairs) {
      return factsWhere(
        `UNWIND $pairs AS pair
         MATCH (s:MemoryEntity)-[r:RELATES_TO]->(t:MemoryEntity)
         WHERE r.accountId = $accountId AND r.groupId = $groupId AND ((s.uuid = pair[0] AND t.uuid = pair[1]) OR (s.uuid = pair[1] AND t.uuid = pair[0]))
         WITH DISTINCT r, s, t`,
        { accountId, groupId, pairs: pairs.map(([a, b]) => [a, b]) },
      );
    },

    currentFactsTouching(accountId, groupId, entityUuid) {
      return factsWhere(
        `MATCH (n:MemoryEntity {accountId: $accountId, uuid: $uuid})-[r:RELATES_TO]-() WITH DISTINCT r
         WHERE r.groupId = $groupId AND r.invalidAt IS NULL AND r.expiredAt IS NULL
         WITH r, startNode(r) AS s, endNode(r) AS t`,
        { uuid: entityUuid, accountId, groupId },
      );
    },

    async insertFacts(facts) {
      if (!facts.length) return;
      await run(
        `UNWIND $rows AS row
         MATCH (s:MemoryEntity {accountId: row.props.accountId, uuid: row.sourceUuid}) MATCH (t:MemoryEntity {accountId: row.props.accountId, uuid: row.targetUuid})
         CREATE (s)-[r:RELATES_TO]->(t) SET r = row.props
         WITH r, row MATCH (e:MemoryEpisode {accountId: row.props.accountId, uuid: row.episode}) SET e.facts = coalesce(e.facts, []) + r.uuid`,
        {
          rows: facts.map(({ embedding, episode, sourceUuid, targetUuid, ...props }) => ({
            sourceUuid,
            targetUuid,
            episode: episode.uuid,
            props: { ...props, embedding: Array.from(embedding), episodes: [episode.uuid], sources: [episode.sourceDescription] },
          })),
        },
      );
    },

    async addFactEpisode(accountId, factUuid, episode) {
      await run(
        `MATCH ()-[r:RELATES_TO {uuid: $fact}]->() WHERE r.accountId = $accountId AND NOT $episode IN r.episodes
         SET r.episodes = r.episodes + $episode, r.sources = r.sources + $source
         WITH r MATCH (e:MemoryEpisode {accountId: $accountId, uuid: $episode}) SET e.facts = coalesce(e.facts, []) + r.uuid`,
        { accountId, fact: factUuid, episode: episode.uuid, source: episode.sourceDescription },
      );
    },

    async invalidateFact(accountId, uuid, invalidAt, expiredAt, by) {
      await run(`MATCH ()-[r:RELATES_TO {uuid: $uuid}]->() WHERE r.accountId = $accountId SET r.invalidAt = $invalidAt, r.expiredAt = coalesce(r.expiredAt, $expiredAt), r.invalidatedBy = $by`, {
        accountId,
        uuid,
        invalidAt,
        expiredAt,
        by,
      });
    },

    async edgesOfNode(accountId, nodeUuid) {
      if (!(await this.getEntity(accountId, nodeUuid))) return null;
      return factsWhere(
        `MATCH (n:MemoryEntity {accountId: $accountId, uuid: $uuid})-[r:RELATES_TO]-() WITH DISTINCT r
         WITH r, startNode(r) AS s, endNode(r) AS t ORDER BY r.createdAt`,
        { uuid: nodeUuid, accountId },
      );
    },

    async fullTextFacts(scope, text, filter, limit) {
      const q = luceneQuery(text);
      if (!q) return [];
      const rows = await run(
        `CALL db.index.fulltext.queryRelationships('memory_fact_text', $q) YIELD relationship AS r, score
         WHERE ${SCOPE} AND ${FILTER} RETURN r.uuid AS uuid, score ORDER BY score DESC LIMIT $limit`,
        { q, ...params(scope, filter), limit: neo4j.int(limit) },
      );
      return rows.map((r) => ({ uuid: String(r.uuid), score: Number(r.score) }));
    },

    async fullTextEpisodeFacts(scope, text, filter, limit) {
      const q = luceneQuery(text);
      if (!q) return [];
      // Best episodes first (a few more than facts wanted), then the facts each stated (e.facts).
      const rows = await run(
        `CALL db.index.fulltext.queryNodes('memory_episode_content', $q) YIELD node AS e, score
         WHERE e.accountId = $accountId AND ($groupIds IS NULL OR e.groupId IN $groupIds) AND e.status = 'done'
         WITH e, score ORDER BY score DESC LIMIT $episodes
         UNWIND coalesce(e.facts, []) AS factUuid
         MATCH ()-[r:RELATES_TO {uuid: factUuid}]->() WHERE r.accountId = e.accountId AND ${FILTER}
         RETURN r.uuid AS uuid, max(score) AS score ORDER BY score DESC LIMIT $limit`,
        { q, ...params(scope, filter), episodes: neo4j.int(limit * 2), limit: neo4j.int(limit) },
      );
      return rows.map((r) => ({ uuid: String(r.uuid), score: Number(r.score) }));
    },

    async indexFactVectors() {
      // Neo4j maintains its vector index as relationships are written.
      return 0;
    },

    async nearestFacts(scope, embedding, filter, limit) {
      const vector = Array.from(embedding);
      const rows = await run(
        `CALL db.index.vector.queryRelationships('memory_fact_embedding', $k, $vector) YIELD relationship AS r, score
         WHERE ${SCOPE} AND ${FILTER} RETURN r.uuid AS uuid, score ORDER BY score DESC LIMIT $limit`,
        { vector, k: neo4j.int(limit * 8), ...params(scope, filter), limit: neo4j.int(limit) },
      );
      if (rows.length >= limit) return rows.map((r) => ({ uuid: String(r.uuid), score: Number(r.score) }));
      // A small scope among much data: scan it exactly, as the embedded store does.
      const exact = await run(
        `MATCH ()-[r:RELATES_TO]->() WHERE ${SCOPE} AND ${FILTER}
         WITH r, vector.similarity.cosine(r.embedding, $vector) AS score RETURN r.uuid AS uuid, score ORDER BY score DESC LIMIT $limit`,
        { vector, ...params(scope, filter), limit: neo4j.int(limit) },
      );
      return exact.map((r) => ({ uuid: String(r.uuid), score: Number(r.score) }));
    },

    async factsAround(scope, entityUuids, depth, filter, limit) {
      const out = new Map<string, number>();
      let frontier = [...new Set(entityUuids)];
      const seen = new Set(frontier);
      for (let hop = 1; hop <= depth && frontier.length && out.size < limit; hop++) {
        const rows = await run(
          `CALL {
             MATCH (n:MemoryEntity)-[r:RELATES_TO]-() WHERE n.accountId = $accountId AND n.uuid IN $frontier RETURN r
             UNION
             MATCH (n:MemoryEntity)<-[:MENTIONS]-(e:MemoryEpisode) WHERE n.accountId = $accountId AND n.uuid IN $frontier
             UNWIND e.facts AS fu MATCH ()-[r:RELATES_TO {uuid: fu}]->() RETURN r
           }
           WITH DISTINCT r WHERE ${SCOPE} AND ${FILTER}
           RETURN r.uuid AS uuid, startNode(r).uuid AS s, endNode(r).uuid AS t ORDER BY r.validAt DESC LIMIT $limit`,
          { frontier, ...params(scope, filter), limit: neo4j.int(limit) },
        );
        const next: string[] = [];
        for (const r of rows) {
          if (!out.has(r.uuid)) out.set(r.uuid, 1 / hop);
          for (const e of [r.s, r.t]) {
            if (!seen.has(e)) {
              seen.add(e);
              next.push(e);
            }
          }
        }
        frontier = next.slice(0, 50);
      }
      return [...out].slice(0, limit).map(([uuid, score]): Ranked => ({ uuid, score }));
    },

    async getFacts(accountId, uuids) {
      if (!uuids.length) return [];
      const rows = await run(
        `MATCH (s)-[r:RELATES_TO]->(t) WHERE r.uuid IN $uuids AND r.accountId = $accountId RETURN r {.*} AS r, s.uuid AS s, t.uuid AS t`,
        { uuids: [...uuids], accountId },
      );
      return rows.map((row): StoredFact => ({ ...toFact(row.r, row.s, row.t), sources: [...(row.r.sources ?? [])], embedding: Float32Array.from(row.r.embedding ?? []) }));
    },

    async deleteFact(accountId, uuid) {
      const rows = await run(`MATCH ()-[r:RELATES_TO {uuid: $uuid}]->() WHERE r.accountId = $accountId RETURN r.uuid AS uuid`, { uuid, accountId });
      if (!rows.length) return false;
      await run(`MATCH ()-[r:RELATES_TO]->() WHERE r.accountId = $accountId AND r.invalidatedBy = $uuid SET r.invalidAt = null, r.expiredAt = null, r.invalidatedBy = null`, {
        uuid,
        accountId,
      });
      await run(`MATCH ()-[r:RELATES_TO {uuid: $uuid}]->() WHERE r.accountId = $accountId DELETE r`, { uuid, accountId });
      return true;
    },

    async deleteEpisodes(accountId, match) {
      const rows =
        'uuid' in match
          ? await run(`MATCH (e:MemoryEpisode {uuid: $uuid, accountId: $accountId}) RETURN e.uuid AS uuid`, { uuid: match.uuid, accountId })
          : await run(`MATCH (e:MemoryEpisode {accountId: $accountId, groupId: $groupId, sourceDescription: $source}) RETURN e.uuid AS uuid`, {
              accountId,
              groupId: match.groupId,
              source: match.source,
            });
      if (!rows.length) return null;
      return cascade(accountId, rows.map((r) => String(r.uuid)));
    },

    async deleteGroup(accountId, groupId) {
      const [counts] = await run(
        `CALL { MATCH (e:MemoryEpisode {accountId: $accountId, groupId: $groupId}) RETURN count(e) AS episodes }
         CALL { MATCH (n:MemoryEntity {accountId: $accountId, groupId: $groupId}) RETURN count(n) AS entities }
         CALL { MATCH ()-[r:RELATES_TO]->() WHERE r.accountId = $accountId AND r.groupId = $groupId RETURN count(r) AS facts }
         RETURN episodes, entities, facts`,
        { accountId, groupId },
      );
      const result = { episodes: Number(counts?.episodes ?? 0), facts: Number(counts?.facts ?? 0), entities: Number(counts?.entities ?? 0) };
      if (!result.episodes && !result.facts && !result.entities) return null;
      await run(`MATCH (n:MemoryEntity {accountId: $accountId, groupId: $groupId}) DETACH DELETE n`, { accountId, groupId });
      await run(`MATCH (e:MemoryEpisode {accountId: $accountId, groupId: $groupId}) DETACH DELETE e`, { accountId, groupId });
      return result;
    },

    async clear(accountId) {
      // Facts are relationships between the account's entities: DETACH DELETE takes them too.
      await run(`MATCH (n) WHERE (n:MemoryEpisode OR n:MemoryEntity OR n:MemoryGroupLease) AND n.accountId = $accountId DETACH DELETE n`, { accountId });
    },

    async close() {
      await driver.close();
    },
  };
}
