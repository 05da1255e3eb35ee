// Draining a group's queue: its pending episodes into the graph in order, then
// their facts into the vector index in batches. The ingest job runs it under
// its lease; the evaluation and the benchmark time exactly this loop.
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { LIMITS } from '../../../core/limits.ts';
import type { Episode } from '../model.ts';
import {
  ADDRESSEE_WINDOW,
  embedExtractions,
  extractEpisode,
  writeEpisode,
  type IngestDeps,
  type PreparedEpisode,
} from './ingest.ts';

/**
 * The vector index is brought up to date after this many episodes and at the end of a drain
 * (see MemoryStore.indexFactVectors), in statements of VECTOR_BATCH_ROWS rows: large enough
 * to write each neighbour block of the index once per batch, small enough that one
 * statement holds the synchronous connection for about a tenth of a second.
 */
const VECTOR_EVERY_EPISODES = 32;
export const VECTOR_BATCH_ROWS = 48;
/**
 * Pending episodes read per query, their facts embedded in one call: an episode stored meanwhile waits
 * for the next read, still in order. One deleted while it waits in this read is still processed, as
 * one deleted while being processed always was: its facts then stay, naming an episode that no longer
 * exists (not yet handled). 64 episodes give the model about 145 LoCoMo facts a call, which it groups
 * by length with little padding (use-lite/model.ts): 9.7 ms of CPU a fact against 11.4 for 16 episodes.
 */
const PENDING_READ = 64;
/** Episodes extracted between two yields to the event loop (extraction runs on it for short messages). */
const EXTRACT_RUN = 16;

/**
 * Processes a group's pending episodes in queue order until none is left: the job's loop, and
 * the one the evaluation and the benchmark time. `beforeEach` runs before each episode (the
 * job renews its lease and checks its signal there). One failing episode fails alone.
 */
export async function processPending(
  deps: IngestDeps,
  accountId: string,
  groupId: string,
  options: {
    beforeEach?: () => Promise<void>;
    /** Episodes written per transaction (1: each on its own, the way before runs; for the benchmark's baseline). */ runLength?: number;
  } = {},
): Promise<{ processed: number; failed: number }> {
  const { store } = deps;
  const space = { model: deps.embedder.model, dimensions: deps.embedder.dimensions };
  let processed = 0;
  let failed = 0;
  let unindexed = 0;
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
  const reason = (err: unknown) => (err instanceof Error ? err.message : String(err));
  try {
    for (;;) {
      const queue = await store.nextPending(accountId, groupId, options.runLength ?? PENDING_READ);
      if (!queue.length) break;
      recent ??= await store.lastEpisodes(accountId, groupId, ADDRESSEE_WINDOW);
      // First every episode's extraction and embeddings (which may call a model or a service), outside any transaction.
      const extracted: Omit<PreparedEpisode, 'embeddings' | 'embeddingModel'>[] = [];
      const refused: { episode: Episode; error: string }[] = [];
      for (const [i, episode] of queue.entries()) {
        if (i > 0 && i % EXTRACT_RUN === 0) await yieldToLoop();
        await options.beforeEach?.();
        try {
          // Extraction's cost is bounded by the message's size (linear extractor, core/limits.ts;
          // the job runs long messages on a worker thread, extraction/pooled.ts), so a huge message
          // fails alone and cannot freeze the server, nor again when retried after a crash.
          if (episode.content.length > LIMITS.memoryMaxMessageChars) {
            throw new Error(
              `RESOURCE_LIMIT: the message has ${episode.content.length} characters, more than the ${LIMITS.memoryMaxMessageChars} the extractor reads`,
            );
          }
          extracted.push(await extractEpisode(deps, episode, recent));
        } catch (err) {
          // One bad message must not block the group's queue; the failure stays on the episode.
          refused.push({ episode, error: reason(err) });
        }
        remember(episode);
      }
      // The run's facts in one embedding call (a model's cost a text falls in batches). Should the
      // embedder fail, the whole run fails as one (retried with the job); nothing of it was written.
      const prepared = await embedExtractions(deps.embedder, extracted);
      // Then their writes, in transactions of about MEMORY_FACTS_PER_WRITE facts with a yield to the
      // event loop between them (the embedded database writes on it: 5 near-cap messages in one
      // transaction held it 27 s). A statement that commits alone rewrites the pages (and FTS5
      // segments) it touches every time; a run of episodes touches most of them once. Episodes stay in order.
      const runs = writeRuns(prepared);
      for (const [i, part] of runs.entries()) {
        if (i > 0) await yieldToLoop();
        const done = await writeRun(deps, accountId, part, i === runs.length - 1 ? refused : [], queue.length > 1);
        processed += done.processed;
        failed += done.failed;
      }
      unindexed += queue.length;
      if (unindexed >= VECTOR_EVERY_EPISODES) {
        await store.indexFactVectors(VECTOR_BATCH_ROWS, space);
        unindexed = 0;
      }
    }
  } finally {
    await store.indexFactVectors(VECTOR_BATCH_ROWS, space);
  }
  return { processed, failed };
}

/** Prepared episodes cut into runs of about MEMORY_FACTS_PER_WRITE facts (an episode is never split; at least one run). */
function writeRuns(prepared: PreparedEpisode[]): PreparedEpisode[][] {
  const runs: PreparedEpisode[][] = [[]];
  let facts = 0;
  for (const p of prepared) {
    if (runs.at(-1)!.length && facts + p.extraction.facts.length > LIMITS.memoryFactsPerWrite) {
      runs.push([]);
      facts = 0;
    }
    runs.at(-1)!.push(p);
    facts += p.extraction.facts.length;
  }
  return runs;
}

/** One run's writes in one transaction; when it fails, each episode alone, so one failing episode fails alone. */
async function writeRun(
  deps: IngestDeps,
  accountId: string,
  prepared: PreparedEpisode[],
  refused: { episode: Episode; error: string }[],
  together: boolean,
): Promise<{ processed: number; failed: number }> {
  const { store } = deps;
  const reason = (err: unknown) => (err instanceof Error ? err.message : String(err));
  let processed = 0;
  let failed = 0;
  try {
    // One episode alone needs no transaction: its statements run as they always did.
    const run =
      together && prepared.length + refused.length > 1
        ? store.inTransaction.bind(store)
        : <T>(work: (tx: typeof store) => Promise<T>) => work(store);
    await run(async (tx) => {
      for (const p of prepared) {
        await writeEpisode({ ...deps, store: tx }, p);
        await tx.finishEpisode(accountId, p.episode.uuid, null);
      }
      for (const r of refused) await tx.finishEpisode(accountId, r.episode.uuid, r.error);
    });
    processed += prepared.length;
    failed += refused.length;
  } catch {
    // Nothing of the run was written. One failing episode must fail alone: write them one by one.
    for (const p of prepared) {
      try {
        await writeEpisode(deps, p);
        await store.finishEpisode(accountId, p.episode.uuid, null);
        processed++;
      } catch (err) {
        await store.finishEpisode(accountId, p.episode.uuid, reason(err));
        failed++;
      }
    }
    for (const r of refused) await store.finishEpisode(accountId, r.episode.uuid, r.error);
    failed += refused.length;
  }
  return { processed, failed };
}
