// The updater against a local release server: newer releases are downloaded and kept only when
// their size and SHA-256 match; the same version is up to date; no release is not an error.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Updater } from '../../src/updates/updater.ts';

const pkg = Buffer.from('x'.repeat(300_000));
const sha = createHash('sha256').update(pkg).digest('hex');
let latest: unknown = null;
let body = pkg;
let server: http.Server;
let url: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/desktop/latest')
      return latest
        ? res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(latest))
        : res.writeHead(404).end('{}');
    if (req.url === '/pkg') return res.writeHead(200).end(body);
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const updater = () => {
  const dir = mkdtempSync(join(tmpdir(), 'updates-'));
  const installed: string[] = [];
  return {
    dir,
    installed,
    u: new Updater({ platformUrl: url, currentVersion: '0.1.0', dir, installer: async (f) => void installed.push(f) }),
  };
};

describe('updater', () => {
  it('no release published: up to date; the same version: up to date', async () => {
    const { u } = updater();
    latest = null;
    await u.check();
    expect(u.status.state).toBe('up_to_date');
    latest = { version: '0.1.0', url: '/pkg', sha256: sha, size: pkg.length };
    await u.check();
    expect(u.status).toMatchObject({ state: 'up_to_date', latest: '0.1.0' });
  });

  it('downloads a newer release, verifies it and hands it to the installer', async () => {
    const { u, installed } = updater();
    latest = { version: '0.10.0', url: '/pkg', sha256: sha, size: pkg.length };
    body = pkg;
    await u.check();
    await u.downloaded;
    expect(u.status).toMatchObject({ state: 'ready', latest: '0.10.0', received: pkg.length });
    await u.install();
    expect(createHash('sha256').update(readFileSync(installed[0]!)).digest('hex')).toBe(sha);
  });

  it('refuses a wrong checksum, a size that differs, and an invalid description, keeping no file', async () => {
    for (const [release, served, message] of [
      [{ version: '0.2.0', url: '/pkg', sha256: 'a'.repeat(64), size: pkg.length }, pkg, 'checksum does not match'],
      [{ version: '0.2.0', url: '/pkg', sha256: sha, size: pkg.length - 1 }, pkg, 'larger than'],
      [{ version: '0.2.0', url: '/pkg', sha256: sha, size: pkg.length + 1 }, pkg, 'not the'],
      [{ version: 'latest', url: '/pkg', sha256: sha, size: pkg.length }, pkg, 'version'],
    ] as const) {
      const { u, dir } = updater();
      latest = release;
      body = served;
      await u.check();
      await u.downloaded;
      expect(u.status.state).toBe('error');
      expect(u.status.message).toContain(message);
      expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([]);
      await expect(u.install()).rejects.toMatchObject({ code: 'NOT_READY' });
    }
  });
});
