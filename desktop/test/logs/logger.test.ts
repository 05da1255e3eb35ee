import { chmodSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Logger } from '../../src/logs/logger.ts';

describe('logs', () => {
  // Issue 29, finding 19: the logs folder was 0755 and the files 0644, readable by other local users.
  it.skipIf(process.platform === 'win32')(
    'keeps the folder and every file the user’s alone, also those an older version left open',
    () => {
      const mode = (f: string) => statSync(f).mode & 0o777;
      const fresh = join(mkdtempSync(join(tmpdir(), 'logs-')), 'state', 'logs');
      const log = new Logger({ dir: fresh, maxBytes: 200, keep: 2 });
      for (let k = 0; k < 10; k++) log.info(`line ${k}`, { pad: 'x'.repeat(60) });
      expect(mode(fresh)).toBe(0o700);
      for (const f of [log.file, ...log.rotated()]) expect(mode(f)).toBe(0o600);
      const old = join(mkdtempSync(join(tmpdir(), 'logs-')), 'logs');
      mkdirSync(old, { mode: 0o755 });
      chmodSync(old, 0o755);
      writeFileSync(join(old, 'desktop.log'), '', { mode: 0o644 });
      writeFileSync(join(old, 'desktop.1.log'), '', { mode: 0o644 });
      const again = new Logger({ dir: old });
      again.info('hello');
      expect(mode(old)).toBe(0o700);
      expect([mode(join(old, 'desktop.log')), mode(join(old, 'desktop.1.log'))]).toEqual([0o600, 0o600]);
    },
  );

  it('writes JSON lines and hides credentials', () => {
    const log = new Logger({ dir: mkdtempSync(join(tmpdir(), 'logs-')), now: () => new Date('2026-01-02T03:04:05Z') });
    log.info('signed in', { account: 'a1', access_token: 'secret-1', nested: { Authorization: 'Bearer x', ok: 1 } });
    log.debug('not at info level');
    const lines = readFileSync(log.file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toEqual([
      {
        time: '2026-01-02T03:04:05.000Z',
        level: 'info',
        msg: 'signed in',
        account: 'a1',
        access_token: '[redacted]',
        nested: { Authorization: '[redacted]', ok: 1 },
      },
    ]);
  });

  it('rotates by size, keeps the configured number of files and drops the oldest', () => {
    const dir = mkdtempSync(join(tmpdir(), 'logs-'));
    const log = new Logger({ dir, maxBytes: 1000, keep: 3 });
    for (let k = 0; k < 100; k++) log.info(`line ${k}`, { pad: 'x'.repeat(60) }); // ~100 bytes a line: ~10 files' worth
    expect(log.rotated().map((f) => f.slice(dir.length + 1))).toEqual([
      'desktop.1.log',
      'desktop.2.log',
      'desktop.3.log',
    ]);
    for (const f of [log.file, ...log.rotated()]) expect(readFileSync(f).length).toBeLessThanOrEqual(1000);
    const text = (f: string) => readFileSync(f, 'utf8');
    expect(text(log.file)).toContain('"line 99"');
    expect(text(log.rotated()[2]!)).not.toContain('"line 0"'); // the oldest lines are gone
    // The current file and the newest rotated one continue each other.
    const last = (f: string) => Number(/"line (\d+)"/.exec(text(f).trim().split('\n').at(-1)!)![1]);
    const first = (f: string) => Number(/"line (\d+)"/.exec(text(f).split('\n')[0]!)![1]);
    expect(first(log.file)).toBe(last(log.rotated()[0]!) + 1);
    // A new logger on the same folder continues the current file's size.
    const again = new Logger({ dir, maxBytes: 1000, keep: 3 });
    again.info('after restart', { pad: 'x'.repeat(900) });
    expect(text(again.file)).toContain('after restart');
    expect(text(again.rotated()[0]!)).toContain('"line 99"');
  });
});
