// Episodes on libSQL: the per-group queue (seq is the queue position). What reads the same on
// PostgreSQL (the new-episode check, finishing one, the deletion cascade) is ../sql/episodes.ts.
import type { EpisodeStore } from '../memory-store.ts';
import { addNewEpisodes, EPISODE_BATCH, sqlEpisodes } from '../sql/episodes.ts';
import { toEpisode } from '../sql/rows.ts';
import type { LibsqlBase } from './base.ts';

export function libsqlEpisodes(base: LibsqlBase): EpisodeStore {
  const { query } = base;
  return {
    ...sqlEpisodes(base),

    addEpisodes(accountId, groupId, episodes) {
      if (!episodes.length) return Promise.resolve({ added: 0, conflicts: [] });
      // Up to EPISODE_BATCH episodes are one insert, atomic by itself; more are one transaction, so that
      // a request's episodes are all queued or none is. Not always a transaction: each costs a fresh
      // connection of the libSQL client (see base.ts), and this is every POST /messages.
      return base.atomic(Math.ceil(episodes.length / EPISODE_BATCH), (sql) => addNewEpisodes(sql, accountId, groupId, episodes));
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
  };
}
