// Runs the platform (or one subgraph) as a child process, as an operator would.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { testDatabaseEnv } from './postgres.ts';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface Child {
  proc: ChildProcess;
  output: () => string;
  /** Resolves with the first match of `pattern` in stdout. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  exited: Promise<number | null>;
}

export function spawnNode(script: string, args: string[], env: Record<string, string>): Child {
  const proc = spawn(process.execPath, [path.join(ROOT, script), ...args], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    out += chunk.toString();
    for (const l of listeners) l();
  };
  proc.stdout!.on('data', onData);
  proc.stderr!.on('data', onData);
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  return {
    proc,
    output: () => out,
    exited,
    // 100 s: a child platform starts in a few seconds on a quiet machine, and took 72 s at load 41;
    // a child that never prints is caught by its exit or by this bound, under vitest's 120 s hook limit.
    waitFor(pattern, timeoutMs = 100_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const m = out.match(pattern);
          if (m) {
            listeners.delete(check);
            clearTimeout(timer);
            resolve(m);
          }
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`timed out waiting for ${pattern} in output:\n${out}`));
        }, timeoutMs);
        listeners.add(check);
        check();
        void exited.then(() => {
          if (!out.match(pattern)) reject(new Error(`process exited before ${pattern}:\n${out}`));
        });
      });
    },
  };
}

/** Starts `npm start`'s entry point and reads its URLs and first key from what it prints. */
export async function startPlatformProcess(env: Record<string, string>) {
  const database = env.DATA_DIR && !env.DATABASE_URL ? await testDatabaseEnv(env.DATA_DIR) : {};
  const child = spawnNode('gateway/main.ts', [], {
    PORT: '0',
    MEMORY_PORT: '0',
    NODE_ENV: 'development',
    ...database,
    ...env,
  });
  const [, url] = await child.waitFor(/GraphQL gateway\s+(http:\/\/\S+)\/graphql/);
  return { child, url: url! };
}
