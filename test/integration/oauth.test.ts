// Native-app sign-in end to end: the authorize page in headless Chromium (the system's
// /usr/bin/chromium driven by playwright-core), a loopback listener as the app's, the code
// exchanged with PKCE, tokens used on GraphQL, refresh, revoke, the device flow, and the
// 5-minute window with a shortened (fake) clock.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createOAuth } from '../../core/auth/oauth.ts';
import { wsClient } from '../helpers/ws.ts';

// Long-lived subscriptions re-check their token this often (read when core/limits.ts loads).
vi.hoisted(() => {
  process.env.SUBSCRIPTION_AUTH_RECHECK_MS = '300';
});

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const haveChromium = fs.existsSync(CHROMIUM);
if (!haveChromium)
  console.warn(
    `[skip] ${CHROMIUM} is absent: the browser steps of the OAuth tests are skipped (apt-get install chromium)`,
  );

const CLIENT = 'structural-desktop';
const pkce = () => {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

let server: TestServer;
let browser: Browser | null = null;
let key: string;
let app: { url: string; hits: URLSearchParams[]; close(): Promise<void> };

/** The desktop app's loopback listener (RFC 8252 §7.3). */
async function loopback() {
  const hits: URLSearchParams[] = [];
  const srv = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://127.0.0.1');
    // The browser also asks for /favicon.ico.
    if (url.pathname === '/callback') hits.push(url.searchParams);
    res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Signed in. You can close this tab.</h1>');
  });
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(srv.address() as AddressInfo).port}/callback`,
    hits,
    close: () => new Promise<void>((r) => srv.close(() => r())),
  };
}

const authorizeUrl = (challenge: string, state: string, redirect = app.url, method = 'S256') =>
  `${server.url}/oauth/authorize?${new URLSearchParams({ response_type: 'code', client_id: CLIENT, redirect_uri: redirect, code_challenge: challenge, code_challenge_method: method, state })}`;

async function tokenRequest(params: Record<string, string>) {
  const res = await fetch(`${server.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: CLIENT, ...params }),
  });
  return { status: res.status, body: (await res.json()) as any };
}

const whoAmI = async (token: string) => server.gql(`{ usage { limitUsd } }`, {}, token);

beforeAll(async () => {
  server = await startTestServer();
  key = (await server.key('pro')).secret;
  app = await loopback();
  if (haveChromium) browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await server?.stop();
});

describe('OAuth for native apps', () => {
  it.skipIf(!haveChromium)(
    'signs in through the browser, lands on the loopback listener, and the code becomes tokens accepted where keys are',
    async () => {
      const { challenge } = pkce();
      const page = await browser!.newPage();
      await page.goto(authorizeUrl(challenge, 'state-123'));
      expect(await page.textContent('h1')).toBe('Sign in');
      expect(await page.textContent('main')).toContain('Structural Desktop asks to use your account');
      // A wrong key keeps the user on the page with an error.
      await page.fill('#account_key', 'sk_not-a-key');
      await page.click('button[value=allow]');
      expect(await page.textContent('[role=alert]')).toBe('That account key is not valid.');
      await page.fill('#account_key', key);
      await Promise.all([page.waitForURL(/127\.0\.0\.1:\d+\/callback/), page.click('button[value=allow]')]);
      expect(await page.textContent('h1')).toContain('Signed in');
      await page.close();

      const hit = app.hits.at(-1)!;
      expect(hit.get('state')).toBe('state-123');
      const code = hit.get('code')!;
      // A wrong verifier is refused; the code is then spent.
      expect(
        (
          await tokenRequest({
            grant_type: 'authorization_code',
            code,
            redirect_uri: app.url,
            code_verifier: pkce().verifier,
          })
        ).body.error,
      ).toBe('invalid_grant');

      // Again, with the right verifier.
      const page2 = await browser!.newPage();
      const second = pkce();
      await page2.goto(authorizeUrl(second.challenge, 's2'));
      await page2.fill('#account_key', key);
      await Promise.all([page2.waitForURL(/callback/), page2.click('button[value=allow]')]);
      await page2.close();
      const code2 = app.hits.at(-1)!.get('code')!;
      const issued = await tokenRequest({
        grant_type: 'authorization_code',
        code: code2,
        redirect_uri: app.url,
        code_verifier: second.verifier,
      });
      expect(issued.status).toBe(200);
      expect(issued.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
      expect(issued.body.access_token).toMatch(/^at_/);
      // The token carries the key's account and tier (pro: 20 USD of agent usage).
      expect((await whoAmI(issued.body.access_token)).body.data.usage.limitUsd).toBe(20);
      // A code is good once.
      expect(
        (
          await tokenRequest({
            grant_type: 'authorization_code',
            code: code2,
            redirect_uri: app.url,
            code_verifier: second.verifier,
          })
        ).body.error,
      ).toBe('invalid_grant');

      // Refresh rotates both tokens.
      const refreshed = await tokenRequest({ grant_type: 'refresh_token', refresh_token: issued.body.refresh_token });
      expect(refreshed.status).toBe(200);
      expect((await whoAmI(refreshed.body.access_token)).status).toBe(200);
      expect((await whoAmI(issued.body.access_token)).status).toBe(401);
      expect(
        (await tokenRequest({ grant_type: 'refresh_token', refresh_token: issued.body.refresh_token })).body.error,
      ).toBe('invalid_grant');

      // Revoke (logout) ends the grant: its access token and refresh token.
      const revoked = await fetch(`${server.url}/oauth/revoke`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ client_id: CLIENT, token: refreshed.body.refresh_token }),
      });
      expect(revoked.status).toBe(200);
      expect((await whoAmI(refreshed.body.access_token)).status).toBe(401);
      expect(
        (await tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshed.body.refresh_token })).body.error,
      ).toBe('invalid_grant');
    },
    60_000,
  );

  it.skipIf(!haveChromium)('sends a denial back to the app', async () => {
    const page = await browser!.newPage();
    await page.goto(authorizeUrl(pkce().challenge, 'deny-state'));
    await Promise.all([page.waitForURL(/callback/), page.click('button[value=deny]')]);
    await page.close();
    expect(Object.fromEntries(app.hits.at(-1)!)).toMatchObject({ error: 'access_denied', state: 'deny-state' });
  });

  it.skipIf(!haveChromium)('connects a device with the device authorization grant', async () => {
    const start = await fetch(`${server.url}/oauth/device_authorization`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: CLIENT }),
    });
    const device = (await start.json()) as any;
    expect(device).toMatchObject({ expires_in: 300, interval: 5, verification_uri: `${server.url}/oauth/device` });
    expect(device.user_code).toMatch(/^[B-Z]{4}-[B-Z]{4}$/);
    expect(
      (
        await tokenRequest({
          grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
          device_code: device.device_code,
        })
      ).body.error,
    ).toBe('authorization_pending');
    expect(
      (
        await tokenRequest({
          grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
          device_code: device.device_code,
        })
      ).body.error,
    ).toBe('slow_down');
    const page = await browser!.newPage();
    await page.goto(device.verification_uri_complete);
    expect(await page.inputValue('#user_code')).toBe(device.user_code);
    await page.fill('#account_key', key);
    await page.click('button[value=allow]');
    expect(await page.textContent('h1')).toBe('Connected');
    await page.close();
    const tokens = await tokenRequest({
      grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
      device_code: device.device_code,
    });
    expect(tokens.status).toBe(200);
    expect((await whoAmI(tokens.body.access_token)).status).toBe(200);
  });

  it("ends the desktop's connection when its token is revoked (logout)", async () => {
    const { verifier, challenge } = pkce();
    const started = server.platform.oauth.startAuthorization({
      response_type: 'code',
      client_id: CLIENT,
      redirect_uri: app.url,
      code_challenge: challenge,
      code_challenge_method: 'S256',
    }) as { requestId: string };
    const { redirect } = (await server.platform.oauth.decide(started.requestId, 'allow', key))!;
    const tokens = await tokenRequest({
      grant_type: 'authorization_code',
      code: new URL(redirect).searchParams.get('code')!,
      redirect_uri: app.url,
      code_verifier: verifier,
    });
    const token = tokens.body.access_token;
    const registered = await server.gql(
      `mutation { registerClient(input: {machineId: "signed-in", name: "pc", clientVersion: "1", lanes: []}) { connected } }`,
      {},
      token,
    );
    expect(registered.body.errors).toBeUndefined();
    const client = wsClient(server.url, token);
    let failure: any = null;
    const done = (async () => {
      try {
        for await (const _ of client.iterate({
          query: `subscription { toolCalls(machineId: "signed-in") { callId } }`,
        }));
      } catch (err) {
        failure = err;
      }
    })();
    await new Promise((r) => setTimeout(r, 300));
    await fetch(`${server.url}/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: CLIENT, token }),
    });
    await done;
    expect(JSON.stringify(failure)).toContain('UNAUTHORIZED');
    await client.dispose();
  });

  it('accepts only loopback redirects and S256 challenges', async () => {
    const { challenge } = pkce();
    for (const redirect of [
      'http://localhost:5000/callback',
      'https://127.0.0.1:5000/callback',
      'http://evil.example/callback',
    ]) {
      const res = await fetch(authorizeUrl(challenge, 's', redirect), { redirect: 'manual' });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain('redirect_uri: must be');
    }
    // Any loopback port is accepted (RFC 8252 §7.3).
    expect(
      (await fetch(authorizeUrl(challenge, 's', 'http://127.0.0.1:1/callback'), { redirect: 'manual' })).status,
    ).toBe(200);
    const plain = await fetch(authorizeUrl(challenge, 's', app.url, 'plain'), { redirect: 'manual' });
    expect(plain.status).toBe(302);
    expect(new URL(plain.headers.get('location')!).searchParams.get('error')).toBe('invalid_request');
    const unknownClient = await tokenRequest({
      client_id: 'someone-else',
      grant_type: 'refresh_token',
      refresh_token: 'x',
    });
    expect(unknownClient).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
  });

  it('publishes the OAuth endpoints in /openapi.json beside the REST paths', async () => {
    const doc = await (await server.rest('/openapi.json')).json();
    expect(doc.paths['/v1/jobs/{job_id}']).toBeDefined();
    for (const [path, methods] of Object.entries({
      '/oauth/authorize': ['get', 'post'],
      '/oauth/token': ['post'],
      '/oauth/revoke': ['post'],
      '/oauth/device_authorization': ['post'],
      '/oauth/device': ['get', 'post'],
    })) {
      expect(Object.keys(doc.paths[path]).sort()).toEqual(methods.sort());
    }
    const token = doc.paths['/oauth/token'].post;
    expect(token.requestBody.content['application/x-www-form-urlencoded'].schema.properties.grant_type.enum).toContain(
      'authorization_code',
    );
    expect(token.responses['200'].content['application/json'].schema.required).toEqual([
      'access_token',
      'token_type',
      'expires_in',
      'refresh_token',
    ]);
    expect(token.responses['400'].content['application/json'].schema.properties.error.enum).toContain('invalid_grant');
    expect(doc.paths['/oauth/authorize'].get.parameters.map((p: any) => p.name)).toEqual([
      'response_type',
      'client_id',
      'redirect_uri',
      'code_challenge',
      'code_challenge_method',
      'state',
    ]);
  });

  it('expires a pending authorization, its code and a device code after 5 minutes', async () => {
    let clock = Date.now();
    const oauth = createOAuth(server.platform.db, server.platform.keys, {
      pendingTtlMs: 5 * 60_000,
      accessTtlS: 3600,
      refreshTtlS: 86_400,
      now: () => clock,
    });
    const { verifier, challenge } = pkce();
    const query = {
      response_type: 'code',
      client_id: CLIENT,
      redirect_uri: app.url,
      code_challenge: challenge,
      code_challenge_method: 'S256',
    };

    // The sign-in page lapses: Try Again in the app.
    const lapsed = oauth.startAuthorization(query) as { requestId: string };
    clock += 5 * 60_000;
    expect(oauth.pendingAuthorization(lapsed.requestId)).toBeNull();
    await expect(oauth.decide(lapsed.requestId, 'allow', key)).rejects.toThrow(/expired.*Try Again/);

    // A code issued inside the window is refused once the window has passed.
    const fresh = oauth.startAuthorization(query) as { requestId: string };
    clock += 4 * 60_000;
    const { redirect } = (await oauth.decide(fresh.requestId, 'allow', key))!;
    clock += 60_000;
    const code = new URL(redirect).searchParams.get('code')!;
    await expect(
      oauth.token({
        client_id: CLIENT,
        grant_type: 'authorization_code',
        code,
        redirect_uri: app.url,
        code_verifier: verifier,
      }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });

    // Just inside the window it works.
    const inTime = oauth.startAuthorization(query) as { requestId: string };
    clock += 5 * 60_000 - 1;
    const ok = (await oauth.decide(inTime.requestId, 'allow', key))!;
    const tokens = await oauth.token({
      client_id: CLIENT,
      grant_type: 'authorization_code',
      code: new URL(ok.redirect).searchParams.get('code')!,
      redirect_uri: app.url,
      code_verifier: verifier,
    });
    expect(tokens.access_token).toMatch(/^at_/);

    const device = oauth.startDevice(CLIENT);
    clock += 5 * 60_000;
    expect(oauth.pendingDevice(device.userCode)).toBeNull();
    await expect(
      oauth.token({
        client_id: CLIENT,
        grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
        device_code: device.deviceCode,
      }),
    ).rejects.toMatchObject({ error: 'expired_token' });
  });
});
