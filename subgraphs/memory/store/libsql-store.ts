// MemoryStore on the platform database: FTS5 (BM25) over facts and entity
// names, libsql_vector_idx over fact embeddings. The only place that writes
// SQL for the memory tables (see the hand-written memory migration).
import type { Database } from '../../../core/db/client.ts';
import type { DeletionCounts, Entity, Episode, Fact, FactFilter, FactRow, NewFact, Ranked, Scope, StoredFact } from '../model.ts';
import type { MemoryStore } from './memory-store.ts';

type Row = Record<string, unknown>;

/** Up to this many facts in scope, vector search scans them exactly rather than asking the index. */
const EXACT_SCAN_LIMIT = 2000;

const blob = (v: Float32Array) => Buffer.from(v.buffer, v.byteOffset, v.byteLength);
const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
const placeholders = (n: number) => Array.from({ length: n }, () => '?').join(',');

function toFloat32(v: unknown): Float32Array {
  if (v instanceof Uint8Array) return new Float32Array(v.buffer.slice(v.byteOffset, v.byteOffset + v.byteLength));
  if (v instanceof ArrayBuffer) return new Float32Array(v.slice(0));
  return new Float32Array(0);
}

/** The user's words as an FTS5 query: each a quoted term, any of them may match (BM25 ranks by how many and how rare). */
export function ftsQuery(text: string, maxTerms = 64): string | null {
  const terms = (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((t) => t.length > 1 || /\d/.test(t));
  const unique = [...new Set(terms)].slice(-maxTerms);
  return unique.length ? unique.map((t) => `"${t}"`).join(' OR ') : null;
}

/**
 * The account/group condition. `+` keeps SQLite from choosing the (accountId, groupId) index
 * when a more selective one (full text, vector, uuid) drives the query: with a large group
 * that index would scan it whole.
 */
function scopeSql(scope: Scope, alias: string, useIndex = false): { sql: string; args: string[] } {
  const plus = useIndex ? '' : '+';
  if (!scope.groupIds) return { sql: `${plus}${alias}."accountId" = ?`, args: [scope.accountId] };
  if (!scope.groupIds.length) return { sql: '0', args: [] };
  return { sql: `${plus}${alias}."accountId" = ? AND ${plus}${alias}."groupId" IN (${placeholders(scope.groupIds.length)})`, args: [scope.accountId, ...scope.groupIds] };
}

function filterSql(filter: FactFilter, alias: string): { sql: string; args: string[] } {
  let sql = '';
  const args: string[] = [];
  if (!filter.includeInvalidated) sql += ` AND ${alias}."invalidAt" IS NULL AND ${alias}."expiredAt" IS NULL`;
  if (filter.source !== null) {
    sql += ` AND EXISTS (SELECT 1 FROM "MemoryFactEpisode" fe WHERE fe."accountId" = ${alias}."accountId" AND fe."factUuid" = ${alias}."uuid" AND fe."sourceDescription" = ?)`;
    args.push(filter.source);
  }
  return { sql, args };
}

const toEpisode = (r: Row): Episode => ({
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

const toEntity = (r: Row): Entity => ({
  uuid: String(r.uuid),
  accountId: String(r.accountId),
  groupId: String(r.groupId),
  name: String(r.name),
  normName: String(r.normName),
  kind: String(r.kind),
  summary: String(r.summary),
  createdAt: String(r.createdAt),
});

const FACT_COLUMNS = `f."uuid", f."accountId", f."groupId", f."sourceUuid", f."targetUuid", f."name", f."fact", f."normFact", f."validAt", f."invalidAt", f."createdAt", f."expiredAt", f."invalidatedBy"`;

function toFact(r: Row, episodes: string[]): Fact {
  return { ...toFactRow(r), episodes };
}

function toFactRow(r: Row): FactRow {
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

export function createLibsqlStore(db: Database): MemoryStore {
  const query = <T = Row>(sql: string, ...args: unknown[]) => db.$queryRawUnsafe<T[]>(sql, ...args);
  const exec = (sql: string, ...args: unknown[]) => db.$executeRawUnsafe(sql, ...args);

  async function provenance(accountId: string, uuids: readonly string[]): Promise<Map<string, { episodes: string[]; sources: string[] }>> {
    const out = new Map<string, { episodes: string[]; sources: string[] }>();
    for (let i = 0; i < uuids.length; i += 500) {
      const chunk = uuids.slice(i, i + 500);
      // Ordered by the episode's queue position, so the first is the one that created the fact.
      const rows = await query(
        `SELECT fe."factUuid", fe."episodeUuid", fe."sourceDescription" FROM "MemoryFactEpisode" fe
           LEFT JOIN "MemoryEpisode" e ON e."accountId" = fe."accountId" AND e."uuid" = fe."episodeUuid"
          WHERE fe."accountId" = ? AND fe."factUuid" IN (${placeholders(chunk.length)}) ORDER BY e."seq"`,
        accountId,
        ...chunk,
      );
      for (const r of rows) {
        const p = out.get(String(r.factUuid)) ?? { episodes: [], sources: [] };
        p.episodes.push(String(r.episodeUuid));
        p.sources.push(String(r.sourceDescription));
        out.set(String(r.factUuid), p);
      }
    }
    return out;
  }

  async function factsWhere(accountId: string, where: string, ...args: unknown[]): Promise<Fact[]> {
    const rows = await query(`SELECT ${FACT_COLUMNS} FROM "MemoryFact" f WHERE ${where}`, ...args);
    const prov = await provenance(accountId, rows.map((r) => String(r.uuid)));
    return rows.map((r) => toFact(r, prov.get(String(r.uuid))?.episodes ?? []));
  }

  async function cascade(accountId: string, episodeUuids: string[]): Promise<DeletionCounts> {
    let facts = 0;
    let entities = 0;
    for (let i = 0; i < episodeUuids.length; i += 400) {
      const chunk = episodeUuids.slice(i, i + 400);
      const ph = placeholders(chunk.length);
      const touchedFacts = (await query(`SELECT DISTINCT "factUuid" FROM "MemoryFactEpisode" WHERE "accountId" = ? AND "episodeUuid" IN (${ph})`, accountId, ...chunk)).map((r) =>
        String(r.factUuid),
      );
      const touchedEntities = (await query(`SELECT DISTINCT "entityUuid" FROM "MemoryMention" WHERE "accountId" = ? AND "episodeUuid" IN (${ph})`, accountId, ...chunk)).map((r) =>
        String(r.entityUuid),
      );
      await exec(`DELETE FROM "MemoryFactEpisode" WHERE "accountId" = ? AND "episodeUuid" IN (${ph})`, accountId, ...chunk);
      await exec(`DELETE FROM "MemoryMention" WHERE "accountId" = ? AND "episodeUuid" IN (${ph})`, accountId, ...chunk);
      await exec(`DELETE FROM "MemoryEpisode" WHERE "accountId" = ? AND "uuid" IN (${ph})`, accountId, ...chunk);
      for (let j = 0; j < touchedFacts.length; j += 400) {
        const fchunk = touchedFacts.slice(j, j + 400);
        const fph = placeholders(fchunk.length);
        // A fact another episode also stated stays; the rest go, and what they invalidated is current again.
        const orphans = (
          await query(
            `SELECT "uuid" FROM "MemoryFact" f WHERE f."accountId" = ? AND f."uuid" IN (${fph})
               AND NOT EXISTS (SELECT 1 FROM "MemoryFactEpisode" fe WHERE fe."accountId" = f."accountId" AND fe."factUuid" = f."uuid")`,
            accountId,
            ...fchunk,
          )
        ).map((r) => String(r.uuid));
        if (!orphans.length) continue;
        const oph = placeholders(orphans.length);
        await exec(`UPDATE "MemoryFact" SET "invalidAt" = NULL, "expiredAt" = NULL, "invalidatedBy" = NULL WHERE "accountId" = ? AND "invalidatedBy" IN (${oph})`, accountId, ...orphans);
        facts += await exec(`DELETE FROM "MemoryFact" WHERE "accountId" = ? AND "uuid" IN (${oph})`, accountId, ...orphans);
      }
      for (let j = 0; j < touchedEntities.length; j += 400) {
        const echunk = touchedEntities.slice(j, j + 400);
        entities += await exec(
          `DELETE FROM "MemoryEntity" WHERE "accountId" = ? AND "uuid" IN (${placeholders(echunk.length)})
             AND NOT EXISTS (SELECT 1 FROM "MemoryMention" m WHERE m."accountId" = "MemoryEntity"."accountId" AND m."entityUuid" = "MemoryEntity"."uuid")
             AND NOT EXISTS (SELECT 1 FROM "MemoryFact" f WHERE f."accountId" = "MemoryEntity"."accountId" AND f."sourceUuid" = "MemoryEntity"."uuid")
             AND NOT EXISTS (SELECT 1 FROM "MemoryFact" f WHERE f."accountId" = "MemoryEntity"."accountId" AND f."targetUuid" = "MemoryEntity"."uuid")`,
          accountId,
          ...echunk,
        );
      }
    }
    return { episodes: episodeUuids.length, facts, entities };
  }

  return {
    kind: 'libsql',

    async addEpisodes(accountId, groupId, episodes) {
      if (!episodes.length) return { added: 0, conflicts: [] };
      // Only the account's own episodes count: another account's use of a uuid is neither visible nor in the way.
      const existing: Row[] = [];
      for (let i = 0; i < episodes.length; i += 500) {
        const chunk = episodes.slice(i, i + 500);
        existing.push(...(await query(`SELECT "uuid", "groupId" FROM "MemoryEpisode" WHERE "accountId" = ? AND "uuid" IN (${placeholders(chunk.length)})`, accountId, ...chunk.map((e) => e.uuid))));
      }
      const conflicts = existing.filter((r) => r.groupId !== groupId).map((r) => String(r.uuid));
      if (conflicts.length) return { added: 0, conflicts };
      // Repeats of a uuid, stored or within the request, are skipped (retries are safe).
      const seen = new Set(existing.map((r) => String(r.uuid)));
      const fresh = episodes.filter((e) => !seen.has(e.uuid) && !!seen.add(e.uuid));
      const now = new Date().toISOString();
      for (let i = 0; i < fresh.length; i += 100) {
        const batch = fresh.slice(i, i + 100);
        await exec(
          `INSERT INTO "MemoryEpisode" ("uuid", "accountId", "groupId", "name", "content", "roleType", "role", "sourceDescription", "timestamp", "createdAt", "status")
           VALUES ${batch.map(() => "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending')").join(', ')}`,
          ...batch.flatMap((e) => [e.uuid, accountId, groupId, e.name, e.content, e.roleType, e.role, e.sourceDescription, e.timestamp, now]),
        );
      }
      return { added: fresh.length, conflicts: [] };
    },

    async nextPending(accountId, groupId, limit) {
      const rows = await query(`SELECT * FROM "MemoryEpisode" WHERE "accountId" = ? AND "groupId" = ? AND "status" = 'pending' ORDER BY "seq" LIMIT ?`, accountId, groupId, limit);
      return rows.map(toEpisode);
    },

    async pendingGroups() {
      const rows = await query(`SELECT DISTINCT "accountId", "groupId" FROM "MemoryEpisode" WHERE "status" = 'pending'`);
      return rows.map((r) => ({ accountId: String(r.accountId), groupId: String(r.groupId) }));
    },

    async finishEpisode(accountId, uuid, error) {
      await exec(`UPDATE "MemoryEpisode" SET "status" = ?, "error" = ? WHERE "accountId" = ? AND "uuid" = ?`, error ? 'failed' : 'done', error, accountId, uuid);
    },

    async leaseGroup(accountId, groupId, holder, ttlMs) {
      const now = Date.now();
      const rows = await query(
        `INSERT INTO "MemoryGroupLease" ("accountId", "groupId", "holder", "expiresAt") VALUES (?, ?, ?, ?)
         ON CONFLICT ("accountId", "groupId") DO UPDATE SET "holder" = excluded."holder", "expiresAt" = excluded."expiresAt"
          WHERE "MemoryGroupLease"."expiresAt" < ? OR "MemoryGroupLease"."holder" = excluded."holder"
         RETURNING "holder"`,
        accountId,
        groupId,
        holder,
        now + ttlMs,
        now,
      );
      return rows.length === 1;
    },

    async releaseGroup(accountId, groupId, holder) {
      await exec(`DELETE FROM "MemoryGroupLease" WHERE "accountId" = ? AND "groupId" = ? AND "holder" = ?`, accountId, groupId, holder);
    },

    async lastEpisodes(accountId, groupId, lastN) {
      const rows = await query(
        `SELECT * FROM (SELECT * FROM "MemoryEpisode" INDEXED BY "MemoryEpisode_group_time_idx"
            WHERE "accountId" = ? AND "groupId" = ? AND "status" != 'pending' ORDER BY "timestamp" DESC, "seq" DESC LIMIT ?) ORDER BY "timestamp", "seq"`,
        accountId,
        groupId,
        lastN,
      );
      return rows.map(toEpisode);
    },

    async entitiesByNormName(accountId, groupId, normNames) {
      if (!normNames.length) return [];
      const rows = await query(
        `SELECT * FROM "MemoryEntity" WHERE "accountId" = ? AND "groupId" = ? AND "normName" IN (${placeholders(normNames.length)}) ORDER BY "id"`,
        accountId,
        groupId,
        ...normNames,
      );
      return rows.map(toEntity);
    },

    async entitiesMatching(scope, text, limit) {
      const match = ftsQuery(text);
      if (!match) return [];
      const s = scopeSql(scope, 'e');
      const rows = await query(
        `SELECT e.* FROM "MemoryEntityFts" JOIN "MemoryEntity" e ON e."id" = "MemoryEntityFts".rowid
          WHERE "MemoryEntityFts" MATCH ? AND ${s.sql} ORDER BY bm25("MemoryEntityFts") LIMIT ?`,
        match,
        ...s.args,
        limit,
      );
      return rows.map(toEntity);
    },

    async insertEntities(entities) {
      for (let i = 0; i < entities.length; i += 100) {
        const batch = entities.slice(i, i + 100);
        await exec(
          `INSERT INTO "MemoryEntity" ("uuid", "accountId", "groupId", "name", "normName", "kind", "summary", "createdAt") VALUES ${batch.map(() => '(?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
          ...batch.flatMap((e) => [e.uuid, e.accountId, e.groupId, e.name, e.normName, e.kind, e.summary, e.createdAt]),
        );
      }
    },

    async getEntity(accountId, uuid) {
      const [row] = await query(`SELECT * FROM "MemoryEntity" WHERE "accountId" = ? AND "uuid" = ?`, accountId, uuid);
      return row ? toEntity(row) : null;
    },

    async getEntities(accountId, uuids) {
      if (!uuids.length) return [];
      const rows = await query(`SELECT * FROM "MemoryEntity" WHERE "accountId" = ? AND "uuid" IN (${placeholders(uuids.length)})`, accountId, ...uuids);
      return rows.map(toEntity);
    },

    async saveEntityNode(entity) {
      const [row] = await query(`SELECT "groupId" FROM "MemoryEntity" WHERE "accountId" = ? AND "uuid" = ?`, entity.accountId, entity.uuid);
      if (row && row.groupId !== entity.groupId) return 'conflict';
      if (row) {
        await exec(
          `UPDATE "MemoryEntity" SET "name" = ?, "normName" = ?, "summary" = ? WHERE "accountId" = ? AND "uuid" = ?`,
          entity.name,
          entity.normName,
          entity.summary,
          entity.accountId,
          entity.uuid,
        );
        return 'updated';
      }
      await this.insertEntities([entity]);
      return 'created';
    },

    async addMentions(accountId, episodeUuid, entityUuids) {
      if (!entityUuids.length) return;
      await exec(
        `INSERT OR IGNORE INTO "MemoryMention" ("accountId", "episodeUuid", "entityUuid") VALUES ${entityUuids.map(() => '(?, ?, ?)').join(', ')}`,
        ...entityUuids.flatMap((u) => [accountId, episodeUuid, u]),
      );
    },

    async factsBetween(accountId, groupId, pairs) {
      const out: FactRow[] = [];
      for (let i = 0; i < pairs.length; i += 100) {
        const chunk = pairs.slice(i, i + 100);
        // A join with the pairs, so that each is one look-up of the (account, source, target) index
        // (written as ORs, SQLite factors the account out and scans the account's facts).
        const rows = await query(
          `WITH pair("s", "t") AS (VALUES ${chunk.map(() => '(?, ?), (?, ?)').join(', ')})
           SELECT ${FACT_COLUMNS} FROM pair CROSS JOIN "MemoryFact" f ON f."accountId" = ? AND f."sourceUuid" = pair."s" AND f."targetUuid" = pair."t"
            WHERE +f."groupId" = ?`,
          ...chunk.flatMap(([a, b]) => [a, b, b, a]),
          accountId,
          groupId,
        );
        out.push(...rows.map(toFactRow));
      }
      return out;
    },

    async currentFactsTouching(accountId, groupId, entityUuid) {
      const rows = await query(
        `SELECT ${FACT_COLUMNS} FROM "MemoryFact" f
          WHERE f."id" IN (SELECT "id" FROM "MemoryFact" WHERE "accountId" = ?1 AND "sourceUuid" = ?3 UNION SELECT "id" FROM "MemoryFact" WHERE "accountId" = ?1 AND "targetUuid" = ?3)
            AND +f."groupId" = ?2 AND f."invalidAt" IS NULL AND f."expiredAt" IS NULL`,
        accountId,
        groupId,
        entityUuid,
      );
      return rows.map(toFactRow);
    },

    async insertFacts(facts) {
      for (let i = 0; i < facts.length; i += 100) {
        const batch = facts.slice(i, i + 100);
        // The view's trigger writes each fact and its first provenance row (see the fact-vectors migration).
        await exec(
          `INSERT INTO "MemoryFactWrite" ("uuid", "accountId", "groupId", "sourceUuid", "targetUuid", "name", "fact", "normFact", "validAt", "invalidAt", "createdAt", "expiredAt", "invalidatedBy", "embedding", "episodeUuid", "sourceDescription")
           VALUES ${batch.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, vector32(?), ?, ?)').join(', ')}`,
          ...batch.flatMap((f) => [
            f.uuid, f.accountId, f.groupId, f.sourceUuid, f.targetUuid, f.name, f.fact, f.normFact, f.validAt, f.invalidAt, f.createdAt, f.expiredAt, f.invalidatedBy, blob(f.embedding),
            f.episode.uuid, f.episode.sourceDescription,
          ]),
        );
      }
    },

    async addFactEpisode(accountId, factUuid, episode) {
      await exec(
        `INSERT OR IGNORE INTO "MemoryFactEpisode" ("accountId", "factUuid", "episodeUuid", "sourceDescription") VALUES (?, ?, ?, ?)`,
        accountId,
        factUuid,
        episode.uuid,
        episode.sourceDescription,
      );
    },

    async invalidateFact(accountId, uuid, invalidAt, expiredAt, by) {
      await exec(`UPDATE "MemoryFact" SET "invalidAt" = ?, "expiredAt" = COALESCE("expiredAt", ?), "invalidatedBy" = ? WHERE "accountId" = ? AND "uuid" = ?`, invalidAt, expiredAt, by, accountId, uuid);
    },

    async edgesOfNode(accountId, nodeUuid) {
      if (!(await this.getEntity(accountId, nodeUuid))) return null;
      return factsWhere(
        accountId,
        `f."id" IN (SELECT "id" FROM "MemoryFact" WHERE "accountId" = ?1 AND "sourceUuid" = ?2 UNION SELECT "id" FROM "MemoryFact" WHERE "accountId" = ?1 AND "targetUuid" = ?2)
         ORDER BY f."createdAt", f."id"`,
        accountId,
        nodeUuid,
      );
    },

    async fullTextFacts(scope, text, filter, limit) {
      const match = ftsQuery(text);
      if (!match) return [];
      const s = scopeSql(scope, 'f');
      const fl = filterSql(filter, 'f');
      const rows = await query<{ uuid: string; score: number }>(
        `SELECT f."uuid", -bm25("MemoryFactFts", 1.0, 0.5) AS score
           FROM "MemoryFactFts" JOIN "MemoryFact" f ON f."id" = "MemoryFactFts".rowid
          WHERE "MemoryFactFts" MATCH ? AND ${s.sql}${fl.sql}
          ORDER BY score DESC LIMIT ?`,
        match,
        ...s.args,
        ...fl.args,
        limit,
      );
      return rows.map((r) => ({ uuid: String(r.uuid), score: Number(r.score) }));
    },

    async fullTextEpisodeFacts(scope, text, filter, limit) {
      const match = ftsQuery(text);
      if (!match) return [];
      const s = scopeSql(scope, 'e');
      const fl = filterSql(filter, 'f');
      // The best episodes first (a few more than facts wanted: some state nothing current), then their facts.
      const rows = await query<{ uuid: string; score: number }>(
        `SELECT f."uuid", hit.score FROM (
             SELECT e."accountId" AS accountId, e."uuid" AS episodeUuid, -bm25("MemoryEpisodeFts") AS score
               FROM "MemoryEpisodeFts" JOIN "MemoryEpisode" e ON e."seq" = "MemoryEpisodeFts".rowid
              WHERE "MemoryEpisodeFts" MATCH ? AND ${s.sql} AND e."status" = 'done'
              ORDER BY score DESC LIMIT ?) hit
           JOIN "MemoryFactEpisode" fe ON fe."accountId" = hit.accountId AND fe."episodeUuid" = hit.episodeUuid
           JOIN "MemoryFact" f ON f."accountId" = fe."accountId" AND f."uuid" = fe."factUuid"
          WHERE 1${fl.sql}
          ORDER BY hit.score DESC LIMIT ?`,
        match,
        ...s.args,
        limit * 2,
        ...fl.args,
        limit,
      );
      const out = new Map<string, number>();
      for (const r of rows) if (!out.has(String(r.uuid))) out.set(String(r.uuid), Number(r.score));
      return [...out].map(([uuid, score]) => ({ uuid, score }));
    },

    async nearestFacts(scope, embedding, filter, limit) {
      const s = scopeSql(scope, 'f');
      const indexed = scopeSql(scope, 'f', true);
      const fl = filterSql(filter, 'f');
      const v = blob(embedding);
      const exactScan = async () =>
        query<{ uuid: string; score: number }>(
          `SELECT f."uuid", 1 - vector_distance_cos(f."embedding", vector32(?)) AS score FROM "MemoryFact" f
            WHERE ${indexed.sql}${fl.sql} ORDER BY score DESC LIMIT ?`,
          v,
          ...indexed.args,
          ...fl.args,
          limit,
        );
      const toRanked = (rows: { uuid: string; score: number }[]) => rows.map((r) => ({ uuid: String(r.uuid), score: Number(r.score) }));
      // The vector index answers for the whole database and the account/group filter comes after.
      // A scope of a few thousand facts is scanned exactly instead (cheap, and complete).
      const [{ n }] = await query<{ n: number | bigint }>(
        `SELECT COUNT(*) AS n FROM (SELECT 1 FROM "MemoryFact" f WHERE ${indexed.sql} LIMIT ${EXACT_SCAN_LIMIT + 1})`,
        ...indexed.args,
      );
      if (Number(n) <= EXACT_SCAN_LIMIT) return toRanked(await exactScan());
      const rows = await query<{ uuid: string; score: number }>(
        `SELECT f."uuid", 1 - vector_distance_cos(f."embedding", vector32(?)) AS score
           FROM vector_top_k('MemoryFactVector_embedding_idx', vector32(?), ?) AS v JOIN "MemoryFact" f ON f."id" = v.id
          WHERE ${s.sql}${fl.sql} ORDER BY score DESC LIMIT ?`,
        v,
        v,
        limit * 8,
        ...s.args,
        ...fl.args,
        limit,
      );
      // Too few of the nearest belong to the scope: scan it.
      if (rows.length < limit) return toRanked(await exactScan());
      // Facts written since the last indexing batch (see indexFactVectors) are scanned exactly: a range of the primary key.
      const recent = await query<{ uuid: string; score: number }>(
        `SELECT f."uuid", 1 - vector_distance_cos(f."embedding", vector32(?)) AS score FROM "MemoryFact" f
          WHERE f."id" > (SELECT COALESCE(MAX("id"), 0) FROM "MemoryFactVector") AND ${s.sql}${fl.sql} ORDER BY score DESC LIMIT ?`,
        v,
        ...s.args,
        ...fl.args,
        limit,
      );
      return toRanked([...rows, ...recent].sort((a, b) => Number(b.score) - Number(a.score)).slice(0, limit));
    },

    async indexFactVectors(batchRows) {
      // Whole batches: each statement holds the (synchronous) connection for about batchRows × 2 ms.
      let total = 0;
      for (;;) {
        const n = await exec(
          `INSERT OR IGNORE INTO "MemoryFactVector" ("id", "embedding")
           SELECT f."id", f."embedding" FROM "MemoryFact" f WHERE f."id" > (SELECT COALESCE(MAX("id"), 0) FROM "MemoryFactVector") ORDER BY f."id" LIMIT ?`,
          batchRows,
        );
        total += n;
        if (n < batchRows) return total;
      }
    },

    async factsAround(scope, entityUuids, depth, filter, limit) {
      if (!entityUuids.length) return [];
      const s = scopeSql(scope, 'f');
      const fl = filterSql(filter, 'f');
      const out = new Map<string, number>();
      let frontier = [...new Set(entityUuids)];
      const seen = new Set(frontier);
      for (let hop = 1; hop <= depth && frontier.length && out.size < limit; hop++) {
        const ph = placeholders(frontier.length);
        // Edges at the frontier, and facts stated by episodes that mention a frontier entity.
        const rows = await query(
          `SELECT f."uuid", f."sourceUuid", f."targetUuid" FROM "MemoryFact" f
            WHERE f."id" IN (
                SELECT "id" FROM "MemoryFact" WHERE "accountId" = ? AND "sourceUuid" IN (${ph})
                UNION SELECT "id" FROM "MemoryFact" WHERE "accountId" = ? AND "targetUuid" IN (${ph})
                UNION SELECT f2."id" FROM "MemoryMention" m CROSS JOIN "MemoryFactEpisode" fe ON fe."accountId" = m."accountId" AND fe."episodeUuid" = m."episodeUuid"
                      CROSS JOIN "MemoryFact" f2 ON f2."accountId" = fe."accountId" AND f2."uuid" = fe."factUuid" WHERE m."accountId" = ? AND m."entityUuid" IN (${ph}))
              AND ${s.sql}${fl.sql}
            ORDER BY f."validAt" DESC LIMIT ?`,
          scope.accountId,
          ...frontier,
          scope.accountId,
          ...frontier,
          scope.accountId,
          ...frontier,
          ...s.args,
          ...fl.args,
          limit,
        );
        const next: string[] = [];
        for (const r of rows) {
          const uuid = String(r.uuid);
          if (!out.has(uuid)) out.set(uuid, 1 / hop);
          for (const e of [String(r.sourceUuid), String(r.targetUuid)]) {
            if (!seen.has(e)) {
              seen.add(e);
              next.push(e);
            }
          }
        }
        frontier = next.slice(0, 50);
      }
      return [...out].slice(0, limit).map(([uuid, score]) => ({ uuid, score }));
    },

    async getFacts(accountId, uuids) {
      if (!uuids.length) return [];
      const rows = await query(`SELECT ${FACT_COLUMNS}, f."embedding" FROM "MemoryFact" f WHERE f."accountId" = ? AND f."uuid" IN (${placeholders(uuids.length)})`, accountId, ...uuids);
      const prov = await provenance(accountId, rows.map((r) => String(r.uuid)));
      return rows.map((r) => {
        const p = prov.get(String(r.uuid)) ?? { episodes: [], sources: [] };
        return { ...toFact(r, p.episodes), sources: p.sources, embedding: toFloat32(r.embedding) };
      });
    },

    async deleteFact(accountId, uuid) {
      const [row] = await query(`SELECT "uuid" FROM "MemoryFact" WHERE "accountId" = ? AND "uuid" = ?`, accountId, uuid);
      if (!row) return false;
      await exec(`UPDATE "MemoryFact" SET "invalidAt" = NULL, "expiredAt" = NULL, "invalidatedBy" = NULL WHERE "accountId" = ? AND "invalidatedBy" = ?`, accountId, uuid);
      await exec(`DELETE FROM "MemoryFactEpisode" WHERE "accountId" = ? AND "factUuid" = ?`, accountId, uuid);
      await exec(`DELETE FROM "MemoryFact" WHERE "accountId" = ? AND "uuid" = ?`, accountId, uuid);
      return true;
    },

    async deleteEpisodes(accountId, match) {
      const rows =
        'uuid' in match
          ? await query(`SELECT "uuid", "groupId" FROM "MemoryEpisode" WHERE "accountId" = ? AND "uuid" = ?`, accountId, match.uuid)
          : await query(`SELECT "uuid", "groupId" FROM "MemoryEpisode" WHERE "accountId" = ? AND "groupId" = ? AND "sourceDescription" = ?`, accountId, match.groupId, match.source);
      if (!rows.length) return null;
      return cascade(accountId, rows.map((r) => String(r.uuid)));
    },

    async deleteGroup(accountId, groupId) {
      const [counts] = await query<{ episodes: number | bigint; entities: number | bigint; facts: number | bigint }>(
        `SELECT (SELECT COUNT(*) FROM "MemoryEpisode" WHERE "accountId" = ?1 AND "groupId" = ?2) AS episodes,
                (SELECT COUNT(*) FROM "MemoryEntity" WHERE "accountId" = ?1 AND "groupId" = ?2) AS entities,
                (SELECT COUNT(*) FROM "MemoryFact" WHERE "accountId" = ?1 AND "groupId" = ?2) AS facts`,
        accountId,
        groupId,
      );
      const result = { episodes: Number(counts!.episodes), facts: Number(counts!.facts), entities: Number(counts!.entities) };
      if (!result.episodes && !result.facts && !result.entities) return null;
      const factSet = `(SELECT "uuid" FROM "MemoryFact" WHERE "accountId" = ?1 AND "groupId" = ?2)`;
      const episodeSet = `(SELECT "uuid" FROM "MemoryEpisode" WHERE "accountId" = ?1 AND "groupId" = ?2)`;
      await exec(`DELETE FROM "MemoryFactEpisode" WHERE "accountId" = ?1 AND "factUuid" IN ${factSet}`, accountId, groupId);
      await exec(`DELETE FROM "MemoryMention" WHERE "accountId" = ?1 AND "episodeUuid" IN ${episodeSet}`, accountId, groupId);
      await exec(`DELETE FROM "MemoryFact" WHERE "accountId" = ? AND "groupId" = ?`, accountId, groupId);
      await exec(`DELETE FROM "MemoryEntity" WHERE "accountId" = ? AND "groupId" = ?`, accountId, groupId);
      await exec(`DELETE FROM "MemoryEpisode" WHERE "accountId" = ? AND "groupId" = ?`, accountId, groupId);
      return result;
    },

    async clear(accountId) {
      for (const table of ['MemoryFactEpisode', 'MemoryMention', 'MemoryFact', 'MemoryEntity', 'MemoryEpisode', 'MemoryGroupLease']) await exec(`DELETE FROM "${table}" WHERE "accountId" = ?`, accountId);
    },

    async close() {
      // The platform owns the database connection.
    },
  };
}
