// Device authorization (RFC 8628): a user code typed on the platform's page, approved with an
// account key, while the app polls the token endpoint.
import { randomBytes } from 'node:crypto';
import { issue } from './grants.ts';
import {
  client,
  DEVICE_INTERVAL_S,
  keyOf,
  NATIVE_CLIENTS,
  OAuthError,
  prune,
  token,
  USER_CODE_ALPHABET,
  type OAuthState,
  type Tokens,
} from './state.ts';

/** POST /oauth/device_authorization (RFC 8628 §3.1). */
export function startDevice(s: OAuthState, clientIdRaw: unknown) {
  const clientId = client(clientIdRaw);
  prune(s);
  const deviceCode = token('');
  let userCode: string;
  do {
    const bytes = randomBytes(8);
    userCode = [...bytes].map((b) => USER_CODE_ALPHABET[b % USER_CODE_ALPHABET.length]).join('');
  } while (s.byUserCode.has(userCode));
  s.devices.set(deviceCode, {
    clientId,
    userCode,
    createdAt: s.now(),
    lastPoll: 0,
    interval: DEVICE_INTERVAL_S,
    decision: null,
  });
  s.byUserCode.set(userCode, deviceCode);
  return {
    deviceCode,
    userCode: `${userCode.slice(0, 4)}-${userCode.slice(4)}`,
    expiresIn: Math.round(s.options.pendingTtlMs / 1000),
    interval: DEVICE_INTERVAL_S,
  };
}

/** The device request a user code names (codes are read without the dash, in any case). */
const deviceOf = (s: OAuthState, userCode: string) =>
  s.devices.get(s.byUserCode.get(userCode.toUpperCase().replace(/[^A-Z]/g, '')) ?? '');

/** The device request a user code names, while it lasts. */
export function pendingDevice(s: OAuthState, userCode: string): { clientName: string } | null {
  const d = deviceOf(s, userCode);
  return d && s.live(d.createdAt) && !d.decision ? { clientName: NATIVE_CLIENTS[d.clientId]!.name } : null;
}

/** The user's decision on the device page; false when the key is not valid. */
export async function decideDevice(
  s: OAuthState,
  userCode: string,
  decision: 'allow' | 'deny',
  accountKey: string,
): Promise<boolean> {
  const d = deviceOf(s, userCode);
  if (!d || !s.live(d.createdAt) || d.decision)
    throw new OAuthError('expired', 'This code has expired or was used. Return to the app and select Try Again.');
  if (decision === 'deny') {
    d.decision = 'denied';
    return true;
  }
  const principal = await keyOf(s, accountKey);
  if (!principal) return false;
  d.decision = { keyId: principal.keyId };
  return true;
}

/** grant_type=device_code: tokens once the user approved; pending, slow_down or denied until then. */
export async function deviceGrant(s: OAuthState, clientId: string, body: Record<string, unknown>): Promise<Tokens> {
  const id = typeof body.device_code === 'string' ? body.device_code : '';
  const d = s.devices.get(id);
  if (!d || d.clientId !== clientId || !s.live(d.createdAt))
    throw new OAuthError('expired_token', 'device_code: expired or unknown; start again');
  if (d.decision === 'denied') {
    s.devices.delete(id);
    throw new OAuthError('access_denied', 'The user declined');
  }
  if (d.decision) {
    s.devices.delete(id);
    s.byUserCode.delete(d.userCode);
    return issue(s, d.decision.keyId, clientId);
  }
  const t = s.now();
  if (t - d.lastPoll < d.interval * 1000) {
    d.interval += DEVICE_INTERVAL_S;
    d.lastPoll = t;
    throw new OAuthError('slow_down', `Poll at most every ${d.interval} s`);
  }
  d.lastPoll = t;
  throw new OAuthError('authorization_pending', 'Waiting for the user to approve in the browser');
}
