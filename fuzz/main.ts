// npm run fuzz -- [--seed N] [--seconds S] [--no-truncated-multipart]: starts the platform on loopback
// with a fresh data directory and runs the fuzz (fuzz/fuzz.ts) against it.
// Exits 1 on any failure. Bounds: /healthcheck p99 under 200 ms, RSS under
// FUZZ_MAX_RSS_MB (2,048 MB by default).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../core/config.ts';
import { startServer } from '../gateway/server.ts';
import { printReport, runFuzz } from './fuzz.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const seed = arg('seed', 1);
const seconds = arg('seconds', 120);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-fuzz-'));
const server = await startServer(loadConfig({ ...process.env, PORT: '0', MEMORY_PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: dataDir, NODE_ENV: 'test', SIGNING_SECRET: randomBytes(32).toString('hex'), ENTERPRISE_RATE_PER_MIN: '1000000', PUBLIC_RATE_PER_MIN: '1000000', POLLING_RATE_PER_MIN: '1000000' }));
const { secret } = await server.platform.keys.create({ name: 'fuzz', tier: 'enterprise' });
const report = await runFuzz(
  { url: server.url, memoryUrl: server.memoryUrl, key: secret },
  { seed, durationMs: seconds * 1000, concurrency: 4, truncatedMultipart: !process.argv.includes('--no-truncated-multipart'), healthP99Ms: 200, maxRssBytes: Number(process.env.FUZZ_MAX_RSS_MB ?? 2048) * 2 ** 20, rss: () => process.memoryUsage().rss },
);
printReport(report, seed);
await server.close(2_000);
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(report.failures.length ? 1 : 0);
