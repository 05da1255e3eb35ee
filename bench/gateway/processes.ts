// The processes bench/gateway measures: each server in its own process, started from here, with
// its CPU time read from /proc so a figure can be put per request served.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface Served {
  /** What the server printed when ready (the first capture group of its readiness pattern). */
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** user + system CPU seconds of a process so far, from /proc (Linux); null elsewhere. */
export function cpuSeconds(pid: number): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100/s)
  } catch {
    return null;
  }
}

/** Rate limits and job caps out of the way: the bench measures serving, not refusing. */
export const UNLIMITED = {
  PUBLIC_RATE_PER_MIN: '1000000000',
  ENTERPRISE_RATE_PER_MIN: '1000000000',
  POLLING_RATE_PER_MIN: '1000000000',
  ENTERPRISE_MAX_UNFINISHED_JOBS: '1000000',
};

/** One production secret for every server of a run (they verify each other's signed links). */
const SIGNING_SECRET = randomBytes(32).toString('hex');

/** `root`: the tree the script is taken from (another checkout, to compare a change against it). */
export async function serve(
  script: string,
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
  root = ROOT,
): Promise<Served> {
  const child = spawn(process.execPath, [path.join(root, script), ...args], {
    cwd: root,
    // Logging stays on (as in production) and goes to /dev/null.
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, LOG_LEVEL: 'info', NODE_ENV: 'production', SIGNING_SECRET, ...UNLIMITED, ...env },
  });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    const read = (b: Buffer) => {
      out += b.toString();
      const m = out.match(ready);
      if (m) {
        // From here its log lines are drained unread: matching them here, in the process that also
        // drives the load, would slow the load generator for whichever server logs more.
        child.stdout!.off('data', read);
        child.stdout!.resume();
        resolve(m[1]!);
      }
      if (out.length > 100_000) out = out.slice(-10_000);
    };
    child.stdout!.on('data', read);
    child.on('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return {
    url,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((r) => {
        child.once('exit', () => r());
        child.kill('SIGTERM');
      }),
  };
}

/** The readiness lines of our servers and the peers, each capturing the GraphQL endpoint. */
export const READY = {
  gateway: /GraphQL gateway\s+(http:\/\/\S+\/graphql)/,
  subgraph: /"url":"(http:\/\/[^"]+\/graphql)"/,
  peer: /"url":"(http:\/\/[^"]+\/graphql)"/,
};
