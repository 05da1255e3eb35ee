// POST and GET /graphql handed to Apollo Server, as @as-integrations/express5 does, minus two costs
// it pays on every request: the legacy url.parse of the whole URL only to read its query string
// (3.5% of the gateway's busy time on the realistic mix, in bench:gateway:profile's V8 profile), and
// Express's res.send, which re-derives the content type and charset and checks freshness for an
// answer Apollo has already typed and that carries no validator. Streamed answers (incremental
// delivery) are written chunk by chunk as there. A multipart request (files) is answered through
// res.send, which graphql-upload wraps to wait until the whole request body is read.
import type { IncomingMessage } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { HeaderMap, type ApolloServer, type BaseContext } from '@apollo/server';

/** Whether the body may carry files (graphql-upload's own test is type-is's full parse of the header). */
export const isMultipart = (req: IncomingMessage): boolean => /^multipart\//i.test(req.headers['content-type'] ?? '');

export function graphqlHttp<C extends BaseContext>(
  server: ApolloServer<C>,
  context: (req: Request, res: Response) => Promise<C>,
): RequestHandler {
  server.assertStarted('graphqlHttp()');
  return async (req, res, next) => {
    try {
      if (!('body' in req)) throw new Error('req.body is not set: the JSON body parser must run before graphqlHttp');
      const headers = new HeaderMap();
      for (const key in req.headers) {
        const value = req.headers[key];
        if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(', ') : value);
      }
      const url = req.url;
      const q = url.indexOf('?');
      const h = url.indexOf('#', q);
      const search = q < 0 ? '' : h < 0 ? url.slice(q) : url.slice(q, h);
      const answer = await server.executeHTTPGraphQLRequest({
        httpGraphQLRequest: { method: req.method.toUpperCase(), headers, search, body: req.body },
        context: () => context(req, res),
      });
      for (const [key, value] of answer.headers) res.setHeader(key, value);
      res.statusCode = answer.status || 200;
      if (answer.body.kind === 'complete') {
        if (isMultipart(req)) {
          res.send(answer.body.string);
          return;
        }
        res.setHeader('content-length', Buffer.byteLength(answer.body.string));
        if (req.method === 'HEAD') res.end();
        else res.end(answer.body.string);
        return;
      }
      for await (const chunk of answer.body.asyncIterator) res.write(chunk);
      res.end();
    } catch (err) {
      next(err);
    }
  };
}
