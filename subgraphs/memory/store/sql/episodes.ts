// Episodes, written once for libSQL and PostgreSQL (./dialect.ts): the per-group queue (seq is the
// queue position), taking a request's episodes into it as one step (a lock on PostgreSQL, SQLite's
// single writer), the next pending ones, finishing one, and the deletion cascade.
import type { DeletionCounts, NewEpisode } from '../../model.ts';
import type { EpisodeStore } from '../memory-store.ts';
import { EPISODE_COLUMNS, toEpisode } from './rows.ts';
import { serialised, type MemoryDialect } from './dialect.ts';
import { chunks, placeholders, type Row, type Sql } from './statements.ts';

/** Episodes per INSERT statement. */
const EPISODE_BATCH = 100;

/**
 * Queues the request's episodes that are new, inside the caller's transaction (or single statement).
 * Only the account's own episodes count: another account's use of a uuid is neither visible nor in
 * the way; one of this account's in another group refuses the request.
 */
async function addNewEpisodes(
  sql: Sql,
  accountId: string,
  groupId: string,
  episodes: readonly NewEpisode[],
): Promise<{ added: number; conflicts: string[] }> {
  const existing: Row[] = [];
  for (const chunk of chunks(episodes, 500)) {
    existing.push(
      ...(await sql.query(
        `SELECT "uuid", "groupId" FROM "MemoryEpisode" WHERE "accountId" = ? AND "uuid" IN (${placeholders(chunk.length)})`,
        accountId,
        ...chunk.map((e) => e.uuid),
      )),
    );
  }
  const conflicts = existing.filter((r) => r.groupId !== groupId).map((r) => String(r.uuid));
  if (conflicts.length) return { added: 0, conflicts };
  // Repeats of a uuid, stored or within the request, are skipped (retries are safe).
  const seen = new Set(existing.map((r) => String(r.uuid)));
  const fresh = episodes.filter((e) => !seen.has(e.uuid) && !!seen.add(e.uuid));
  await insertEpisodes(sql, accountId, groupId, fresh);
  return { added: fresh.length, conflicts: [] };
}

export function sqlEpisodes(base: MemoryDialect): EpisodeStore {
  const { query, exec } = base;
  return {
    addEpisodes(accountId, groupId, episodes) {
      if (!episodes.length) return Promise.resolve({ added: 0, conflicts: [] });
      // Up to EPISODE_BATCH episodes are one insert, atomic by itself on libSQL; more are one transaction, so that
      // a request's episodes are all queued or none is. Not always a transaction there: each costs a fresh
      // connection of the libSQL client (see ../libsql-store.ts), and this is every POST /messages. On
      // PostgreSQL always a transaction (cheap there): the account's lock makes the uuid check and the insert one step.
      return serialised(base, ['episodes', accountId], Math.ceil(episodes.length / EPISODE_BATCH), (sql) =>
        addNewEpisodes(sql, accountId, groupId, episodes),
      );
    },

    async lastEpisodes(accountId, groupId, lastN) {
      const rows = await query(
        `SELECT * FROM (SELECT ${EPISODE_COLUMNS} FROM "MemoryEpisode" ${base.indexedBy('MemoryEpisode_group_time_idx')}
            WHERE "accountId" = ? AND "groupId" = ? AND "status" != 'pending' ORDER BY "timestamp" DESC, "seq" DESC LIMIT ?) last ORDER BY "timestamp", "seq"`,
        accountId,
        groupId,
        lastN,
      );
      return rows.map(toEpisode);
    },

    async nextPending(accountId, groupId, limit) {
      const rows = await query(
        `SELECT ${EPISODE_COLUMNS} FROM "MemoryEpisode" WHERE "accountId" = ? AND "groupId" = ? AND "status" = 'pending' ORDER BY "seq" LIMIT ?`,
        accountId,
        groupId,
        limit,
      );
      return rows.map(toEpisode);
    },

    async pendingGroups() {
      const rows = await query(
        `SELECT DISTINCT "accountId", "groupId" FROM "MemoryEpisode" WHERE "status" = 'pending'`,
      );
      return rows.map((r) => ({ accountId: String(r.accountId), groupId: String(r.groupId) }));
    },

    async finishEpisode(accountId, uuid, error) {
      await exec(
        `UPDATE "MemoryEpisode" SET "status" = ?, "error" = ? WHERE "accountId" = ? AND "uuid" = ?`,
        error ? 'failed' : 'done',
        error,
        accountId,
        uuid,
      );
    },

    deleteEpisodes(accountId, match) {
      return base.transaction(async (sql) => {
        const rows =
          'uuid' in match
            ? await sql.query(
                `SELECT "uuid" FROM "MemoryEpisode" WHERE "accountId" = ? AND "uuid" = ?`,
                accountId,
                match.uuid,
              )
            : await sql.query(
                `SELECT "uuid" FROM "MemoryEpisode" WHERE "accountId" = ? AND "groupId" = ? AND "sourceDescription" = ?`,
                accountId,
                match.groupId,
                match.source,
              );
        if (!rows.length) return null;
        return cascade(
          sql,
          accountId,
          rows.map((r) => String(r.uuid)),
        );
      });
    },
  };
}

async function insertEpisodes(
  sql: Sql,
  accountId: string,
  groupId: string,
  episodes: readonly NewEpisode[],
): Promise<void> {
  const now = new Date().toISOString();
  for (const batch of chunks(episodes, EPISODE_BATCH)) {
    await sql.exec(
      `INSERT INTO "MemoryEpisode" ("uuid", "accountId", "groupId", "name", "content", "roleType", "role", "sourceDescription", "timestamp", "createdAt", "status")
       VALUES ${batch.map(() => "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending')").join(', ')}`,
      ...batch.flatMap((e) => [
        e.uuid,
        accountId,
        groupId,
        e.name,
        e.content,
        e.roleType,
        e.role,
        e.sourceDescription,
        e.timestamp,
        now,
      ]),
    );
  }
}

/** Removes the episodes and what only they held; runs inside the caller's transaction. */
async function cascade(sql: Sql, accountId: string, episodeUuids: string[]): Promise<DeletionCounts> {
  let facts = 0;
  let entities = 0;
  for (const chunk of chunks(episodeUuids, 400)) {
    const ph = placeholders(chunk.length);
    const touchedFacts = (
      await sql.query(
        `SELECT DISTINCT "factUuid" FROM "MemoryFactEpisode" WHERE "accountId" = ? AND "episodeUuid" IN (${ph})`,
        accountId,
        ...chunk,
      )
    ).map((r) => String(r.factUuid));
    const touchedEntities = (
      await sql.query(
        `SELECT DISTINCT "entityUuid" FROM "MemoryMention" WHERE "accountId" = ? AND "episodeUuid" IN (${ph})`,
        accountId,
        ...chunk,
      )
    ).map((r) => String(r.entityUuid));
    await sql.exec(
      `DELETE FROM "MemoryFactEpisode" WHERE "accountId" = ? AND "episodeUuid" IN (${ph})`,
      accountId,
      ...chunk,
    );
    await sql.exec(
      `DELETE FROM "MemoryMention" WHERE "accountId" = ? AND "episodeUuid" IN (${ph})`,
      accountId,
      ...chunk,
    );
    await sql.exec(`DELETE FROM "MemoryEpisode" WHERE "accountId" = ? AND "uuid" IN (${ph})`, accountId, ...chunk);
    for (const fchunk of chunks(touchedFacts, 400)) {
      // A fact another episode also stated stays; the rest go, and what they invalidated is current again.
      const orphans = (
        await sql.query(
          `SELECT "uuid" FROM "MemoryFact" f WHERE f."accountId" = ? AND f."uuid" IN (${placeholders(fchunk.length)})
             AND NOT EXISTS (SELECT 1 FROM "MemoryFactEpisode" fe WHERE fe."accountId" = f."accountId" AND fe."factUuid" = f."uuid")`,
          accountId,
          ...fchunk,
        )
      ).map((r) => String(r.uuid));
      if (!orphans.length) continue;
      const oph = placeholders(orphans.length);
      await sql.exec(
        `UPDATE "MemoryFact" SET "invalidAt" = NULL, "expiredAt" = NULL, "invalidatedBy" = NULL WHERE "accountId" = ? AND "invalidatedBy" IN (${oph})`,
        accountId,
        ...orphans,
      );
      facts += await sql.exec(
        `DELETE FROM "MemoryFact" WHERE "accountId" = ? AND "uuid" IN (${oph})`,
        accountId,
        ...orphans,
      );
    }
    for (const echunk of chunks(touchedEntities, 400)) {
      entities += await sql.exec(
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
