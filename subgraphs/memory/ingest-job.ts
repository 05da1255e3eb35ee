// The background half of POST /messages: a job per request drains its group's
// pending episodes in queue order. Jobs of one group take turns: a lock per
// group in this process, and across processes a lease on the group in the
// store, so episodes are processed one at a time, in order.
import { z } from 'zod';
import type { Principal } from '../../core/auth/keys.ts';
import type { JobHandler } from '../../core/jobs/types.ts';
import { LIMITS } from '../../core/limits.ts';
import type { Platform } from '../../core/platform.ts';
import { parseInput } from '../../core/validation.ts';
import { ingestEpisode } from './graph/ingest.ts';
import { memoryServices } from './services.ts';

export const INGEST_JOB = 'memory.ingest';

const inputSchema = z.object({ groupId: z.string().min(1) });

const locks = new Map<string, Promise<unknown>>();

/** Long enough for a slow extractor's episode; renewed before each one. A dead holder's lease lapses after it. */
const LEASE_MS = 60_000;
const LEASE_POLL_MS = 100;

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
      // Another process holds the group: wait for it rather than give up, so
      // an episode stored just as that holder finished is not left behind.
      while (!(await services.store.leaseGroup(accountId, groupId, ctx.job.id, LEASE_MS))) {
        if (ctx.signal.aborted) throw ctx.signal.reason;
        await new Promise((resolve) => setTimeout(resolve, LEASE_POLL_MS));
      }
      let processed = 0;
      let failed = 0;
      try {
        for (;;) {
          if (ctx.signal.aborted) throw ctx.signal.reason;
          if (!(await services.store.leaseGroup(accountId, groupId, ctx.job.id, LEASE_MS))) throw new Error(`lost the lease on group ${groupId}`);
          const episode = await services.store.nextPending(accountId, groupId);
          if (!episode) break;
          try {
            // Extraction runs on this thread: its cost is bounded by the message's size (linear
            // extractor, core/limits.ts), so a huge message fails alone and cannot freeze the
            // server, nor freeze it again when the job is retried after a crash (a poison message).
            if (episode.content.length > LIMITS.memoryMaxMessageChars) {
              throw new Error(`RESOURCE_LIMIT: the message has ${episode.content.length} characters, more than the ${LIMITS.memoryMaxMessageChars} the extractor reads`);
            }
            await ingestEpisode(services, episode);
            await services.store.finishEpisode(episode.uuid, null);
            processed++;
          } catch (err) {
            // One bad message must not block the group's queue; the failure stays on the episode.
            await services.store.finishEpisode(episode.uuid, err instanceof Error ? err.message : String(err));
            failed++;
          }
        }
      } finally {
        await services.store.releaseGroup(accountId, groupId, ctx.job.id);
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
    // The job's retention follows the account's newest key, as a request from it would.
    const key = await platform.db.apiKey.findFirst({ where: { accountId, revokedAt: null }, orderBy: { createdAt: 'desc' }, select: { tier: true } });
    await platform.jobs.create({ keyId: 'memory-resume', accountId, tier: (key?.tier ?? 'free') as Principal['tier'], admin: false }, INGEST_JOB, { groupId });
  }
}
