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

/** `env` is the server's whole environment; `execArgv` is added to Node's (FUZZ_SERVER_NODE_ARGS, a profiler…). */
export async function startFuzzServer(env: NodeJS.ProcessEnv, execArgv: string[] = []): Promise<FuzzServer> {
  const child = fork(new URL('./serve.ts', import.meta.url), {
    stdio: 'inherit',
    env,
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
