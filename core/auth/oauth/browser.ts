// The browser step of authorization code with PKCE and a loopback redirect (RFC 7636, RFC 8252):
// the request checked, the sign-in page's request while it lasts, the user's decision sent back to
// the app's redirect_uri with a code good once.
import { client, keyOf, NATIVE_CLIENTS, OAuthError, PKCE_TEXT, prune, token, type OAuthState } from './state.ts';

/** Whether a redirect_uri is a loopback one this server accepts (the rule in ../oauth.ts). */
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

/** Appends query parameters to the app's redirect_uri. */
const back = (redirectUri: string, params: Record<string, string | null>) => {
  const url = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) if (v !== null) url.searchParams.set(k, v);
  return url.href;
};

/** GET /oauth/authorize: checks the request; errors that cannot go back to the app are shown in the browser. */
export function startAuthorization(
  s: OAuthState,
  q: Record<string, unknown>,
): { requestId: string; clientName: string } | { redirect: string } {
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
  prune(s);
  const requestId = token('');
  s.browser.set(requestId, {
    kind: 'browser',
    clientId,
    redirectUri,
    challenge: q.code_challenge,
    state,
    createdAt: s.now(),
  });
  return { requestId, clientName: NATIVE_CLIENTS[clientId]!.name };
}

/** The request behind a sign-in page, while it lasts. */
export function pendingAuthorization(s: OAuthState, requestId: string): { clientName: string } | null {
  const r = s.browser.get(requestId);
  return r && s.live(r.createdAt) ? { clientName: NATIVE_CLIENTS[r.clientId]!.name } : null;
}

/** POST /oauth/authorize: the user's decision. `null` when the key is not valid (the page asks again). */
export async function decide(
  s: OAuthState,
  requestId: string,
  decision: 'allow' | 'deny',
  accountKey: string,
): Promise<{ redirect: string } | null> {
  const r = s.browser.get(requestId);
  if (!r || !s.live(r.createdAt))
    throw new OAuthError('expired', 'This sign-in request has expired. Return to the app and select Try Again.');
  if (decision === 'deny') {
    s.browser.delete(requestId);
    return {
      redirect: back(r.redirectUri, {
        error: 'access_denied',
        error_description: 'The user declined',
        state: r.state,
      }),
    };
  }
  const principal = await keyOf(s, accountKey);
  if (!principal) return null;
  s.browser.delete(requestId);
  const code = token('');
  // The code keeps the request's start: it is good only within the same 5-minute window.
  s.codes.set(code, {
    clientId: r.clientId,
    redirectUri: r.redirectUri,
    challenge: r.challenge,
    keyId: principal.keyId,
    createdAt: r.createdAt,
  });
  return { redirect: back(r.redirectUri, { code, state: r.state }) };
}
