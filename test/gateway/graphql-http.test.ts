// /graphql handed to Apollo Server (gateway/graphql-http.ts): GET reads the query string (not a
// fragment), POST answers carry their length in bytes, and a setup mistake reaches Express's error handler.
import type { AddressInfo } from 'node:net';
import http from 'node:http';
import express, { type ErrorRequestHandler } from 'express';
import { ApolloServer } from '@apollo/server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { graphqlHttp, isMultipart } from '../../gateway/graphql-http.ts';

let server: http.Server;
let apollo: ApolloServer<{ caller: string }>;
let url: string;

beforeAll(async () => {
  apollo = new ApolloServer<{ caller: string }>({
    typeDefs: 'type Query { echo(text: String!): String!  caller: String! }',
    resolvers: {
      Query: {
        echo: (_: unknown, { text }: { text: string }) => text,
        caller: (_: unknown, __: unknown, ctx: { caller: string }) => ctx.caller,
      },
    },
  });
  await apollo.start();
  const app = express();
  app.use(
    '/graphql',
    express.json(),
    graphqlHttp(apollo, async (req) => ({ caller: req.get('x-caller') ?? 'nobody' })),
  );
  // Without a body parser in front: a setup mistake, reported to the error handler.
  app.use(
    '/bare',
    graphqlHttp(apollo, async () => ({ caller: 'nobody' })),
  );
  const onError: ErrorRequestHandler = (err: Error, _req, res, _next) =>
    void res.status(500).json({ handled: err.message });
  app.use(onError);
  server = http.createServer(app);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
});
afterAll(async () => {
  await apollo.stop();
  await new Promise<void>((r) => server.close(() => r()));
});

it('answers a GET from its query string, a fragment after it not included', async () => {
  const query = encodeURIComponent('query($t: String!) { echo(text: $t) }');
  const variables = encodeURIComponent(JSON.stringify({ t: 'a&b?c' }));
  const res = await fetch(`${url}?query=${query}&variables=${variables}#ignored`, {
    headers: { 'apollo-require-preflight': 'true' },
  });
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ data: { echo: 'a&b?c' } });
});

it('answers a POST with the context built from the request, its length in bytes', async () => {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-caller': 'engineer' },
    body: JSON.stringify({ query: '{ caller echo(text: "Bemessung µ ≤ 1,0") }' }),
  });
  const text = await res.text();
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(text));
  expect(JSON.parse(text)).toEqual({ data: { caller: 'engineer', echo: 'Bemessung µ ≤ 1,0' } });
});

it('passes a failure to the error handler', async () => {
  const res = await fetch(url.replace('/graphql', '/bare'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ caller }' }),
  });
  expect(res.status).toBe(500);
  expect(((await res.json()) as { handled: string }).handled).toMatch(/req\.body is not set/);
});

it('tells a multipart body from the others, whatever the case', () => {
  expect(isMultipart({ headers: { 'content-type': 'multipart/form-data; boundary=x' } } as http.IncomingMessage)).toBe(
    true,
  );
  expect(isMultipart({ headers: { 'content-type': 'Multipart/Form-Data; boundary=x' } } as http.IncomingMessage)).toBe(
    true,
  );
  expect(isMultipart({ headers: { 'content-type': 'application/json' } } as http.IncomingMessage)).toBe(false);
  expect(isMultipart({ headers: {} } as http.IncomingMessage)).toBe(false);
});
