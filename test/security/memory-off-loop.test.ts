// Issue 29, finding 3: memory messages just under the 100,000-character cap were extracted on the
// event loop: one message froze the platform 1.0 s, 100 of them 24.9 s. Long messages are now
// extracted on the worker pool. Measured without a wall-clock bound: the longest turn of the event
// loop, in this thread's own CPU time (fuzz/stalls.ts, so a loaded machine does not stretch it),
// while 5 near-cap messages are stored and ingested, against the CPU time one such message's
// extraction takes on this thread in the same run (what each stall was before).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LIMITS } from '../../core/limits.ts';
import { watchStalls } from '../../fuzz/stalls.ts';
import { extractDeterministic } from '../../subgraphs/memory/extraction/deterministic.ts';
import { startTestServer, waitFor, type TestServer } from '../helpers/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ PUBLIC_RATE_PER_MIN: '100000' });
}, 120_000);
afterAll(() => server.stop());

/** A chat message near the cap, of the sentences the extractor works hardest on (names, members, sizes, codes). */
const nearCap = (i: number) => {
  const sentence = `Maria said beam B${i} at grid C-4 uses a W12x26 per AISC 360-16 and Kenji Sato checked it on sheet S-201. `;
  return sentence.repeat(Math.floor((LIMITS.memoryMaxMessageChars - 10) / sentence.length));
};

it('ingests near-cap messages off the event loop: no stall near the time their extraction took on it', async () => {
  const content = nearCap(0);
  const t = process.cpuUsage();
  extractDeterministic({ content, role: 'Maria', roleType: 'user', name: '', timestamp: '2026-03-01T10:00:00Z' });
  const used = process.cpuUsage(t);
  const oneMs = (used.user + used.system) / 1000;

  const { secret, accountId } = await server.key('enterprise');
  const stalls = watchStalls();
  const res = await fetch(`${server.memoryUrl}/messages`, {
    method: 'POST',
    headers: { 'x-api-key': secret, 'content-type': 'application/json' },
    body: JSON.stringify({
      group_id: 'near-cap',
      messages: Array.from({ length: 5 }, (_, i) => ({
        content: nearCap(i),
        role_type: 'user',
        role: 'Maria',
        timestamp: '2026-03-01T10:00:00Z',
        uuid: randomUUID(),
      })),
    }),
  });
  expect(res.status).toBe(202);
  const rows = await waitFor(async () => {
    const r = await server.platform.db.$queryRaw<
      { status: string; error: string | null }[]
    >`SELECT "status", "error" FROM "MemoryEpisode" WHERE "accountId" = ${accountId}`;
    return r.length === 5 && r.every((e) => e.status !== 'pending') && r;
  }, 100_000);
  const { worst } = stalls.take();
  stalls.stop();
  const stallMs = worst.cpuMs;
  console.log(
    `one near-cap message's extraction: ${oneMs.toFixed(0)} ms of CPU on this thread; longest event-loop turn while 5 were stored and ingested: ${stallMs.toFixed(0)} ms of CPU (${worst.wallMs.toFixed(0)} ms wall)`,
  );
  expect(rows.every((r) => r.error === null)).toBe(true);
  // Before: the five extractions and the writes of their 970 facts each held the loop in one
  // stretch (27 s here, ≥ 5× oneMs); any one message extracted on the loop is a turn of ≥ 1× oneMs.
  // Now extraction runs on a worker thread, the writes are cut into transactions of
  // MEMORY_FACTS_PER_WRITE facts and the database gives the loop a turn every few ms of statements
  // (core/db/yield-between-statements.ts): measured 0.15× (0.29× without that yield).
  expect(stallMs).toBeLessThan(0.5 * oneMs);
}, 150_000);
