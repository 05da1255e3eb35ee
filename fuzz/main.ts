// npm run fuzz -- [--seed N] [--seconds S] [--no-truncated-multipart]: starts the platform on loopback
// in a child process with a fresh data directory (fuzz/serve.ts) and runs the fuzz (fuzz/fuzz.ts)
// against it from this one, so the fuzzer's work does not count against the server's responsiveness.
// Exits 1 on any failure. Bounds: /healthcheck p99 under 200 ms, the server's RSS under
// FUZZ_MAX_RSS_MB (2,048 MB by default).
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { printReport, runFuzz } from './fuzz.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const seed = arg('seed', 1);
const seconds = arg('seconds', 120);
const child = fork(new URL('./serve.ts', import.meta.url), { stdio: 'inherit', execArgv: [...process.execArgv, ...(process.env.FUZZ_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean)] });
const [target] = (await once(child, 'message')) as [{ url: string; memoryUrl: string; key: string }];
// The server's RSS, asked for with each health probe (IPC, answered between requests).
let rss = 0;
child.on('message', (m: { rss?: number }) => {
  if (m.rss) rss = Math.max(rss, m.rss);
});
const report = await runFuzz(target, {
  seed,
  durationMs: seconds * 1000,
  concurrency: 4,
  truncatedMultipart: !process.argv.includes('--no-truncated-multipart'),
  healthP99Ms: 200,
  maxRssBytes: Number(process.env.FUZZ_MAX_RSS_MB ?? 2048) * 2 ** 20,
  rss: () => {
    child.send('rss');
    return rss;
  },
});
printReport(report, seed);
child.send('stop');
await once(child, 'exit');
process.exit(report.failures.length ? 1 : 0);
