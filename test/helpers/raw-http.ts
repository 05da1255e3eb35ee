// Sends exactly the bytes given over a plain socket: for requests no fetch()
// would send (truncated bodies, a Content-Length larger than what follows).
import net from 'node:net';

export interface RawResponse {
  status: number;
  headers: string;
  body: string;
  /** When the status line arrived, in ms after the request started. */
  ms: number;
}

/**
 * Writes the request line, `headers` and `body` (possibly less than Content-Length announces), then
 * waits for the status line and the rest of the response until the server
 * closes the connection or `waitMs` passes.
 */
export function rawRequest(
  url: string,
  method: string,
  headers: Record<string, string | number>,
  body: Buffer | string = '',
  waitMs = 5_000,
): Promise<RawResponse> {
  const { hostname, port, pathname, search } = new URL(url);
  const head = [
    `${method} ${pathname}${search} HTTP/1.1`,
    `host: ${hostname}:${port}`,
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
  ].join('\r\n');
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    let firstAt = 0;
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(chunks).toString('latin1');
      const m = /^HTTP\/1\.1 (\d{3})/.exec(text);
      if (!m)
        return reject(new Error(`no HTTP response within ${waitMs} ms (got ${JSON.stringify(text.slice(0, 200))})`));
      const split = text.indexOf('\r\n\r\n');
      resolve({
        status: Number(m[1]),
        headers: text.slice(0, split),
        body: text.slice(split + 4),
        ms: firstAt - started,
      });
    };
    const timer = setTimeout(finish, waitMs);
    socket.on('data', (c: Buffer) => {
      if (!firstAt) firstAt = performance.now();
      chunks.push(c);
      // A complete small JSON answer: no need to wait for the close.
      const text = Buffer.concat(chunks).toString('latin1');
      const len = /content-length: (\d+)/i.exec(text);
      const split = text.indexOf('\r\n\r\n');
      if (len && split > 0 && Buffer.byteLength(text.slice(split + 4), 'latin1') >= Number(len[1])) finish();
    });
    socket.on('error', () => finish());
    socket.on('close', finish);
    socket.write(head + '\r\n\r\n');
    if (body.length) socket.write(body);
  });
}

/** Times GET url: the server must answer within boundMs. */
export async function answersWithin(url: string, boundMs: number): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, { signal: AbortSignal.timeout(boundMs) });
  await res.arrayBuffer();
  if (res.status >= 500) throw new Error(`${url} answered ${res.status}`);
  return performance.now() - started;
}
