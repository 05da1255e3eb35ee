// The background half of POST /messages: a job per request drains its group's
// pending episodes in queue order. Jobs of one group take turns: a lock per
// group in this process (MemoryServices.groupLocks), and across processes a
// lease on the group in the store, so episodes are processed one at a time, in order.
import { z } from 'zod';
import type { Principal } from '../../../core/auth/keys.ts';
import type { JobHandler } from '../../../core/jobs/types.ts';
import type { Platform } from '../../../core/platform.ts';
import { parseInput } from '../../../core/validation.ts';
import { pooledExtractor } from '../extraction/pooled.ts';
import { processPending, VECTOR_BATCH_ROWS } from '../graph/drain.ts';

export const INGEST_JOB = 'memory.ingest';

const inputSchema = z.object({ groupId: z.string().min(1) });

/** Long enough for a slow extractor's episode; renewed before each one. A dead holder's lease lapses after it. */
const LEASE_MS = 60_000;
const LEASE_POLL_MS = 100;

/** Runs `work` after every earlier holder of `key` in `locks` finished. */
async function withGroupLock<T>(locks: Map<string, Promise<unknown>>, key: string, work: () => Promise<T>): Promise<T> {
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
  title: 'Memory ingestion',
  description: "Extracts entities and facts from added messages into the group's memory graph.",
  // The spec gives no duration for memory ingestion; an LLM extraction pass per message batch.
  typicalSeconds: [2, 30],
  operation: { mutation: 'addMessages', route: 'POST /messages (memory service)' },
  internal: { why: 'addMessages stores the messages as episodes first' },
  parse: (input) => parseInput(inputSchema, input),
  async run(ctx) {
    const services = ctx.services.memory;
    const { accountId } = ctx.job;
    const { groupId } = ctx.input;
    return withGroupLock(services.groupLocks, `${accountId}\u0000${groupId}`, async () => {
      // Another process holds the group: wait for it rather than give up, so
      // an episode stored just as that holder finished is not left behind.
      while (!(await services.store.leaseGroup(accountId, groupId, ctx.job.id, LEASE_MS))) {
        if (ctx.signal.aborted) throw ctx.signal.reason;
        await new Promise((resolve) => setTimeout(resolve, LEASE_POLL_MS));
      }
      try {
        // Long messages are extracted on the worker pool, off the event loop (extraction/pooled.ts).
        const { processed, failed } = await processPending(
          { ...services, extractor: pooledExtractor(services.extractor, ctx.workers, ctx.signal) },
          accountId,
          groupId,
          {
            beforeEach: async () => {
              if (ctx.signal.aborted) throw ctx.signal.reason;
              if (!(await services.store.leaseGroup(accountId, groupId, ctx.job.id, LEASE_MS)))
                throw new Error(`lost the lease on group ${groupId}`);
            },
          },
        );
        return { group_id: groupId, processed, failed };
      } finally {
        await services.store.releaseGroup(accountId, groupId, ctx.job.id);
      }
    });
  },
};

/**
 * At start: a group whose messages were stored but whose job was never created
 * (the process died in between) gets one, so nothing waits for the next POST.
 */
export async function resumePendingGroups(platform: Platform): Promise<void> {
  const { store } = platform.services.memory;
  // Facts a dead process wrote but did not index yet.
  await store.indexFactVectors(VECTOR_BATCH_ROWS, {
    model: platform.embedder.model,
    dimensions: platform.embedder.dimensions,
  });
  for (const { accountId, groupId } of await store.pendingGroups()) {
    // The job's retention follows the account's newest key, as a request from it would.
    const key = await platform.db.apiKey.findFirst({
      where: { accountId, revokedAt: null },
      orderBy: { createdAt: 'desc' },
      select: { tier: true },
    });
    await platform.jobs.create(
      {
        keyId: 'memory-resume',
        budgetKeyId: 'memory-resume',
        accountId,
        tier: (key?.tier ?? 'free') as Principal['tier'],
        admin: false,
      },
      INGEST_JOB,
      { groupId },
    );
  }
}
