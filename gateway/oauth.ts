// The OAuth endpoints of native-app sign-in (core/auth/oauth.ts has the rules): REST, because
// the app and the browser speak OAuth, not GraphQL. Token endpoint errors use RFC 6749 §5.2's
// {error, error_description}, which every OAuth client library reads, rather than the
// platform's envelope. The sign-in and device pages are small server-rendered HTML forms (no
// script), sent with headers that keep them out of frames and caches. Every request spends
// the per-address public budget, which also bounds guessing keys and user codes.
import express, { type Request, type Response, type Router } from 'express';
import { AppError } from '../core/errors.ts';
import { OAuthError, type Tokens } from '../core/auth/oauth.ts';
import type { Platform } from '../core/platform.ts';
import { clientAddress } from '../edge/context.ts';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(res: Response, status: number, title: string, body: string) {
  res.status(status).set({
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  }).send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · Structural Platform</title>
<style>
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: Canvas; }
  main { max-width: 26rem; padding: 2rem; border: 1px solid #8884; border-radius: 12px; }
  h1 { font-size: 1.3rem; margin-top: 0; }
  label { display: block; margin: 1rem 0 .3rem; font-weight: 600; }
  input { width: 100%; box-sizing: border-box; padding: .55rem; font: inherit; }
  .actions { display: flex; gap: .6rem; margin-top: 1.2rem; }
  button { padding: .55rem 1.1rem; font: inherit; border-radius: 6px; border: 1px solid #8888; cursor: pointer; }
  button[value=allow] { background: #1f6feb; color: white; border-color: #1f6feb; }
  .error { color: #d1242f; } .muted { opacity: .75; font-size: .9rem; }
</style></head><body><main>${body}</main></body></html>`);
}

const consent = (clientName: string) =>
  `<p><strong>${escape(clientName)}</strong> asks to use your account: run agents, read your usage, and drive analysis programs on your computer.</p>`;

function signInPage(res: Response, status: number, requestId: string, clientName: string, error?: string) {
  page(
    res,
    status,
    'Sign in',
    `<h1>Sign in</h1>${consent(clientName)}
<form method="post" action="/oauth/authorize">
  <input type="hidden" name="request_id" value="${escape(requestId)}">
  <label for="account_key">Account key</label>
  <input id="account_key" name="account_key" type="password" autocomplete="off" required autofocus>
  ${error ? `<p class="error" role="alert">${escape(error)}</p>` : ''}
  <div class="actions"><button type="submit" name="decision" value="allow">Allow</button><button type="submit" name="decision" value="deny" formnovalidate>Deny</button></div>
</form><p class="muted">This request stays open for 5 minutes.</p>`,
  );
}

function devicePage(res: Response, status: number, userCode: string, error?: string) {
  page(
    res,
    status,
    'Connect a device',
    `<h1>Connect a device</h1><p>Check that the code matches the one your app shows, then sign in.</p>
<form method="post" action="/oauth/device">
  <label for="user_code">Code</label>
  <input id="user_code" name="user_code" value="${escape(userCode)}" autocomplete="off" required>
  <label for="account_key">Account key</label>
  <input id="account_key" name="account_key" type="password" autocomplete="off" required>
  ${error ? `<p class="error" role="alert">${escape(error)}</p>` : ''}
  <div class="actions"><button type="submit" name="decision" value="allow">Allow</button><button type="submit" name="decision" value="deny" formnovalidate>Deny</button></div>
</form>`,
  );
}

const expiredPage = (res: Response, message: string) =>
  page(res, 400, 'Sign-in expired', `<h1>Sign-in expired</h1><p>${escape(message)}</p>`);
const str = (v: unknown) => (typeof v === 'string' ? v : '');

export function oauthRouter(platform: Platform): Router {
  const router = express.Router();
  const form = express.urlencoded({ extended: false, limit: '16kb' });
  const json = express.json({ limit: '16kb' });
  const { oauth } = platform;

  router.use(async (req, res, next) => {
    try {
      await platform.rateLimits.consume('public', { principal: null, address: clientAddress(req) });
      next();
    } catch (err) {
      if (!(err instanceof AppError)) return next(err);
      res
        .status(429)
        .set('retry-after', String(err.details?.retry_after_s ?? 60))
        .json({ error: 'slow_down', error_description: err.message });
    }
  });

  router.get('/authorize', (req, res) => {
    try {
      const started = oauth.startAuthorization(req.query as Record<string, unknown>);
      if ('redirect' in started) return res.redirect(302, started.redirect);
      signInPage(res, 200, started.requestId, started.clientName);
    } catch (err) {
      if (!(err instanceof OAuthError)) throw err;
      page(res, err.status, 'Cannot sign in', `<h1>Cannot sign in</h1><p>${escape(err.message)}</p>`);
    }
  });

  router.post('/authorize', form, async (req: Request, res: Response) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const requestId = str(body.request_id);
    try {
      const decided = await oauth.decide(requestId, body.decision === 'deny' ? 'deny' : 'allow', str(body.account_key));
      if (decided) return res.redirect(303, decided.redirect);
      signInPage(
        res,
        401,
        requestId,
        oauth.pendingAuthorization(requestId)?.clientName ?? '',
        'That account key is not valid.',
      );
    } catch (err) {
      if (!(err instanceof OAuthError)) throw err;
      expiredPage(res, err.message);
    }
  });

  const tokenReply = (res: Response, work: () => Promise<Tokens | Record<string, unknown> | void>) =>
    work().then(
      (tokens) => res.set({ 'cache-control': 'no-store', pragma: 'no-cache' }).json(tokens ?? {}),
      (err) => {
        if (!(err instanceof OAuthError)) throw err;
        res
          .status(err.status)
          .set('cache-control', 'no-store')
          .json({ error: err.error, error_description: err.message });
      },
    );

  router.post('/token', form, json, (req, res) =>
    tokenReply(res, () => oauth.token((req.body ?? {}) as Record<string, unknown>)),
  );
  router.post('/revoke', form, json, (req, res) => tokenReply(res, () => oauth.revoke(str((req.body ?? {}).token))));

  router.post('/device_authorization', form, json, (req, res) =>
    tokenReply(res, async () => {
      const d = oauth.startDevice((req.body ?? {}).client_id);
      const verification = `${platform.publicUrl()}/oauth/device`;
      return {
        device_code: d.deviceCode,
        user_code: d.userCode,
        verification_uri: verification,
        verification_uri_complete: `${verification}?user_code=${encodeURIComponent(d.userCode)}`,
        expires_in: d.expiresIn,
        interval: d.interval,
      };
    }),
  );

  router.get('/device', (req, res) => devicePage(res, 200, str(req.query.user_code).slice(0, 16)));

  router.post('/device', form, async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const userCode = str(body.user_code).slice(0, 16);
    try {
      if (body.decision !== 'deny' && !oauth.pendingDevice(userCode))
        throw new OAuthError('expired', 'This code has expired or was used. Return to the app and select Try Again.');
      const ok = await oauth.decideDevice(userCode, body.decision === 'deny' ? 'deny' : 'allow', str(body.account_key));
      if (!ok) return devicePage(res, 401, userCode, 'That account key is not valid.');
      page(
        res,
        200,
        'Done',
        body.decision === 'deny'
          ? '<h1>Declined</h1><p>The device was not connected.</p>'
          : '<h1>Connected</h1><p>You can return to the app.</p>',
      );
    } catch (err) {
      if (!(err instanceof OAuthError)) throw err;
      expiredPage(res, err.message);
    }
  });

  return router;
}
