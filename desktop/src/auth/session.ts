// The signed-in session: the tokens in their store, an access token that is always fresh
// (refreshed REFRESH_AHEAD_MS before it expires, once at a time however many callers ask),
// and logout. Being offline never signs the user out: a refresh that cannot reach the platform
// keeps the tokens and is tried again; only the platform's own refusal (invalid_grant: the
// refresh token was revoked or has expired) ends the session.
import { EventEmitter } from 'node:events';
import { CLIENT_ID, SignInError, tokenRequest, type TokenReply } from './sign-in.ts';
import type { TokenSet, TokenStore } from './token-store.ts';

/** Access tokens live an hour; they are renewed this long before they end. */
export const REFRESH_AHEAD_MS = 5 * 60_000;

export interface SessionEvents {
  /** New tokens (sign-in or refresh): open connections should reconnect with them. */
  tokens: [];
  /** Signed out: by the user, or because the platform refused the refresh token. */
  signedOut: [reason: string];
}

export class Session extends EventEmitter<SessionEvents> {
  private tokens: TokenSet | null = null;
  private refreshing: Promise<string> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private readonly store: TokenStore;
  readonly platformUrl: string;
  private readonly now: () => number;

  constructor(store: TokenStore, platformUrl: string, now: () => number = Date.now) {
    super();
    this.store = store;
    this.platformUrl = platformUrl;
    this.now = now;
  }

  /** Reads the stored tokens; true when signed in. */
  async load(): Promise<boolean> {
    this.tokens = await this.store.load();
    this.schedule();
    return this.tokens !== null;
  }

  get signedIn(): boolean {
    return this.tokens !== null;
  }

  async adopt(reply: TokenReply): Promise<void> {
    this.tokens = {
      access_token: reply.access_token,
      refresh_token: reply.refresh_token,
      expires_at: new Date(this.now() + reply.expires_in * 1000).toISOString(),
    };
    await this.store.save(this.tokens);
    this.schedule();
    this.emit('tokens');
  }

  /** A valid access token, refreshed first when it is near its end. Throws SignInError('offline') when that needs the platform and it is unreachable. */
  async accessToken(): Promise<string> {
    if (!this.tokens) throw new SignInError('invalid_grant', 'not signed in');
    if (Date.parse(this.tokens.expires_at) - this.now() > REFRESH_AHEAD_MS) return this.tokens.access_token;
    return this.refresh();
  }

  /** Renews the tokens now (also when the platform refused the current access token). */
  refresh(): Promise<string> {
    this.refreshing ??= (async () => {
      try {
        const current = this.tokens;
        if (!current) throw new SignInError('invalid_grant', 'not signed in');
        const reply = await tokenRequest(this.platformUrl, {
          grant_type: 'refresh_token',
          refresh_token: current.refresh_token,
        });
        await this.adopt(reply);
        return reply.access_token;
      } catch (err) {
        if (err instanceof SignInError && err.code === 'invalid_grant' && this.tokens)
          await this.end('Your sign-in has expired or was revoked. Sign in again.');
        throw err;
      } finally {
        this.refreshing = null;
      }
    })();
    return this.refreshing;
  }

  /** Logout: the grant is revoked on the platform (best effort: offline, it lapses on its own) and the tokens are forgotten here. */
  async logout(): Promise<void> {
    const current = this.tokens;
    if (current) {
      await fetch(`${this.platformUrl}/oauth/revoke`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ client_id: CLIENT_ID, token: current.refresh_token }),
        signal: AbortSignal.timeout(10_000),
      }).catch(() => undefined);
    }
    await this.end('Signed out');
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private async end(reason: string): Promise<void> {
    this.tokens = null;
    this.close();
    await this.store.clear();
    this.emit('signedOut', reason);
  }

  /** Renews ahead of expiry, so a long-lived connection never presents a dead token; offline, it tries again a minute later. */
  private schedule(): void {
    this.close();
    if (!this.tokens) return;
    const due = Math.max(0, Date.parse(this.tokens.expires_at) - REFRESH_AHEAD_MS - this.now());
    this.timer = setTimeout(
      () => {
        this.refresh().catch((err) => {
          if (err instanceof SignInError && err.code !== 'invalid_grant' && this.tokens) {
            this.timer = setTimeout(() => this.schedule(), 60_000);
            this.timer.unref();
          }
        });
      },
      Math.min(due, 2 ** 31 - 1),
    );
    this.timer.unref();
  }
}
