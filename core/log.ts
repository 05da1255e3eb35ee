import { pino, type Logger } from 'pino';

export type { Logger };

/** Structured JSON lines on stdout; each request logs through a child carrying its request id. */
export function createLogger(level: string): Logger {
  return pino({ level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime });
}
