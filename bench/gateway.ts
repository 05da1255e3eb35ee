// npm run bench: GET /v1/codes (REST compatibility) and the same GraphQL query
// through the in-process gateway, beside the content subgraph served alone by
// Apollo Server with the same plugins, at 1 and 32 concurrent clients.
// Each server runs in its own process, one at a time; autocannon drives it from here.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONCURRENCY = [1, 32];
const QUERY = '{ codes { nodes { fileId filename description designStandard path addedAt } } }';

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function serve(script: string, args: string[], env: Record<string, string>, ready: RegExp) {
  const child = spawn(process.execPath, [path.join(ROOT, script), ...args], {
    cwd: ROOT,
    // Logging stays on (as in production) and goes to /dev/null.
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, LOG_LEVEL: 'info', PUBLIC_RATE_PER_MIN: '1000000000', NODE_ENV: 'production', SIGNING_SECRET: 'bench', ...env },
  });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (b: Buffer) => {
      out += b.toString();
      const m = out.match(ready);
      if (m) resolve(m[1]!);
      if (out.length > 100_000) out = out.slice(-10_000);
    });
    child.on('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return { url, stop: () => new Promise<void>((r) => { child.once('exit', () => r()); child.kill('SIGTERM'); }) };
}

async function run(opts: autocannon.Options, seconds: number): Promise<Figures> {
  const r = await autocannon({ ...opts, duration: seconds });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

const median = (xs: Figures[]): Figures => [...xs].sort((a, b) => a.rps - b.rps)[Math.floor(xs.length / 2)]!;

/**
 * Measures several targets on one server in alternating rounds (so warm-up and
 * drift do not favour whichever runs first) and keeps each target's median round.
 */
async function measureAlternating(targets: autocannon.Options[], rounds = 3): Promise<Figures[]> {
  for (const t of targets) await run(t, 2); // warm-up: JIT, query-plan and document caches
  const seen: Figures[][] = targets.map(() => []);
  for (let r = 0; r < rounds; r++) {
    for (const [i, t] of targets.entries()) seen[i]!.push(await run(t, SECONDS / rounds));
  }
  return seen.map(median);
}

const graphqlRequest = (url: string, connections: number): autocannon.Options => ({
  url: `${url}/graphql`,
  connections,
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ query: QUERY }),
});

const results: Record<string, Record<number, Figures>> = { rest: {}, gateway: {}, subgraph: {} };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-'));
try {
  const platform = await serve('gateway/main.ts', [], { PORT: '0', MEMORY_PORT: '0', DATA_DIR: dataDir }, /GraphQL gateway\s+(http:\/\/\S+)\/graphql/);
  for (const c of CONCURRENCY) {
    [results.rest![c], results.gateway![c]] = await measureAlternating([{ url: `${platform.url}/v1/codes`, connections: c }, graphqlRequest(platform.url, c)]);
  }
  await platform.stop();

  const lone = await serve('gateway/subgraph-server.ts', ['content', '--standalone'], { PORT: '0', DATA_DIR: dataDir }, /"url":"(http:\/\/[^"]+)\/graphql"/);
  for (const c of CONCURRENCY) [results.subgraph![c]] = await measureAlternating([graphqlRequest(lone.url, c)]);
  await lone.stop();
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const fmt = (f: Figures) => `${f.rps.toFixed(0).padStart(7)} req/s   p50 ${String(f.p50).padStart(4)} ms   p99 ${String(f.p99).padStart(4)} ms${f.errors ? `   ${f.errors} errors` : ''}`;
console.log(`\nbench/gateway — ${SECONDS} s per target (median of 3 alternating rounds), Node ${process.version}, ${os.cpus().length} cores\n`);
for (const c of CONCURRENCY) {
  const { rest, gateway, subgraph } = { rest: results.rest![c]!, gateway: results.gateway![c]!, subgraph: results.subgraph![c]! };
  console.log(`${c} client${c > 1 ? 's' : ''}:`);
  console.log(`  REST GET /v1/codes           ${fmt(rest)}`);
  console.log(`  GraphQL via gateway          ${fmt(gateway)}`);
  console.log(`  content subgraph alone       ${fmt(subgraph)}  (baseline)`);
  // Cost per request is the inverse of throughput.
  const restOverhead = (gateway.rps / rest.rps - 1) * 100;
  const gatewayCost = subgraph.rps / gateway.rps;
  console.log(`  REST over GraphQL: ${restOverhead >= 0 ? '+' : ''}${restOverhead.toFixed(1)}% time per request (target ≤ 15%)   ${restOverhead <= 15 ? 'met' : 'MISSED'}`);
  console.log(`  gateway vs lone subgraph: ${gatewayCost.toFixed(2)}× the time per request (target ≤ 2×)   ${gatewayCost <= 2 ? 'met' : 'MISSED'}\n`);
}
