// Entities on PostgreSQL (a tsvector over their names) and the episodes that
// mention them. The counterpart of ../libsql/entities.ts.
import type { Entity } from '../../model.ts';
import type { EntityStore } from '../memory-store.ts';
import { chunks, placeholders } from '../libsql/base.ts';
import { toEntity } from '../libsql/rows.ts';
import { ENTITY_COLUMNS, lockKey, scopeSql, tsQuery, type PostgresBase, type Sql } from './base.ts';

const ENTITY_BATCH = 100;

export function postgresEntities(base: PostgresBase): EntityStore {
  const { query, exec } = base;
  return {
    async entitiesByNormName(accountId, groupId, normNames) {
      if (!normNames.length) return [];
      const rows = await query(
        `SELECT ${ENTITY_COLUMNS} FROM "MemoryEntity" e WHERE e."accountId" = ? AND e."groupId" = ? AND e."normName" IN (${placeholders(normNames.length)}) ORDER BY e."id"`,
        accountId,
        groupId,
        ...normNames,
      );
      return rows.map(toEntity);
    },

    async entitiesMatching(scope, text, limit) {
      const match = tsQuery(text);
      if (!match) return [];
      const s = scopeSql(scope, 'e');
      const rows = await query(
        `SELECT ${ENTITY_COLUMNS} FROM "MemoryEntity" e, to_tsquery('platform_english', ?) q
          WHERE e."tsv" @@ q AND ${s.sql} ORDER BY ts_rank_cd(e."tsv", q) DESC, e."id" LIMIT ?`,
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
      const [row] = await query(`SELECT ${ENTITY_COLUMNS} FROM "MemoryEntity" e WHERE e."accountId" = ? AND e."uuid" = ?`, accountId, uuid);
      return row ? toEntity(row) : null;
    },

    async getEntities(accountId, uuids) {
      if (!uuids.length) return [];
      const rows = await query(`SELECT ${ENTITY_COLUMNS} FROM "MemoryEntity" e WHERE e."accountId" = ? AND e."uuid" IN (${placeholders(uuids.length)})`, accountId, ...uuids);
      return rows.map(toEntity);
    },

    saveEntityNode(entity) {
      // The look-up and the write in one transaction under the uuid's lock, so two saves cannot both create it.
      return base.transaction(async (sql) => {
        await lockKey(sql, 'entity', entity.accountId, entity.uuid);
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
        `INSERT INTO "MemoryMention" ("accountId", "episodeUuid", "entityUuid") VALUES ${entityUuids.map(() => '(?, ?, ?)').join(', ')} ON CONFLICT DO NOTHING`,
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
