// The drawings subgraph in its own process: an upload sent to the gateway
// (REST multipart, turned into a GraphQL Upload) reaches it as multipart.
import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, tempDir, type TestServer } from '../helpers/server.ts';
import { spawnNode, type Child } from '../helpers/child.ts';
import { fixture } from '../helpers/samples.ts';
import { testDatabaseEnv } from '../helpers/postgres.ts';

const SAMPLE = fixture('drawings/va-stcloud-bldg28-AF101-AF600.pdf');
let drawings: Child;
let gateway: TestServer;
const dataDir = tempDir();

beforeAll(async () => {
  drawings = spawnNode('gateway/subgraph-server.ts', ['drawings'], {
    NODE_ENV: 'development',
    PORT: '0',
    DATA_DIR: dataDir,
    ...(await testDatabaseEnv(dataDir)),
  });
  const [, url] = await drawings.waitFor(/"url":"(http:\/\/[^"]+)"/);
  gateway = await startTestServer({ DATA_DIR: dataDir, REMOTE_SUBGRAPHS: `drawings=${url}` });
});
afterAll(async () => {
  drawings?.proc.kill('SIGTERM');
  await drawings?.exited;
  await gateway?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('analyses an upload forwarded to the drawings process, and reports its errors', async () => {
  const key = (await gateway.key('pro')).secret;
  const post = (bytes: Uint8Array, page: string) => {
    const form = new FormData();
    form.append('page', page);
    form.append('file', new Blob([bytes as unknown as BlobPart], { type: 'application/pdf' }), 'AF.pdf');
    return gateway.rest('/v1/drawings', { method: 'POST', body: form, key });
  };
  const res = await post(SAMPLE, '2');
  expect(res.status).toBe(200);
  const body = await res.json();
  expect(body.titleblock.sheet_number).toBe('AF600');
  expect(body.annotations.revision_clouds).toHaveLength(2);
  const beyond = await post(SAMPLE, '7');
  expect(beyond.status).toBe(422);
  expect((await beyond.json()).error).toMatchObject({ code: 'PAGE_OUT_OF_RANGE', details: { page_count: 2 } });
});
