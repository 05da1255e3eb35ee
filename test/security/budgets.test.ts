// Issue 29, findings 6 and 7: who pays for a request. Anonymous GraphQL that failed parse or
// validation spent no budget (200 distinct invalid queries cost 12.3 s of server work), and each
// OAuth access token had its own budget instead of its key's (two tokens minted from a free key
// that had hit 429 still got 200). Real HTTP on loopback.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { deviceSignIn } from '../helpers/device-sign-in.ts';

let server: TestServer;

const post = (body: string, key?: string) =>
  fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
    body,
  });

describe('anonymous GraphQL over HTTP', () => {
  beforeAll(async () => {
    server = await startTestServer({ PUBLIC_RATE_PER_MIN: '8' });
  });
  afterAll(() => server?.stop());

  it('spends its address’s budget before parsing: invalid documents count, then 429 with Retry-After', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      // Distinct each time (nothing cached): unknown fields, and a document that does not parse.
      statuses.push(
        (await post(JSON.stringify({ query: i % 2 ? `{ noSuchField${i} }` : `{ codes(first: ${i}) { ` }))).status,
      );
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 400, 400, 400]);
    const refused = await post(JSON.stringify({ query: '{ codes { nodes { fileId } } }' }));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Refused from the headers, before the body is read: the platform's envelope.
    expect(((await refused.json()) as any).error.code).toBe('RATE_LIMITED');
  });
});

describe('OAuth access tokens', () => {
  beforeAll(async () => {
    server = await startTestServer({ FREE_RATE_PER_MIN: '5' });
  });
  afterAll(() => server?.stop());

  it('share the budget of the key that approved them', async () => {
    const { secret } = await server.key('free');
    const [first, second] = [
      (await deviceSignIn(server.url, secret)).access_token,
      (await deviceSignIn(server.url, secret)).access_token,
    ];
    const usage = (key: string) => post(JSON.stringify({ query: '{ usage { limitUsd } }' }), key);
    // Five a minute for the key and its tokens together.
    const statuses = [];
    for (const key of [secret, first, second, secret, first]) statuses.push((await usage(key)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    for (const key of [secret, first, second]) expect((await usage(key)).status).toBe(429);
    // Another key of the same account has its own budget.
    const { secret: other } = await server.key('free');
    expect((await usage(other)).status).toBe(200);
  });
});
