// Draining a group's queue: its pending episodes into the graph in order, then
// their facts into the vector index in batches. The ingest job runs it under
// its lease; the evaluation and the benchmark time exactly this loop.
import { LIMITS } from '../../../core/limits.ts';
import type { Episode } from '../model.ts';
import { ADDRESSEE_WINDOW, ingestEpisode, type IngestDeps } from './ingest.ts';

/**
 * The vector index is brought up to date after this many episodes and at the end of a drain
 * (see MemoryStore.indexFactVectors), in statements of VECTOR_BATCH_ROWS rows: large enough
 * to write each neighbour block of the index once per batch, small enough that one
 * statement holds the synchronous connection for about a tenth of a second.
 */
const VECTOR_EVERY_EPISODES = 32;
export const VECTOR_BATCH_ROWS = 48;
/**
 * Pending episodes read per query: an episode stored meanwhile waits for the next read, still in
 * order. One deleted while it waits in this read is still processed, as one deleted while being
 * processed always was: its facts then stay, naming an episode that no longer exists (not yet handled).
 */
const PENDING_READ = 16;

/**
 * Processes a group's pending episodes in queue order until none is left: the job's loop, and
 * the one the evaluation and the benchmark time. `beforeEach` runs before each episode (the
 * job renews its lease and checks its signal there). One failing episode fails alone.
 */
export async function processPending(
  deps: IngestDeps,
  accountId: string,
  groupId: string,
  options: { beforeEach?: () => Promise<void> } = {},
): Promise<{ processed: number; failed: number }> {
  const { store } = deps;
  let processed = 0;
  let failed = 0;
  let queue: Episode[] = [];
  // The group's latest processed episodes, oldest first, kept as episodes are processed: only this
  // lease holder processes the group, so after one read they are known without reading again.
  let recent: Episode[] | null = null;
  const remember = (episode: Episode) => {
    // Ordered as store.lastEpisodes orders them (timestamp, then queue order): a late message goes back in time.
    let at = recent!.length;
    while (at > 0 && recent![at - 1]!.timestamp > episode.timestamp) at--;
    recent!.splice(at, 0, episode);
    if (recent!.length > ADDRESSEE_WINDOW) recent!.shift();
  };
  try {
    for (;;) {
      await options.beforeEach?.();
      if (!queue.length) queue = await store.nextPending(accountId, groupId, PENDING_READ);
      const episode = queue.shift();
      if (!episode) break;
      try {
        // Extraction runs on this thread: its cost is bounded by the message's size (linear
        // extractor, core/limits.ts), so a huge message fails alone and cannot freeze the
        // server, nor freeze it again when the job is retried after a crash (a poison message).
        if (episode.content.length > LIMITS.memoryMaxMessageChars) {
          throw new Error(`RESOURCE_LIMIT: the message has ${episode.content.length} characters, more than the ${LIMITS.memoryMaxMessageChars} the extractor reads`);
        }
        recent ??= await store.lastEpisodes(accountId, groupId, ADDRESSEE_WINDOW);
        await ingestEpisode(deps, episode, recent);
        await store.finishEpisode(accountId, episode.uuid, null);
        processed++;
      } catch (err) {
        // One bad message must not block the group's queue; the failure stays on the episode.
        await store.finishEpisode(accountId, episode.uuid, err instanceof Error ? err.message : String(err));
        failed++;
      }
      if (recent) remember(episode);
      if ((processed + failed) % VECTOR_EVERY_EPISODES === 0) await store.indexFactVectors(VECTOR_BATCH_ROWS);
    }
  } finally {
    await store.indexFactVectors(VECTOR_BATCH_ROWS);
  }
  return { processed, failed };
}

