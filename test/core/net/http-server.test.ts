import http from 'node:http';
import { afterEach, expect, it } from 'vitest';
import { createHttpServer, listen } from '../../../core/net/http-server.ts';
import { LIMITS } from '../../../core/limits.ts';

let server: http.Server | undefined;
afterEach(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

it('makes servers that keep idle connections for the platform limit, not Node’s 5 s', async () => {
  server = createHttpServer((_req, res) => res.end('ok'));
  expect(server.keepAliveTimeout).toBe(LIMITS.httpKeepAliveMs);
  // Headers may arrive as late as an idle connection may wait, or Node would cut the connection first.
  expect(server.headersTimeout).toBeGreaterThan(LIMITS.httpKeepAliveMs);
  const port = await listen(server, 0, '127.0.0.1');
  const agent = new http.Agent({ keepAlive: true });
  const header = await new Promise<string | undefined>((resolve, reject) => {
    http
      .get(`http://127.0.0.1:${port}/`, { agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.headers['keep-alive'] as string | undefined));
      })
      .on('error', reject);
  });
  agent.destroy();
  expect(header).toBe(`timeout=${Math.floor(LIMITS.httpKeepAliveMs / 1000)}`);
});

it('rejects when the port is taken', async () => {
  server = createHttpServer();
  const port = await listen(server, 0, '127.0.0.1');
  const second = createHttpServer();
  await expect(listen(second, port, '127.0.0.1')).rejects.toMatchObject({ code: 'EADDRINUSE' });
});
