// Sign-in for a native app (RFC 8252): a loopback listener on 127.0.0.1 at a port the system
// picks, the platform's authorize page opened in the user's browser, and the code that comes
// back exchanged with its PKCE verifier (RFC 7636, S256). Nothing is copied by hand. The
// listener waits SIGN_IN_WINDOW_MS (the spec's 5 minutes, the same as the platform's pending
// window); after that the attempt is over and the user selects Try Again, which starts anew.
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';

export const CLIENT_ID = 'structural-desktop';
export const SIGN_IN_WINDOW_MS = 5 * 60_000;
/** A token answer is a few hundred bytes; anything past this is not one. */
const MAX_TOKEN_REPLY_BYTES = 64 * 1024;

export const TokenReply = z.object({
  access_token: z.string().min(1).max(8192),
  refresh_token: z.string().min(1).max(8192),
  expires_in: z.number().int().positive(),
  token_type: z.literal('Bearer'),
});
export type TokenReply = z.infer<typeof TokenReply>;

/** Why a sign-in or a refresh did not give tokens. `offline`: the platform could not be reached (not a reason to sign out). */
export class SignInError extends Error {
  readonly code: 'expired' | 'access_denied' | 'invalid_grant' | 'offline' | 'cancelled' | 'platform_error';
  constructor(code: SignInError['code'], message: string) {
    super(message);
    this.code = code;
  }
}

export interface SignInAttempt {
  /** The page the browser opens. */
  authorizeUrl: string;
  /** The loopback address the platform sends the browser back to. */
  redirectUri: string;
  /** Settles with the tokens, or a SignInError (expired after the window, denied, cancelled). */
  tokens: Promise<TokenReply>;
  cancel(): void;
}

const base64url = (b: Buffer) => b.toString('base64url');

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = base64url(randomBytes(48));
  return { verifier, challenge: base64url(createHash('sha256').update(verifier).digest()) };
}

const DONE_PAGE = (title: string, text: string) =>
  `<!doctype html><meta charset="utf-8"><title>${title}</title><style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:90vh}</style><main><h1>${title}</h1><p>${text}</p></main>`;

/** Posts a form to the platform's token endpoint; OAuth errors keep their code, a network failure is `offline`. */
export async function tokenRequest(
  platformUrl: string,
  params: Record<string, string>,
  fetchImpl: typeof fetch = fetch,
): Promise<TokenReply> {
  let res: Response;
  try {
    res = await fetchImpl(`${platformUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: CLIENT_ID, ...params }),
      signal: AbortSignal.timeout(30_000),
    });
  } catch (err) {
    throw new SignInError('offline', `the platform could not be reached: ${(err as Error).message}`);
  }
  const text = await res.text();
  if (text.length > MAX_TOKEN_REPLY_BYTES) throw new SignInError('platform_error', 'the token answer is too large');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new SignInError(
      res.status >= 500 ? 'offline' : 'platform_error',
      `the token endpoint answered ${res.status} without JSON`,
    );
  }
  if (!res.ok) {
    const error = (body as { error?: string }).error;
    const description = (body as { error_description?: string }).error_description ?? `status ${res.status}`;
    if (error === 'invalid_grant') throw new SignInError('invalid_grant', description);
    if (res.status >= 500 || res.status === 429) throw new SignInError('offline', description);
    throw new SignInError('platform_error', `${error ?? 'error'}: ${description}`);
  }
  const parsed = TokenReply.safeParse(body);
  if (!parsed.success)
    throw new SignInError('platform_error', `the token answer is not valid: ${parsed.error.issues[0]!.message}`);
  return parsed.data;
}

/** Opens the loopback listener and builds the authorize URL; the caller opens the URL in the browser. */
export async function startSignIn(
  platformUrl: string,
  options: { windowMs?: number; fetchImpl?: typeof fetch } = {},
): Promise<SignInAttempt> {
  const { verifier, challenge } = pkcePair();
  const state = base64url(randomBytes(24));
  let settle!: { resolve: (t: TokenReply) => void; reject: (e: SignInError) => void };
  const tokens = new Promise<TokenReply>((resolve, reject) => (settle = { resolve, reject }));
  tokens.catch(() => {}); // the caller may not listen before a cancel
  let finished = false;
  const server = http.createServer();
  const finish = (outcome: TokenReply | SignInError) => {
    if (finished) return;
    finished = true;
    clearTimeout(timer);
    server.close();
    // Keep-alive sockets from the browser would hold the listener open.
    setTimeout(() => server.closeAllConnections(), 1_000).unref();
    if (outcome instanceof SignInError) settle.reject(outcome);
    else settle.resolve(outcome);
  };

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const redirectUri = `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`;
  const timer = setTimeout(
    () => finish(new SignInError('expired', 'The sign-in window closed after 5 minutes. Select Try Again.')),
    options.windowMs ?? SIGN_IN_WINDOW_MS,
  );
  timer.unref();

  server.on('request', (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const reply = (status: number, title: string, text: string) =>
      res
        .writeHead(status, {
          'content-type': 'text/html; charset=utf-8',
          'cache-control': 'no-store',
          'referrer-policy': 'no-referrer',
        })
        .end(DONE_PAGE(title, text));
    // Only the one redirect of this attempt counts: other paths (the browser's favicon) and a wrong state are ignored.
    if (req.method !== 'GET' || url.pathname !== '/callback' || url.searchParams.get('state') !== state || finished)
      return reply(404, 'Not found', 'This address belongs to a sign-in that has ended.');
    const error = url.searchParams.get('error');
    if (error) {
      reply(200, 'Sign-in cancelled', 'You can close this tab and return to the app.');
      return finish(
        new SignInError(
          error === 'access_denied' ? 'access_denied' : 'platform_error',
          url.searchParams.get('error_description') ?? error,
        ),
      );
    }
    const code = url.searchParams.get('code');
    if (!code)
      return reply(400, 'Sign-in failed', 'The platform sent no code. Return to the app and select Try Again.');
    tokenRequest(
      platformUrl,
      { grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier },
      options.fetchImpl,
    ).then(
      (t) => {
        reply(200, 'Signed in', 'You can close this tab and return to Structural Platform.');
        finish(t);
      },
      (err: SignInError) => {
        reply(502, 'Sign-in failed', 'Return to the app and select Try Again.');
        finish(err);
      },
    );
  });

  const authorizeUrl = `${platformUrl}/oauth/authorize?${new URLSearchParams({
    response_type: 'code',
    client_id: CLIENT_ID,
    redirect_uri: redirectUri,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state,
  })}`;
  return { authorizeUrl, redirectUri, tokens, cancel: () => finish(new SignInError('cancelled', 'Sign-in cancelled')) };
}
