import { afterEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../../core/db/client.ts';
import { tempDir, waitFor, CREATE_DIAGNOSTIC } from '../helpers/server.ts';
import { startPlatformProcess, type Child } from '../helpers/child.ts';
import { testDatabaseEnv } from '../helpers/postgres.ts';

const children: Child[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.proc.kill('SIGKILL');
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

async function platform(dataDir: string, env: Record<string, string> = {}) {
  // The tests poll their job every 50 ms: past the key's 120 polls a minute a finished job would go
  // unseen behind 429s. The polling allowance itself is tested in jobs.test.ts.
  const started = await startPlatformProcess({ DATA_DIR: dataDir, POLLING_RATE_PER_MIN: '100000', ...env });
  children.push(started.child);
  return started;
}

const gql = async (url: string, key: string, query: string, variables: Record<string, unknown> = {}) =>
  (
    await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ query, variables }),
    })
  ).json();

const jobState = async (url: string, key: string, id: string) =>
  await (await fetch(`${url}/v1/jobs/${id}`, { headers: { authorization: `Bearer ${key}` } })).json();

async function startLongJob(url: string, key: string) {
  const created = await gql(url, key, CREATE_DIAGNOSTIC, { input: { durationMs: 3000, steps: 30 } });
  const id = created.data.createDiagnosticJob.id as string;
  await waitFor(async () => {
    const job = await jobState(url, key, id);
    return job.status === 'in_progress' && job.progress > 0;
  });
  return id;
}

// Each test starts the platform twice, one process after the other: more than the default 30 s on a busy machine.
describe('a job interrupted by a crash', { timeout: 90_000 }, () => {
  it('prints the first key on first start, and after SIGKILL the job is retried to completion', async () => {
    const dataDir = tempDir();
    dirs.push(dataDir);
    const first = await platform(dataDir);
    const [, key] = await first.child.waitFor(/First API key \(pro tier, shown once\): (sk_\S+)/);
    const id = await startLongJob(first.url, key!);
    first.child.proc.kill('SIGKILL');
    await first.child.exited;

    const second = await platform(dataDir);
    expect(second.child.output()).not.toContain('First API key');
    const done = await waitFor(async () => {
      const job = await jobState(second.url, key!, id);
      return job.status === 'completed' && job;
    }, 15_000);
    expect(done.results.steps).toBe(30);
  });

  it('is failed with JOB_INTERRUPTED once its attempts are spent', async () => {
    const dataDir = tempDir();
    dirs.push(dataDir);
    const first = await platform(dataDir, { JOB_MAX_ATTEMPTS: '1' });
    const [, key] = await first.child.waitFor(/First API key \(pro tier, shown once\): (sk_\S+)/);
    const id = await startLongJob(first.url, key!);
    first.child.proc.kill('SIGKILL');
    await first.child.exited;
    const second = await platform(dataDir, { JOB_MAX_ATTEMPTS: '1' });
    const failed = await waitFor(async () => {
      const job = await jobState(second.url, key!, id);
      return job.status === 'failed' && job;
    }, 5_000);
    expect(failed.error.code).toBe('JOB_INTERRUPTED');
  });

  it('SIGTERM stops the server and leaves an unfinished job resumable', async () => {
    const dataDir = tempDir();
    dirs.push(dataDir);
    const first = await platform(dataDir, { SHUTDOWN_GRACE_MS: '200' });
    const [, key] = await first.child.waitFor(/First API key \(pro tier, shown once\): (sk_\S+)/);
    const id = await startLongJob(first.url, key!);
    first.child.proc.kill('SIGTERM');
    expect(await first.child.exited).toBe(0);
    const db = await openDatabase({
      url: (await testDatabaseEnv(dataDir)).DATABASE_URL ?? `file:${path.join(dataDir, 'platform.db')}`,
    });
    const released = await db.job.findUniqueOrThrow({ where: { id } });
    await db.$disconnect();
    expect(released).toMatchObject({ status: 'pending', attempts: 0 });
    const second = await platform(dataDir);
    const done = await waitFor(async () => {
      const job = await jobState(second.url, key!, id);
      return job.status === 'completed' && job;
    }, 15_000);
    expect(done.status).toBe('completed');
  });
});
