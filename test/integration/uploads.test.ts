import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { sha256, uploadThroughGateway } from '../helpers/upload.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

it('a multipart upload reaches an in-process subgraph byte for byte', async () => {
  const { secret } = await server.key('pro');
  const bytes = randomBytes(300_000);
  const res = await uploadThroughGateway(server.url, secret, bytes);
  expect(res.body.errors).toBeUndefined();
  expect(res.body.data.diagnosticUpload).toEqual({
    filename: 'sample.pdf',
    mimetype: 'application/pdf',
    size: bytes.length,
    sha256: sha256(bytes),
  });
});

it('a multipart request without the preflight header is refused as CSRF', async () => {
  const form = new FormData();
  form.append('operations', JSON.stringify({ query: '{ codes { nodes { fileId } } }' }));
  form.append('map', '{}');
  const res = await fetch(`${server.url}/graphql`, { method: 'POST', body: form });
  expect(res.status).toBe(400);
});
