import { isMainThread } from 'node:worker_threads';
import { pino, type Logger } from 'pino';

export type { Logger };

/**
 * Structured JSON lines on stdout; each request logs through a child carrying its request id.
 *
 * Written asynchronously on the main thread: stdout is synchronous for pipes on Linux, so with the
 * default destination every request's line was a blocking write on the request path, 11% of the
 * gateway's samples on the realistic mix (bench/gateway/profile.ts) while the reader of the pipe
 * lagged. An asynchronous destination writes what accumulated while the last write was under way
 * in one call, and never waits for the reader; pino flushes it synchronously when the process exits.
 * Worker threads keep the synchronous destination: pino's exit flush is for the main thread only.
 */
export function createLogger(level: string): Logger {
  const destination = pino.destination({ dest: 1, sync: !isMainThread });
  return pino({ level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime }, destination);
}
