// Issue 29, finding 10: 500s from input. Unpaired UTF-16 surrogates (and NUL on PostgreSQL), or
// 33,000 or more group_ids, reached the drivers and came back as 500s whose bodies quoted the SQL
// statement, the account id and (on PostgreSQL) internal file paths, in development and
// production. Now such text is refused at the edge with the spec's 4xx naming the field, and a
// 5xx body never carries what a lower layer said. Runs on libSQL, and on PostgreSQL when
// TEST_POSTGRES_URL is set (CI runs the suite on both). Real HTTP on loopback.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const LONE = '\ud800x';
const NUL = 'a\u0000b';

describe.each([
  ['development', { NODE_ENV: 'development' }],
  ['production', { NODE_ENV: 'production', SIGNING_SECRET: randomBytes(32).toString('base64') }],
])('%s', (_mode, env) => {
  let server: TestServer;
  let key: string;
  let accountId: string;
  beforeAll(async () => {
    server = await startTestServer(env);
    ({ secret: key, accountId } = await server.key('pro'));
  });
  afterAll(() => server?.stop());

  const json = (path: string, body: unknown) =>
    server.rest(path, {
      method: 'POST',
      key,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const memory = (path: string, body: unknown) =>
    fetch(`${server.memoryUrl}${path}`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('refuses an unpaired surrogate or a NUL in REST input with 400 VALIDATION_ERROR naming the field', async () => {
    for (const text of [LONE, NUL]) {
      for (const [path, body, field] of [
        ['/v1/projects', { name: text }, 'name'],
        ['/v1/projects', { name: 'ok', description: text }, 'description'],
        ['/v1/search/jobs', { query: text }, 'query'],
      ] as const) {
        const res = await json(path, body);
        expect(res.status, `${path} ${JSON.stringify(text)}`).toBe(400);
        expect((await res.json()).error).toMatchObject({ code: 'VALIDATION_ERROR', details: { field } });
      }
    }
  });

  it('refuses them in GraphQL variables and literals, naming where they are', async () => {
    const create = 'mutation($input: CreateProjectInput!) { createProject(input: $input) { id } }';
    const res = await server.gql(create, { input: { name: LONE } }, key);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'variables.input.name' },
    });
    const literal = await server.gql('mutation { createProject(input: { name: "a\\u0000b" }) { id } }', undefined, key);
    expect(literal.status).toBe(400);
    expect(literal.body.errors[0].message).toMatch(/^query: the string at line 1, column \d+ must not contain NUL/);
    // The same document again comes parsed from the document store, its verdict from the edge's cache.
    const again = await server.gql('mutation { createProject(input: { name: "a\\u0000b" }) { id } }', undefined, key);
    expect(again.status).toBe(400);
    expect(again.body.errors[0].message).toBe(literal.body.errors[0].message);
  });

  it('refuses them on the memory service with 422 and the field’s loc, and caps group_ids', async () => {
    for (const text of [LONE, NUL]) {
      const res = await memory('/messages', { group_id: 'g1', messages: [{ content: text, role_type: 'user' }] });
      expect(res.status).toBe(422);
      expect((await res.json()).detail[0].loc).toEqual(['body', 'messages', 0, 'content']);
    }
    const many = await memory('/search', {
      query: 'beam',
      group_ids: Array.from({ length: 33_000 }, (_, i) => `g${i}`),
    });
    expect(many.status).toBe(422);
    expect((await many.json()).detail[0].loc).toEqual(['body', 'group_ids']);
    const graphql = await server.gql(
      'query($i: SearchMemoryInput!) { searchMemory(input: $i) { uuid } }',
      { i: { query: 'beam', groupIds: Array.from({ length: 1_001 }, (_, i) => `g${i}`) } },
      key,
    );
    expect(graphql.body.errors[0].extensions).toMatchObject({ code: 'UNPROCESSABLE', details: { field: 'group_ids' } });
  });

  it('never answers a 5xx with what the driver said: no SQL, ids or paths, over REST, GraphQL and the memory service', async () => {
    // A store that fails under the request: its error quotes the statement, the parameters and the source.
    await server.platform.db.$executeRawUnsafe('DROP TABLE "Project"');
    const rest = await json('/v1/projects', { name: 'beams' });
    expect(rest.status).toBe(500);
    const restBody = await rest.text();
    expect(JSON.parse(restBody)).toEqual({ error: { code: 'INTERNAL_ERROR', message: 'Internal server error' } });
    const gql = await server.gql('mutation { createProject(input: { name: "beams" }) { id } }', undefined, key);
    expect(gql.body.errors[0]).toMatchObject({
      message: 'Internal server error',
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
    });
    await server.platform.db.$executeRawUnsafe('DROP TABLE "MemoryEpisode"');
    const mem = await memory('/messages', {
      group_id: 'g1',
      messages: [{ content: 'the beam is W12x26', role_type: 'user' }],
    });
    expect(mem.status).toBe(500);
    for (const body of [restBody, JSON.stringify(gql.body), await mem.text()]) {
      expect(body).not.toMatch(/INSERT|SELECT|prisma|invocation|\.ts\b|\/work\/|node_modules/i);
      expect(body).not.toContain(accountId);
    }
  });
});
