// Issue 29, finding 12: the UI's session cookie was sent to every port on 127.0.0.1 under one
// name, its value was the launch token, and the launch address could be replayed (a listener on
// another port received the cookie; replaying it gave 200 on POST /api/client/start). Now the
// launch token is good once, the cookie is named for this listener's port and run, and its value
// is a session secret of its own. Real HTTP on loopback, against a stand-in of the app.
import { EventEmitter } from 'node:events';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DesktopApp } from '../../src/app.ts';
import { startUiServer, type UiServer } from '../../src/ui/server.ts';

/** What the UI server reads of the app for these requests. */
function standIn(): DesktopApp {
  const app = Object.assign(new EventEmitter(), {
    snapshot: () => ({ state: 'stand-in' }),
    uiReady: () => undefined,
    chat: new EventEmitter(),
    bridge: Object.assign(new EventEmitter(), { start: async () => ({ started: true }) }),
    log: { error: () => undefined, info: () => undefined, warn: () => undefined },
  });
  return app as unknown as DesktopApp;
}

let a: UiServer;
let b: UiServer;
const published: string[] = [];
beforeAll(async () => {
  a = await startUiServer(standIn(), { onLaunchUsed: (next) => published.push(next) });
  b = await startUiServer(standIn());
});
afterAll(async () => {
  await a?.close();
  await b?.close();
});

const launch = (url: string) => fetch(url, { redirect: 'manual' });
const cookieOf = (res: Response) => res.headers.get('set-cookie')!.split(';')[0]!;
const state = (ui: UiServer, cookie: string) => fetch(`${ui.url}/api/state`, { headers: { cookie } });

it('spends the launch token once and hands the next address on', async () => {
  const first = a.launchUrl;
  const res = await launch(first);
  expect(res.status).toBe(303);
  // Replayed: refused. The next address works, once.
  expect((await launch(first)).status).toBe(403);
  expect(a.launchUrl).not.toBe(first);
  expect(published).toEqual([a.launchUrl]);
  const next = a.launchUrl;
  expect((await launch(next)).status).toBe(303);
  expect((await launch(next)).status).toBe(403);
});

it('names the cookie for this port and run, and its value is not the launch token', async () => {
  const token = new URL(a.launchUrl).searchParams.get('launch')!;
  const res = await launch(a.launchUrl);
  const cookie = cookieOf(res);
  const [name, value] = cookie.split('=') as [string, string];
  expect(name).toMatch(new RegExp(`^sp_ui_${new URL(a.url).port}_[0-9a-f]{12}$`));
  expect(value).not.toBe(token);
  expect(res.headers.get('set-cookie')).toMatch(/HttpOnly; SameSite=Strict/);
  expect((await state(a, cookie)).status).toBe(200);
  // The same value under the old shared name, or the launch token as a cookie: refused.
  expect((await state(a, `sp_ui=${value}`)).status).toBe(403);
  expect((await state(a, `${name}=${token}`)).status).toBe(403);
});

it('a cookie of one run is refused by another run on another port, and the reverse', async () => {
  const ca = cookieOf(await launch(a.launchUrl));
  const cb = cookieOf(await launch(b.launchUrl));
  expect(ca.split('=')[0]).not.toBe(cb.split('=')[0]);
  expect((await state(b, ca)).status).toBe(403);
  expect((await state(a, cb)).status).toBe(403);
  // The browser sends both (cookies are not kept apart by port): each server takes only its own.
  expect((await state(a, `${cb}; ${ca}`)).status).toBe(200);
  const start = await fetch(`${b.url}/api/client/start`, {
    method: 'POST',
    headers: { cookie: ca, 'content-type': 'application/json' },
    body: '{}',
  });
  expect(start.status).toBe(403);
});
