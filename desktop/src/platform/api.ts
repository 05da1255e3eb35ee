// The platform's GraphQL API as the client uses it: over HTTP for queries and mutations, over
// graphql-ws for the two live streams (tool calls, run events). Every request carries the
// session's access token; a 401 refreshes it once and repeats the request. Errors keep the
// platform's code (OUT_OF_CREDITS, AGENT_LOCKED, …) so the UI can show the right banner, and
// a request that cannot reach the platform is PlatformError('OFFLINE').
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { SignInError } from '../auth/sign-in.ts';
import type { Session } from '../auth/session.ts';

export class PlatformError extends Error {
  readonly code: string;
  readonly details?: Record<string, unknown>;
  constructor(code: string, message: string, details?: Record<string, unknown>) {
    super(message);
    this.code = code;
    this.details = details;
  }
}

export class PlatformApi {
  readonly session: Session;
  constructor(session: Session) {
    this.session = session;
  }

  get url(): string {
    return this.session.platformUrl;
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the GraphQL answer's shape is the caller's to name
  async gql<T = any>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      let token: string;
      try {
        token = attempt === 0 ? await this.session.accessToken() : await this.session.refresh();
      } catch (err) {
        throw err instanceof SignInError && err.code === 'offline'
          ? new PlatformError('OFFLINE', err.message)
          : new PlatformError('UNAUTHORIZED', (err as Error).message);
      }
      let res: Response;
      try {
        res = await fetch(`${this.url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ query, variables }),
          signal: AbortSignal.timeout(60_000),
        });
      } catch (err) {
        const cause =
          ((err as { cause?: { code?: string } }).cause?.code ?? (err as { name?: string }).name) || undefined;
        throw new PlatformError(
          'OFFLINE',
          `the platform could not be reached: ${(err as Error).message}`,
          cause ? { cause: cause === 'TimeoutError' ? 'ETIMEDOUT' : cause } : undefined,
        );
      }
      if (res.status === 401 && attempt === 0) continue;
      let body: {
        data?: T;
        errors?: { message: string; extensions?: { code?: string; details?: Record<string, unknown> } }[];
      };
      try {
        body = await res.json();
      } catch {
        throw new PlatformError(
          res.status >= 500 ? 'OFFLINE' : 'PLATFORM_ERROR',
          `the platform answered ${res.status} without JSON`,
        );
      }
      const first = body.errors?.[0];
      if (first)
        throw new PlatformError(first.extensions?.code ?? 'PLATFORM_ERROR', first.message, first.extensions?.details);
      if (!res.ok || !body.data) throw new PlatformError('PLATFORM_ERROR', `the platform answered ${res.status}`);
      return body.data;
    }
  }

  /** A graphql-ws client that presents the session's current token; it does not retry by itself (callers own reconnection). */
  socket(on: { closed?: (event: unknown) => void; connected?: () => void } = {}): Client {
    return createClient({
      url: this.url.replace(/^http/, 'ws') + '/graphql',
      webSocketImpl: WebSocket,
      connectionParams: async () => ({ authorization: `Bearer ${await this.session.accessToken()}` }),
      retryAttempts: 0,
      lazy: false,
      keepAlive: 10_000,
      on: { closed: on.closed, connected: on.connected },
      // Failures surface through `closed`; the default would print them to the console.
      onNonLazyError: () => {},
    });
  }
}
