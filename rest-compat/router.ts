// Serves the route table: validates each request against the route's own
// schema (so errors name the REST field), runs the route's GraphQL operation
// through the gateway (plugins included) and maps the answer back.
import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import type { ApolloServer } from '@apollo/server';
import type { RequestContext } from '../core/context.ts';
import { snakeFieldPath, toCamelKeys, toSnakeKeys } from '../core/case.ts';
import { AppError, codeFromGraphql, fieldMentionOf, fieldMessage } from '../core/errors.ts';
import { sendError, type ErrorStyle } from '../edge/render-error.ts';
import { parseInput } from '../core/validation.ts';
import type { Route, Run } from './route.ts';
import { jobAccepted } from './routes/jobs.ts';

export type ContextFactory = (req: Request) => Promise<RequestContext>;

export const expressPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

export function operationRunner(apollo: ApolloServer<RequestContext>, ctx: RequestContext): Run {
  return async (query, variables) => {
    const response = await apollo.executeOperation({ query, variables }, { contextValue: ctx });
    if (response.body.kind !== 'single') throw new AppError('INTERNAL_ERROR', 'unexpected incremental response');
    const { data, errors } = response.body.singleResult;
    if (errors?.length) {
      const e = errors[0]!;
      throw inRestNames(
        new AppError(
          codeFromGraphql(e.extensions?.code),
          e.message,
          e.extensions?.details as Record<string, unknown> | undefined,
          fieldMentionOf(e.extensions?.field),
        ),
      );
    }
    return data as never;
  };
}

/**
 * A domain's check names fields as the domain spells them (perPage, elements[2].resultUnit, a
 * spreadsheet block's chartType); a REST caller sent per_page: the details name the field in the
 * caller's spelling, and the message is built anew in it from the error's FieldMention (its path,
 * the text before and the reason, as data), so each rule is written once, in the domain.
 */

function inRestNames(err: AppError): AppError {
  const rename = (field: unknown) => (typeof field === 'string' ? snakeFieldPath(field) : field);
  const details = err.details && {
    ...err.details,
    ...('field' in err.details ? { field: rename(err.details.field) } : {}),
    ...(Array.isArray(err.details.fields)
      ? {
          fields: err.details.fields.map((f: unknown) =>
            f && typeof f === 'object' && 'field' in f
              ? { ...f, field: rename((f as { field: unknown }).field) }
              : rename(f),
          ),
        }
      : {}),
  };
  const mention = err.field && { ...err.field, path: snakeFieldPath(err.field.path) };
  const message = mention ? fieldMessage(mention) : err.message;
  return new AppError(err.code, message, details, mention);
}

/** A declared route (Route.operation): camelCased input in, the root field snake_cased (or a created job's acknowledgement) out. */
function runOperation(route: Route, operation: string): NonNullable<Route['handle']> {
  return async ({ params, query, body }, run) => {
    const data = await run(operation, toCamelKeys({ ...params, ...query, ...(body ?? {}) }));
    const value = Object.values(data)[0];
    if (value === null || value === undefined) {
      const code = route.notFound ?? 'NOT_FOUND';
      const what = code
        .replace(/_NOT_FOUND$/, '')
        .toLowerCase()
        .replace(/_/g, ' ');
      throw new AppError(code, `No ${what} ${Object.values(params).join(' ')}`.trim(), params);
    }
    return route.answer === 'job'
      ? jobAccepted(value as Parameters<typeof jobAccepted>[0])
      : { body: toSnakeKeys(value) };
  };
}

const styleOf = (route: Route): ErrorStyle =>
  route.detailFor ? { style: 'detail', detailFor: route.detailFor } : { style: 'hosted' };

function routeError(res: Response, err: unknown, route: Route, ctx?: RequestContext): void {
  if (!(err instanceof AppError)) ctx?.log.error({ err }, 'unexpected error in REST route');
  sendError(res, err, styleOf(route));
}

/** `beforeBody` checks the key and its budget from the headers, before a bearer route's body is read. */
export function restRouter(
  routes: Route[],
  apollo: ApolloServer<RequestContext>,
  context: ContextFactory,
  jsonLimitBytes: number,
  beforeBody: RequestHandler,
): Router {
  const router = express.Router();
  const json = express.json({ limit: jsonLimitBytes });
  for (const route of routes) {
    const hasBody = route.method === 'post';
    const handlers = [
      ...(hasBody && route.auth === 'bearer' ? [beforeBody] : []),
      ...(hasBody && !route.multipart ? [json] : []),
    ];
    router[route.method](expressPath(route.path), ...handlers, async (req: Request, res: Response) => {
      let ctx: RequestContext | undefined;
      try {
        ctx = await context(req);
        if (route.auth === 'bearer' && !ctx.principal) {
          throw new AppError('UNAUTHORIZED', 'A valid API key is required: send Authorization: Bearer <key>');
        }
        const handle = route.handle ?? (route.operation ? runOperation(route, route.operation) : undefined);
        if (route.notImplemented || !handle) {
          // No GraphQL operation runs here, so the request is charged to the key's budget directly.
          await ctx.platform.rateLimits.consume('api', ctx);
          throw new AppError('NOT_IMPLEMENTED', `${route.notImplemented ?? route.summary} is not implemented yet`, {
            route: `${route.method.toUpperCase()} ${route.path}`,
          });
        }
        const input = {
          params: route.params ? parseInput(route.params, req.params) : {},
          query: route.query ? parseInput(route.query, req.query) : {},
          // Multipart routes read their own body; their schema documents it in OpenAPI.
          body: route.body && !route.multipart ? parseInput(route.body, req.body) : undefined,
          headers: req.headers as Record<string, string | undefined>,
          request: req,
        };
        const result = await handle(input, operationRunner(apollo, ctx), ctx);
        for (const [k, v] of Object.entries(result.headers ?? {})) res.setHeader(k, v);
        const status = result.status ?? route.successStatus;
        if (result.json !== undefined) res.status(status).type('json').send(result.json);
        else if (result.body === undefined) res.status(status).end();
        else res.status(status).json(result.body);
      } catch (err) {
        routeError(res, err, route, ctx);
      }
    });
  }
  // A known path with another method: 405 with Allow, as FastAPI and RFC 9110 answer, not 404.
  const methods = new Map<string, Set<string>>();
  for (const route of routes)
    methods.set(route.path, (methods.get(route.path) ?? new Set()).add(route.method.toUpperCase()));
  for (const [path, allowed] of methods) {
    if (allowed.has('GET')) allowed.add('HEAD');
    const allow = [...allowed].join(', ');
    router.all(expressPath(path), (req: Request, res: Response) => {
      res.setHeader('Allow', allow);
      routeError(
        res,
        new AppError('METHOD_NOT_ALLOWED', `${req.method} is not allowed on ${path}; allowed: ${allow}`),
        routes.find((r) => r.path === path)!,
      );
    });
  }
  return router;
}
