// Issue 11, items 11 and 12: a subscription kept streaming after its key was
// revoked; any key could clear every account's memory; with NODE_ENV unset
// the server ran in development with a public signing secret; 32,767
// messages in one memory request were a 500 ("too many SQL variables").
import { randomBytes } from 'node:crypto';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertSigningSecret, loadConfig } from '../../core/config.ts';
import { LIMITS } from '../../core/limits.ts';
import { startTestServer, waitFor, type TestServer } from '../helpers/server.ts';
import { wsClient } from '../helpers/ws.ts';

describe('modes and secrets', () => {
  it('production is the default: only NODE_ENV=development turns development on', () => {
    expect(loadConfig({}).env).toBe('production');
    expect(loadConfig({ NODE_ENV: 'test' }).env).toBe('production');
    expect(loadConfig({ NODE_ENV: 'development' }).env).toBe('development');
    expect(loadConfig({}).diagnosticJobs).toBe(false);
  });

  it('a server outside development refuses to start without a signing secret of its own, with a clear message', async () => {
    expect(() => assertSigningSecret(loadConfig({}))).toThrow(/SIGNING_SECRET/);
    expect(() => assertSigningSecret(loadConfig({ SIGNING_SECRET: 'development-only-signing-secret' }))).toThrow(
      /SIGNING_SECRET/,
    );
    // Issue 29, finding 15: production needs 32 bytes of entropy; `dev` started it.
    for (const weak of [
      'dev',
      'our own secret',
      'a'.repeat(64),
      'abcdefghijklmnop'.repeat(4),
      randomBytes(16).toString('hex'),
    ]) {
      expect(() => assertSigningSecret(loadConfig({ SIGNING_SECRET: weak }))).toThrow(
        /SIGNING_SECRET is too weak.*openssl rand -base64 32/,
      );
    }
    for (const strong of [
      randomBytes(32).toString('hex'),
      randomBytes(32).toString('base64'),
      randomBytes(32).toString('base64url'),
    ]) {
      expect(() => assertSigningSecret(loadConfig({ SIGNING_SECRET: strong }))).not.toThrow();
    }
    await expect(startTestServer({ NODE_ENV: 'production', SIGNING_SECRET: 'dev' })).rejects.toThrow(
      /SIGNING_SECRET is too weak/,
    );
    expect(() => assertSigningSecret(loadConfig({ NODE_ENV: 'development' }))).not.toThrow();
    await expect(startTestServer({ NODE_ENV: 'production' })).rejects.toThrow(/SIGNING_SECRET/);
  });
});

describe('keys and accounts', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ MEMORY_CLEAR_ENABLED: '1' });
  });
  afterAll(() => server.stop());

  const memory = (path: string, key: string, body?: unknown) =>
    fetch(server.memoryUrl + path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it('a subscription ends with UNAUTHORIZED once its key is revoked', async () => {
    const { secret } = await server.key('pro');
    const created = await server.gql(
      'mutation { createDiagnosticJob(input: { durationMs: 20000, steps: 100 }) { id } }',
      undefined,
      secret,
    );
    const id = created.body.data.createDiagnosticJob.id;
    const client = wsClient(server.url, secret);
    const events: unknown[] = [];
    let failure: any = null;
    const done = (async () => {
      try {
        for await (const e of client.iterate({
          query: 'subscription ($id: ID!) { jobUpdated(id: $id) { status progress } }',
          variables: { id },
        }))
          events.push(e);
      } catch (err) {
        failure = err;
      }
    })();
    await waitFor(async () => events.length >= 2);
    const keyId = (await server.platform.keys.authenticate(secret))!.keyId;
    await server.platform.keys.revoke(keyId);
    const revokedAt = Date.now();
    await done;
    // The next progress event (every 200 ms) finds the key revoked; a subscription left open would
    // run to the job's end, 20 s. 10 s is far from both.
    expect(Date.now() - revokedAt).toBeLessThan(10_000);
    expect(JSON.stringify(failure)).toContain('UNAUTHORIZED');
    await client.dispose();
  });

  it('POST /clear needs an operator key and clears every group of the caller’s account only', async () => {
    const mine = await server.platform.keys.create({ name: 'member', tier: 'pro' });
    const admin = await server.platform.keys.create({
      name: 'operator',
      tier: 'pro',
      admin: true,
      accountId: mine.key.accountId,
    });
    const other = await server.platform.keys.create({ name: 'other account', tier: 'pro' });
    const msg = () => ({ content: 'Beam B3 is a W12x26.', role_type: 'user', role: 'Maria', uuid: randomUUID() });
    for (const [key, group] of [
      [mine.secret, 'g-a'],
      [mine.secret, 'g-b'],
      [other.secret, 'g-a'],
    ] as const) {
      expect((await memory('/messages', key, { group_id: group, messages: [msg()] })).status).toBe(202);
    }
    const episodes = async (key: string, group: string) =>
      (await (await memory(`/episodes/${group}?last_n=10`, key)).json()).episodes.length;
    await waitFor(
      async () =>
        (await episodes(mine.secret, 'g-a')) &&
        (await episodes(mine.secret, 'g-b')) &&
        (await episodes(other.secret, 'g-a')),
    );

    const refused = await memory('/clear', mine.secret, {});
    expect(refused.status).toBe(403);
    expect((await refused.json()).detail).toContain('operator');

    const cleared = await memory('/clear', admin.secret, {});
    expect(cleared.status).toBe(200);
    expect(await cleared.json()).toEqual({ message: 'Graph cleared', success: true });
    expect(await episodes(mine.secret, 'g-a')).toBe(0);
    expect(await episodes(mine.secret, 'g-b')).toBe(0);
    expect(await episodes(other.secret, 'g-a')).toBe(1);
  });

  it(`more than ${LIMITS.memoryMaxMessagesPerRequest} messages in one memory request are a 422 naming messages, not a 500`, async () => {
    const { secret } = await server.key('enterprise');
    const messages = Array.from({ length: 32_767 }, (_, i) => ({ content: `m${i}`, role_type: 'user' }));
    for (const path of ['/messages', '/get-memory']) {
      const res = await memory(path, secret, { group_id: 'flood', messages, center_node_uuid: null });
      expect(res.status).toBe(422);
      const detail = (await res.json()).detail;
      expect(detail[0].loc).toEqual(['body', 'messages']);
      expect(detail[0].type).toBe('value_error.list.max_items');
    }
    const gql = await server.gql(
      'mutation ($m: [MessageInput!]!) { addMessages(groupId: "flood", messages: $m) { jobId } }',
      {
        m: messages
          .slice(0, LIMITS.memoryMaxMessagesPerRequest + 1)
          .map((m) => ({ content: m.content, roleType: 'user' })),
      },
      secret,
    );
    expect(gql.body.errors[0].extensions.code).toBe('UNPROCESSABLE');
    expect(gql.body.errors[0].extensions.details.field).toBe('messages');
  });
});
