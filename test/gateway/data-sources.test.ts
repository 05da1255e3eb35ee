// A remote subgraph whose process is restarting refuses connections: the gateway's fetch waits for
// it (the request never reached it, so even a mutation is safe to send again) rather than failing.
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { ForwardingDataSource } from '../../gateway/data-sources.ts';
import { freePort } from '../../core/net/free-port.ts';

const request = () =>
  ({
    request: { query: 'mutation { ping }', http: { method: 'POST', url: '', headers: new Map() } },
    context: {},
    kind: 'incoming operation',
    incomingRequestContext: {},
  }) as never;

it('retries a refused connection until the subgraph listens, within refusedWaitMs', async () => {
  const port = await freePort();
  const source = new ForwardingDataSource({ url: `http://127.0.0.1:${port}/graphql`, refusedWaitMs: 20_000 });
  let received = 0;
  const server = http.createServer((req, res) => {
    received++;
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: { ping: 'pong' } })));
  });
  const answer = source.process(request());
  await sleep(700);
  server.listen(port, '127.0.0.1');
  try {
    expect(await answer).toMatchObject({ data: { ping: 'pong' } });
    expect(received).toBe(1);
  } finally {
    server.close();
  }
});

it('fails once refusedWaitMs has passed', async () => {
  const port = await freePort();
  const source = new ForwardingDataSource({ url: `http://127.0.0.1:${port}/graphql`, refusedWaitMs: 500 });
  const started = Date.now();
  await expect(source.process(request())).rejects.toThrow(/ECONNREFUSED/);
  expect(Date.now() - started).toBeGreaterThanOrEqual(500);
});
