// Entities on libSQL (FTS5 over their names) and the episodes that mention them.
import type { Entity } from '../../model.ts';
import type { EntityStore } from '../memory-store.ts';
import { chunks, ftsQuery, placeholders, scopeSql, type LibsqlBase, type Sql } from './base.ts';
import { toEntity } from './rows.ts';

const ENTITY_BATCH = 100;

export function libsqlEntities(base: LibsqlBase): EntityStore {
  const { query, exec } = base;
  return {
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

    insertEntities(entities) {
      return base.atomic(Math.ceil(entities.length / ENTITY_BATCH), (sql) => insertEntities(sql, entities));
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

    saveEntityNode(entity) {
      // The look-up and the write in one transaction, so that two saves of one uuid cannot both create it.
      return base.transaction(async (sql) => {
        const [row] = await sql.query(`SELECT "groupId" FROM "MemoryEntity" WHERE "accountId" = ? AND "uuid" = ?`, entity.accountId, entity.uuid);
        if (row && row.groupId !== entity.groupId) return 'conflict';
        if (row) {
          await sql.exec(
            `UPDATE "MemoryEntity" SET "name" = ?, "normName" = ?, "summary" = ? WHERE "accountId" = ? AND "uuid" = ?`,
            entity.name,
            entity.normName,
            entity.summary,
            entity.accountId,
            entity.uuid,
          );
          return 'updated';
        }
        await insertEntities(sql, [entity]);
        return 'created';
      });
    },

    async addMentions(accountId, episodeUuid, entityUuids) {
      if (!entityUuids.length) return;
      await exec(
        `INSERT OR IGNORE INTO "MemoryMention" ("accountId", "episodeUuid", "entityUuid") VALUES ${entityUuids.map(() => '(?, ?, ?)').join(', ')}`,
        ...entityUuids.flatMap((u) => [accountId, episodeUuid, u]),
      );
    },
  };
}

async function insertEntities(sql: Sql, entities: readonly Entity[]): Promise<void> {
  for (const batch of chunks(entities, ENTITY_BATCH)) {
    await sql.exec(
      `INSERT INTO "MemoryEntity" ("uuid", "accountId", "groupId", "name", "normName", "kind", "summary", "createdAt") VALUES ${batch.map(() => '(?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
      ...batch.flatMap((e) => [e.uuid, e.accountId, e.groupId, e.name, e.normName, e.kind, e.summary, e.createdAt]),
    );
  }
}
