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
    req.on('end', () =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: { ping: 'pong' } })),
    );
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
  const err = (await source.process(request()).catch((e: unknown) => e)) as {
    code?: string;
    cause?: { code?: string };
  };
  expect(err.cause?.code ?? err.code).toBe('ECONNREFUSED');
  expect(Date.now() - started).toBeGreaterThanOrEqual(500);
});

// A subgraph that answers after `delayMs`, counting what it executes.
async function countingSubgraph(delayMs: number) {
  const port = await freePort();
  const received: { body: string; authorization?: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ body, authorization: req.headers.authorization });
      const n = received.length;
      setTimeout(
        () =>
          res
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify({ data: { job: { id: 'j1', n } } })),
        delayMs,
      );
    });
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${port}/graphql`, received, close: () => server.close() };
}

const call = (query: string, authorization: string, variables: Record<string, unknown> = { id: 'j1' }) =>
  ({
    request: { query, variables },
    context: { authorization, requestId: Math.random().toString(36) },
    kind: 'incoming operation',
    incomingRequestContext: {},
  }) as never;

const READ = 'query($id:ID!){job(id:$id){id n}}';

it('shares one subgraph fetch among identical reads in flight, each caller getting its own objects', async () => {
  const subgraph = await countingSubgraph(150);
  const source = new ForwardingDataSource({ url: subgraph.url });
  try {
    const answers = (await Promise.all(Array.from({ length: 8 }, () => source.process(call(READ, 'Bearer a'))))) as {
      data: { job: object };
    }[];
    expect(subgraph.received).toHaveLength(1);
    for (const a of answers) expect(a.data.job).toEqual({ id: 'j1', n: 1 });
    // Separate objects: the gateway merges later fetches into them per request.
    expect(new Set(answers.map((a) => a.data.job)).size).toBe(8);
    // Once answered, the next read goes to the subgraph again (sharing is not a cache).
    await source.process(call(READ, 'Bearer a'));
    expect(subgraph.received).toHaveLength(2);
  } finally {
    subgraph.close();
  }
});

it('never shares across credentials, variables or mutations', async () => {
  const subgraph = await countingSubgraph(150);
  const source = new ForwardingDataSource({ url: subgraph.url });
  try {
    await Promise.all([
      source.process(call(READ, 'Bearer a')),
      source.process(call(READ, 'Bearer b')),
      source.process(call(READ, 'Bearer a', { id: 'j2' })),
      source.process(call('mutation($id:ID!){cancel(id:$id){id n}}', 'Bearer a')),
      source.process(call('mutation($id:ID!){cancel(id:$id){id n}}', 'Bearer a')),
    ]);
    expect(subgraph.received).toHaveLength(5);
    expect(subgraph.received.map((r) => r.authorization).sort()).toEqual([
      'Bearer a',
      'Bearer a',
      'Bearer a',
      'Bearer a',
      'Bearer b',
    ]);
  } finally {
    subgraph.close();
  }
});
