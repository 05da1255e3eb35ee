// Starts the platform under fuzz in a process of its own (fuzz/serve.ts) and speaks its IPC: the
// fuzz (fuzz/main.ts), one case sent again (fuzz/replay.ts) and issue 29's attacks
// (bench/security-findings.ts) start it the same way.
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import type { FuzzTarget } from './family.ts';

export interface FuzzServer {
  target: Required<FuzzTarget>;
  child: ChildProcess;
  /** The server's worst event-loop turn since the last ask, in its main thread's CPU ms and wall ms (fuzz/stalls.ts). */
  stalls(): Promise<{ cpuMs: number; wallMs: number }>;
  stop(): Promise<void>;
}

/**
 * glibc's allocator setting of the documented start (package.json's start scripts; glibc reads it when
 * the process starts): buffers of 128 KiB and more are mapped on their own and unmapped when freed,
 * with no dynamic threshold that would move them into the arenas, whose freed memory glibc keeps
 * (core/zip.ts, docs/operations/security.md). The fuzz measures the server as it is run.
 */
export const MALLOC_TUNABLES = 'glibc.malloc.mmap_threshold=131072';

/** `env` is the server's whole environment; `execArgv` is added to Node's (FUZZ_SERVER_NODE_ARGS, a profiler…). */
export async function startFuzzServer(env: NodeJS.ProcessEnv, execArgv: string[] = []): Promise<FuzzServer> {
  const child = fork(new URL('./serve.ts', import.meta.url), {
    stdio: 'inherit',
    env: { GLIBC_TUNABLES: MALLOC_TUNABLES, ...env },
    execArgv: [...process.execArgv, ...execArgv],
  });
  const [target] = (await once(child, 'message')) as [Required<FuzzTarget>];
  return {
    target,
    child,
    stalls: () => {
      const answer = new Promise<{ cpuMs: number; wallMs: number }>((resolve) => {
        const on = (m: { stalls?: { cpuMs: number; wallMs: number } }) => {
          if (!m.stalls) return;
          child.off('message', on);
          resolve(m.stalls);
        };
        child.on('message', on);
      });
      child.send('stalls');
      return answer;
    },
    stop: async () => {
      child.send('stop');
      await once(child, 'exit');
    },
  };
}
