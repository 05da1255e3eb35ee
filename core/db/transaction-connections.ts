// Transactions reuse their SQLite connections.
//
// @libsql/client 0.15 (under Prisma's libSQL adapter) hands its connection to
// each transaction and opens a new one for whatever follows (see
// sqlite-busy-timeout.ts), so every Prisma transaction opens a connection. The
// old one is never closed, and the driver (libsql 0.5) keeps a connection's
// files and native memory even after close() until V8 collects its small JS
// wrapper, which nothing hurries: the native memory (SQLite's page cache, the
// parsed schema, the driver's buffers) is invisible to V8. Measured: 3,000
// transactions grew RSS by 870 MB (0.29 MB each, linearly, with a JS heap of
// 60 MB) and held 2 file descriptors each; the fuzz, whose jobs each run a few
// transactions, passed 3 GB in 60 s this way. Opening a connection also costs
// the main thread a few ms (schema parse, pragmas).
//
// Here the client's transactions take a connection of this database file from
// a small idle list (opening one only when none is idle) and give it back when
// the transaction ends. The adapter runs one transaction at a time, so one
// connection is normally all there is. Only file databases: any other URL keeps
// the client's own behaviour.
import { createRequire } from 'node:module';

interface Connection {
  readonly inTransaction: boolean;
  exec(sql: string): void;
  close(): void;
}
type ConnectionClass = new (path: string) => Connection;
interface Transaction {
  commit(): Promise<void>;
  rollback(): Promise<void>;
  close(): void;
}
type TransactionClass = new (connection: Connection, intMode: string) => Transaction;
interface Client {
  transaction(mode?: 'write' | 'read' | 'deferred'): Promise<Transaction>;
}

/** Idle connections kept for the next transaction; more are closed when given back. */
const MAX_IDLE = 2;

const BEGIN = { write: 'BEGIN IMMEDIATE', read: 'BEGIN TRANSACTION READONLY', deferred: 'BEGIN DEFERRED' } as const;

/** The driver classes of the very @libsql/client the adapter loads (lib-esm/node.js imports ./sqlite3.js). */
async function driver(): Promise<{ Connection: ConnectionClass; Transaction: TransactionClass }> {
  const clientUrl = import.meta.resolve('@libsql/client');
  const { Sqlite3Transaction } = (await import(new URL('./sqlite3.js', clientUrl).href)) as {
    Sqlite3Transaction: TransactionClass;
  };
  return { Connection: createRequire(clientUrl)('libsql') as ConnectionClass, Transaction: Sqlite3Transaction };
}

const { Connection, Transaction } = await driver();

/** `client` (an @libsql/client client of the SQLite file `file`), its transactions reusing connections. */
export function reuseTransactionConnections<C extends object>(client: C, file: string, intMode = 'number'): C {
  const idle: Connection[] = [];
  const giveBack = (connection: Connection) => {
    try {
      if (connection.inTransaction) connection.exec('ROLLBACK');
      if (idle.length < MAX_IDLE) return void idle.push(connection);
    } catch {
      // A connection that cannot roll back is not reused.
    }
    connection.close();
  };
  const transaction: Client['transaction'] = async (mode = 'write') => {
    const connection = idle.pop() ?? new Connection(file);
    try {
      connection.exec(BEGIN[mode]);
    } catch (err) {
      giveBack(connection);
      throw err;
    }
    const tx = new Transaction(connection, intMode);
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      giveBack(connection);
    };
    const { commit, rollback, close } = tx;
    // A failed COMMIT leaves the transaction open: the adapter then rolls back, so the connection goes back only once it is over.
    tx.commit = () => commit.call(tx).then(end);
    tx.rollback = () => rollback.call(tx).finally(end);
    tx.close = () => {
      try {
        close.call(tx);
      } finally {
        end();
      }
    };
    return tx;
  };
  return new Proxy(client, {
    get(target, key) {
      if (key === 'transaction') return transaction;
      if (key === 'close') {
        return () => {
          for (const c of idle.splice(0)) c.close();
          return (target as { close(): void }).close();
        };
      }
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
