// The background half of POST /messages: a job per request drains its group's
// pending episodes in queue order. Jobs of one group take turns (a lock per
// group in this process), so episodes are processed one at a time, in order.
import { z } from 'zod';
import type { JobHandler } from '../../core/jobs/types.ts';
import type { Platform } from '../../core/platform.ts';
import { parseInput } from '../../core/validation.ts';
import { ingestEpisode } from './graph/ingest.ts';
import { memoryServices } from './services.ts';

export const INGEST_JOB = 'memory.ingest';

const inputSchema = z.object({ groupId: z.string().min(1) });

const locks = new Map<string, Promise<unknown>>();

/** Runs `work` after every earlier holder of `key` finished. */
export async function withGroupLock<T>(key: string, work: () => Promise<T>): Promise<T> {
  const previous = locks.get(key) ?? Promise.resolve();
  const run = previous.then(work, work);
  const tail = run.catch(() => undefined);
  locks.set(key, tail);
  try {
    return await run;
  } finally {
    if (locks.get(key) === tail) locks.delete(key);
  }
}

export const ingestJob: JobHandler<z.output<typeof inputSchema>> = {
  type: INGEST_JOB,
  parse: (input) => parseInput(inputSchema, input),
  async run(ctx) {
    const services = memoryServices(ctx.db, ctx.config);
    const { accountId } = ctx.job;
    const { groupId } = ctx.input;
    return withGroupLock(`${accountId}\u0000${groupId}`, async () => {
      let processed = 0;
      let failed = 0;
      for (;;) {
        if (ctx.signal.aborted) throw ctx.signal.reason;
        const episode = await services.store.nextPending(accountId, groupId);
        if (!episode) break;
        try {
          await ingestEpisode(services, episode);
          await services.store.finishEpisode(episode.uuid, null);
          processed++;
        } catch (err) {
          // One bad message must not block the group's queue; the failure stays on the episode.
          await services.store.finishEpisode(episode.uuid, err instanceof Error ? err.message : String(err));
          failed++;
        }
      }
      return { group_id: groupId, processed, failed };
    });
  },
};

/**
 * At start: a group whose messages were stored but whose job was never created
 * (the process died in between) gets one, so nothing waits for the next POST.
 */
export async function resumePendingGroups(platform: Platform): Promise<void> {
  for (const { accountId, groupId } of await memoryServices(platform.db, platform.config).store.pendingGroups()) {
    await platform.jobs.create({ keyId: 'memory-resume', accountId, tier: 'pro', admin: false }, INGEST_JOB, { groupId });
  }
}
