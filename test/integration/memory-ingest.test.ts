// POST /messages stores messages before it answers: a process that never gets
// to run them (here one that runs no jobs, as after a crash, and whose jobs are
// then lost) loses nothing — the next start processes them, in order per group.
import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from '../../core/db/client.ts';
import { memoryStoreFor } from '../../subgraphs/memory/store/store-for.ts';
import { startTestServer, tempDir, waitFor } from '../helpers/server.ts';

const dataDir = tempDir();
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

it('messages accepted by a process that dies before processing them are processed, in order, by the next one', async () => {
  const first = await startTestServer({ DATA_DIR: dataDir, RUN_JOBS: '0' });
  const { secret, accountId } = await first.key('enterprise');
  const headers = { 'x-api-key': secret, 'content-type': 'application/json' };
  const at = (minute: number) =>
    `2026-03-0${1 + Math.floor(minute / 60)}T10:${String(minute % 60).padStart(2, '0')}:00Z`;
  // Separate requests, each its own job: the group's queue keeps them in arrival order.
  const values = [25, 30, 35, 40, 45, 50];
  for (const [i, psf] of values.entries()) {
    const res = await fetch(`${first.memoryUrl}/messages`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        group_id: 'site',
        messages: [
          {
            content: `The roof snow load is ${psf} psf.`,
            role_type: 'user',
            role: 'Priya',
            timestamp: at(i),
            uuid: randomUUID(),
          },
        ],
      }),
    });
    expect(res.status).toBe(202);
  }
  const pending = await first.platform.db.$queryRaw<
    { n: number }[]
  >`SELECT COUNT(*) AS n FROM "MemoryEpisode" WHERE "status" = 'pending' AND "accountId" = ${accountId}`;
  expect(Number(pending[0]!.n)).toBe(values.length);
  await first.close(100);
  // As if the process had died between storing the messages and creating their jobs.
  const db = await openDatabase({ url: first.platform.config.databaseUrl });
  await db.job.deleteMany({ where: { type: 'memory.ingest' } });
  await db.$disconnect();

  const second = await startTestServer({ DATA_DIR: dataDir });
  try {
    const listed = await waitFor(async () => {
      const body = await (await fetch(`${second.memoryUrl}/episodes/site?last_n=100`, { headers })).json();
      return body.episodes.length === values.length && body.episodes;
    }, 20_000);
    expect(listed.map((e: { timestamp: string }) => e.timestamp)).toEqual(
      values.map((_, i) => new Date(at(i)).toISOString()),
    );
    // The resumed job keeps the account's tier (its retention), not a default one.
    const resumed = await second.platform.db.job.findMany({
      where: { type: 'memory.ingest', accountId },
      select: { tier: true },
    });
    expect(resumed.length).toBeGreaterThan(0);
    expect(new Set(resumed.map((j) => j.tier))).toEqual(new Set(['enterprise']));
    const res = await fetch(`${second.memoryUrl}/search`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ query: 'roof snow load', include_invalidated: true }),
    });
    const { facts } = await res.json();
    const current = facts.filter((f: { invalid_at: string | null }) => f.invalid_at === null);
    expect(current.map((f: { fact: string }) => f.fact)).toEqual(['The roof snow load is 50 psf.']);
    // Each value ended when the next began.
    const ended = facts
      .filter((f: { invalid_at: string | null }) => f.invalid_at !== null)
      .sort((a: { valid_at: string }, b: { valid_at: string }) => a.valid_at.localeCompare(b.valid_at));
    expect(ended.map((f: { invalid_at: string }) => f.invalid_at)).toEqual(
      values.slice(1).map((_, i) => new Date(at(i + 1)).toISOString()),
    );
  } finally {
    await second.stop();
  }
}, 60_000);

it('waits while another process holds the group, then processes what it left', async () => {
  const server = await startTestServer({ DATA_DIR: tempDir() });
  try {
    const { secret, accountId } = await server.key('enterprise');
    const store = memoryStoreFor(server.platform.db);
    // Another process is processing this group (its lease is in the shared database).
    expect(await store.leaseGroup(accountId, 'shared', 'job-of-another-process', 60_000)).toBe(true);
    const res = await fetch(`${server.memoryUrl}/messages`, {
      method: 'POST',
      headers: { 'x-api-key': secret, 'content-type': 'application/json' },
      body: JSON.stringify({
        group_id: 'shared',
        messages: [
          {
            content: 'The canopy uses HSS6x6x1/4 posts.',
            role_type: 'user',
            role: 'Lena',
            timestamp: '2026-03-01T10:00:00Z',
          },
        ],
      }),
    });
    expect(res.status).toBe(202);
    const status = async () =>
      (
        await server.platform.db.$queryRaw<
          { status: string }[]
        >`SELECT "status" FROM "MemoryEpisode" WHERE "accountId" = ${accountId} AND "groupId" = 'shared'`
      )[0]?.status;
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await status()).toBe('pending');
    await store.releaseGroup(accountId, 'shared', 'job-of-another-process');
    await waitFor(async () => (await status()) === 'done', 10_000);
    // The job gives the lease back when it finishes, after the episode's status is written: another
    // holder gets it well before the lease's own 60 s would have run out.
    await waitFor(() => store.leaseGroup(accountId, 'shared', 'next-holder', 60_000), 20_000);
  } finally {
    await server.stop();
  }
}, 30_000);
