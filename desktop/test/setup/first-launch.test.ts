// First-launch setup: progress over the steps, and a setup that fails is not recorded as
// done, so the next start runs it again.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FirstLaunchSetup, setupDone, type SetupProgress } from '../../src/setup/first-launch.ts';

describe('first-launch setup', () => {
  it('a failed step leaves setup undone; the next start runs it again and records it', async () => {
    const root = mkdtempSync(join(tmpdir(), 'setup-'));
    const paths = { config: join(root, 'config'), logs: join(root, 'logs'), data: join(root, 'data') };
    let fail = true;
    const steps = [
      {
        id: 'detection',
        label: 'Finding programs',
        run: async () => {
          if (fail) throw new Error('registry unreadable');
        },
      },
    ];
    const first = new FirstLaunchSetup(paths, steps);
    const seen: SetupProgress[] = [];
    first.on('progress', (p) => seen.push(p));
    expect(await first.run()).toBe(false);
    expect(first.progress).toMatchObject({
      state: 'failed',
      done: 1,
      total: 2,
      error: 'Finding programs: registry unreadable',
    });
    expect(await setupDone(paths)).toBe(false);
    fail = false;
    const second = new FirstLaunchSetup(paths, steps);
    expect(await second.run()).toBe(true);
    expect(second.progress).toMatchObject({ state: 'done', done: 2, total: 2 });
    expect(await setupDone(paths)).toBe(true);
    expect(seen.map((p) => p.step)).toContain('Creating the app folders');
  });
});
