// The embedded database gives the event loop back between statements.
//
// libSQL runs each statement synchronously on the main thread, and Prisma's adapter queues every
// query behind one mutex whose release resolves the next waiter's promise: a microtask. So a queue
// of queries (twenty requests' worth, a job's results, a drain of memory facts) ran to its end in
// one turn of the event loop, however long, with nothing else answered meanwhile: the fuzz saw
// turns of 275 ms of main-thread CPU made of nothing but small queries (fuzz/stalls.ts). Here a
// statement waits for the next turn (setImmediate, after the poll phase) once the statements run
// since the last wait have held the loop for SLICE_MS: a busy queue costs one short turn in
// SLICE_MS, an idle one nothing. The wait happens inside the adapter's mutex, so no other query
// of this process runs between a transaction's statements (as before). PostgreSQL needs none of
// this: its driver waits on the network.
import { setImmediate as nextTurn } from 'node:timers/promises';

/** Wall time statements may hold the event loop before the next one waits for a new turn. */
export const SLICE_MS = 8;

interface Executes {
  execute(...args: unknown[]): Promise<unknown>;
  batch?(...args: unknown[]): Promise<unknown>;
}

let sliceStart = performance.now();

async function turnIfDue(): Promise<void> {
  if (performance.now() - sliceStart < SLICE_MS) return;
  await nextTurn();
  sliceStart = performance.now();
}

const STATEMENT_METHODS = new Set(['execute', 'batch', 'executeMultiple']);

function withTurns<T extends object>(target: T, wrapTransactions: boolean): T {
  return new Proxy(target, {
    get(t, key) {
      const value = Reflect.get(t, key, t);
      if (typeof value !== 'function') return value;
      if (STATEMENT_METHODS.has(key as string)) {
        return async (...args: unknown[]) => {
          await turnIfDue();
          return (value as (...a: unknown[]) => Promise<unknown>).apply(t, args);
        };
      }
      if (wrapTransactions && key === 'transaction') {
        return async (...args: unknown[]) =>
          withTurns((await (value as (...a: unknown[]) => Promise<object>).apply(t, args)) as object, false);
      }
      return value.bind(t);
    },
  });
}

/** `client` (an @libsql/client client), its statements and its transactions' giving the loop a turn every SLICE_MS. */
export function yieldBetweenStatements<C extends object>(client: C): C {
  return withTurns(client as C & Executes, true);
}
