// The parts of the entity store that read the same on libSQL and PostgreSQL: reading entities by
// uuid or name, inserting them, and saving one node once the engine has made the look-up and the
// write one step. Name search (FTS5 or a tsvector) and mention inserts stay in each engine's entities.ts.
import type { Entity } from '../../model.ts';
import type { EntityStore } from '../memory-store.ts';
import { ENTITY_COLUMNS, toEntity } from './rows.ts';
import { chunks, placeholders, type Sql, type SqlBase } from './statements.ts';

/** Entities per INSERT statement. */
const ENTITY_BATCH = 100;

export function sqlEntities(base: SqlBase): Pick<EntityStore, 'entitiesByNormName' | 'insertEntities' | 'getEntity' | 'getEntities'> {
  const { query } = base;
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
      const [row] = await query(`SELECT ${ENTITY_COLUMNS} FROM "MemoryEntity" e WHERE e."accountId" = ? AND e."uuid" = ?`, accountId, uuid);
      return row ? toEntity(row) : null;
    },

    async getEntities(accountId, uuids) {
      if (!uuids.length) return [];
      const rows = await query(`SELECT ${ENTITY_COLUMNS} FROM "MemoryEntity" e WHERE e."accountId" = ? AND e."uuid" IN (${placeholders(uuids.length)})`, accountId, ...uuids);
      return rows.map(toEntity);
    },
  };
}

/** Creates or renames the node, inside the caller's transaction; a uuid of the account's in another group is a conflict. */
export async function saveEntity(sql: Sql, entity: Entity): Promise<'created' | 'updated' | 'conflict'> {
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
}

async function insertEntities(sql: Sql, entities: readonly Entity[]): Promise<void> {
  for (const batch of chunks(entities, ENTITY_BATCH)) {
    await sql.exec(
      `INSERT INTO "MemoryEntity" ("uuid", "accountId", "groupId", "name", "normName", "kind", "summary", "createdAt") VALUES ${batch.map(() => '(?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
      ...batch.flatMap((e) => [e.uuid, e.accountId, e.groupId, e.name, e.normName, e.kind, e.summary, e.createdAt]),
    );
  }
}
