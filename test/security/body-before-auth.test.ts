// Issue 11, item 9: bodies were read in full before authentication and the
// rate limit (a 59 MB body without a key cost 1.5 s and 550 MB before its
// 401). Now the key and its budget are checked from the headers: the answer
// comes before the body is sent, on REST, GraphQL and the memory service.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { answersWithin, rawRequest } from '../helpers/raw-http.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ FREE_RATE_PER_MIN: '2' });
});
afterAll(() => server.stop());

const BIG = 59 * 1024 * 1024;
/** Announces a 59 MB JSON body and sends only its first kilobyte: any answer came before the rest was read. */
const announceBig = (url: string, headers: Record<string, string> = {}) =>
  rawRequest(
    url,
    'POST',
    { 'content-type': 'application/json', 'content-length': BIG, ...headers },
    '{"query": "' + 'x'.repeat(1024),
    3_000,
  );

it('REST: a 59 MB body without a key is answered 401 before it is read', async () => {
  const res = await announceBig(`${server.url}/v1/calcdoc/jobs`);
  expect(res.status).toBe(401);
  expect(JSON.parse(res.body).error.code).toBe('UNAUTHORIZED');
  expect(await answersWithin(`${server.memoryUrl}/healthcheck`, 15_000)).toBeLessThan(15_000); // still answering: healthy in milliseconds, a frozen server never
});

it('GraphQL: a body over the anonymous limit without a key is answered 401 before it is read', async () => {
  const res = await announceBig(`${server.url}/graphql`);
  expect(res.status).toBe(401);
  expect(JSON.parse(res.body).error.code).toBe('UNAUTHORIZED');
  // Public operations without a key still work.
  expect((await server.gql('{ codes { nodes { fileId } } }')).status).toBe(200);
});

it('memory service: a 59 MB body without a key is answered 401 before it is read', async () => {
  const res = await announceBig(`${server.memoryUrl}/messages`);
  expect(res.status).toBe(401);
  expect(JSON.parse(res.body)).toEqual({ detail: 'Invalid or missing API key' });
});

it('a key whose budget is spent gets its 429 before its body is read (REST and GraphQL)', async () => {
  const { secret } = await server.key('free');
  for (let i = 0; i < 2; i++)
    expect(
      (await server.gql('mutation { createDiagnosticJob(input: { durationMs: 1 }) { id } }', undefined, secret)).status,
    ).toBe(200);
  const rest = await announceBig(`${server.url}/v1/calcdoc/jobs`, { authorization: `Bearer ${secret}` });
  expect(rest.status).toBe(429);
  expect(JSON.parse(rest.body).error.code).toBe('RATE_LIMITED');
  expect(rest.headers.toLowerCase()).toContain('retry-after');
  const gql = await announceBig(`${server.url}/graphql`, { authorization: `Bearer ${secret}` });
  expect(gql.status).toBe(429);
  const memory = await announceBig(`${server.memoryUrl}/messages`, { 'x-api-key': secret });
  expect(memory.status).toBe(429);
});
