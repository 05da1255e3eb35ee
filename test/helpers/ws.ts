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
