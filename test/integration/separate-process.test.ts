// The documents subgraph (the job owner) runs as its own process behind the gateway.
import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CREATE_DIAGNOSTIC, startTestServer, tempDir, type TestServer } from '../helpers/server.ts';
import { spawnNode, type Child } from '../helpers/child.ts';
import { collect, wsClient } from '../helpers/ws.ts';
import { sha256, uploadThroughGateway } from '../helpers/upload.ts';
import { randomBytes } from 'node:crypto';
import { testDatabaseEnv } from '../helpers/postgres.ts';

let documents: Child;
let gateway: TestServer;
const dataDir = tempDir();

beforeAll(async () => {
  documents = spawnNode('gateway/subgraph-server.ts', ['documents'], {
    NODE_ENV: 'development',
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    ...(await testDatabaseEnv(dataDir)),
  });
  const [, url] = await documents.waitFor(/"url":"(http:\/\/[^"]+)"/);
  gateway = await startTestServer({ DATA_DIR: dataDir, REMOTE_SUBGRAPHS: `documents=${url}` });
});
afterAll(async () => {
  documents?.proc.kill('SIGTERM');
  await documents?.exited;
  await gateway?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('creates and follows a job through the gateway while the job owner runs in another process', async () => {
  // The gateway's process runs the other subgraphs' job types, not the documents subgraph's.
  expect(gateway.platform.runner.types).not.toContain('diagnostic');
  expect(gateway.platform.runner.types).toContain('search');
  const a = (await gateway.key('pro')).secret;
  const b = (await gateway.key('pro')).secret;
  // Two seconds of work: the subscription below comes while it runs even on a loaded machine.
  const created = await gateway.gql(CREATE_DIAGNOSTIC, { input: { durationMs: 2000, steps: 4, startDelayMs: 300 } }, a);
  expect(created.body.errors).toBeUndefined();
  const id = created.body.data.createDiagnosticJob.id;

  const client = wsClient(gateway.url, a);
  const events = await collect(
    client,
    `subscription($id: ID!) { jobUpdated(id: $id) { status progress kind { title } } }`,
    { id },
  );
  await client.dispose();
  const states = events.map((e) => e.data.jobUpdated);
  // The first event is the job's state when the subscription began: PENDING, or IN_PROGRESS once its
  // 300 ms start delay has passed (a loaded machine took longer than that to open the socket). From
  // there the states only move forward.
  const order = ['PENDING', 'IN_PROGRESS', 'COMPLETED'];
  const ranks = states.map((s) => order.indexOf(s.status));
  expect(ranks).toEqual([...ranks].sort((x, y) => x - y));
  expect(ranks[0]).toBeGreaterThanOrEqual(0);
  expect(states.some((s) => s.status === 'IN_PROGRESS')).toBe(true);
  expect(states.at(-1)).toMatchObject({ status: 'COMPLETED', progress: 100, kind: { title: 'Diagnostic job' } });

  // The job was run by the documents process: its log names the request the gateway forwarded.
  expect(documents.output()).toContain('"url":"/graphql"');
  const other = await gateway.rest(`/v1/jobs/${id}`, { key: b });
  expect(other.status).toBe(404);
  expect((await other.json()).error.code).toBe('JOB_NOT_FOUND');
  const mine = await (await gateway.rest(`/v1/jobs/${id}`, { key: a })).json();
  expect(mine.status).toBe('completed');
});

it('forwards a multipart upload to the subgraph in the other process', async () => {
  const key = (await gateway.key('pro')).secret;
  const bytes = randomBytes(200_000);
  const res = await uploadThroughGateway(gateway.url, key, bytes, 'drawing.pdf');
  expect(res.body.errors).toBeUndefined();
  expect(res.body.data.diagnosticUpload).toEqual({
    filename: 'drawing.pdf',
    mimetype: 'application/pdf',
    size: bytes.length,
    sha256: sha256(bytes),
  });
});
