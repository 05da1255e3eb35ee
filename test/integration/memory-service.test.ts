import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, waitFor, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let key: string;
let otherKey: string;

beforeAll(async () => {
  server = await startTestServer();
  key = (await server.key('enterprise')).secret;
  otherKey = (await server.key('enterprise')).secret;
});
afterAll(() => server.stop());

const call = (path: string, init: RequestInit = {}) => fetch(server.memoryUrl + path, init);
const headers = (k = key) => ({ 'x-api-key': k, 'content-type': 'application/json' });
const post = (path: string, body: unknown, k = key) =>
  call(path, { method: 'POST', headers: headers(k), body: JSON.stringify(body) });
const get = (path: string, k = key) => call(path, { headers: headers(k) });
const del = (path: string, k = key) => call(path, { method: 'DELETE', headers: headers(k) });

let clock = Date.parse('2026-02-02T08:00:00Z');
const message = (content: string, source = 'chat-1', role = 'Maria') => ({
  content,
  role_type: 'user',
  role,
  timestamp: new Date((clock += 60_000)).toISOString(),
  source_description: source,
  uuid: randomUUID(),
});

async function addAndWait(groupId: string, messages: ReturnType<typeof message>[], k = key) {
  const res = await post('/messages', { group_id: groupId, messages }, k);
  expect(res.status).toBe(202);
  const body = await res.json();
  expect(body).toMatchObject({ message: 'Messages added to processing queue', success: true });
  const last = messages.at(-1)!.uuid;
  await waitFor(async () =>
    ((await (await get(`/episodes/${groupId}?last_n=1000`, k)).json()).episodes as { uuid: string }[]).some(
      (e) => e.uuid === last,
    ),
  );
}

describe('memory service edge', () => {
  it('answers 401 {detail} without or with a wrong X-API-Key', async () => {
    for (const h of [{}, { 'x-api-key': 'sk_nope' }, { authorization: `Bearer ${key}` }] as Record<string, string>[]) {
      const res = await call('/search', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...h },
        body: '{}',
      });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^APIKey .*header="X-API-Key"/);
      expect(await res.json()).toEqual({ detail: 'Invalid or missing API key' });
    }
  });

  it('answers malformed JSON as FastAPI does', async () => {
    const res = await call('/search', { method: 'POST', headers: headers(), body: '{"query": ' });
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.detail[0].type).toBe('value_error.jsondecode');
    expect(body.detail[0].loc[0]).toBe('body');
  });

  it('validates bodies FastAPI-style: missing fields, wrong types, out-of-range values', async () => {
    let res = await post('/search', {});
    expect(res.status).toBe(422);
    expect((await res.json()).detail).toEqual([
      { loc: ['body', 'query'], msg: 'field required', type: 'value_error.missing' },
    ]);

    res = await post('/search', { query: 'x', max_facts: 'ten', reranker: 'bm25', group_ids: 'g1' });
    const detail = (await res.json()).detail as { loc: string[]; type: string }[];
    expect(detail.map((d) => [d.loc.join('.'), d.type])).toEqual([
      ['body.group_ids', 'type_error.list'],
      ['body.max_facts', 'type_error.integer'],
      ['body.reranker', 'value_error.const'],
    ]);

    const range = async (body: Record<string, unknown>) => {
      const r = await post('/search', { query: 'beam', ...body });
      return [r.status, (await r.json()).detail?.[0]?.type ?? 'ok'];
    };
    expect(await range({ min_score: 1.5 })).toEqual([422, 'value_error.number.not_le']);
    expect(await range({ min_score: -0.5 })).toEqual([422, 'value_error.number.not_ge']);
    expect(await range({ min_score: -0.5, reranker: 'mmr' })).toEqual([200, 'ok']);
    expect(await range({ min_score: -1.5, reranker: 'mmr' })).toEqual([422, 'value_error.number.not_ge']);
    expect(await range({ min_score: -0.5, reranker: 'cross_encoder' })).toEqual([422, 'value_error.number.not_ge']);
    expect(await range({ mmr_lambda: 1.2, reranker: 'mmr' })).toEqual([422, 'value_error.number.not_le']);
    expect(await range({ max_facts: 0 })).toEqual([422, 'value_error.number.not_ge']);

    res = await post('/get-memory', { group_id: 'g', messages: [] });
    expect((await res.json()).detail).toEqual([
      { loc: ['body', 'center_node_uuid'], msg: 'field required', type: 'value_error.missing' },
    ]);
    res = await post('/get-memory', { group_id: 'g', center_node_uuid: null, messages: [{ role_type: 'user' }] });
    expect((await res.json()).detail).toEqual([
      { loc: ['body', 'messages', 0, 'content'], msg: 'field required', type: 'value_error.missing' },
    ]);
    res = await post('/messages', { group_id: 'bad group!', messages: [] });
    expect((await res.json()).detail[0]).toMatchObject({ loc: ['body', 'group_id'], type: 'value_error.str.regex' });
    res = await post('/messages', {
      group_id: 'g',
      messages: [{ content: 'x', role_type: 'user', timestamp: 'yesterday' }],
    });
    expect((await res.json()).detail[0]).toMatchObject({
      loc: ['body', 'messages', 0, 'timestamp'],
      type: 'value_error.datetime',
    });
    res = await post('/messages', { group_id: 'g', messages: [{ content: 'x' }] });
    expect((await res.json()).detail).toEqual([
      { loc: ['body', 'messages', 0, 'role_type'], msg: 'field required', type: 'value_error.missing' },
    ]);
    res = await post('/entity-node', { uuid: 'not-a-uuid', group_id: 'g', name: 'x' });
    expect(res.status).toBe(422);
    expect((await res.json()).detail).toEqual([
      { loc: ['body', 'uuid'], msg: 'value is not a valid uuid', type: 'type_error.uuid' },
    ]);
    // A known path with another method: 405 with Allow, as FastAPI answers.
    res = await call('/messages', { method: 'GET', headers: headers(key) });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect(await res.json()).toEqual({ detail: 'Method Not Allowed' });

    res = await get('/episodes/g1');
    expect(res.status).toBe(422);
    expect((await res.json()).detail).toEqual([
      { loc: ['query', 'last_n'], msg: 'field required', type: 'value_error.missing' },
    ]);
    res = await get('/episodes/g1?last_n=many');
    expect((await res.json()).detail[0].type).toBe('type_error.integer');

    for (const method of ['GET', 'DELETE']) {
      res = await call('/entity-edge/not-a-uuid', { method, headers: headers() });
      expect(res.status).toBe(422);
      expect((await res.json()).detail).toEqual([
        { loc: ['path', 'uuid'], msg: 'value is not a valid uuid', type: 'type_error.uuid' },
      ]);
    }
  });

  it('unknown paths answer 404 {detail}; healthcheck needs no key', async () => {
    const unknown = await get('/nowhere');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ detail: 'Not Found' });
    expect(await (await call('/healthcheck')).json()).toEqual({ status: 'healthy' });
  });

  it('publishes its routes in its own /openapi.json, from the same route table it serves', async () => {
    const res = await call('/openapi.json');
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.components.securitySchemes).toEqual({ apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' } });
    expect(Object.keys(doc.paths).sort()).toEqual(
      [
        '/clear',
        '/entity-edge/{uuid}',
        '/entity-node',
        '/episode/{uuid}',
        '/episodes/{group_id}',
        '/episodes/{group_id}/{source_description}',
        '/get-memory',
        '/group/{group_id}',
        '/healthcheck',
        '/messages',
        '/search',
      ].sort(),
    );
    expect(Object.keys(doc.paths['/entity-edge/{uuid}']).sort()).toEqual(['delete', 'get']);
    expect(doc.paths['/messages'].post.requestBody.content['application/json'].schema.required).toEqual([
      'group_id',
      'messages',
    ]);
  });
});

describe('memory graph over REST', () => {
  const group = `eng-${randomUUID().slice(0, 8)}`;

  it('POST /messages persists, answers 202 and processes in order; episodes come back newest last', async () => {
    const msgs = [
      message('I work at Thornton Structural Engineers on the Ashford Tower project.'),
      message('Beam B3 at grid C-4 uses a W12x26 per AISC 360-16.'),
      message('The snow load for the Ashford Tower roof is 30 psf per ASCE 7-22.'),
    ];
    await addAndWait(group, msgs);
    const res = await get(`/episodes/${group}?last_n=2`);
    const { episodes } = await res.json();
    expect(episodes).toEqual(
      msgs
        .slice(1)
        .map((m) => ({ uuid: m.uuid, group_id: group, source_description: 'chat-1', timestamp: m.timestamp })),
    );
    expect((await (await get(`/episodes/${group}?last_n=5`, otherKey)).json()).episodes).toEqual([]);
  });

  it('search answers facts with every field, best first, for each reranker; another account finds nothing', async () => {
    for (const reranker of ['rrf', 'mmr', 'cross_encoder']) {
      const res = await post('/search', { query: 'What size is beam B3?', group_ids: [group], reranker });
      expect(res.status).toBe(200);
      const { facts } = await res.json();
      expect(facts.length).toBeGreaterThan(0);
      expect(facts[0].fact).toContain('W12x26');
      expect(Object.keys(facts[0]).sort()).toEqual(
        [
          'created_at',
          'episodes',
          'expired_at',
          'fact',
          'invalid_at',
          'name',
          'score',
          'source_node_uuid',
          'target_node_uuid',
          'uuid',
          'valid_at',
        ].sort(),
      );
      const scores = facts.map((f: { score: number }) => f.score);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
    }
    const res = await post('/search', { query: 'What size is beam B3?', group_ids: null }, otherKey);
    expect((await res.json()).facts).toEqual([]);
  });

  it('a replacement invalidates the old fact; include_invalidated shows history; get-memory builds its query from messages', async () => {
    const change = message('We replaced the W12x26 with a W14x30 for beam B3 because of deflection.', 'chat-2');
    await addAndWait(group, [change]);
    const current = (await (await post('/search', { query: 'beam B3 W12x26', group_ids: [group] })).json()).facts as {
      fact: string;
    }[];
    expect(current.some((f) => f.fact.includes('uses a W12x26'))).toBe(false);
    const history = (
      await (await post('/search', { query: 'beam B3 W12x26', group_ids: [group], include_invalidated: true })).json()
    ).facts as Record<string, string>[];
    const old = history.find((f) => f.fact!.includes('uses a W12x26'))!;
    expect(old.invalid_at).toBe(change.timestamp);
    expect(old.expired_at).not.toBeNull();

    const res = await post('/get-memory', {
      group_id: group,
      center_node_uuid: null,
      max_facts: 3,
      messages: [{ content: 'Remind me which section beam B3 ended up with?', role_type: 'user', role: 'Maria' }],
    });
    expect(res.status).toBe(200);
    const { facts } = await res.json();
    expect(facts.length).toBeLessThanOrEqual(3);
    expect(facts[0].fact).toContain('W14x30');
  });

  it('episode_source_filter limits to one source; center_node_uuid favours facts at that entity', async () => {
    const onlyChat2 = (
      await (
        await post('/search', {
          query: 'beam B3 snow load Ashford',
          group_ids: [group],
          episode_source_filter: 'chat-2',
        })
      ).json()
    ).facts;
    expect(onlyChat2.length).toBeGreaterThan(0);
    expect(onlyChat2.every((f: { fact: string }) => f.fact.includes('W14x30'))).toBe(true);

    const snow = (await (await post('/search', { query: 'snow load', group_ids: [group] })).json()).facts[0];
    const center = snow.source_node_uuid;
    const centred = (
      await (
        await post('/get-memory', {
          group_id: group,
          center_node_uuid: center,
          messages: [{ content: 'Ashford Tower beam B3 snow', role_type: 'user' }],
        })
      ).json()
    ).facts;
    expect([centred[0].source_node_uuid, centred[0].target_node_uuid]).toContain(center);
    const unknown = await post('/get-memory', {
      group_id: group,
      center_node_uuid: randomUUID(),
      messages: [{ content: 'x', role_type: 'user' }],
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ detail: 'Entity node not found' });
  });

  it('entity nodes and edges: create, list edges with relationship_type, delete an edge; 404s name the thing', async () => {
    const uuid = randomUUID();
    let res = await post('/entity-node', { uuid, group_id: group, name: 'Ashford Tower podium' });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ message: 'Entity node saved', uuid });
    expect(await (await get(`/entity-edge/${uuid}`)).json()).toEqual({ edges: [] });
    // Uuids are per account: another account using the same one gets its own node and learns nothing of this one.
    res = await post('/entity-node', { uuid, group_id: `${group}-other`, name: 'their node' }, otherKey);
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ message: 'Entity node saved', uuid });
    expect((await post('/entity-node', { uuid, group_id: group, name: 'Ashford Tower podium' })).status).toBe(201);
    expect((await post('/entity-node', { uuid, group_id: `${group}-elsewhere`, name: 'moved' })).status).toBe(422);
    expect((await del(`/group/${group}-other`, otherKey)).status).toBe(200);

    const fact = (await (await post('/search', { query: 'snow load', group_ids: [group] })).json()).facts[0];
    res = await get(`/entity-edge/${fact.source_node_uuid}`);
    const { edges } = await res.json();
    const edge = edges.find((e: { uuid: string }) => e.uuid === fact.uuid);
    expect(edge).toMatchObject({
      source_node_uuid: fact.source_node_uuid,
      target_node_uuid: fact.target_node_uuid,
      relationship_type: fact.name,
    });
    expect((await get(`/entity-edge/${fact.source_node_uuid}`, otherKey)).status).toBe(404);

    expect((await del(`/entity-edge/${fact.uuid}`, otherKey)).status).toBe(404);
    res = await del(`/entity-edge/${fact.uuid}`);
    expect(await res.json()).toEqual({ message: 'Entity edge deleted', success: true });
    res = await del(`/entity-edge/${fact.uuid}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ detail: 'Entity edge not found' });
    res = await get(`/entity-edge/${randomUUID()}`);
    expect(await res.json()).toEqual({ detail: 'Entity node not found' });
  });

  it('deleting a source cascades within it and leaves other sources and groups alone; unknown ones are 404', async () => {
    const other = `other-${randomUUID().slice(0, 8)}`;
    await addAndWait(other, [message('Beam B3 at grid C-4 uses a W12x26 per AISC 360-16.')]);
    const otherBefore = (await (await post('/search', { query: 'beam B3 W12x26', group_ids: [other] })).json()).facts;

    let res = await del(`/episodes/${group}/chat-2`, otherKey);
    expect(res.status).toBe(404);
    res = await del(`/episodes/${group}/chat-2`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ message: 'Episodes deleted', success: true, deleted: { episodes: 1, facts: 1 } });
    const after = (await (await post('/search', { query: 'beam B3 W12x26', group_ids: [group] })).json()).facts as {
      fact: string;
    }[];
    expect(after.some((f) => f.fact.includes('W14x30'))).toBe(false);
    expect(after.some((f) => f.fact.includes('uses a W12x26'))).toBe(true);
    expect(
      (await (await get(`/episodes/${group}?last_n=100`)).json()).episodes.every(
        (e: { source_description: string }) => e.source_description === 'chat-1',
      ),
    ).toBe(true);
    expect((await (await post('/search', { query: 'beam B3 W12x26', group_ids: [other] })).json()).facts).toEqual(
      otherBefore,
    );

    res = await del(`/episodes/${group}/no-such-source`);
    expect(res.status).toBe(404);
    expect((await res.json()).detail).toBe('No episodes with that source_description in the group');

    const first = (await (await get(`/episodes/${group}?last_n=100`)).json()).episodes[0];
    res = await del(`/episode/${first.uuid}`);
    expect(res.status).toBe(200);
    expect((await del(`/episode/${first.uuid}`)).status).toBe(404);

    expect((await del(`/group/${group}`, otherKey)).status).toBe(404);
    res = await del(`/group/${group}`);
    expect(await res.json()).toMatchObject({ message: 'Group deleted', success: true });
    expect((await (await get(`/episodes/${group}?last_n=100`)).json()).episodes).toEqual([]);
    expect((await del(`/group/${group}`)).status).toBe(404);
    expect((await (await post('/search', { query: 'beam B3 W12x26', group_ids: [other] })).json()).facts).toEqual(
      otherBefore,
    );
  });

  it('POST /clear is refused unless enabled in configuration', async () => {
    const res = await post('/clear', {});
    expect(res.status).toBe(403);
    expect((await res.json()).detail).toContain('MEMORY_CLEAR_ENABLED');
  });
});

describe('memory subgraph at the gateway', () => {
  it('takes Bearer keys, and refuses anonymous callers', async () => {
    const groupId = `gql-${randomUUID().slice(0, 8)}`;
    const added = await server.gql(
      `mutation ($g: String!, $m: [MessageInput!]!) { addMessages(groupId: $g, messages: $m) { accepted jobId } }`,
      {
        g: groupId,
        m: [
          { content: 'The mat foundation for the Harbor View Garage is 4 ft thick.', roleType: 'user', role: 'Omar' },
        ],
      },
      key,
    );
    expect(added.body.data.addMessages.accepted).toBe(1);
    const job = await waitFor(async () => {
      const r = await server.rest(`/v1/jobs/${added.body.data.addMessages.jobId}`, { key });
      const j = await r.json();
      return j.status === 'completed' && j;
    });
    expect(job.results).toMatchObject({ processed: 1, failed: 0 });
    const found = await server.gql(
      `{ searchMemory(input: { query: "mat foundation thickness", groupIds: ["${groupId}"] }) { fact score episodes } }`,
      {},
      key,
    );
    expect(found.body.data.searchMemory[0].fact).toContain('mat foundation');
    const anonymous = await server.gql(`{ episodes(groupId: "g", lastN: 2) { uuid } }`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.errors[0].extensions.code).toBe('UNAUTHORIZED');
    const range = await server.gql(
      `{ searchMemory(input: { query: "x", reranker: MMR, mmrLambda: 2 }) { uuid } }`,
      {},
      key,
    );
    expect(range.body.errors[0].extensions.code).toBe('UNPROCESSABLE');
  });
});

it('rate-limits per key in the {detail} form', async () => {
  const { secret } = await server.key('free');
  const statuses: number[] = [];
  for (let i = 0; i < 10; i++)
    statuses.push((await call('/episodes/g?last_n=1', { headers: { 'x-api-key': secret } })).status);
  expect(statuses.every((s) => s === 200)).toBe(true);
  const limited = await call('/episodes/g?last_n=1', { headers: { 'x-api-key': secret } });
  expect(limited.status).toBe(429);
  expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
  expect(await limited.json()).toEqual({ detail: 'Rate limit exceeded' });
});
