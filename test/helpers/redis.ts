// A real redis-server on a free loopback port for the tests that need Redis (.ci/run installs the
// Debian package). Each server has its own directory and append-only file, so a test can SIGKILL it
// and start it again on the same port with what it had written.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../core/net/free-port.ts';

export interface RedisServer {
  url: string;
  port: number;
  /** SIGKILLs it (no shutdown save: only what the append-only file already has survives). */
  kill(): Promise<void>;
  /** Starts it again on the same port and directory. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** Whether redis-server is installed; tests that need it say so and skip when it is not. */
export const redisAvailable = (): boolean => spawnSync('redis-server', ['--version']).status === 0;

function launch(port: number, dir: string): Promise<ChildProcess> {
  const proc = spawn(
    'redis-server',
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--dir',
      dir,
      '--save',
      '',
      '--appendonly',
      'yes',
      '--appendfsync',
      'everysec',
      '--maxmemory-policy',
      'noeviction',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${out}`)), 10_000);
    proc.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve(proc);
      }
    });
    proc.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited with ${code}:\n${out}`));
    });
  });
}

export async function startRedis(): Promise<RedisServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'redis-test-'));
  const port = await freePort();
  let proc = await launch(port, dir);
  const stopProc = async (signal: NodeJS.Signals) => {
    if (proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = new Promise((r) => proc.once('exit', r));
    proc.kill(signal);
    await exited;
  };
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    kill: () => stopProc('SIGKILL'),
    async restart() {
      proc = await launch(port, dir);
    },
    async stop() {
      await stopProc('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A prefix of its own for each test server, so tests sharing one Redis never see each other's jobs or counts. */
export const uniquePrefix = (name = 'test') => `${name}-${process.pid}-${Math.random().toString(36).slice(2, 10)}`;
