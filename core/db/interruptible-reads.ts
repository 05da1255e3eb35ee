// Reads whose cost a caller's input decides (full-text and vector search) run
// here instead of through Prisma. Prisma's libSQL adapter steps every statement
// synchronously on the main thread: a long FTS5 query there blocks the event
// loop, and nothing can interrupt it, since the only thread that could call
// sqlite3_interrupt is the one running the query. libSQL's promise API (the
// same `libsql` driver @libsql/client uses, `libsql/promise`) runs the
// statement on the driver's own thread pool instead, so the event loop keeps
// serving, and `interrupt()` (sqlite3_interrupt) stops it at the next VM step
// when the caller's signal aborts: measured, an FTS5 query of 1 s stops within
// 3 ms of the interrupt.
//
// Interrupting acts on a whole connection, so a connection runs one statement
// at a time: each read takes an idle connection of this database file (or opens
// one) and gives it back. Only file databases have a second connection to the
// same data; any other URL reads through Prisma, uninterruptibly.
import { createRequire } from 'node:module';
import type { PrismaClient } from '@prisma/client';
import type { InterruptibleReads } from './types.ts';

export type { InterruptibleReads } from './types.ts';

interface PromiseStatement {
  all(args: unknown[]): Promise<unknown[]>;
}
interface PromiseConnection {
  prepare(sql: string): Promise<PromiseStatement>;
  exec(sql: string): Promise<void>;
  interrupt(): void;
  close(): void;
}
type PromiseDatabaseClass = new (path: string, options?: { timeout?: number }) => PromiseConnection;

/** The `libsql/promise` class of the very driver the Prisma adapter loads. */
function promiseDriver(): PromiseDatabaseClass {
  const require = createRequire(import.meta.resolve('@libsql/client'));
  return require('libsql/promise') as PromiseDatabaseClass;
}

/** Idle connections kept per database file; more are opened while more reads run at once, and closed after. */
const MAX_IDLE = 4;
const BUSY_TIMEOUT_S = 5;

export function createInterruptibleReads(filePath: string, onQuery?: (sql: string) => void): InterruptibleReads {
  const Driver = promiseDriver();
  const idle: PromiseConnection[] = [];
  let closed = false;

  async function checkout(): Promise<PromiseConnection> {
    const ready = idle.pop();
    if (ready) return ready;
    const connection = new Driver(filePath, { timeout: BUSY_TIMEOUT_S });
    await connection.exec('PRAGMA query_only = ON');
    return connection;
  }
  function checkin(connection: PromiseConnection): void {
    if (!closed && idle.length < MAX_IDLE) idle.push(connection);
    else connection.close();
  }

  return {
    async query<T>(sql: string, args: readonly unknown[], signal?: AbortSignal): Promise<T[]> {
      signal?.throwIfAborted();
      onQuery?.(sql);
      const connection = await checkout();
      const interrupt = () => connection.interrupt();
      signal?.addEventListener('abort', interrupt, { once: true });
      try {
        const statement = await connection.prepare(sql);
        signal?.throwIfAborted();
        return (await statement.all([...args])) as T[];
      } catch (err) {
        // SQLITE_INTERRUPT says only that it was stopped; the signal says why.
        if (signal?.aborted) throw signal.reason;
        throw err;
      } finally {
        signal?.removeEventListener('abort', interrupt);
        checkin(connection);
      }
    },
    close() {
      closed = true;
      for (const c of idle.splice(0)) c.close();
    },
  };
}

/** Prisma for databases without a file of their own (`:memory:`, remote): the same answers, not interruptible. */
export function prismaReads(db: Pick<PrismaClient, '$queryRawUnsafe'>): InterruptibleReads {
  return {
    async query<T>(sql: string, args: readonly unknown[], signal?: AbortSignal): Promise<T[]> {
      signal?.throwIfAborted();
      return db.$queryRawUnsafe<T[]>(sql, ...args);
    },
    close() {},
  };
}
