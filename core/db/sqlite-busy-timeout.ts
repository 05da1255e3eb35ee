// @libsql/client hands its connection to each transaction and opens a new one
// for what follows, always with libSQL's default busy timeout of 0, so a
// second process writing at the same moment would fail at once with
// SQLITE_BUSY. There is no option for it; this gives every connection the
// timeout (and foreign-key enforcement) on first use. It lives here, the one place that knows it is SQLite.
import { createRequire } from 'node:module';

const MARK = Symbol('busy timeout set');

export function installBusyTimeout(ms: number): void {
  const require = createRequire(import.meta.resolve('@libsql/client'));
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- libsql's native class is patched and has no types
  const Database = require('libsql') as { prototype: Record<string | symbol, any> };
  const proto = Database.prototype;
  if (proto[MARK] !== undefined) {
    proto[MARK] = ms;
    return;
  }
  proto[MARK] = ms;
  const originalPrepare = proto.prepare;
  const originalExec = proto.exec;
  const ensure = (db: Record<symbol, unknown>) => {
    if (db[MARK] === true) return;
    db[MARK] = true; // own property: this connection is done
    originalExec.call(
      db,
      `PRAGMA busy_timeout = ${Number(proto[MARK])}; PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL`,
    );
  };
  proto.prepare = function (this: Record<symbol, unknown>, sql: string) {
    ensure(this);
    return originalPrepare.call(this, sql);
  };
  proto.exec = function (this: Record<symbol, unknown>, sql: string) {
    ensure(this);
    return originalExec.call(this, sql);
  };
}
