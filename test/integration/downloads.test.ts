import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREATE_DIAGNOSTIC, startTestServer, waitFor, type TestServer } from '../helpers/server.ts';

let server: TestServer;

// Free-tier retention is shortened so expiry can be observed.
beforeAll(async () => {
  server = await startTestServer({ FREE_RETENTION_S: '2' });
});
afterAll(() => server.stop());

async function fileJob(key: string) {
  const created = await server.gql(CREATE_DIAGNOSTIC, { input: { durationMs: 10, steps: 1, produceFile: true } }, key);
  const id = created.body.data.createDiagnosticJob.id;
  return waitFor(async () => {
    const res = await server.gql(
      `query($id: ID!) { job(id: $id) { status fileResult { fileUrl fileType expiresAt } } }`,
      { id },
      key,
    );
    const job = res.body.data?.job;
    return job?.status === 'COMPLETED' && { id, ...job.fileResult };
  });
}

describe('signed downloads', () => {
  it('downloads repeatedly with content type and file name; tampering gives 403', async () => {
    const { secret } = await server.key('pro');
    const file = await fileJob(secret);
    expect(file.fileUrl.startsWith(server.url + '/files/')).toBe(true);
    const rest = await (await server.rest(`/v1/jobs/${file.id}`, { key: secret })).json();
    expect(rest.results).toMatchObject({ file_url: file.fileUrl, file_type: 'txt', expires_at: file.expiresAt });
    // Pro retention: 24 hours.
    expect(Date.parse(file.expiresAt) - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    for (let i = 0; i < 2; i++) {
      const res = await fetch(file.fileUrl);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(res.headers.get('content-disposition')).toContain(`diagnostic-${file.id}.txt`);
      expect(await res.text()).toContain(`diagnostic job ${file.id}`);
    }
    const url = new URL(file.fileUrl);
    const sig = url.searchParams.get('sig')!;
    const tampered = new URL(url);
    tampered.searchParams.set('sig', (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1));
    const extended = new URL(url);
    extended.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
    for (const bad of [tampered, extended]) {
      const res = await fetch(bad);
      expect(res.status).toBe(403);
      expect((await res.json()).error.code).toBe('SIGNATURE_INVALID');
    }
    const traversal = await fetch(`${server.url}/files/..%2F..%2Fplatform.db/x?expires=1&sig=x`);
    expect(traversal.status).toBe(403);
  });

  it('an expired link answers 410 and the sweeper deletes the file and the job', async () => {
    const { secret } = await server.key('free');
    const file = await fileJob(secret);
    expect((await fetch(file.fileUrl)).status).toBe(200);
    const row = await server.platform.db.storedFile.findFirstOrThrow({ where: { jobId: file.id } });
    const onDisk = path.join(server.dataDir, 'blobs', row.storageKey);
    expect(fs.existsSync(onDisk)).toBe(true);
    await new Promise((r) => setTimeout(r, 2_100));
    const expired = await fetch(file.fileUrl);
    expect(expired.status).toBe(410);
    expect((await expired.json()).error.code).toBe('URL_EXPIRED');
    expect((await server.rest(`/v1/jobs/${file.id}`, { key: secret })).status).toBe(404);
    const swept = await server.platform.sweep();
    expect(swept.files).toBeGreaterThanOrEqual(1);
    expect(fs.existsSync(onDisk)).toBe(false);
    expect(await server.platform.db.job.findUnique({ where: { id: file.id } })).toBeNull();
  });
});
