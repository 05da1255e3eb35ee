// Entities on libSQL (FTS5 over their names) and the episodes that mention them.
import type { EntityStore } from '../memory-store.ts';
import { saveEntity, sqlEntities } from '../sql/entities.ts';
import { ftsQuery } from '../sql/fragments.ts';
import { toEntity } from '../sql/rows.ts';
import { scopeSql, type LibsqlBase } from './base.ts';

export function libsqlEntities(base: LibsqlBase): EntityStore {
  const { query, exec } = base;
  return {
    ...sqlEntities(base),

    async entitiesMatching(scope, text, limit) {
      const match = ftsQuery(text);
      if (!match) return [];
      const s = scopeSql(scope, 'e');
      const rows = await query(
        `SELECT e.* FROM "MemoryEntityFts" JOIN "MemoryEntity" e ON e."id" = "MemoryEntityFts".rowid
          WHERE "MemoryEntityFts" MATCH ? AND ${s.sql} ORDER BY bm25("MemoryEntityFts"), e."id" LIMIT ?`,
        match,
        ...s.args,
        limit,
      );
      return rows.map(toEntity);
    },

    saveEntityNode(entity) {
      // The look-up and the write in one transaction, so that two saves of one uuid cannot both create it.
      return base.transaction((sql) => saveEntity(sql, entity));
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
