import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { tempDir } from '../../helpers/server.ts';
import { ROOT } from '../../helpers/child.ts';

const dataDir = tempDir();
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const keys = (...args: string[]) =>
  execFileSync(process.execPath, [path.join(ROOT, 'core/auth/keys-cli.ts'), ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
  });

it('npm run keys creates a key shown once, lists it without the secret, and revokes it', () => {
  const created = keys('create', '--tier', 'enterprise', '--name', 'ops', '--admin');
  const secret = /Key \(shown once, store it now\): (sk_\S+)/.exec(created)![1]!;
  const id = /id ([0-9a-f-]{36})/.exec(created)![1]!;
  expect(created).toContain('enterprise admin key "ops"');
  const listed = keys('list');
  expect(listed).toContain(id);
  expect(listed).toContain('active');
  expect(listed).not.toContain(secret);
  expect(keys('revoke', id)).toContain(`Revoked key ${id}`);
  expect(keys('list')).toContain('revoked');
  expect(() => keys('create', '--tier', 'gold', '--name', 'x')).toThrow(/tier must be one of free, pro, enterprise/);
});

it('npm run keys -- create --help prints the usage, and an unknown option names itself, without a stack trace', () => {
  for (const args of [['--help'], ['create', '--help'], ['-h']]) {
    const out = keys(...args);
    expect(out).toContain('npm run keys -- create --tier free|pro|enterprise --name NAME');
    expect(out).toContain('revoke');
  }
  let failure: { status: number; stderr: string } | undefined;
  try {
    keys('create', '--colour', 'red');
  } catch (err) {
    failure = err as { status: number; stderr: string };
  }
  expect(failure?.status).toBe(2);
  expect(failure?.stderr).toMatch(/error: Unknown option '--colour'/);
  expect(failure?.stderr).toContain('usage:');
  expect(failure?.stderr).not.toContain('    at '); // a stack frame
});
