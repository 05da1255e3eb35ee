// Entities (nodes), written once for libSQL and PostgreSQL (./dialect.ts): reading them by uuid,
// name or the words of their names (FTS5 or a tsvector), inserting them, saving one node as one
// step, and the episodes that mention them.
import type { Entity } from '../../model.ts';
import type { EntityStore } from '../memory-store.ts';
import { ENTITY_COLUMNS, toEntity } from './rows.ts';
import { scopeSql, serialised, type MemoryDialect } from './dialect.ts';
import { chunks, placeholders, type Sql } from './statements.ts';

/** Entities per INSERT statement. */
const ENTITY_BATCH = 100;

export function sqlEntities(base: MemoryDialect): EntityStore {
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

    insertEntities(entities) {
      return base.atomic(Math.ceil(entities.length / ENTITY_BATCH), (sql) => insertEntities(sql, entities));
    },

    async getEntity(accountId, uuid) {
      const [row] = await query(
        `SELECT ${ENTITY_COLUMNS} FROM "MemoryEntity" e WHERE e."accountId" = ? AND e."uuid" = ?`,
        accountId,
        uuid,
      );
      return row ? toEntity(row) : null;
    },

    async getEntities(accountId, uuids) {
      if (!uuids.length) return [];
      const rows = await query(
        `SELECT ${ENTITY_COLUMNS} FROM "MemoryEntity" e WHERE e."accountId" = ? AND e."uuid" IN (${placeholders(uuids.length)})`,
        accountId,
        ...uuids,
      );
      return rows.map(toEntity);
    },

    async entitiesMatching(scope, text, limit) {
      const match = base.entityText(text);
      if (!match) return [];
      const s = scopeSql(base, scope, 'e');
      const rows = await query(
        `SELECT ${ENTITY_COLUMNS} FROM ${match.from} WHERE ${match.where} AND ${s.sql} ORDER BY ${match.score} DESC, e."id" LIMIT ?`,
        ...match.args,
        ...s.args,
        limit,
      );
      return rows.map(toEntity);
    },

    saveEntityNode(entity) {
      // The look-up and the write in one transaction (under the uuid's lock on PostgreSQL), so two saves cannot both create it.
      return serialised(base, ['entity', entity.accountId, entity.uuid], 2, (sql) => saveEntity(sql, entity));
    },

    async addMentions(accountId, episodeUuid, entityUuids) {
      if (!entityUuids.length) return;
      await exec(
        base.insertIgnore(
          `"MemoryMention" ("accountId", "episodeUuid", "entityUuid") VALUES ${entityUuids.map(() => '(?, ?, ?)').join(', ')}`,
        ),
        ...entityUuids.flatMap((u) => [accountId, episodeUuid, u]),
      );
    },
  };
}

/** Creates or renames the node, inside the caller's transaction; a uuid of the account's in another group is a conflict. */
async function saveEntity(sql: Sql, entity: Entity): Promise<'created' | 'updated' | 'conflict'> {
  const [row] = await sql.query(
    `SELECT "groupId" FROM "MemoryEntity" WHERE "accountId" = ? AND "uuid" = ?`,
    entity.accountId,
    entity.uuid,
  );
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
}

async function insertEntities(sql: Sql, entities: readonly Entity[]): Promise<void> {
  for (const batch of chunks(entities, ENTITY_BATCH)) {
    await sql.exec(
      `INSERT INTO "MemoryEntity" ("uuid", "accountId", "groupId", "name", "normName", "kind", "summary", "createdAt") VALUES ${batch.map(() => '(?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
      ...batch.flatMap((e) => [e.uuid, e.accountId, e.groupId, e.name, e.normName, e.kind, e.summary, e.createdAt]),
    );
  }
}
