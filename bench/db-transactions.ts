// node bench/db-transactions.ts — what a Prisma transaction costs on the
// libSQL file database, with transactions reusing their connections
// (core/db/transaction-connections.ts, what openDatabase gives) beside the
// baseline, @libsql/client as it comes (a new connection per transaction,
// the old one left open), each in a child process of its own so their RSS
// does not mix. Prints time, RSS growth and file descriptors left open.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const N = Number(process.env.BENCH_TRANSACTIONS ?? 3000);
const variant = process.argv[2];

if (variant) {
  const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync('/proc/self/status', 'utf8'))![1]) / 1024;
  const fds = () => fs.readdirSync('/proc/self/fd').length;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-tx-'));
  const url = `file:${path.join(dir, 'bench.db')}`;
  const { openDatabase } = await import('../core/db/client.ts');
  const db =
    variant === 'reused'
      ? await openDatabase({ url })
      : await (async () => {
          await openDatabase({ url }).then((d) => d.$disconnect()); // migrations, WAL
          const { PrismaClient } = (await import('@prisma/client')).default;
          const { PrismaLibSQL } = await import('@prisma/adapter-libsql');
          return new PrismaClient({ adapter: new PrismaLibSQL({ url }) });
        })();
  await db.$transaction(async (tx) => tx.$queryRawUnsafe('SELECT 1'));
  const [rss0, fds0, t] = [rssMb(), fds(), performance.now()];
  for (let i = 0; i < N; i++)
    await db.$transaction(async (tx) => tx.$queryRawUnsafe('SELECT count(*) FROM sqlite_master'));
  process.send!({ ms: performance.now() - t, rssMb: rssMb() - rss0, fds: fds() - fds0 });
  await db.$disconnect();
  fs.rmSync(dir, { recursive: true, force: true });
  process.exit(0);
}

const measure = async (name: string) => {
  const child = fork(new URL(import.meta.url), [name], { execArgv: process.execArgv });
  const [result] = (await once(child, 'message')) as [{ ms: number; rssMb: number; fds: number }];
  await once(child, 'exit');
  return result;
};
const baseline = await measure('baseline');
const reused = await measure('reused');
const row = (name: string, r: typeof baseline) =>
  console.log(
    `${name.padEnd(40)} ${(r.ms / N).toFixed(2)} ms a transaction, RSS +${r.rssMb.toFixed(0)} MB, ${r.fds} descriptors left open`,
  );
console.log(`${N} Prisma transactions (load ${os.loadavg()[0]!.toFixed(1)}):`);
row('baseline (a new connection each)', baseline);
row('reused connections', reused);
console.log(
  `time ratio ${(baseline.ms / reused.ms).toFixed(1)}x, RSS growth ratio ${(baseline.rssMb / Math.max(1, reused.rssMb)).toFixed(1)}x`,
);
