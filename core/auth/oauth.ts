// Sign-in for native apps (the desktop client): OAuth 2.0 authorization code with PKCE
// (RFC 6749, RFC 7636) and a loopback redirect (RFC 8252), device authorization (RFC 8628)
// where the loopback is blocked, refresh with rotation, and revocation (RFC 7009).
//
// Rules, each applied below:
// - Clients are the platform's own native apps (NATIVE_CLIENTS); no secrets (a native app cannot keep one).
// - redirect_uri must be http on a loopback IP literal (127.0.0.1 or [::1]) with any port
//   (RFC 8252 §7.3: the app picks a free port at sign-in); "localhost" is refused (§8.3).
// - PKCE is required, S256 only: a plain challenge would hand the verifier to whoever sees the URL.
// - A pending authorization (the browser step, or a device code) lives OAUTH_PENDING_TTL_MS
//   (5 minutes); the app then offers Try Again. A code is good once and only within that window.
// - The user signs in with an account key; the grant takes that key's account and tier, and
//   ends when the key is revoked. Only SHA-256 hashes of tokens are stored.
// - A refresh rotates both tokens: the old access and refresh tokens stop working at once. A
//   rotated-away refresh token presented again was stolen or replayed (RFC 6819 §5.2.2.3, the
//   OAuth security BCP §4.14.2): the whole grant is revoked, its current tokens with it, so the
//   thief and the app both sign in again and only the user can. Rotated-away tokens are kept
//   (hashed) as long as they would have lasted.
// - Pending authorizations live in this process's memory: a restart asks the user to try
//   again, as a lapse would.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Database } from '../db/client.ts';
import { ACCESS_TOKEN_PREFIX, hashSecret, type KeyStore, type Principal } from './keys.ts';

export const NATIVE_CLIENTS: Record<string, { name: string }> = {
  'structural-desktop': { name: 'Structural Desktop' },
};

const REFRESH_PREFIX = 'rt_';
/** RFC 8628 §6.1: letters that cannot be confused, no vowels (no words). */
const USER_CODE_ALPHABET = 'BCDFGHJKLMNPQRSTVWXZ';
/** Most pending authorizations held at once: past it new ones are refused (a flood cannot grow memory). */
const MAX_PENDING = 10_000;
/** RFC 8628 §3.5: the polling interval, and what slow_down adds to it. */
const DEVICE_INTERVAL_S = 5;

/** An OAuth error in RFC 6749 §5.2 terms; `redirect` when it goes back to the app's redirect_uri. */
export class OAuthError extends Error {
  readonly error: string;
  readonly status: number;
  constructor(error: string, description: string, status = 400) {
    super(description);
    this.error = error;
    this.status = status;
  }
}

export interface Tokens {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
}

interface BrowserRequest {
  kind: 'browser';
  clientId: string;
  redirectUri: string;
  challenge: string;
  state: string | null;
  createdAt: number;
}

interface CodeGrant {
  clientId: string;
  redirectUri: string;
  challenge: string;
  keyId: string;
  createdAt: number;
}

interface DeviceRequest {
  clientId: string;
  userCode: string;
  createdAt: number;
  lastPoll: number;
  interval: number;
  decision: { keyId: string } | 'denied' | null;
}

export interface OAuthOptions {
  pendingTtlMs: number;
  accessTtlS: number;
  refreshTtlS: number;
  now?: () => number;
}

const token = (prefix: string) => prefix + randomBytes(32).toString('base64url');
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
/** RFC 7636 §4.1: 43 to 128 unreserved characters. */
const PKCE_TEXT = /^[A-Za-z0-9._~-]{43,128}$/;

/** Whether a redirect_uri is a loopback one this server accepts (the rule above). */
export function isLoopbackRedirect(raw: string): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  return (
    url.protocol === 'http:' &&
    (url.hostname === '127.0.0.1' || url.hostname === '[::1]') &&
    !url.username &&
    !url.password &&
    !url.hash
  );
}

export function createOAuth(db: Database, keys: KeyStore, options: OAuthOptions) {
  const now = options.now ?? Date.now;
  const browser = new Map<string, BrowserRequest>();
  const codes = new Map<string, CodeGrant>();
  const devices = new Map<string, DeviceRequest>();
  const byUserCode = new Map<string, string>();
  const live = (createdAt: number) => now() - createdAt < options.pendingTtlMs;

  function prune() {
    for (const [id, r] of browser) if (!live(r.createdAt)) browser.delete(id);
    for (const [id, c] of codes) if (!live(c.createdAt)) codes.delete(id);
    for (const [id, d] of devices) {
      if (!live(d.createdAt)) {
        devices.delete(id);
        byUserCode.delete(d.userCode);
      }
    }
    if (browser.size + codes.size + devices.size >= MAX_PENDING)
      throw new OAuthError('temporarily_unavailable', 'Too many sign-ins in progress; try again shortly', 503);
  }

  function client(clientId: unknown): string {
    if (typeof clientId !== 'string' || !NATIVE_CLIENTS[clientId])
      throw new OAuthError('invalid_client', 'client_id: unknown client', 401);
    return clientId;
  }

  async function keyOf(accountKey: string): Promise<Principal | null> {
    // Only account keys sign in: an access token cannot mint another grant.
    if (!accountKey || accountKey.startsWith(ACCESS_TOKEN_PREFIX)) return null;
    return keys.authenticate(accountKey.trim());
  }

  /** Ends a grant: its access and refresh tokens stop working at once. */
  async function revokeGrant(grantId: string): Promise<void> {
    await db.oAuthGrant.updateMany({ where: { id: grantId, revokedAt: null }, data: { revokedAt: new Date(now()) } });
    keys.forget();
  }

  /** New tokens: a new grant, or the grant `rotate` names, whose refresh token `rotate.from` is retired. */
  async function issue(keyId: string, clientId: string, rotate?: { grantId: string; from: string }): Promise<Tokens> {
    const access = token(ACCESS_TOKEN_PREFIX);
    const refresh = token(REFRESH_PREFIX);
    const data = {
      accessHash: hashSecret(access),
      accessExpiresAt: new Date(now() + options.accessTtlS * 1000),
      refreshHash: hashSecret(refresh),
      refreshExpiresAt: new Date(now() + options.refreshTtlS * 1000),
    };
    if (rotate) {
      // Only from the refresh token the grant holds now: of two refreshes with one token, the second is a reuse.
      const rotated = await db.$transaction(async (tx) => {
        const { count } = await tx.oAuthGrant.updateMany({
          where: { id: rotate.grantId, refreshHash: rotate.from, revokedAt: null },
          data,
        });
        if (count === 1)
          await tx.oAuthRetiredRefresh.create({
            data: { hash: rotate.from, grantId: rotate.grantId, retiredAt: new Date(now()) },
          });
        return count === 1;
      });
      if (!rotated) {
        await revokeGrant(rotate.grantId);
        throw new OAuthError('invalid_grant', 'refresh_token: already used; the grant is revoked, sign in again');
      }
    } else {
      await db.oAuthGrant.create({ data: { id: randomUUID(), keyId, clientId, ...data } });
    }
    keys.forget();
    return { access_token: access, token_type: 'Bearer', expires_in: options.accessTtlS, refresh_token: refresh };
  }

  /** Appends query parameters to the app's redirect_uri. */
  const back = (redirectUri: string, params: Record<string, string | null>) => {
    const url = new URL(redirectUri);
    for (const [k, v] of Object.entries(params)) if (v !== null) url.searchParams.set(k, v);
    return url.href;
  };

  return {
    /** GET /oauth/authorize: checks the request; errors that cannot go back to the app are shown in the browser. */
    startAuthorization(q: Record<string, unknown>): { requestId: string; clientName: string } | { redirect: string } {
      const clientId = client(q.client_id);
      const redirectUri = typeof q.redirect_uri === 'string' ? q.redirect_uri : '';
      if (!isLoopbackRedirect(redirectUri))
        throw new OAuthError(
          'invalid_request',
          'redirect_uri: must be http://127.0.0.1:<port>/… or http://[::1]:<port>/… (a loopback address, any port)',
        );
      const state = typeof q.state === 'string' ? q.state.slice(0, 512) : null;
      // From here on errors go back to the app (RFC 6749 §4.1.2.1).
      const fail = (error: string, description: string) => ({
        redirect: back(redirectUri, { error, error_description: description, state }),
      });
      if (q.response_type !== 'code') return fail('unsupported_response_type', 'response_type: must be code');
      if (q.code_challenge_method !== 'S256') return fail('invalid_request', 'code_challenge_method: must be S256');
      if (typeof q.code_challenge !== 'string' || !PKCE_TEXT.test(q.code_challenge))
        return fail('invalid_request', 'code_challenge: 43 to 128 characters of A-Z a-z 0-9 - . _ ~');
      prune();
      const requestId = token('');
      browser.set(requestId, {
        kind: 'browser',
        clientId,
        redirectUri,
        challenge: q.code_challenge,
        state,
        createdAt: now(),
      });
      return { requestId, clientName: NATIVE_CLIENTS[clientId]!.name };
    },

    /** The request behind a sign-in page, while it lasts. */
    pendingAuthorization(requestId: string): { clientName: string } | null {
      const r = browser.get(requestId);
      return r && live(r.createdAt) ? { clientName: NATIVE_CLIENTS[r.clientId]!.name } : null;
    },

    /** POST /oauth/authorize: the user's decision. `null` when the key is not valid (the page asks again). */
    async decide(
      requestId: string,
      decision: 'allow' | 'deny',
      accountKey: string,
    ): Promise<{ redirect: string } | null> {
      const r = browser.get(requestId);
      if (!r || !live(r.createdAt))
        throw new OAuthError('expired', 'This sign-in request has expired. Return to the app and select Try Again.');
      if (decision === 'deny') {
        browser.delete(requestId);
        return {
          redirect: back(r.redirectUri, {
            error: 'access_denied',
            error_description: 'The user declined',
            state: r.state,
          }),
        };
      }
      const principal = await keyOf(accountKey);
      if (!principal) return null;
      browser.delete(requestId);
      const code = token('');
      // The code keeps the request's start: it is good only within the same 5-minute window.
      codes.set(code, {
        clientId: r.clientId,
        redirectUri: r.redirectUri,
        challenge: r.challenge,
        keyId: principal.keyId,
        createdAt: r.createdAt,
      });
      return { redirect: back(r.redirectUri, { code, state: r.state }) };
    },

    /** POST /oauth/token. */
    async token(body: Record<string, unknown>): Promise<Tokens> {
      const clientId = client(body.client_id);
      switch (body.grant_type) {
        case 'authorization_code': {
          const code = typeof body.code === 'string' ? codes.get(body.code) : undefined;
          if (typeof body.code === 'string') codes.delete(body.code);
          if (!code || !live(code.createdAt) || code.clientId !== clientId)
            throw new OAuthError('invalid_grant', 'code: unknown, used or expired');
          if (body.redirect_uri !== code.redirectUri)
            throw new OAuthError('invalid_grant', 'redirect_uri: must be the one the authorization used');
          if (
            typeof body.code_verifier !== 'string' ||
            !PKCE_TEXT.test(body.code_verifier) ||
            s256(body.code_verifier) !== code.challenge
          ) {
            throw new OAuthError('invalid_grant', 'code_verifier: does not match the code_challenge');
          }
          return issue(code.keyId, clientId);
        }
        case 'refresh_token': {
          const presented = typeof body.refresh_token === 'string' ? body.refresh_token : '';
          const hash = presented ? hashSecret(presented) : '';
          const grant = hash
            ? await db.oAuthGrant.findUnique({ where: { refreshHash: hash }, include: { key: true } })
            : null;
          if (!grant) {
            const retired = hash ? await db.oAuthRetiredRefresh.findUnique({ where: { hash } }) : null;
            if (retired) {
              await revokeGrant(retired.grantId);
              throw new OAuthError('invalid_grant', 'refresh_token: already used; the grant is revoked, sign in again');
            }
          }
          if (
            !grant ||
            grant.clientId !== clientId ||
            grant.revokedAt ||
            grant.key.revokedAt ||
            grant.refreshExpiresAt.getTime() <= now()
          ) {
            throw new OAuthError('invalid_grant', 'refresh_token: unknown, revoked or expired');
          }
          return issue(grant.keyId, clientId, { grantId: grant.id, from: hash });
        }
        case 'urn:ietf:params:oauth:grant-type:device_code': {
          const id = typeof body.device_code === 'string' ? body.device_code : '';
          const d = devices.get(id);
          if (!d || d.clientId !== clientId || !live(d.createdAt))
            throw new OAuthError('expired_token', 'device_code: expired or unknown; start again');
          if (d.decision === 'denied') {
            devices.delete(id);
            throw new OAuthError('access_denied', 'The user declined');
          }
          if (d.decision) {
            devices.delete(id);
            byUserCode.delete(d.userCode);
            return issue(d.decision.keyId, clientId);
          }
          const t = now();
          if (t - d.lastPoll < d.interval * 1000) {
            d.interval += DEVICE_INTERVAL_S;
            d.lastPoll = t;
            throw new OAuthError('slow_down', `Poll at most every ${d.interval} s`);
          }
          d.lastPoll = t;
          throw new OAuthError('authorization_pending', 'Waiting for the user to approve in the browser');
        }
        default:
          throw new OAuthError(
            'unsupported_grant_type',
            'grant_type: authorization_code, refresh_token or urn:ietf:params:oauth:grant-type:device_code',
          );
      }
    },

    /** POST /oauth/revoke (RFC 7009): ends the grant of an access or refresh token; unknown tokens are no error. */
    async revoke(presented: string): Promise<void> {
      if (!presented) return;
      const hash = hashSecret(presented);
      await db.oAuthGrant.updateMany({
        where: { OR: [{ accessHash: hash }, { refreshHash: hash }], revokedAt: null },
        data: { revokedAt: new Date(now()) },
      });
      keys.forget();
    },

    /** Forgets rotated-away refresh tokens older than a refresh token lives: they would be refused as expired anyway. */
    async sweepRetired(at: Date): Promise<number> {
      const { count } = await db.oAuthRetiredRefresh.deleteMany({
        where: { retiredAt: { lt: new Date(at.getTime() - options.refreshTtlS * 1000) } },
      });
      return count;
    },

    /** POST /oauth/device_authorization (RFC 8628 §3.1). */
    startDevice(clientIdRaw: unknown) {
      const clientId = client(clientIdRaw);
      prune();
      const deviceCode = token('');
      let userCode: string;
      do {
        const bytes = randomBytes(8);
        userCode = [...bytes].map((b) => USER_CODE_ALPHABET[b % USER_CODE_ALPHABET.length]).join('');
      } while (byUserCode.has(userCode));
      devices.set(deviceCode, {
        clientId,
        userCode,
        createdAt: now(),
        lastPoll: 0,
        interval: DEVICE_INTERVAL_S,
        decision: null,
      });
      byUserCode.set(userCode, deviceCode);
      return {
        deviceCode,
        userCode: `${userCode.slice(0, 4)}-${userCode.slice(4)}`,
        expiresIn: Math.round(options.pendingTtlMs / 1000),
        interval: DEVICE_INTERVAL_S,
      };
    },

    /** The device request a user code names, while it lasts (codes are read without the dash, in any case). */
    pendingDevice(userCode: string): { clientName: string } | null {
      const d = devices.get(byUserCode.get(userCode.toUpperCase().replace(/[^A-Z]/g, '')) ?? '');
      return d && live(d.createdAt) && !d.decision ? { clientName: NATIVE_CLIENTS[d.clientId]!.name } : null;
    },

    /** The user's decision on the device page; false when the key is not valid. */
    async decideDevice(userCode: string, decision: 'allow' | 'deny', accountKey: string): Promise<boolean> {
      const d = devices.get(byUserCode.get(userCode.toUpperCase().replace(/[^A-Z]/g, '')) ?? '');
      if (!d || !live(d.createdAt) || d.decision)
        throw new OAuthError('expired', 'This code has expired or was used. Return to the app and select Try Again.');
      if (decision === 'deny') {
        d.decision = 'denied';
        return true;
      }
      const principal = await keyOf(accountKey);
      if (!principal) return false;
      d.decision = { keyId: principal.keyId };
      return true;
    },
  };
}

export type OAuth = ReturnType<typeof createOAuth>;
