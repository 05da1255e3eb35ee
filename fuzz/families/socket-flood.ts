// Fuzz family: floods over the graphql-ws socket (issue 29, finding 2: one anonymous socket of 300
// subscribe messages of 12.6 KB froze the server 18 s; 1,000 anonymous sockets were held). Seeded
// rounds, until the time is up, of:
// - anonymous: 50 sockets at once, each sending connection_init without a key and 20 messages of
//   12.6 KB; every one must be closed (4401, 4408, 4429) or refused at the upgrade (429), and none
//   may get an answer to a subscribe (that would mean it was parsed);
// - keyed messages: one socket of a free key sending 300 such messages;
// - big message: a keyed socket sending 1 MB (closed 1009);
// - keyed sockets: 60 sockets of one free key (those past the cap closed 4429).
// Meanwhile /healthcheck is probed every 50 ms: the family reports the worst time and the p99,
// and fails past the bounds (p99 200 ms, no single answer over 1 s), on a crash (a refused
// connection) and on any unexpected outcome.
//
// Self-contained (the fuzz framework's family structure is being grown on branch sec29b):
// `npx node fuzz/families/socket-flood.ts [--seed N] [--seconds S]` starts the server as
// `npm run fuzz` does (fuzz/serve.ts, its own process) and runs this family against it.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import WebSocket from 'ws';
import { rng, type Rand } from '../inputs.ts';

export interface SocketFloodTarget {
  url: string;
  memoryUrl: string;
  /** A free key: its budget is what an attacker with a key has. */
  freeKey: string;
}

export interface SocketFloodOptions {
  seed: number;
  durationMs: number;
  healthP99Ms?: number;
  /** No single /healthcheck answer may take longer (a freeze). */
  maxFreezeMs?: number;
}

export interface SocketFloodReport {
  rounds: Record<string, number>;
  sockets: number;
  messages: number;
  outcomes: Record<string, number>;
  failures: string[];
  healthProbes: number;
  healthP99Ms: number;
  healthMaxMs: number;
}

/** A subscribe document of about 12.6 KB under the token cap: one field selected 1,800 times. */
const bigSubscription = (r: Rand) => `subscription { jobUpdated(id: "${Math.floor(r() * 1e9)}") { ${'status '.repeat(1_800)}} }`;

interface Outcome {
  /** 'upgrade <status>', 'close <code>', or 'open' when the socket was still open at the end of its round. */
  end: string;
  /** Types of the messages the server sent. */
  answers: string[];
}

/** One socket: sends `messages` once open, and settles when it closes (or after `holdMs`). */
function socket(url: string, messages: () => string[], holdMs: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const answers: string[] = [];
    const ws = new WebSocket(url.replace(/^http/, 'ws') + '/graphql', 'graphql-transport-ws');
    const timer = setTimeout(() => {
      ws.terminate();
      resolve({ end: 'open', answers });
    }, holdMs);
    const done = (end: string) => {
      clearTimeout(timer);
      resolve({ end, answers });
    };
    ws.on('message', (data) => answers.push(String(JSON.parse(String(data)).type)));
    ws.on('open', () => {
      for (const m of messages()) if (ws.readyState === ws.OPEN) ws.send(m);
    });
    ws.on('unexpected-response', (_req, res) => {
      res.resume();
      done(`upgrade ${res.statusCode}`);
      ws.terminate();
    });
    ws.on('close', (code) => done(`close ${code}`));
    ws.on('error', () => undefined);
  });
}

const init = (key?: string) => JSON.stringify({ type: 'connection_init', payload: key ? { authorization: `Bearer ${key}` } : {} });
const subscribe = (r: Rand, id: number) => JSON.stringify({ id: String(id), type: 'subscribe', payload: { query: bigSubscription(r) } });

export async function runSocketFlood(target: SocketFloodTarget, options: SocketFloodOptions): Promise<SocketFloodReport> {
  const r = rng(options.seed);
  const report: SocketFloodReport = { rounds: {}, sockets: 0, messages: 0, outcomes: {}, failures: [], healthProbes: 0, healthP99Ms: 0, healthMaxMs: 0 };
  const health: number[] = [];
  let running = true;
  const probe = (async () => {
    while (running) {
      const t = performance.now();
      try {
        const res = await fetch(`${target.memoryUrl}/healthcheck`, { signal: AbortSignal.timeout(30_000) });
        await res.arrayBuffer();
      } catch (err) {
        report.failures.push(`healthcheck: no answer (${(err as Error).message})`);
      }
      health.push(performance.now() - t);
      await new Promise((res) => setTimeout(res, 50));
    }
  })();

  const count = (o: Outcome) => {
    report.outcomes[o.end] = (report.outcomes[o.end] ?? 0) + 1;
    if (o.end.startsWith('upgrade') && o.end !== 'upgrade 429') report.failures.push(`unexpected ${o.end}`);
  };
  const rounds: Record<string, () => Promise<void>> = {
    anonymous: async () => {
      const all = await Promise.all(
        Array.from({ length: 50 }, () => socket(target.url, () => [init(), ...Array.from({ length: 20 }, (_, i) => subscribe(r, i))], 10_000)),
      );
      report.sockets += all.length;
      report.messages += all.length * 21;
      for (const o of all) {
        count(o);
        if (!['close 4401', 'close 4408', 'close 4429', 'upgrade 429'].includes(o.end)) report.failures.push(`anonymous socket ended ${o.end}`);
        if (o.answers.length) report.failures.push(`anonymous socket was answered: ${o.answers.join(',')}`);
      }
    },
    keyedMessages: async () => {
      const o = await socket(target.url, () => [init(target.freeKey), ...Array.from({ length: 300 }, (_, i) => subscribe(r, i))], 10_000);
      report.sockets++;
      report.messages += 301;
      count(o);
    },
    bigMessage: async () => {
      const o = await socket(target.url, () => [init(target.freeKey), JSON.stringify({ id: 'big', type: 'subscribe', payload: { query: `subscription { jobUpdated(id: "${'x'.repeat(1 << 20)}") { id } }` } })], 10_000);
      report.sockets++;
      report.messages += 2;
      count(o);
      if (o.end !== 'close 1009' && o.end !== 'close 4401' && o.end !== 'upgrade 429') report.failures.push(`a 1 MB message ended ${o.end}, not 1009`);
    },
    keyedSockets: async () => {
      const all = await Promise.all(Array.from({ length: 60 }, () => socket(target.url, () => [init(target.freeKey)], 1_500)));
      report.sockets += all.length;
      report.messages += all.length;
      for (const o of all) count(o);
      if (!all.some((o) => o.end === 'close 4429' || o.end === 'upgrade 429')) report.failures.push('60 sockets of one free key were all held');
    },
  };
  const names = Object.keys(rounds);
  const until = performance.now() + options.durationMs;
  while (performance.now() < until) {
    const name = names[Math.floor(r() * names.length)]!;
    report.rounds[name] = (report.rounds[name] ?? 0) + 1;
    await rounds[name]!();
  }
  running = false;
  await probe;
  health.sort((a, b) => a - b);
  report.healthProbes = health.length;
  report.healthP99Ms = health[Math.max(0, Math.ceil(health.length * 0.99) - 1)] ?? 0;
  report.healthMaxMs = health.at(-1) ?? 0;
  if (options.healthP99Ms !== undefined && report.healthP99Ms > options.healthP99Ms) report.failures.push(`/healthcheck p99 ${report.healthP99Ms.toFixed(0)} ms over ${options.healthP99Ms} ms`);
  if (options.maxFreezeMs !== undefined && report.healthMaxMs > options.maxFreezeMs) report.failures.push(`/healthcheck took ${report.healthMaxMs.toFixed(0)} ms, over ${options.maxFreezeMs} ms`);
  return report;
}

export function printSocketFloodReport(report: SocketFloodReport, seed: number): void {
  console.log(`socket-flood seed ${seed}: ${report.sockets} sockets, ${report.messages} messages; rounds ${Object.entries(report.rounds).map(([k, n]) => `${k} ${n}`).join(', ')}`);
  console.log(`  outcomes: ${Object.entries(report.outcomes).sort().map(([k, n]) => `${k} ${n}`).join(', ')}`);
  console.log(`  /healthcheck: ${report.healthProbes} probes, p99 ${report.healthP99Ms.toFixed(1)} ms, worst ${report.healthMaxMs.toFixed(1)} ms`);
  console.log(`  failures: ${report.failures.length}`);
  for (const f of report.failures.slice(0, 20)) console.log(`    ${f}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name: string, fallback: number) => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? Number(process.argv[i + 1]) : fallback;
  };
  const seed = arg('seed', 1);
  const child = fork(new URL('../serve.ts', import.meta.url), { stdio: 'inherit' });
  const [target] = (await once(child, 'message')) as [SocketFloodTarget];
  const report = await runSocketFlood(target, { seed, durationMs: arg('seconds', 60) * 1000, healthP99Ms: 200, maxFreezeMs: 1_000 });
  printSocketFloodReport(report, seed);
  child.send('stop');
  await once(child, 'exit');
  process.exit(report.failures.length ? 1 : 0);
}
