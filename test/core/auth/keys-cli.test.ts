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
