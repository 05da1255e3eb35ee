// Episodes on PostgreSQL: the per-group queue (seq is the queue position). The counterpart of
// ../libsql/episodes.ts; what reads the same on both engines is ../sql/episodes.ts.
import type { EpisodeStore } from '../memory-store.ts';
import { addNewEpisodes, sqlEpisodes } from '../sql/episodes.ts';
import { EPISODE_COLUMNS, toEpisode } from '../sql/rows.ts';
import { lockKey, type PostgresBase } from './base.ts';

export function postgresEpisodes(base: PostgresBase): EpisodeStore {
  const { query } = base;
  return {
    ...sqlEpisodes(base),

    addEpisodes(accountId, groupId, episodes) {
      if (!episodes.length) return Promise.resolve({ added: 0, conflicts: [] });
      // Always a transaction (cheap here): the account's lock makes the uuid check and the insert one step.
      return base.transaction(async (sql) => {
        await lockKey(sql, 'episodes', accountId);
        return addNewEpisodes(sql, accountId, groupId, episodes);
      });
    },

    async lastEpisodes(accountId, groupId, lastN) {
      const rows = await query(
        `SELECT * FROM (SELECT ${EPISODE_COLUMNS} FROM "MemoryEpisode"
            WHERE "accountId" = ? AND "groupId" = ? AND "status" != 'pending' ORDER BY "timestamp" DESC, "seq" DESC LIMIT ?) last ORDER BY "timestamp", "seq"`,
        accountId,
        groupId,
        lastN,
      );
      return rows.map(toEpisode);
    },
  };
}
