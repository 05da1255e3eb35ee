// The platform for a benchmark: one process on loopback, in development mode, silent, on a data
// folder of its own; `env` adds what the benchmark needs (rate limits lifted, worker counts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../core/config.ts';
import { startServer } from '../../gateway/server.ts';

export async function startBenchServer(prefix: string, env: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const server = await startServer(
    loadConfig({
      NODE_ENV: 'development',
      PORT: '0',
      MEMORY_PORT: '0',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      ...env,
    }),
  );
  return { server, dataDir };
}
