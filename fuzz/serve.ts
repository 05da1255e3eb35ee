// The platform under fuzz, in a process of its own (started by fuzz/main.ts
// over IPC), so the fuzzer's own work never shares the event loop whose
// responsiveness it measures. Sends {url, memoryUrl, key}, then its RSS on
// every 'rss' message; closes on 'stop'.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../core/config.ts';
import { startServer } from '../gateway/server.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-fuzz-'));
const server = await startServer(
  loadConfig({
    ...process.env,
    PORT: '0',
    MEMORY_PORT: '0',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    SIGNING_SECRET: randomBytes(32).toString('hex'),
    ENTERPRISE_RATE_PER_MIN: '1000000',
    PUBLIC_RATE_PER_MIN: '1000000',
    POLLING_RATE_PER_MIN: '1000000',
  }),
);
const { secret } = await server.platform.keys.create({ name: 'fuzz', tier: 'enterprise' });
process.send!({ url: server.url, memoryUrl: server.memoryUrl, key: secret });
process.on('message', async (message) => {
  if (message === 'rss') process.send!({ rss: process.memoryUsage().rss });
  if (message === 'stop') {
    await server.close(2_000);
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  }
});
