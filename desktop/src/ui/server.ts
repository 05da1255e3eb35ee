// The UI, served on 127.0.0.1 to this user's browser (or the Electron shell's window on
// Windows). No other local page or process may drive it:
// - a launch token, good once: the app opens /?launch=<token>, which sets an HttpOnly,
//   SameSite=Strict session cookie; every other request needs that cookie. The token is then
//   spent (a replayed launch address is refused) and the next one is handed to onLaunchUsed, for
//   a second start of the app to open. The cookie's name carries this listener's port and a
//   random id of this run, and its value is a secret of its own (not the token): browsers send
//   127.0.0.1's cookies to every port, so a cookie of another run or port is never taken for
//   this one's;
// - the Host header must be this listener's own address (a DNS-rebinding page has another);
// - changes are POST/PATCH with a JSON body (a cross-site form cannot send one) and, when the
//   browser sends an Origin, it must be this one;
// - the page runs only its own scripts (Content-Security-Policy with a per-response nonce for
//   the import map).
// The page reads one snapshot of the app (/api/state) and then live changes over server-sent
// events (/api/events: the snapshot again on every change, and run events of the chat).
// One concern a file under server/: access.ts (the rules above), routes.ts (the API), events.ts,
// pages.ts (the page and its files), http.ts (bodies, answers, errors).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DesktopApp } from '../app.ts';
import { SketchCache } from '../picture/sketch.ts';
import { uiAccess, type Access } from './server/access.ts';
import { eventStreams, type EventStreams } from './server/events.ts';
import { errorAnswer, HttpError, send } from './server/http.ts';
import { indexPage, pageFiles, servePageFile } from './server/pages.ts';
import { apiRoutes, auditExport, type Route } from './server/routes.ts';

export { PAGE_ASSETS } from './server/pages.ts';

export interface UiServer {
  url: string;
  /** The address to open: it carries a launch token not used yet. */
  readonly launchUrl: string;
  close(): Promise<void>;
}

export interface UiServerOptions {
  port?: number;
  /** Called with the next launch address once a launch token is spent (the app publishes it for a second start). */
  onLaunchUsed?: (nextLaunchUrl: string) => void;
}

interface Served {
  app: DesktopApp;
  access: Access;
  events: EventStreams;
  files: Awaited<ReturnType<typeof pageFiles>>;
  routes: Record<string, Route>;
}

export async function startUiServer(app: DesktopApp, options: UiServerOptions = {}): Promise<UiServer> {
  const files = await pageFiles();
  const access = uiAccess(options.onLaunchUsed);
  const events = eventStreams(app);
  const served: Served = { app, access, events, files, routes: apiRoutes(app, new SketchCache()) };
  const server = http.createServer((req, res) => void handle(served, req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  // The window can open: what the start put off (detection) runs now.
  app.uiReady();
  access.listening(port);
  return {
    url: access.origin,
    get launchUrl() {
      return access.launchUrl();
    },
    async close() {
      events.close();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

async function handle(s: Served, req: http.IncomingMessage, res: http.ServerResponse) {
  try {
    const url = new URL(req.url ?? '/', s.access.origin);
    if (s.access.admit(req, url, res)) return;
    if (req.method === 'GET' && url.pathname === '/') return await indexPage(res);
    const file = req.method === 'GET' ? s.files[url.pathname] : undefined;
    if (file) return await servePageFile(res, url.pathname, file);
    if (req.method === 'GET' && url.pathname === '/api/events') return s.events.open(req, res);
    if (req.method === 'GET' && url.pathname === '/api/audit/export') return await auditExport(s.app, res, url);
    const route = s.routes[`${req.method} ${url.pathname}`];
    if (!route) throw new HttpError(404, 'NOT_FOUND', `${req.method} ${url.pathname} is not an address of this app`);
    send(res, 200, await route(req, url));
  } catch (err) {
    const [status, code, message, details] = errorAnswer(err);
    if (status === 500)
      s.app.log.error('ui request failed', { path: req.url?.split('?')[0], message: (err as Error).message });
    if (!res.headersSent) send(res, status, { error: { code, message, ...(details ? { details } : {}) } });
    else res.end();
  }
}
