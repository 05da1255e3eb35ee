// Interruptible reads on PostgreSQL (see ../interruptible-reads.ts for why the
// search reads need them). The statement runs in the server's own process, so
// the event loop is never blocked; stopping it is PostgreSQL's cancel request:
// pg_cancel_backend on the connection's backend, sent from another connection,
// ends the statement at its next interrupt check. A few connections of their
// own, beside Prisma's pool, so a cancel never lands on a Prisma statement.
import pg from 'pg';
import type { InterruptibleReads } from '../interruptible-reads.ts';

const MAX_CONNECTIONS = 4;

export function createPostgresReads(
  connectionString: string,
  options: string,
  onQuery?: (sql: string) => void,
): InterruptibleReads {
  const pool = new pg.Pool({
    connectionString,
    options,
    max: MAX_CONNECTIONS,
    idleTimeoutMillis: 10_000,
    allowExitOnIdle: true,
  });
  // An idle connection the server ended (restart, failover) is dropped from the pool; the next read opens another.
  pool.on('error', () => {});
  return {
    async query<T>(sql: string, args: readonly unknown[], signal?: AbortSignal): Promise<T[]> {
      signal?.throwIfAborted();
      onQuery?.(sql);
      const client = await pool.connect();
      const pid = (client as unknown as { processID: number }).processID;
      const cancel = () => void pool.query('SELECT pg_cancel_backend($1)', [pid]).catch(() => {});
      signal?.addEventListener('abort', cancel, { once: true });
      try {
        signal?.throwIfAborted();
        return (await client.query({ text: sql, values: [...args] })).rows as T[];
      } catch (err) {
        // 57014 (query_canceled) says only that it was stopped; the signal says why.
        if (signal?.aborted) throw signal.reason;
        throw err;
      } finally {
        signal?.removeEventListener('abort', cancel);
        client.release();
      }
    },
    close() {
      void pool.end().catch(() => {});
    },
  };
}
