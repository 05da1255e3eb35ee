// A closed-loop load generator: `clients` loops, each sending its next request as soon as the last
// one is answered, for a fixed time. Every target of a comparison is driven by this same code in
// the same process, so its own cost weighs the same on each.
import { cpuSeconds } from './processes.ts';

export interface Figures {
  rps: number;
  p50: number;
  p99: number;
  /** Answers that were not a 200 with data and no errors. */
  errors: number;
  /** CPU milliseconds per request of the processes serving it (gateway and subgraphs), when measured. */
  cpuMs?: number;
  /** CPU milliseconds per request of the first of those processes alone (the gateway), when measured. */
  firstCpuMs?: number;
}

/** Sends one request for client `client` and says whether its answer was right. */
export type Send = (client: number) => Promise<boolean>;

export interface Target {
  name: string;
  send: Send;
  /** The processes whose CPU time is counted per request. */
  pids: number[];
}

const percentile = (sorted: Float64Array, p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

export async function drive(target: Target, clients: number, seconds: number): Promise<Figures> {
  const latencies: number[] = [];
  let errors = 0;
  const before = target.pids.map(cpuSeconds);
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      while (performance.now() < end) {
        const t = performance.now();
        let ok = false;
        try {
          ok = await target.send(client);
        } catch {
          ok = false;
        }
        latencies.push(performance.now() - t);
        if (!ok) errors++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const after = target.pids.map(cpuSeconds);
  const cpu =
    before.every((b) => b !== null) && after.every((a) => a !== null)
      ? after.reduce((t, a, i) => t + a! - before[i]!, 0)
      : null;
  const first = cpu !== null ? after[0]! - before[0]! : null;
  const sorted = Float64Array.from(latencies).sort();
  return {
    rps: latencies.length / elapsed,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    errors,
    cpuMs: target.pids.length && cpu !== null && latencies.length ? (cpu * 1000) / latencies.length : undefined,
    firstCpuMs:
      target.pids.length && first !== null && latencies.length ? (first * 1000) / latencies.length : undefined,
  };
}

/** The median round by requests/s; CPU per request averaged over the rounds (the 10 ms tick is coarse). */
export function median(rounds: Figures[]): Figures {
  const m = [...rounds].sort((a, b) => a.rps - b.rps)[Math.floor(rounds.length / 2)]!;
  const mean = (xs: (number | undefined)[]) => {
    const known = xs.filter((c): c is number => c !== undefined);
    return known.length ? known.reduce((a, b) => a + b, 0) / known.length : undefined;
  };
  return {
    ...m,
    errors: rounds.reduce((t, r) => t + r.errors, 0),
    cpuMs: mean(rounds.map((x) => x.cpuMs)),
    firstCpuMs: mean(rounds.map((x) => x.firstCpuMs)),
  };
}

/**
 * Drives several targets in alternating rounds (so warm-up and drift favour none) and keeps each
 * target's median round.
 */
export async function alternate(targets: Target[], clients: number, seconds: number, rounds = 3): Promise<Figures[]> {
  for (const t of targets) await drive(t, clients, Math.min(2, seconds)); // warm-up: JIT, plan and document caches
  const seen: Figures[][] = targets.map(() => []);
  for (let r = 0; r < rounds; r++) {
    for (const [i, t] of targets.entries()) seen[i]!.push(await drive(t, clients, seconds / rounds));
  }
  return seen.map(median);
}

export const fmt = (f: Figures, gateway = true) =>
  `${f.rps.toFixed(0).padStart(7)} req/s   p50 ${f.p50.toFixed(1).padStart(6)} ms   p99 ${f.p99.toFixed(1).padStart(6)} ms` +
  `${f.cpuMs !== undefined ? `   CPU ${f.cpuMs.toFixed(2)} ms/req` : ''}${f.firstCpuMs !== undefined && gateway ? ` (gateway ${f.firstCpuMs.toFixed(2)})` : ''}` +
  `${f.errors ? `   ${f.errors} errors` : ''}`;
