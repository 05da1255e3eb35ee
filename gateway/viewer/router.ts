// The project viewer (issue 30): GET /projects/{id}/view serves the page; the page asks for
// the API key once (POST /projects/session sets the session cookie) and reads the project's
// sheets, callouts and links (GET /projects/{id}/view/data) and its PDFs through the session.
// Another account's project, or an unknown one, is a 404 like any missing project.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import express, { type Request, type Response } from 'express';
import type { ApolloServer } from '@apollo/server';
import type { RequestContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import type { Platform } from '../../core/platform.ts';
import { sendError } from '../../edge/render-error.ts';
import { operationRunner } from '../../rest-compat/router.ts';
import { buildContext, clientAddress, clientGone } from '../../edge/context.ts';
import { cookieValue, SESSION_COOKIE, SESSION_TTL_MS, viewerSessions } from './sessions.ts';
import { VIEWER_DATA_QUERIES, viewerModel } from './model.ts';

const here = new URL('.', import.meta.url);
const PAGE = fs.readFileSync(new URL('page.html', here), 'utf8');
const CLIENT = fs.readFileSync(new URL('client.js', here), 'utf8');
const require = createRequire(import.meta.url);
const PDFJS = require.resolve('pdfjs-dist/legacy/build/pdf.min.mjs');
const PDFJS_WORKER = require.resolve('pdfjs-dist/legacy/build/pdf.worker.min.mjs');
const ID = /^[0-9a-f-]{36}$/i;
const HASH = /^[0-9a-f]{64}$/;

export function viewerRouter(platform: Platform, apollo: ApolloServer<RequestContext>): express.Router {
  const router = express.Router();
  const sessions = viewerSessions();
  const security = (res: Response) => {
    res.setHeader(
      'Content-Security-Policy',
      "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; worker-src 'self' blob:; frame-ancestors 'none'",
    );
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'no-referrer');
  };
  const contextOf = async (req: Request) => {
    const key = sessions.keyOf(cookieValue(req.get('cookie'), SESSION_COOKIE));
    if (!key)
      throw new AppError('UNAUTHORIZED', 'Open a viewer session first: POST /projects/session with your API key');
    const ctx = await buildContext(platform, {
      authorization: `Bearer ${key}`,
      requestId: req.requestId,
      address: clientAddress(req),
      signal: clientGone(req.res!),
    });
    if (!ctx.principal) throw new AppError('UNAUTHORIZED', 'The API key of this session is no longer valid');
    return ctx;
  };
  const fail = (res: Response, err: unknown) => sendError(res, err);

  router.get('/viewer-assets/:name', (req, res) => {
    const file = { 'client.js': null, 'pdf.mjs': PDFJS, 'pdf.worker.mjs': PDFJS_WORKER }[
      req.params.name as 'client.js'
    ];
    if (file === undefined) return fail(res, new AppError('NOT_FOUND', `No viewer asset ${req.params.name}`));
    security(res);
    res.type('text/javascript').setHeader('Cache-Control', 'public, max-age=3600');
    if (file === null) res.send(CLIENT);
    else res.sendFile(file);
  });

  router.post('/session', express.json({ limit: 4096 }), async (req, res) => {
    try {
      const key = typeof req.body?.api_key === 'string' ? req.body.api_key : '';
      if (!key) throw new AppError('VALIDATION_ERROR', 'api_key: an API key is required', { field: 'api_key' });
      const ctx = await buildContext(platform, {
        authorization: `Bearer ${key}`,
        requestId: req.requestId,
        address: clientAddress(req),
        signal: clientGone(res),
      });
      if (!ctx.principal) throw new AppError('UNAUTHORIZED', 'This API key is not valid');
      const id = sessions.open(key);
      const secure = req.secure || req.get('x-forwarded-proto') === 'https' ? '; Secure' : '';
      res.setHeader(
        'Set-Cookie',
        `${SESSION_COOKIE}=${id}; HttpOnly; SameSite=Strict; Path=/projects; Max-Age=${SESSION_TTL_MS / 1000}${secure}`,
      );
      res.status(204).end();
    } catch (err) {
      fail(res, err);
    }
  });

  router.delete('/session', (req, res) => {
    sessions.close(cookieValue(req.get('cookie'), SESSION_COOKIE));
    res.setHeader('Set-Cookie', `${SESSION_COOKIE}=; HttpOnly; SameSite=Strict; Path=/projects; Max-Age=0`);
    res.status(204).end();
  });

  router.get('/:id/view', (req, res) => {
    if (!ID.test(req.params.id))
      return fail(res, new AppError('PROJECT_NOT_FOUND', `No project ${req.params.id}`, { project_id: req.params.id }));
    security(res);
    res.type('html').setHeader('Cache-Control', 'no-store');
    res.send(PAGE);
  });

  router.get('/:id/view/data', async (req, res) => {
    try {
      const ctx = await contextOf(req);
      const run = operationRunner(apollo, ctx);
      const project: Record<string, unknown> = {};
      for (const query of VIEWER_DATA_QUERIES) {
        const data = await run<{ project: Record<string, unknown> | null }>(query, { id: req.params.id });
        if (!data.project)
          throw new AppError('PROJECT_NOT_FOUND', `No project ${req.params.id}`, { project_id: req.params.id });
        Object.assign(project, data.project);
      }
      res.setHeader('Cache-Control', 'no-store');
      res.json(viewerModel(project as never));
    } catch (err) {
      fail(res, err);
    }
  });

  router.get('/:id/view/files/:hash', async (req, res) => {
    try {
      if (!HASH.test(req.params.hash))
        throw new AppError('FILE_NOT_FOUND', `No file ${req.params.hash}`, { file_hash: req.params.hash });
      const ctx = await contextOf(req);
      // Ownership through the same query the page uses: another account's project is null.
      const data = await operationRunner(apollo, ctx)<{ project: { id: string } | null }>(
        'query ($id: ID!) { project(id: $id) { id } }',
        { id: req.params.id },
      );
      if (!data.project)
        throw new AppError('PROJECT_NOT_FOUND', `No project ${req.params.id}`, { project_id: req.params.id });
      const key = `projects/${data.project.id}/${req.params.hash}.pdf`;
      res.type('application/pdf').setHeader('Cache-Control', 'private, max-age=3600');
      const stream = platform.blobs.read(key);
      for await (const chunk of stream) res.write(chunk);
      res.end();
    } catch (err) {
      if (res.headersSent) res.destroy();
      else
        fail(
          res,
          err instanceof Error && /ENOENT|not found/i.test(err.message)
            ? new AppError('FILE_NOT_FOUND', `No file ${req.params.hash}`)
            : err,
        );
    }
  });
  return router;
}
