// Sign-in's loopback listener and the session's refresh rules, against a local token endpoint
// (the real platform's flow is in test/e2e/client.test.ts): the 5-minute window (shortened)
// and Try Again, a foreign state ignored, a denial, and offline never signing the user out.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignInError, startSignIn } from '../../src/auth/sign-in.ts';
import { Session } from '../../src/auth/session.ts';
import { FileTokenStore } from '../../src/auth/token-store.ts';

let platform: http.Server;
let url: string;
const forms: URLSearchParams[] = [];
let tokenAnswer: { status: number; body: unknown } = { status: 200, body: {} };

beforeAll(async () => {
  platform = http.createServer(async (req, res) => {
    let body = '';
    for await (const c of req) body += c;
    forms.push(new URLSearchParams(body));
    res.writeHead(tokenAnswer.status, { 'content-type': 'application/json' }).end(JSON.stringify(tokenAnswer.body));
  });
  await new Promise<void>((r) => platform.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(platform.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => platform.close(() => r())));

const tokens = (n: number) => ({
  access_token: `at_${n}`,
  refresh_token: `rt_${n}`,
  expires_in: 3600,
  token_type: 'Bearer' as const,
});

describe('sign-in', () => {
  it('lands on the loopback listener, checks the state and exchanges the code with the PKCE verifier', async () => {
    tokenAnswer = { status: 200, body: tokens(1) };
    const attempt = await startSignIn(url);
    const authorize = new URL(attempt.authorizeUrl);
    expect(authorize.searchParams.get('redirect_uri')).toBe(attempt.redirectUri);
    expect(attempt.redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    // Another state (a stale or forged redirect) is ignored.
    expect((await fetch(`${attempt.redirectUri}?code=x&state=forged`)).status).toBe(404);
    const done = await fetch(`${attempt.redirectUri}?code=the-code&state=${authorize.searchParams.get('state')}`);
    expect(await done.text()).toContain('Signed in');
    expect(await attempt.tokens).toMatchObject({ access_token: 'at_1' });
    const form = forms.at(-1)!;
    expect(form.get('code')).toBe('the-code');
    expect(createHash('sha256').update(form.get('code_verifier')!).digest('base64url')).toBe(
      authorize.searchParams.get('code_challenge'),
    );
  });

  it('the window closes (expired) and Try Again starts a fresh attempt', async () => {
    const first = await startSignIn(url, { windowMs: 100 });
    const err = await first.tokens.catch((e) => e);
    expect(err).toBeInstanceOf(SignInError);
    expect(err.code).toBe('expired');
    // The old listener is gone.
    await expect(fetch(first.redirectUri)).rejects.toThrow();
    tokenAnswer = { status: 200, body: tokens(2) };
    const again = await startSignIn(url);
    const state = new URL(again.authorizeUrl).searchParams.get('state');
    await fetch(`${again.redirectUri}?code=c2&state=${state}`);
    expect((await again.tokens).access_token).toBe('at_2');
  });

  it('a denial in the browser ends the attempt as access_denied', async () => {
    const attempt = await startSignIn(url);
    const state = new URL(attempt.authorizeUrl).searchParams.get('state');
    await fetch(`${attempt.redirectUri}?error=access_denied&state=${state}`);
    expect((await attempt.tokens.catch((e) => e)).code).toBe('access_denied');
  });
});

describe('session', () => {
  const store = () => new FileTokenStore(mkdtempSync(join(tmpdir(), 'session-')));

  it('refreshes a token near its end; offline keeps the sign-in; a refused refresh token signs out', async () => {
    let now = Date.now();
    const s = new Session(store(), url, () => now);
    await s.adopt(tokens(3));
    expect(await s.accessToken()).toBe('at_3');
    now += 3600_000 - 60_000; // within the 5 minutes before expiry
    tokenAnswer = { status: 200, body: tokens(4) };
    expect(await s.accessToken()).toBe('at_4');
    expect(forms.at(-1)!.get('refresh_token')).toBe('rt_3');

    now += 3600_000;
    tokenAnswer = { status: 503, body: { error: 'temporarily_unavailable' } };
    await expect(s.accessToken()).rejects.toMatchObject({ code: 'offline' });
    expect(s.signedIn).toBe(true);
    const offline = new Session(store(), 'http://127.0.0.1:1', () => now);
    await offline.adopt(tokens(5));
    now += 3600_000;
    await expect(offline.accessToken()).rejects.toMatchObject({ code: 'offline' });
    expect(offline.signedIn).toBe(true);

    tokenAnswer = { status: 400, body: { error: 'invalid_grant', error_description: 'revoked' } };
    const out = new Promise((r) => s.once('signedOut', r));
    await expect(s.accessToken()).rejects.toMatchObject({ code: 'invalid_grant' });
    await out;
    expect(s.signedIn).toBe(false);
    s.close();
    offline.close();
  });
});
