// Every HTTP server the platform starts (gateway, memory service, a subgraph on its own) is made
// here, so they share one keep-alive policy. Node closes an idle keep-alive connection after 5 s;
// a client reusing it at that moment has its request dropped unanswered (bench/drawings' eighth
// upload met this), so idle connections stay open for LIMITS.httpKeepAliveMs.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { LIMITS } from '../limits.ts';

export function createHttpServer(handler?: http.RequestListener): http.Server {
  const server = http.createServer(handler);
  server.keepAliveTimeout = LIMITS.httpKeepAliveMs;
  // A request's headers may take as long as an idle connection may wait for them.
  server.headersTimeout = Math.max(server.headersTimeout, LIMITS.httpKeepAliveMs + 1_000);
  return server;
}

/** Listens and resolves with the port actually bound (port 0 picks a free one). */
export function listen(server: http.Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });
}
