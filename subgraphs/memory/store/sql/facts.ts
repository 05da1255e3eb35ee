// Facts (edges), written once for libSQL and PostgreSQL (./dialect.ts): MemoryFact rows with their
// provenance (MemoryFactEpisode: which episodes stated a fact), duplicate and contradiction
// candidates, the edges of a node, invalidation and deletion of one fact. Writing a new fact with
// its first provenance row is the dialect's (a view on libSQL, two statements on PostgreSQL).
import type { Fact, FactRow, NewFact } from '../../model.ts';
import type { FactStore } from '../memory-store.ts';
import type { MemoryDialect } from './dialect.ts';
import { FACT_COLUMNS, toFact, toFactRow } from './rows.ts';
import { chunks, placeholders, type Sql } from './statements.ts';

/** New facts per INSERT statement. */
const FACT_BATCH = 100;

export type Provenance = Map<string, { episodes: string[]; sources: string[] }>;

/** The episodes (and their sources) that stated each fact, the one that created it first. */
async function provenance(sql: Sql, accountId: string, uuids: readonly string[]): Promise<Provenance> {
  const out: Provenance = new Map();
  for (const chunk of chunks(uuids, 500)) {
    // Ordered by the episode's queue position, so the first is the one that created the fact.
    const rows = await sql.query(
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

/** Facts (alias f) matching `where`, with the episodes that stated them. */
async function factsWhere(sql: Sql, accountId: string, where: string, ...args: unknown[]): Promise<Fact[]> {
  const rows = await sql.query(`SELECT ${FACT_COLUMNS} FROM "MemoryFact" f WHERE ${where}`, ...args);
  const prov = await provenance(
    sql,
    accountId,
    rows.map((r) => String(r.uuid)),
  );
  return rows.map((r) => toFact(r, prov.get(String(r.uuid))?.episodes ?? []));
}

export function sqlFacts(base: MemoryDialect): FactStore {
  const { query, exec, noIndex } = base;
  return {
    async factsBetween(accountId, groupId, pairs, normFacts) {
      const out: FactRow[] = [];
      const norms = normFacts ? [...new Set(normFacts)] : null;
      if (norms && !norms.length) return out;
      for (const chunk of chunks(pairs, 100)) {
        // A join with the pairs, so that each is one look-up of the (account, source, target) index
        // (written as ORs, SQLite factors the account out and scans the account's facts).
        const rows = await query(
          `WITH pair("s", "t") AS (VALUES ${chunk.map(() => '(?, ?), (?, ?)').join(', ')})
           SELECT ${FACT_COLUMNS} FROM pair ${base.drivingJoin} "MemoryFact" f ON f."accountId" = ? AND f."sourceUuid" = pair."s" AND f."targetUuid" = pair."t"
            WHERE ${noIndex('f."groupId"')} = ?${norms ? ` AND f."normFact" IN (${placeholders(norms.length)})` : ''}`,
          ...chunk.flatMap(([a, b]) => [a, b, b, a]),
          accountId,
          groupId,
          ...(norms ?? []),
        );
        out.push(...rows.map(toFactRow));
      }
      return out;
    },

    async currentFactsTouching(accountId, groupId, entityUuid) {
      const rows = await query(
        `SELECT ${FACT_COLUMNS} FROM "MemoryFact" f
          WHERE f."id" IN (SELECT "id" FROM "MemoryFact" WHERE "accountId" = ?1 AND "sourceUuid" = ?3 UNION SELECT "id" FROM "MemoryFact" WHERE "accountId" = ?1 AND "targetUuid" = ?3)
            AND ${noIndex('f."groupId"')} = ?2 AND f."invalidAt" IS NULL AND f."expiredAt" IS NULL`,
        accountId,
        groupId,
        entityUuid,
      );
      return rows.map(toFactRow);
    },

    insertFacts(facts) {
      if (!facts.length) return Promise.resolve();
      const { statements, write } = base.factWrites;
      return base.atomic(Math.ceil(facts.length / FACT_BATCH) * statements, async (sql) => {
        for (const batch of chunks<NewFact>(facts, FACT_BATCH)) await write(sql, batch);
      });
    },

    async addFactEpisode(accountId, factUuid, episode) {
      await exec(
        base.insertIgnore(
          `"MemoryFactEpisode" ("accountId", "factUuid", "episodeUuid", "sourceDescription") VALUES (?, ?, ?, ?)`,
        ),
        accountId,
        factUuid,
        episode.uuid,
        episode.sourceDescription,
      );
    },

    async getFacts(accountId, uuids) {
      if (!uuids.length) return [];
      const rows = await query(
        `SELECT ${FACT_COLUMNS}, ${base.vector.column('f."embedding"')} FROM "MemoryFact" f WHERE f."accountId" = ? AND f."uuid" IN (${placeholders(uuids.length)})`,
        accountId,
        ...uuids,
      );
      const prov = await provenance(
        base,
        accountId,
        rows.map((r) => String(r.uuid)),
      );
      return rows.map((r) => {
        const p = prov.get(String(r.uuid)) ?? { episodes: [], sources: [] };
        return { ...toFact(r, p.episodes), sources: p.sources, embedding: base.vector.read(r.embedding) };
      });
    },

    async invalidateFact(accountId, uuid, invalidAt, expiredAt, by) {
      await exec(
        `UPDATE "MemoryFact" SET "invalidAt" = ?, "expiredAt" = COALESCE("expiredAt", ?), "invalidatedBy" = ? WHERE "accountId" = ? AND "uuid" = ?`,
        invalidAt,
        expiredAt,
        by,
        accountId,
        uuid,
      );
    },

    async edgesOfNode(accountId, nodeUuid) {
      const [node] = await query(
        `SELECT 1 AS found FROM "MemoryEntity" WHERE "accountId" = ? AND "uuid" = ?`,
        accountId,
        nodeUuid,
      );
      if (!node) return null;
      return factsWhere(
        base,
        accountId,
        `f."id" IN (SELECT "id" FROM "MemoryFact" WHERE "accountId" = ?1 AND "sourceUuid" = ?2 UNION SELECT "id" FROM "MemoryFact" WHERE "accountId" = ?1 AND "targetUuid" = ?2)
         ORDER BY f."createdAt", f."id"`,
        accountId,
        nodeUuid,
      );
    },

    deleteFact(accountId, uuid) {
      return base.transaction(async (sql) => {
        const [row] = await sql.query(
          `SELECT "uuid" FROM "MemoryFact" WHERE "accountId" = ? AND "uuid" = ?`,
          accountId,
          uuid,
        );
        if (!row) return false;
        await sql.exec(
          `UPDATE "MemoryFact" SET "invalidAt" = NULL, "expiredAt" = NULL, "invalidatedBy" = NULL WHERE "accountId" = ? AND "invalidatedBy" = ?`,
          accountId,
          uuid,
        );
        await sql.exec(`DELETE FROM "MemoryFactEpisode" WHERE "accountId" = ? AND "factUuid" = ?`, accountId, uuid);
        await sql.exec(`DELETE FROM "MemoryFact" WHERE "accountId" = ? AND "uuid" = ?`, accountId, uuid);
        return true;
      });
    },
  };
}
