import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let key: string;

beforeAll(async () => {
  server = await startTestServer();
  key = (await server.key('pro')).secret;
});
afterAll(() => server.stop());

const call = (path: string, init: RequestInit = {}) => fetch(server.memoryUrl + path, init);

describe('memory service edge', () => {
  it('answers 401 {detail} without or with a wrong X-API-Key', async () => {
    for (const headers of [{}, { 'x-api-key': 'sk_nope' }, { authorization: `Bearer ${key}` }] as Record<string, string>[]) {
      const res = await call('/search', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{}' });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ detail: 'Invalid or missing API key' });
    }
  });

  it('answers malformed JSON as FastAPI does', async () => {
    const res = await call('/search', { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: '{"query": ' });
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.detail[0].type).toBe('value_error.jsondecode');
    expect(body.detail[0].loc[0]).toBe('body');
  });

  it('routes of the spec answer 501 until the memory graph exists; unknown paths 404', async () => {
    const res = await call('/episodes/g1?last_n=3', { headers: { 'x-api-key': key } });
    expect(res.status).toBe(501);
    expect((await res.json()).detail).toContain('GET /episodes/{group_id}');
    const unknown = await call('/nowhere', { headers: { 'x-api-key': key } });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ detail: 'Not Found' });
    expect(await (await call('/healthcheck')).json()).toEqual({ status: 'healthy' });
  });

  it('the memory subgraph at the gateway takes Bearer keys and says NOT_IMPLEMENTED', async () => {
    const res = await server.gql(`{ episodes(groupId: "g", lastN: 2) { uuid } }`, {}, key);
    expect(res.body.errors[0].extensions.code).toBe('NOT_IMPLEMENTED');
    const anonymous = await server.gql(`{ episodes(groupId: "g", lastN: 2) { uuid } }`);
    expect(anonymous.body.errors[0].extensions.code).toBe('UNAUTHORIZED');
  });
});

it('rate-limits per key in the {detail} form', async () => {
  const { secret } = await server.key('free');
  const statuses: number[] = [];
  for (let i = 0; i < 11; i++) statuses.push((await call('/episodes/g?last_n=1', { headers: { 'x-api-key': secret } })).status);
  expect(statuses.slice(0, 10).every((s) => s === 501)).toBe(true);
  const limited = await call('/episodes/g?last_n=1', { headers: { 'x-api-key': secret } });
  expect(limited.status).toBe(429);
  expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
  expect(await limited.json()).toEqual({ detail: 'Rate limit exceeded' });
});
