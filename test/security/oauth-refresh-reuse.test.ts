// Issue 29, finding 14: reusing an old refresh token was refused but did not end the grant, so the
// rotated access token went on working. RFC 6819 §5.2.2.3 and the OAuth security BCP: reuse of a
// rotated refresh token revokes the whole grant. Real HTTP on loopback (device sign-in, no browser).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { deviceSignIn, refresh } from '../helpers/device-sign-in.ts';

let server: TestServer;
let key: string;
beforeAll(async () => {
  server = await startTestServer();
  key = (await server.key('pro')).secret;
});
afterAll(() => server?.stop());

const usage = (token: string) => server.gql('{ usage { limitUsd } }', {}, token);

it('revokes the whole grant when a rotated refresh token is presented again: the current access and refresh tokens stop working', async () => {
  const first = await deviceSignIn(server.url, key);
  const second = await refresh(server.url, first.refresh_token);
  expect(second.status).toBe(200);
  const third = await refresh(server.url, second.body.refresh_token);
  expect(third.status).toBe(200);
  expect((await usage(third.body.access_token)).status).toBe(200);
  // A thief replays the first refresh token (rotated away twice since).
  const replay = await refresh(server.url, first.refresh_token);
  expect(replay).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  expect((await usage(third.body.access_token)).status).toBe(401);
  expect((await refresh(server.url, third.body.refresh_token)).body.error).toBe('invalid_grant');
  // Another grant of the same key is not touched.
  const other = await deviceSignIn(server.url, key);
  expect((await usage(other.access_token)).status).toBe(200);
});

it('of two refreshes racing with one token, one wins and the other is a reuse that ends the grant', async () => {
  const tokens = await deviceSignIn(server.url, key);
  const [a, b] = await Promise.all([
    refresh(server.url, tokens.refresh_token),
    refresh(server.url, tokens.refresh_token),
  ]);
  expect([a.status, b.status].sort()).toEqual([200, 400]);
  const winner = a.status === 200 ? a : b;
  expect((await usage(winner.body.access_token)).status).toBe(401);
});

it('forgets rotated tokens once they would have expired anyway', async () => {
  const tokens = await deviceSignIn(server.url, key);
  await refresh(server.url, tokens.refresh_token);
  const later = new Date(Date.now() + (server.platform.config.oauthRefreshTtlS + 60) * 1000);
  expect(await server.platform.oauth.sweepRetired(later)).toBeGreaterThanOrEqual(1);
});
