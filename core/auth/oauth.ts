// Sign-in for native apps (the desktop client): OAuth 2.0 authorization code with PKCE
// (RFC 6749, RFC 7636) and a loopback redirect (RFC 8252), device authorization (RFC 8628)
// where the loopback is blocked, refresh with rotation, and revocation (RFC 7009).
//
// One step a file under oauth/: browser.ts (authorization code with PKCE), device.ts (RFC 8628),
// grants.ts (tokens issued, rotated, revoked), state.ts (what the steps share).
//
// Rules, each applied in oauth/:
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
import type { Database } from '../db/client.ts';
import type { KeyStore } from './keys.ts';
import { decide, pendingAuthorization, startAuthorization } from './oauth/browser.ts';
import { decideDevice, deviceGrant, pendingDevice, startDevice } from './oauth/device.ts';
import { codeGrant, refreshGrant, revoke, sweepRetired } from './oauth/grants.ts';
import { client, OAuthError, oauthState, type OAuthOptions, type Tokens } from './oauth/state.ts';

export { isLoopbackRedirect } from './oauth/browser.ts';
export { NATIVE_CLIENTS, OAuthError, type OAuthOptions, type Tokens } from './oauth/state.ts';

export function createOAuth(db: Database, keys: KeyStore, options: OAuthOptions) {
  const s = oauthState(db, keys, options);
  return {
    startAuthorization: (q: Record<string, unknown>) => startAuthorization(s, q),
    pendingAuthorization: (requestId: string) => pendingAuthorization(s, requestId),
    decide: (requestId: string, decision: 'allow' | 'deny', accountKey: string) =>
      decide(s, requestId, decision, accountKey),
    /** POST /oauth/token. */
    async token(body: Record<string, unknown>): Promise<Tokens> {
      const clientId = client(body.client_id);
      switch (body.grant_type) {
        case 'authorization_code':
          return codeGrant(s, clientId, body);
        case 'refresh_token':
          return refreshGrant(s, clientId, body);
        case 'urn:ietf:params:oauth:grant-type:device_code':
          return deviceGrant(s, clientId, body);
        default:
          throw new OAuthError(
            'unsupported_grant_type',
            'grant_type: authorization_code, refresh_token or urn:ietf:params:oauth:grant-type:device_code',
          );
      }
    },
    revoke: (presented: string) => revoke(s, presented),
    sweepRetired: (at: Date) => sweepRetired(s, at),
    startDevice: (clientIdRaw: unknown) => startDevice(s, clientIdRaw),
    pendingDevice: (userCode: string) => pendingDevice(s, userCode),
    decideDevice: (userCode: string, decision: 'allow' | 'deny', accountKey: string) =>
      decideDevice(s, userCode, decision, accountKey),
  };
}

export type OAuth = ReturnType<typeof createOAuth>;
