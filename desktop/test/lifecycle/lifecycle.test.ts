// One instance per user, and the quit/update question that proceeds without an answer.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireInstance, LOCK_FILE } from '../../src/lifecycle/single-instance.ts';
import { Confirmations } from '../../src/lifecycle/confirm.ts';

describe('single instance', () => {
  it('a second start finds the first (its pid and UI address); after release the lock is free again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'instance-'));
    const first = await acquireInstance(dir);
    if (!('lock' in first)) throw new Error('expected the lock');
    await first.lock.publish('http://127.0.0.1:1234/?launch=t');
    expect(await acquireInstance(dir)).toEqual({
      running: { pid: process.pid, url: 'http://127.0.0.1:1234/?launch=t' },
    });
    await first.lock.release();
    const again = await acquireInstance(dir);
    expect('lock' in again).toBe(true);
  });

  it('a lock left by a process that is gone, or by this pid in an earlier life, is taken over', async () => {
    for (const pid of [2 ** 22 + 12345, process.pid]) {
      const dir = mkdtempSync(join(tmpdir(), 'instance-'));
      writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid, url: 'http://old' }));
      expect('lock' in (await acquireInstance(dir))).toBe(true);
    }
  });
});

describe('quit/update confirmation', () => {
  it('proceeds after the timeout without an answer, stops when declined', async () => {
    const c = new Confirmations(200);
    const started = Date.now();
    expect(await c.ask('quit', ['sap2000'])).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    const declined = c.ask('update', ['sap2000']);
    expect(c.current?.action).toBe('update');
    expect(c.answer('not-this-one', true)).toBe(false);
    expect(c.answer(c.current!.id, false)).toBe(true);
    expect(await declined).toBe(false);
    expect(c.current).toBeNull();
  });
});
