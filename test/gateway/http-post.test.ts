// The gateway's POST to subgraph processes: the answer as sent, one keep-alive connection reused,
// and a kept-alive connection found closed on reuse retried for reads only.
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createHttpPoster } from '../../gateway/http-post.ts';

let server: http.Server | undefined;
let poster: ReturnType<typeof createHttpPoster>;
beforeEach(() => {
  poster = createHttpPoster();
});
afterEach(() => {
  poster.close();
  return new Promise<void>((r) => (server ? (server.closeAllConnections(), server.close(() => r())) : r()));
});

/** A server that answers the first request on each connection and drops the connection at the second. */
async function oneRequestPerConnection() {
  const served = new WeakSet<Socket>();
  const seen = { requests: 0, sockets: new Set<number>() };
  server = http.createServer((req, res) => {
    seen.requests++;
    seen.sockets.add(req.socket.remotePort!);
    if (served.has(req.socket)) return req.socket.destroy();
    served.add(req.socket);
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () =>
      res
        .writeHead(200, 'Fine', { 'content-type': 'application/json', 'x-echo': String(req.headers['x-test'] ?? '') })
        .end(JSON.stringify({ echoed: body })),
    );
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`, seen };
}

it('returns status, status text, headers and body as the server sent them', async () => {
  const { url } = await oneRequestPerConnection();
  const answer = await poster.post(url, { 'content-type': 'application/json', 'x-test': 'yes' }, '{"q":"é"}', {
    idempotent: true,
  });
  expect(answer).toMatchObject({ status: 200, statusText: 'Fine', body: JSON.stringify({ echoed: '{"q":"é"}' }) });
  expect(answer.headers).toContainEqual(['x-echo', 'yes']);
});

it('sends a read again on a new connection when the kept-alive one was closed as it was reused', async () => {
  const { url, seen } = await oneRequestPerConnection();
  await poster.post(url, {}, '1', { idempotent: true });
  const second = await poster.post(url, {}, '2', { idempotent: true });
  expect(second.body).toBe(JSON.stringify({ echoed: '2' }));
  expect(seen.requests).toBe(3);
  expect(seen.sockets.size).toBe(2);
});

it('does not send a mutation twice: the reset reaches the caller', async () => {
  const { url, seen } = await oneRequestPerConnection();
  await poster.post(url, {}, '1', { idempotent: false });
  await expect(poster.post(url, {}, '2', { idempotent: false })).rejects.toMatchObject({ code: 'ECONNRESET' });
  expect(seen.requests).toBe(2);
});
