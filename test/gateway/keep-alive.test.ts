// Idle keep-alive connections stay open past Node's 5 s default (core/limits.ts
// httpKeepAliveMs): a client reusing a connection idle for a few seconds must get an answer,
// not a socket closed as it sends (bench/drawings.ts's eighth upload met that).
import http from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 120_000);
afterAll(async () => {
  await server.stop();
});

function get(
  agent: http.Agent,
  url: string,
): Promise<{ status: number; reused: boolean; keepAlive: string | undefined; port: number }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent }, (res) => {
      res.resume();
      res.on('end', () =>
        resolve({
          status: res.statusCode!,
          reused: req.reusedSocket,
          keepAlive: res.headers['keep-alive'] as string | undefined,
          port: req.socket!.localPort!,
        }),
      );
    });
    req.on('error', reject);
  });
}

it('keeps an idle connection open past 6 s and answers the next request on it', async () => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const first = await get(agent, `${server.url}/v1/codes`);
    expect(first.status).toBe(200);
    expect(first.keepAlive).toBe('timeout=65');
    // Past Node's default 5 s (plus its 1 s buffer), where the server used to close the connection.
    await new Promise((r) => setTimeout(r, 6_500));
    const second = await get(agent, `${server.url}/v1/codes`);
    expect(second).toMatchObject({ status: 200, reused: true, port: first.port });
  } finally {
    agent.destroy();
  }
}, 60_000);

it('the memory service keeps idle connections as long as the gateway', async () => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const res = await get(agent, `${server.memoryUrl}/healthcheck`);
    expect(res).toMatchObject({ status: 200, keepAlive: 'timeout=65' });
  } finally {
    agent.destroy();
  }
});
