// The memory service's own HTTP surface at {memory_url}: X-API-Key auth, FastAPI-style
// validation and errors ({detail}), the routes of rest-compat/routes/memory.ts (each one GraphQL
// operation of the memory subgraph run through the gateway), and their /openapi.json.
import express, { type ErrorRequestHandler, type Request, type Response } from 'express';
import type { ApolloServer } from '@apollo/server';
import type { Platform } from '../core/platform.ts';
import { AppError } from '../core/errors.ts';
import type { RequestContext } from '../core/context.ts';
import { requestId } from '../edge/request-id.ts';
import { buildContext, clientAddress } from '../edge/context.ts';
import { bodyParserError, sendError } from '../edge/render-error.ts';
import { openApiDocument } from './openapi.ts';
import { parsePydantic } from './pydantic.ts';
import { expressPath, operationRunner } from './router.ts';
import { memoryRoutes } from './routes/memory.ts';

// ---------------------------------------------------------------- errors

/** Every error in FastAPI's style (edge/render-error.ts); what is not a known error is logged. */
function fail(res: Response, err: unknown, platform: Platform): void {
  if (!(err instanceof AppError) || err.code === 'INTERNAL_ERROR') platform.log.error({ err }, 'memory service error');
  sendError(res, err, { style: 'fastapi' });
}

// ---------------------------------------------------------------- app

/** GET /healthcheck, served outside the route table, in the service's OpenAPI document. */
const HEALTHCHECK_OPENAPI_PATHS = {
  '/healthcheck': {
    get: {
      summary: 'Liveness probe for load balancers: no key',
      tags: ['health'],
      security: [],
      responses: {
        '200': {
          description: 'The service answers',
          content: {
            'application/json': {
              schema: { type: 'object', required: ['status'], properties: { status: { const: 'healthy' } } },
            },
          },
        },
      },
    },
  },
};

export function memoryApp(platform: Platform, apollo: ApolloServer<RequestContext>): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.use(requestId(platform.log));
  app.get('/healthcheck', (_req, res) => {
    res.json({ status: 'healthy' });
  });
  // Its own OpenAPI document, as a FastAPI service serves one; public like the health check.
  let openApi: string | null = null;
  // Its server is '/', relative to where the document is served: the Host header is the caller's
  // to choose, and the document is cached for every caller.
  app.get('/openapi.json', (_req, res) => {
    openApi ??= JSON.stringify(
      openApiDocument(memoryRoutes, '/', { service: 'memory', extraPaths: HEALTHCHECK_OPENAPI_PATHS }),
    );
    res.type('json').send(openApi);
  });
  const contexts = new WeakMap<Request, RequestContext>();
  app.use(async (req: Request, res: Response, next) => {
    try {
      const key = req.get('x-api-key');
      const ctx = await buildContext(platform, {
        authorization: key ? `Bearer ${key}` : undefined,
        requestId: req.requestId,
        address: clientAddress(req),
      });
      if (!ctx.principal) throw new AppError('UNAUTHORIZED', 'Invalid or missing API key');
      // Every authenticated request counts, invalid ones included; the operation it runs is not charged again.
      await platform.rateLimits.consume('api', ctx);
      ctx.charged = true;
      contexts.set(req, ctx);
      next();
    } catch (err) {
      fail(res, err, platform);
    }
  });
  app.use(express.json({ limit: platform.config.jsonLimitBytes, type: () => true }));
  for (const route of memoryRoutes) {
    app[route.method](expressPath(route.path), async (req: Request, res: Response) => {
      try {
        const ctx = contexts.get(req)!;
        const input = {
          params: route.params ? parsePydantic(route.params, req.params, 'path') : {},
          query: route.query ? parsePydantic(route.query, req.query, 'query') : {},
          body: route.body ? parsePydantic(route.body, req.body, 'body') : undefined,
          headers: req.headers as Record<string, string | undefined>,
          request: req,
        };
        const result = await route.handle!(input, operationRunner(apollo, ctx), ctx);
        res.status(result.status ?? route.successStatus).json(result.body);
      } catch (err) {
        fail(res, err, platform);
      }
    });
  }
  // A known path with another method: 405 with Allow, as FastAPI answers.
  const allowed = new Map<string, string[]>();
  for (const { method, path } of memoryRoutes) allowed.set(path, [...(allowed.get(path) ?? []), method.toUpperCase()]);
  for (const [path, methods] of allowed) {
    app.all(expressPath(path), (req, res) => {
      res.setHeader('Allow', methods.join(', '));
      sendError(res, new AppError('METHOD_NOT_ALLOWED', `${req.method} is not allowed on ${path}`), {
        style: 'fastapi',
      });
    });
  }
  app.use((_req, res) => sendError(res, new AppError('NOT_FOUND', 'Not Found'), { style: 'fastapi' }));
  const onError: ErrorRequestHandler = (err, _req, res, _next) =>
    fail(res, bodyParserError(err, platform.config.jsonLimitBytes) ?? err, platform);
  app.use(onError);
  return app;
}
