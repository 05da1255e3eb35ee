// The lone-subgraph baseline of the realistic mix: the same subgraph work without a gateway.
// Recording proxies stand between our gateway and the subgraph processes while a sample of the mix
// passes through it, and keep each request's subgraph fetches (grouped by its X-Request-Id, which
// the gateway forwards). The baseline then sends each recorded request's fetches straight to the
// subgraphs, one after the other as the query plan ran them: what answering the mix costs when
// nothing stands in front of the subgraphs.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHttpPoster } from '../../../gateway/http-post.ts';

export interface Fetch {
  subgraph: string;
  headers: Record<string, string>;
  body: string;
}

const FORWARDED = ['authorization', 'content-type', 'apollo-require-preflight'];

export interface Recorder {
  /** Subgraph name → the proxy's URL, for REMOTE_SUBGRAPHS. */
  urls: Record<string, string>;
  /** X-Request-Id → the fetches made for it, in the order they were sent. */
  fetches: Map<string, Fetch[]>;
  close(): Promise<void>;
}

export async function recordingProxies(subgraphs: Record<string, string>): Promise<Recorder> {
  const fetches = new Map<string, Fetch[]>();
  const poster = createHttpPoster();
  const servers: http.Server[] = [];
  const urls: Record<string, string> = {};
  for (const [name, target] of Object.entries(subgraphs)) {
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const headers = Object.fromEntries(
          FORWARDED.flatMap((h) => (typeof req.headers[h] === 'string' ? [[h, req.headers[h] as string]] : [])),
        );
        const id = String(req.headers['x-request-id'] ?? '');
        if (!fetches.has(id)) fetches.set(id, []);
        fetches.get(id)!.push({ subgraph: target, headers, body });
        poster.post(target, headers, body, { idempotent: false }).then(
          (answer) => res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body),
          () => res.writeHead(502).end(),
        );
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    servers.push(server);
    urls[name] = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
  }
  return {
    urls,
    fetches,
    close: async () => {
      poster.close();
      await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
    },
  };
}

/** Sends one recorded request's fetches to the subgraphs in order; right when every answer is a 200 without errors. */
export function replayer() {
  const poster = createHttpPoster(new http.Agent({ keepAlive: true }));
  return {
    async send(fetches: Fetch[]): Promise<boolean> {
      let ok = true;
      for (const f of fetches) {
        const answer = await poster.post(f.subgraph, f.headers, f.body, { idempotent: false });
        ok &&= answer.status === 200 && !answer.body.includes('"errors"');
      }
      return ok;
    },
    close: () => poster.close(),
  };
}
