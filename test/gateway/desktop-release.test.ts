// The desktop client's update source (gateway/desktop-release.ts) against a real server: the
// operator's manifest, valid or not, and the two routes in /openapi.json for the fuzz run.
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseManifest } from '../../gateway/desktop-release.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let dir: string;
const NO_RELEASE = { error: { code: 'NOT_FOUND', message: 'No desktop release is published' } };

beforeAll(async () => {
  server = await startTestServer({ PUBLIC_RATE_PER_MIN: '100000' });
  dir = path.join(server.dataDir, 'desktop-release');
}, 60_000);
afterAll(() => server?.stop());
beforeEach(() => {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
});

const get = async (p: string) => {
  const res = await server.rest(p);
  return {
    status: res.status,
    body: res.headers.get('content-type')?.includes('json') ? await res.json() : Buffer.from(await res.arrayBuffer()),
  };
};

describe('GET /desktop/latest and /desktop/download/{file}', () => {
  it('answers 404 "no release published" without a manifest', async () => {
    expect(await get('/desktop/latest')).toEqual({ status: 404, body: NO_RELEASE });
    expect(await get('/desktop/download/client.exe')).toEqual({ status: 404, body: NO_RELEASE });
  });

  it('answers 404, not 500, for a manifest that is not JSON or not the shape, and logs it once per version of the file', async () => {
    const warn = vi.spyOn(server.platform.log, 'warn');
    try {
      writeFileSync(path.join(dir, 'latest.json'), '{"version": "1.2.0", "file": ');
      expect(await get('/desktop/latest')).toEqual({ status: 404, body: NO_RELEASE });
      expect(await get('/desktop/download/client.exe')).toEqual({ status: 404, body: NO_RELEASE });
      const logged = warn.mock.calls.filter((c) => String(c[1]).includes('desktop release manifest'));
      expect(logged).toHaveLength(1);
      expect(logged[0]![0]).toMatchObject({
        file: path.join(dir, 'latest.json'),
        problem: expect.stringMatching(/^not JSON/),
      });

      writeFileSync(
        path.join(dir, 'latest.json'),
        JSON.stringify({ version: 'latest', file: 'client.exe', sha256: '0'.repeat(64), size: 3 }),
      );
      expect(await get('/desktop/latest')).toEqual({ status: 404, body: NO_RELEASE });
      const again = warn.mock.calls.filter((c) => String(c[1]).includes('desktop release manifest'));
      expect(again).toHaveLength(2);
      expect(again[1]![0]).toMatchObject({ problem: expect.stringMatching(/^version:/) });
    } finally {
      warn.mockRestore();
    }
  });

  it('describes a valid release and serves only the file it names', async () => {
    const bytes = Buffer.from('MZ package bytes');
    writeFileSync(path.join(dir, 'client-1.2.0.exe'), bytes);
    writeFileSync(path.join(dir, 'other.exe'), 'not published');
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    writeFileSync(
      path.join(dir, 'latest.json'),
      JSON.stringify({ version: '1.2.0', file: 'client-1.2.0.exe', sha256, size: bytes.length }),
    );
    expect(await get('/desktop/latest')).toEqual({
      status: 200,
      body: { version: '1.2.0', url: '/desktop/download/client-1.2.0.exe', sha256, size: bytes.length },
    });
    expect(await get('/desktop/download/client-1.2.0.exe')).toEqual({ status: 200, body: bytes });
    expect((await get('/desktop/download/other.exe')).status).toBe(404);
    expect((await get('/desktop/download/..%2Flatest.json')).status).toBe(404);
  });

  it('is in /openapi.json, and what the fuzz run sends to its paths is never a 5xx', async () => {
    const doc = await (await server.rest('/openapi.json')).json();
    expect(Object.keys(doc.paths['/desktop/latest'])).toEqual(['get']);
    expect(doc.paths['/desktop/download/{file}'].get.parameters).toEqual([
      expect.objectContaining({ name: 'file', in: 'path', required: true }),
    ]);
    expect(doc.paths['/desktop/latest'].get.responses['404']).toBeDefined();
    writeFileSync(path.join(dir, 'latest.json'), '\u0000garbage');
    // The fuzz run's path fillers (fuzz/fuzz.ts), with a broken manifest and with none.
    for (const manifest of [true, false]) {
      if (!manifest) rmSync(path.join(dir, 'latest.json'));
      for (const v of ['x', '00000000-0000-4000-8000-000000000000', '..%2F..', 'a'.repeat(300), '%00']) {
        const res = await server.rest(`/desktop/download/${encodeURIComponent(v)}`);
        expect(res.status, v).toBe(404);
        await res.arrayBuffer();
      }
      expect((await server.rest('/desktop/latest')).status).toBe(404);
    }
  });
});

describe('parseManifest', () => {
  it('names what is wrong with the operator’s file', () => {
    expect(parseManifest('[')).toMatchObject({ ok: false, problem: expect.stringMatching(/^not JSON/) });
    expect(parseManifest('null')).toMatchObject({ ok: false });
    expect(
      parseManifest(JSON.stringify({ version: '1', file: '../x', sha256: 'a'.repeat(64), size: 1 })),
    ).toMatchObject({ ok: false, problem: expect.stringMatching(/^file:/) });
    expect(
      parseManifest(JSON.stringify({ version: '1.0', file: 'x.exe', sha256: 'a'.repeat(64), size: 1 })),
    ).toMatchObject({ ok: true });
  });
});
