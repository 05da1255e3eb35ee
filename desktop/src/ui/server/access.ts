// Who may use the UI (the rules are in ../server.ts): a launch token, good once, swapped for a
// session cookie whose name carries this listener's port and a random id of this run; the Host
// must be this listener's own; a change from another page's Origin is refused.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type http from 'node:http';
import { HttpError } from './http.ts';

/** Whether a secret the client sent is this one, in constant time. */
const same = (given: string, secret: Buffer) => {
  const buf = Buffer.from(given);
  return buf.length === secret.length && timingSafeEqual(buf, secret);
};
const secret = () => randomBytes(32).toString('base64url');

export interface Access {
  /** Names the origin and the cookie once the port is known. */
  listening(port: number): void;
  readonly origin: string;
  /** The address to open: it carries a launch token not used yet. */
  launchUrl(): string;
  /**
   * Checks a request; answers true when it was the launch address and has been answered (the token
   * swapped for the cookie). Throws the refusal otherwise.
   */
  admit(req: http.IncomingMessage, url: URL, res: http.ServerResponse): boolean;
}

export function uiAccess(onLaunchUsed?: (nextLaunchUrl: string) => void): Access {
  let launch = Buffer.from(secret());
  const session = secret();
  const sessionBuf = Buffer.from(session);
  let cookieName = '';
  let origin = '';
  const launchUrl = () => `${origin}/?launch=${launch.toString()}`;
  const authorised = (req: http.IncomingMessage) => {
    const cookie =
      (req.headers.cookie ?? '')
        .split(/;\s*/)
        .find((c) => c.startsWith(`${cookieName}=`))
        ?.slice(cookieName.length + 1) ?? '';
    return same(cookie, sessionBuf);
  };
  return {
    listening(port) {
      origin = `http://127.0.0.1:${port}`;
      cookieName = `sp_ui_${port}_${randomBytes(6).toString('hex')}`;
    },
    get origin() {
      return origin;
    },
    launchUrl,
    admit(req, url, res) {
      if (req.headers.host !== new URL(origin).host)
        throw new HttpError(421, 'WRONG_HOST', 'this address serves only http://' + new URL(origin).host);
      // The one unauthenticated address: it swaps the launch token for the cookie (and drops it from the address bar).
      if (req.method === 'GET' && url.pathname === '/' && url.searchParams.has('launch')) {
        if (!same(url.searchParams.get('launch') ?? '', launch))
          throw new HttpError(403, 'FORBIDDEN', 'that launch address is not this run of the app, or was used already');
        launch = Buffer.from(secret());
        onLaunchUsed?.(launchUrl());
        res
          .writeHead(303, {
            location: '/',
            'set-cookie': `${cookieName}=${session}; HttpOnly; SameSite=Strict; Path=/`,
            'cache-control': 'no-store',
          })
          .end();
        return true;
      }
      if (!authorised(req))
        throw new HttpError(
          403,
          'FORBIDDEN',
          'open the app from its own window (the address it opens carries a launch token)',
        );
      if (req.method !== 'GET' && req.headers.origin !== undefined && req.headers.origin !== origin)
        throw new HttpError(403, 'FORBIDDEN', 'requests from other pages are refused');
      return false;
    },
  };
}
