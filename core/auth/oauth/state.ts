// A sign-in's state between its steps (pending browser requests, codes, device requests, all in
// this process's memory) and what every step checks: the client, the account key, the window.
import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { ACCESS_TOKEN_PREFIX, type KeyStore, type Principal } from '../keys.ts';

export const NATIVE_CLIENTS: Record<string, { name: string }> = {
  'structural-desktop': { name: 'Structural Desktop' },
};

export const REFRESH_PREFIX = 'rt_';
/** RFC 8628 §6.1: letters that cannot be confused, no vowels (no words). */
export const USER_CODE_ALPHABET = 'BCDFGHJKLMNPQRSTVWXZ';
/** Most pending authorizations held at once: past it new ones are refused (a flood cannot grow memory). */
const MAX_PENDING = 10_000;
/** RFC 8628 §3.5: the polling interval, and what slow_down adds to it. */
export const DEVICE_INTERVAL_S = 5;

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

export interface BrowserRequest {
  kind: 'browser';
  clientId: string;
  redirectUri: string;
  challenge: string;
  state: string | null;
  createdAt: number;
}

export interface CodeGrant {
  clientId: string;
  redirectUri: string;
  challenge: string;
  keyId: string;
  createdAt: number;
}

export interface DeviceRequest {
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

export const token = (prefix: string) => prefix + randomBytes(32).toString('base64url');
/** RFC 7636 §4.1: 43 to 128 unreserved characters. */
export const PKCE_TEXT = /^[A-Za-z0-9._~-]{43,128}$/;

export interface OAuthState {
  db: Database;
  keys: KeyStore;
  options: OAuthOptions;
  now: () => number;
  browser: Map<string, BrowserRequest>;
  codes: Map<string, CodeGrant>;
  devices: Map<string, DeviceRequest>;
  byUserCode: Map<string, string>;
  /** Whether a pending authorization started at `createdAt` is still within OAUTH_PENDING_TTL_MS. */
  live(createdAt: number): boolean;
}

export function oauthState(db: Database, keys: KeyStore, options: OAuthOptions): OAuthState {
  const now = options.now ?? Date.now;
  return {
    db,
    keys,
    options,
    now,
    browser: new Map(),
    codes: new Map(),
    devices: new Map(),
    byUserCode: new Map(),
    live: (createdAt) => now() - createdAt < options.pendingTtlMs,
  };
}

export function prune(s: OAuthState) {
  for (const [id, r] of s.browser) if (!s.live(r.createdAt)) s.browser.delete(id);
  for (const [id, c] of s.codes) if (!s.live(c.createdAt)) s.codes.delete(id);
  for (const [id, d] of s.devices) {
    if (!s.live(d.createdAt)) {
      s.devices.delete(id);
      s.byUserCode.delete(d.userCode);
    }
  }
  if (s.browser.size + s.codes.size + s.devices.size >= MAX_PENDING)
    throw new OAuthError('temporarily_unavailable', 'Too many sign-ins in progress; try again shortly', 503);
}

export function client(clientId: unknown): string {
  if (typeof clientId !== 'string' || !NATIVE_CLIENTS[clientId])
    throw new OAuthError('invalid_client', 'client_id: unknown client', 401);
  return clientId;
}

export async function keyOf(s: OAuthState, accountKey: string): Promise<Principal | null> {
  // Only account keys sign in: an access token cannot mint another grant.
  if (!accountKey || accountKey.startsWith(ACCESS_TOKEN_PREFIX)) return null;
  return s.keys.authenticate(accountKey.trim());
}
