// Entities on PostgreSQL (a tsvector over their names) and the episodes that
// mention them. The counterpart of ../libsql/entities.ts.
import type { EntityStore } from '../memory-store.ts';
import { saveEntity, sqlEntities } from '../sql/entities.ts';
import { ENTITY_COLUMNS, toEntity } from '../sql/rows.ts';
import { lockKey, scopeSql, tsQuery, type PostgresBase } from './base.ts';

export function postgresEntities(base: PostgresBase): EntityStore {
  const { query, exec } = base;
  return {
    ...sqlEntities(base),

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

    saveEntityNode(entity) {
      // The look-up and the write in one transaction under the uuid's lock, so two saves cannot both create it.
      return base.transaction(async (sql) => {
        await lockKey(sql, 'entity', entity.accountId, entity.uuid);
        return saveEntity(sql, entity);
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
