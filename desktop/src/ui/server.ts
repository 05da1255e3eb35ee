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
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DesktopApp } from '../app.ts';
import { PlatformError } from '../platform/api.ts';
import { SettingsError } from '../settings/store.ts';
import { UpdateError } from '../updates/updater.ts';
import { PythonDownloadUnavailable } from '../python/find.ts';
import { checkFolder, FolderError, listFolders, openFolder } from '../settings/folders.ts';
import { sketchOf, SketchCache } from '../picture/sketch.ts';
import { exportWorkbook } from '../export/workbook.ts';
import { asset, packaged } from '../runtime/packaged.ts';

const MAX_BODY_BYTES = 256 * 1024;
/** A calculation record with its tables and picture: a 5,625-member building's is a few MB. */
const MAX_RECORD_BYTES = 32 * 1024 * 1024;
const WEB = packaged ? '' : join(dirname(fileURLToPath(import.meta.url)), 'web');
const require = createRequire(import.meta.url);
/** The page's files: from the source tree, or the executable's assets when packaged (key = the URL path). */
export const PAGE_ASSETS = 'page-assets';
const readPageFile = async (url: string, file: () => string) => (packaged ? asset(url) : readFile(file()));

/** The libraries the page loads, served as their authors ship them (no build step). */
const VENDOR: Record<string, { file: () => string; type: string }> = {
  '/vendor/preact.mjs': { file: () => require.resolve('preact'), type: 'text/javascript' },
  '/vendor/hooks.mjs': { file: () => require.resolve('preact/hooks'), type: 'text/javascript' },
  '/vendor/htm.mjs': { file: () => join(dirname(require.resolve('htm')), 'htm.mjs'), type: 'text/javascript' },
  '/vendor/marked.mjs': {
    file: () => join(dirname(require.resolve('marked')), 'marked.esm.js'),
    type: 'text/javascript',
  },
  '/vendor/purify.mjs': {
    file: () => join(dirname(require.resolve('dompurify')), 'purify.es.mjs'),
    type: 'text/javascript',
  },
};
const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css' };

/** The page's own files: every .js and .css under web/, listed once (a path not in the list is not served, so no traversal). */
async function pageFiles(): Promise<Record<string, { file: () => string; type: string }>> {
  if (packaged) {
    const urls: string[] = JSON.parse(asset(PAGE_ASSETS).toString('utf8'));
    return Object.fromEntries(
      urls.map((u) => [u, { file: () => u, type: u.endsWith('.css') ? 'text/css' : 'text/javascript' }]),
    );
  }
  const files: Record<string, { file: () => string; type: string }> = { ...VENDOR };
  for (const entry of await readdir(WEB, { recursive: true })) {
    const type = TYPES[entry.slice(entry.lastIndexOf('.'))];
    if (type) files[`/static/${entry.split('\\').join('/')}`] = { file: () => join(WEB, entry), type };
  }
  return files;
}

class HttpError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** Platform error codes → the status the UI's request answers (the UI reads the code, not the status). */
const PLATFORM_STATUS: Record<string, number> = {
  OFFLINE: 503,
  UNAUTHORIZED: 401,
  OUT_OF_CREDITS: 402,
  AGENT_LOCKED: 409,
  RUN_STATE_CONFLICT: 409,
  NOT_FOUND: 404,
  CONVERSATION_NOT_FOUND: 404,
};

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

/** Whether a secret the client sent is this one, in constant time. */
const same = (given: string, secret: Buffer) => {
  const buf = Buffer.from(given);
  return buf.length === secret.length && timingSafeEqual(buf, secret);
};

export async function startUiServer(app: DesktopApp, options: UiServerOptions = {}): Promise<UiServer> {
  const FILES = await pageFiles();
  const sketches = new SketchCache();
  const secret = () => randomBytes(32).toString('base64url');
  let launch = Buffer.from(secret());
  const session = secret();
  const sessionBuf = Buffer.from(session);
  // Named once the port is known (below).
  let cookieName = '';
  const streams = new Set<http.ServerResponse>();
  let origin = '';

  const push = (event: string, data: unknown) => {
    const frame = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    for (const res of streams) res.write(frame);
  };
  // Changes come in bursts (a tool call moves the lanes twice): one snapshot per tick.
  let pending = false;
  const onChange = () => {
    if (pending) return;
    pending = true;
    setImmediate(() => {
      pending = false;
      push('state', app.snapshot());
    });
  };
  const onRun = (conversationId: string, event: Record<string, unknown>) => push('run', { conversationId, event });
  const onCall = (record: unknown) => push('call', record);
  app.on('changed', onChange);
  app.chat.on('run', onRun);
  app.bridge.on('call', onCall);

  const authorised = (req: http.IncomingMessage) => {
    const cookie =
      (req.headers.cookie ?? '')
        .split(/;\s*/)
        .find((c) => c.startsWith(`${cookieName}=`))
        ?.slice(cookieName.length + 1) ?? '';
    return same(cookie, sessionBuf);
  };

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON body; each route validates the fields it reads
  async function body(req: http.IncomingMessage, maxBytes = MAX_BODY_BYTES): Promise<Record<string, any>> {
    if (!/^application\/json\b/i.test(req.headers['content-type'] ?? ''))
      throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'send JSON (content-type: application/json)');
    let size = 0;
    const chunks: Buffer[] = [];
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > maxBytes) throw new HttpError(413, 'TOO_LARGE', `the body is over ${maxBytes} bytes`);
      chunks.push(chunk as Buffer);
    }
    if (!size) return {};
    try {
      const value = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('not an object');
      return value;
    } catch {
      throw new HttpError(400, 'BAD_REQUEST', 'the body is not a JSON object');
    }
  }

  const str = (v: unknown, field: string, max = 100_000, optional = false): string | null => {
    if (optional && (v === undefined || v === null || v === '')) return null;
    if (typeof v !== 'string' || !v.length || v.length > max)
      throw new HttpError(422, 'UNPROCESSABLE', `${field}: 1 to ${max} characters`);
    return v;
  };

  type Route = (req: http.IncomingMessage, url: URL) => Promise<unknown>;
  const routes: Record<string, Route> = {
    'GET /api/state': async () => app.snapshot(),
    'POST /api/sign-in': async () => app.startSignIn(),
    'POST /api/sign-in/cancel': async () => app.cancelSignIn(),
    'POST /api/logout': async () => app.logout(),
    'POST /api/client/start': async () => app.bridge.start(),
    'POST /api/client/stop': async () => app.bridge.stop(),
    'POST /api/client/restart': async () => app.bridge.restart(),
    'GET /api/agents': async () => app.chat.agents(),
    'GET /api/usage': async () => app.chat.usage(),
    'GET /api/conversation': async (_req, url) => app.chat.conversation(str(url.searchParams.get('id'), 'id', 128)!),
    'GET /api/conversations': async (_req, url) =>
      app.chat.conversations(
        str(url.searchParams.get('search'), 'search', 200, true),
        50,
        str(url.searchParams.get('after'), 'after', 64, true),
      ),
    'POST /api/conversations/rename': async (req) => {
      const b = await body(req);
      return app.chat.rename(str(b.conversationId, 'conversationId', 128)!, str(b.title, 'title', 200)!);
    },
    'GET /api/runs/working': async () => app.chat.working(),
    'GET /api/picture': async (_req, url) => {
      const id = str(url.searchParams.get('id'), 'id', 128)!;
      const c = await app.chat.conversation(id);
      return c ? sketches.sketch(id, c.messages) : null;
    },
    'POST /api/chat/send': async (req) => {
      const b = await body(req);
      const sent = await app.chat.send(
        {
          conversationId: str(b.conversationId, 'conversationId', 128, true),
          agentId: str(b.agentId, 'agentId', 128)!,
          content: str(b.content, 'content')!,
        },
        await app.chatSettings(),
      );
      app.setWorkingFolder({ conversationId: sent.conversation.id });
      return sent;
    },
    'POST /api/chat/stop': async (req) =>
      app.chat.cancel(str((await body(req)).conversationId, 'conversationId', 128)!),
    'POST /api/chat/open': async (req) => {
      // Reopening a conversation: its sandbox becomes the working folder, and its runs are followed.
      const id = str((await body(req)).conversationId, 'conversationId', 128)!;
      app.setWorkingFolder({ conversationId: id });
      app.chat.watch(id);
    },
    'GET /api/folders': async (_req, url) => listFolders(str(url.searchParams.get('path'), 'path', 1024, true)),
    'POST /api/folders/check': async (req) => {
      const b = await body(req);
      return checkFolder(str(b.path, 'path', 1024)!, { writable: b.writable !== false });
    },
    'POST /api/folders/open': async (req) => {
      const checked = await checkFolder(str((await body(req)).path, 'path', 1024)!, { writable: false });
      if (!checked.ok) throw new FolderError(checked.reason);
      openFolder(checked.path);
    },
    'POST /api/client/retry': async () => app.bridge.retryNow(),
    'POST /api/export/record': async (req) => {
      // The page builds the record (it has the rendered picture); the app saves it in the working folder.
      const b = await body(req, MAX_RECORD_BYTES);
      const name = `${
        str(b.title, 'title', 200)!
          .replace(/[\\/:*?"<>|]+/g, ' ')
          .trim()
          .slice(0, 80) || 'conversation'
      } - calculation record.html`;
      const file = join(app.currentWorkingFolder(), name);
      await writeFile(file, str(b.html, 'html', MAX_RECORD_BYTES)!);
      return { path: file };
    },
    'POST /api/export/xlsx': async (req) => {
      const c = await app.chat.conversation(str((await body(req)).conversationId, 'conversationId', 128)!);
      if (!c) throw new HttpError(404, 'NOT_FOUND', 'that conversation no longer exists');
      return {
        path: await exportWorkbook(app.api, {
          title: c.title,
          sketch: await sketchOf(c.messages),
          messages: c.messages,
          folder: app.currentWorkingFolder(),
        }),
      };
    },
    'POST /api/chat/resume': async (req) =>
      app.chat.resume(str((await body(req)).conversationId, 'conversationId', 128)!),
    'POST /api/chat/retry': async (req) =>
      app.chat.retry(str((await body(req)).conversationId, 'conversationId', 128)!),
    'POST /api/chat/new': async () => app.setWorkingFolder({ conversationId: null }),
    'POST /api/working-folder': async (req) => {
      const b = await body(req);
      if (b.mode !== 'chat' && b.mode !== 'project') throw new HttpError(422, 'UNPROCESSABLE', 'mode: chat or project');
      return app.setWorkingFolder({ mode: b.mode });
    },
    'PATCH /api/settings': async (req) => app.updateSettings(await body(req)),
    'POST /api/settings/reset': async () => app.resetConfiguration(),
    'POST /api/programs/refresh': async () => app.refreshDetection(),
    'POST /api/updates/check': async () => app.updater.check(),
    'POST /api/updates/install': async () => app.updateNow(),
    'POST /api/python/download': async () => app.downloadPython(),
    'POST /api/confirm': async (req) => {
      const b = await body(req);
      if (!app.confirmations.answer(str(b.id, 'id', 64)!, b.yes === true))
        throw new HttpError(404, 'NOT_FOUND', 'id: no such question is open');
    },
    'POST /api/quit': async () => ({ quitting: await app.quit() }),
    // Safety: the engineer's answer to a change preview, and the audit logs by conversation.
    'POST /api/approvals/answer': async (req) => {
      const b = await body(req);
      if (typeof b.approve !== 'boolean') throw new HttpError(422, 'UNPROCESSABLE', 'approve: true or false');
      if (!app.approvals.answer(str(b.id, 'id', 64)!, b.approve))
        throw new HttpError(404, 'NOT_FOUND', 'id: no such change is waiting for approval');
    },
    'GET /api/audit': async () => app.audit.conversations(),
  };

  /** GET /api/audit/export?conversation=…&format=jsonl|csv: the conversation's audit log as a download. */
  async function auditExport(res: http.ServerResponse, url: URL) {
    const conversation = str(url.searchParams.get('conversation'), 'conversation', 128)!;
    if (!/^[A-Za-z0-9._-]+$/.test(conversation))
      throw new HttpError(422, 'UNPROCESSABLE', 'conversation: not a conversation id');
    const format = url.searchParams.get('format') ?? 'jsonl';
    if (format !== 'jsonl' && format !== 'csv') throw new HttpError(422, 'UNPROCESSABLE', 'format: jsonl or csv');
    const text = await app.audit.export(conversation, format);
    res.writeHead(200, {
      'content-type': format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8',
      'content-disposition': `attachment; filename="audit-${conversation}.${format}"`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    });
    res.end(text);
  }

  async function indexPage(res: http.ServerResponse) {
    const nonce = randomBytes(16).toString('base64');
    const html = (await readPageFile('/index.html', () => join(WEB, 'index.html')))
      .toString('utf8')
      .replaceAll('{{nonce}}', nonce);
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': `default-src 'none'; script-src 'self' 'nonce-${nonce}'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    });
    res.end(html);
  }

  const send = (res: http.ServerResponse, status: number, value: unknown) =>
    res
      .writeHead(status, {
        'content-type': 'application/json',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      })
      .end(JSON.stringify(value ?? null));

  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', origin);
      // The one unauthenticated address: it swaps the launch token for the cookie (and drops it from the address bar).
      if (req.headers.host !== new URL(origin).host)
        throw new HttpError(421, 'WRONG_HOST', 'this address serves only http://' + new URL(origin).host);
      if (req.method === 'GET' && url.pathname === '/' && url.searchParams.has('launch')) {
        if (!same(url.searchParams.get('launch') ?? '', launch))
          throw new HttpError(403, 'FORBIDDEN', 'that launch address is not this run of the app, or was used already');
        launch = Buffer.from(secret());
        options.onLaunchUsed?.(launchUrl());
        res
          .writeHead(303, {
            location: '/',
            'set-cookie': `${cookieName}=${session}; HttpOnly; SameSite=Strict; Path=/`,
            'cache-control': 'no-store',
          })
          .end();
        return;
      }
      if (!authorised(req))
        throw new HttpError(
          403,
          'FORBIDDEN',
          'open the app from its own window (the address it opens carries a launch token)',
        );
      if (req.method !== 'GET' && req.headers.origin !== undefined && req.headers.origin !== origin)
        throw new HttpError(403, 'FORBIDDEN', 'requests from other pages are refused');
      if (req.method === 'GET' && url.pathname === '/') return await indexPage(res);
      const file = req.method === 'GET' ? FILES[url.pathname] : undefined;
      if (file) {
        res.writeHead(200, {
          'content-type': `${file.type}; charset=utf-8`,
          'cache-control': 'no-cache',
          'x-content-type-options': 'nosniff',
        });
        return res.end(await readPageFile(url.pathname, file.file));
      }
      if (req.method === 'GET' && url.pathname === '/api/events') {
        res.writeHead(200, {
          'content-type': 'text/event-stream',
          'cache-control': 'no-store',
          connection: 'keep-alive',
        });
        res.write(`event: state\ndata: ${JSON.stringify(app.snapshot())}\n\n`);
        streams.add(res);
        req.on('close', () => streams.delete(res));
        return;
      }
      if (req.method === 'GET' && url.pathname === '/api/audit/export') return await auditExport(res, url);
      const route = routes[`${req.method} ${url.pathname}`];
      if (!route) throw new HttpError(404, 'NOT_FOUND', `${req.method} ${url.pathname} is not an address of this app`);
      send(res, 200, await route(req, url));
    } catch (err) {
      const [status, code, message, details] =
        err instanceof HttpError
          ? [err.status, err.code, err.message]
          : err instanceof PlatformError
            ? [PLATFORM_STATUS[err.code] ?? 502, err.code, err.message, err.details]
            : err instanceof SettingsError
              ? [422, 'UNPROCESSABLE', err.message.slice(err.field.length + 2), { field: err.field }]
              : err instanceof FolderError
                ? [422, 'FOLDER', err.message]
                : err instanceof UpdateError
                  ? [409, err.code, err.message]
                  : err instanceof PythonDownloadUnavailable
                    ? [503, 'NOT_AVAILABLE_OFFLINE', err.message]
                    : [500, 'INTERNAL_ERROR', (err as Error).message];
      if (status === 500)
        app.log.error('ui request failed', { path: req.url?.split('?')[0], message: (err as Error).message });
      if (!res.headersSent) send(res, status, { error: { code, message, ...(details ? { details } : {}) } });
      else res.end();
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  // The window can open: what the start put off (detection) runs now.
  app.uiReady();
  origin = `http://127.0.0.1:${port}`;
  cookieName = `sp_ui_${port}_${randomBytes(6).toString('hex')}`;
  const launchUrl = () => `${origin}/?launch=${launch.toString()}`;
  // A keep-alive comment keeps proxies and the browser from closing an idle event stream.
  const ping = setInterval(() => {
    for (const res of streams) res.write(': ping\n\n');
  }, 15_000);
  ping.unref();
  return {
    url: origin,
    get launchUrl() {
      return launchUrl();
    },
    async close() {
      clearInterval(ping);
      app.off('changed', onChange);
      app.chat.off('run', onRun);
      app.bridge.off('call', onCall);
      for (const res of streams) res.end();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
