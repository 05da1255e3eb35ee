import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ JSON_LIMIT_BYTES: '2048' });
});
afterAll(() => server.stop());

it('answers 413 PAYLOAD_TOO_LARGE over the body limit, in the hosted envelope', async () => {
  const res = await server.rest('/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: `{ codes { nodes { fileId } } }`, variables: { pad: 'x'.repeat(4096) } }),
  });
  expect(res.status).toBe(413);
  expect((await res.json()).error.code).toBe('PAYLOAD_TOO_LARGE');
  expect((await server.rest('/v1/codes')).status).toBe(200);
});

it('serves Apollo Sandbox as the landing page outside production', async () => {
  const res = await server.rest('/graphql', { headers: { accept: 'text/html' } });
  expect(res.status).toBe(200);
  expect(await res.text()).toContain('sandbox');
});

it('a GraphQL query of an unknown field is a 400 with the validation code', async () => {
  const res = await server.gql('{ nope }');
  expect(res.status).toBe(400);
  expect(res.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
});
