import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';

export function wsClient(httpUrl: string, key?: string): Client {
  return createClient({
    url: httpUrl.replace(/^http/, 'ws') + '/graphql',
    webSocketImpl: WebSocket,
    connectionParams: key ? { authorization: `Bearer ${key}` } : {},
    retryAttempts: 0,
  });
}

/** Collects every event of one subscription until the server completes it. */
export async function collect(client: Client, query: string, variables: Record<string, unknown>): Promise<any[]> {
  const events: any[] = [];
  for await (const event of client.iterate({ query, variables })) events.push(event);
  return events;
}

export interface RawSocket {
  ws: WebSocket;
  /** Every message the server sent, parsed. */
  received: any[];
  /** The close code and reason, once the socket closes. */
  closed: Promise<{ code: number; reason: string }>;
  send(message: unknown): void;
}

/**
 * A bare graphql-transport-ws socket, for tests of what the server does with messages a client
 * library would never send: resolves once open, or rejects with the HTTP status of a refused upgrade.
 */
export function rawSocket(httpUrl: string): Promise<RawSocket> {
  const ws = new WebSocket(httpUrl.replace(/^http/, 'ws') + '/graphql', 'graphql-transport-ws');
  const received: any[] = [];
  ws.on('message', (data) => received.push(JSON.parse(String(data))));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.once('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  return new Promise((resolve, reject) => {
    ws.once('open', () =>
      resolve({ ws, received, closed, send: (m) => ws.send(typeof m === 'string' ? m : JSON.stringify(m)) }),
    );
    ws.once('unexpected-response', (_req, res) =>
      reject(Object.assign(new Error(`upgrade refused: ${res.statusCode}`), { status: res.statusCode })),
    );
    ws.once('error', reject);
  });
}
