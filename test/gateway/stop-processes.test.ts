// Issue 29, finding 18: the cluster did not stop on SIGTERM (both gateway replicas were still
// running after 95 s). The supervisor's stop: SIGTERM to each process, SIGKILL to one still
// running past the deadline, and it returns once all have exited. Real child processes.
import { spawn } from 'node:child_process';
import { expect, it } from 'vitest';
import { stopProcesses } from '../../gateway/stop-processes.ts';

/** A Node process that prints "up" and then ignores SIGTERM (stubborn) or exits on it. */
function child(stubborn: boolean) {
  const code = stubborn
    ? `process.on('SIGTERM', () => {}); setInterval(() => {}, 1000); console.log('up')`
    : `process.on('SIGTERM', () => process.exit(0)); setInterval(() => {}, 1000); console.log('up')`;
  const proc = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'ignore'] });
  const up = new Promise<void>((resolve) => proc.stdout!.once('data', () => resolve()));
  return { proc, up };
}

it('stops every process: those that obey SIGTERM, and those that ignore it by SIGKILL past the deadline', async () => {
  const all = [child(false), child(true), child(false), child(true)];
  await Promise.all(all.map((c) => c.up));
  const { killed } = await stopProcesses(
    all.map(({ proc }) => ({
      kill: (s) => proc.kill(s),
      exited: () => proc.exitCode !== null || proc.signalCode !== null,
      onExit: (cb) => proc.once('exit', cb),
    })),
    1_000,
  );
  expect(killed).toBe(2);
  expect(all.map(({ proc }) => proc.exitCode ?? proc.signalCode)).toEqual([0, 'SIGKILL', 0, 'SIGKILL']);
});
