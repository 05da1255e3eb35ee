// The memory service's own HTTP surface at {memory_url}: X-API-Key auth and
// FastAPI-style errors. The memory graph arrives with its own issue; until
// then its routes answer 501 in the same {detail} form.
import express, { type ErrorRequestHandler, type Request, type Response } from 'express';
import type { Platform } from '../core/platform.ts';
import { AppError } from '../core/errors.ts';
import { requestId } from '../gateway/plugins/request-id.ts';
import { clientAddress } from '../gateway/context.ts';

const MEMORY_ROUTES: Array<['get' | 'post' | 'delete', string]> = [
  ['post', '/messages'],
  ['post', '/get-memory'],
  ['post', '/search'],
  ['post', '/entity-node'],
  ['get', '/entity-edge/:uuid'],
  ['delete', '/entity-edge/:uuid'],
  ['get', '/episodes/:group_id'],
  ['delete', '/episodes/:group_id/:source_description'],
  ['delete', '/episode/:uuid'],
  ['delete', '/group/:group_id'],
  ['post', '/clear'],
];

/** FastAPI's answer to a body that is not JSON. */
function jsonDecodeError(message: string, position: number) {
  return { detail: [{ loc: ['body', position], msg: message, type: 'value_error.jsondecode', ctx: { msg: message, pos: position } }] };
}

export function memoryApp(platform: Platform): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.use(requestId(platform.log));
  app.get('/healthcheck', (_req, res) => {
    res.json({ status: 'healthy' });
  });
  app.use(async (req: Request, res: Response, next) => {
    try {
      const principal = await platform.keys.authenticate(req.get('x-api-key'));
      if (!principal) {
        res.status(401).json({ detail: 'Invalid or missing API key' });
        return;
      }
      await platform.rateLimits.consume('api', { principal, address: clientAddress(req) });
      next();
    } catch (err) {
      if (err instanceof AppError && err.code === 'RATE_LIMITED') {
        res.setHeader('Retry-After', String(err.details?.retry_after_s ?? 60));
        res.status(429).json({ detail: 'Rate limit exceeded' });
        return;
      }
      next(err);
    }
  });
  app.use(express.json({ limit: platform.config.jsonLimitBytes, type: () => true }));
  for (const [method, path] of MEMORY_ROUTES) {
    app[method](path, (_req, res) => {
      res.status(501).json({ detail: `Not implemented: ${method.toUpperCase()} ${path.replace(/:(\w+)/g, '{$1}')} arrives with the memory graph` });
    });
  }
  app.use((_req, res) => {
    res.status(404).json({ detail: 'Not Found' });
  });
  const onError: ErrorRequestHandler = (err, _req, res, _next) => {
    if (err?.type === 'entity.parse.failed') {
      const pos = Number(/position (\d+)/.exec(String(err.message))?.[1] ?? 0);
      res.status(422).json(jsonDecodeError('Expecting value', pos));
    } else if (err?.type === 'entity.too.large') {
      res.status(413).json({ detail: 'Request body too large' });
    } else {
      platform.log.error({ err }, 'memory service error');
      res.status(500).json({ detail: 'Internal Server Error' });
    }
  };
  app.use(onError);
  return app;
}
