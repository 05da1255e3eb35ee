// /api/events: the app's snapshot again on every change (one per tick: changes come in bursts, a
// tool call moves the lanes twice), the chat's run events and the bridge's calls, as server-sent
// events to every open page.
import type http from 'node:http';
import type { DesktopApp } from '../../app.ts';

export interface EventStreams {
  /** Answers an event-stream request: the snapshot now, then every change until the page goes. */
  open(req: http.IncomingMessage, res: http.ServerResponse): void;
  close(): void;
}

export function eventStreams(app: DesktopApp): EventStreams {
  const streams = new Set<http.ServerResponse>();
  const push = (event: string, data: unknown) => {
    const frame = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    for (const res of streams) res.write(frame);
  };
  let pending = false;
  const onChange = () => {
    if (pending) return;
    pending = true;
    setImmediate(() => {
      pending = false;
      push('state', app.snapshot());
    });
  };
  const onRun = (conversationId: string, event: Record<string, unknown>) => push('run', { conversationId, event });
  const onCall = (record: unknown) => push('call', record);
  app.on('changed', onChange);
  app.chat.on('run', onRun);
  app.bridge.on('call', onCall);
  // A keep-alive comment keeps proxies and the browser from closing an idle event stream.
  const ping = setInterval(() => {
    for (const res of streams) res.write(': ping\n\n');
  }, 15_000);
  ping.unref();
  return {
    open(req, res) {
      res.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-store',
        connection: 'keep-alive',
      });
      res.write(`event: state\ndata: ${JSON.stringify(app.snapshot())}\n\n`);
      streams.add(res);
      req.on('close', () => streams.delete(res));
    },
    close() {
      clearInterval(ping);
      app.off('changed', onChange);
      app.chat.off('run', onRun);
      app.bridge.off('call', onCall);
      for (const res of streams) res.end();
    },
  };
}
