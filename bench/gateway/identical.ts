// The identical-request cells of bench/gateway: GET /v1/codes (REST compatibility) and the same
// GraphQL query through the in-process gateway, beside the content subgraph served alone by Apollo
// Server with the same plugins, at 1 and 32 concurrent clients. Then the peer gateway: ours and
// Hive Gateway (bench/peer/hive-gateway.ts) over the same content and documents subgraph processes
// and the same checked-in supergraph, for a one-subgraph query and one that crosses subgraphs
// through Job. Every request of a cell is the same document with the same variables, which is what
// sharing identical reads in flight is for; ./mix/ is the realistic traffic.
// Each server runs in its own process; autocannon drives them from here.
import autocannon from 'autocannon';
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../../core/db/client.ts';
import { createKeyStore } from '../../core/auth/keys.ts';
import { READY, ROOT, cpuSeconds, serve } from './processes.ts';
import type { Figures } from './load.ts';

const CONCURRENCY = [1, 32];
const QUERY = '{ codes { nodes { fileId filename description designStandard path addedAt } } }';

type Target = autocannon.Options & { pids?: number[] };

async function run(target: Target, seconds: number): Promise<Figures> {
  const { pids = [], ...opts } = target;
  const before = pids.map(cpuSeconds);
  const r = await autocannon({ ...opts, duration: seconds });
  const after = pids.map(cpuSeconds);
  const cpu =
    before.every((b) => b !== null) && after.every((a) => a !== null)
      ? after.reduce((t, a, i) => t + a! - before[i]!, 0)
      : null;
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.non2xx,
    cpuMs: pids.length && cpu !== null && r.requests.total ? (cpu * 1000) / r.requests.total : undefined,
  };
}

const median = (xs: Figures[]): Figures => {
  const m = [...xs].sort((a, b) => a.rps - b.rps)[Math.floor(xs.length / 2)]!;
  // CPU per request: the mean over the rounds (the 10 ms clock tick is coarse for one round).
  const cpu = xs.map((x) => x.cpuMs).filter((c): c is number => c !== undefined);
  return { ...m, cpuMs: cpu.length ? cpu.reduce((a, b) => a + b, 0) / cpu.length : undefined };
};

/**
 * Measures several targets on one server in alternating rounds (so warm-up and
 * drift do not favour whichever runs first) and keeps each target's median round.
 */
async function measureAlternating(targets: Target[], seconds: number, rounds = 3): Promise<Figures[]> {
  for (const t of targets) await run(t, 2); // warm-up: JIT, query-plan and document caches
  const seen: Figures[][] = targets.map(() => []);
  for (let r = 0; r < rounds; r++) {
    for (const [i, t] of targets.entries()) seen[i]!.push(await run(t, seconds / rounds));
  }
  return seen.map(median);
}

const graphqlRequest = (
  url: string,
  connections: number,
  query = QUERY,
  variables?: object,
  key?: string,
): autocannon.Options => ({
  url,
  connections,
  method: 'POST',
  headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
  body: JSON.stringify({ query, variables }),
});

// The query that crosses subgraphs: documents owns the job record, content
// resolves its typed search results from the job's type and results.
const JOB_QUERY =
  'query ($id: ID!) { job(id: $id) { id type status createdAt searchResults { total page perPage totalPages } } }';

async function post(url: string, key: string, query: string, variables?: object) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: Record<string, any>; errors?: unknown[] };
  if (!body.data || body.errors) throw new Error(`${query.slice(0, 40)}…: ${JSON.stringify(body.errors)}`);
  return body.data;
}

/**
 * Ours and Hive Gateway over the same two subgraph processes. Returns, per
 * query and client count, [ours, Hive as it comes, Hive without sharing
 * identical in-flight subgraph requests].
 */
async function peerGateways(
  dataDir: string,
  seconds: number,
): Promise<Record<string, Record<number, [Figures, Figures, Figures]>>> {
  const stops: (() => Promise<void>)[] = [];
  try {
    const env = { DATA_DIR: dataDir };
    const subgraphUrl = READY.subgraph;
    // One after the other: each migrates the shared database at start.
    const content = await serve('gateway/subgraph-server.ts', ['content'], { ...env, PORT: '0' }, subgraphUrl);
    stops.push(content.stop);
    const documents = await serve('gateway/subgraph-server.ts', ['documents'], { ...env, PORT: '0' }, subgraphUrl);
    stops.push(documents.stop);
    const ours = await serve(
      'gateway/main.ts',
      [],
      { ...env, PORT: '0', MEMORY_PORT: '0', REMOTE_SUBGRAPHS: `content=${content.url},documents=${documents.url}` },
      READY.gateway,
    );
    stops.push(ours.stop);

    const db = await openDatabase({ url: `file:${path.join(dataDir, 'platform.db')}` });
    const { secret: key } = await createKeyStore(db).create({ name: 'bench', tier: 'enterprise' });
    await db.$disconnect();
    // A search job on an unindexed code completes at once with a warning: a real record with typed results.
    const { createSearchJob } = await post(
      ours.url,
      key,
      'mutation { createSearchJob(input: { query: "shear strength", fileIds: ["aci-318-19"] }) { id } }',
    );
    const jobId = createSearchJob.id as string;
    for (let i = 0; (await post(ours.url, key, JOB_QUERY, { id: jobId })).job.status !== 'COMPLETED'; i++) {
      if (i > 200) throw new Error('the search job did not complete');
      await new Promise((r) => setTimeout(r, 50));
    }

    // The checked-in supergraph, its content and documents URLs pointed at the processes above.
    const supergraph = fs
      .readFileSync(path.join(ROOT, 'schema/supergraph.graphql'), 'utf8')
      .replace('http://content.local/graphql', content.url)
      .replace('http://documents.local/graphql', documents.url);
    const supergraphFile = path.join(dataDir, 'supergraph.graphql');
    fs.writeFileSync(supergraphFile, supergraph);
    const hiveReady = READY.peer;
    const hive = await serve('bench/peer/hive-gateway.ts', [supergraphFile], { PORT: '0' }, hiveReady);
    stops.push(hive.stop);
    const hiveOwnWork = await serve(
      'bench/peer/hive-gateway.ts',
      [supergraphFile],
      { PORT: '0', HIVE_DEDUPE: '0' },
      hiveReady,
    );
    stops.push(hiveOwnWork.stop);

    const out: Record<string, Record<number, [Figures, Figures, Figures]>> = { codes: {}, job: {} };
    for (const c of CONCURRENCY) {
      for (const [name, query, variables] of [
        ['codes', QUERY, undefined],
        ['job', JOB_QUERY, { id: jobId }],
      ] as const) {
        const subgraphs = [content.pid, documents.pid];
        const [a, b, d] = await measureAlternating(
          [ours, hive, hiveOwnWork].map((gw) => ({
            ...graphqlRequest(gw.url, c, query, variables, key),
            pids: [gw.pid, ...subgraphs],
          })),
          seconds,
        );
        out[name]![c] = [a!, b!, d!];
      }
    }
    return out;
  } finally {
    for (const stop of stops.reverse()) await stop();
  }
}

export interface IdenticalReport {
  local: Record<'rest' | 'gateway' | 'subgraph', Record<number, Figures>>;
  peer: Awaited<ReturnType<typeof peerGateways>>;
}

/** The identical-request cells: the in-process platform, the lone content subgraph, then the peer gateway. */
export async function measureIdentical(dataDir: string, seconds: number): Promise<IdenticalReport> {
  const local: IdenticalReport['local'] = { rest: {}, gateway: {}, subgraph: {} };
  const platform = await serve(
    'gateway/main.ts',
    [],
    { PORT: '0', MEMORY_PORT: '0', DATA_DIR: dataDir },
    READY.gateway,
  );
  const base = platform.url.replace(/\/graphql$/, '');
  for (const c of CONCURRENCY) {
    [local.rest[c], local.gateway[c]] = await measureAlternating(
      [{ url: `${base}/v1/codes`, connections: c }, graphqlRequest(platform.url, c)],
      seconds,
    );
  }
  await platform.stop();
  const lone = await serve(
    'gateway/subgraph-server.ts',
    ['content', '--standalone'],
    { PORT: '0', DATA_DIR: dataDir },
    READY.subgraph,
  );
  for (const c of CONCURRENCY) [local.subgraph[c]] = await measureAlternating([graphqlRequest(lone.url, c)], seconds);
  await lone.stop();
  const peer = await peerGateways(fs.mkdtempSync(path.join(dataDir, 'peer-')), seconds);
  return { local, peer };
}

const fmt = (f: Figures) =>
  `${f.rps.toFixed(0).padStart(7)} req/s   p50 ${String(f.p50).padStart(4)} ms   p99 ${String(f.p99).padStart(4)} ms${f.cpuMs !== undefined ? `   CPU ${f.cpuMs.toFixed(2)} ms/req` : ''}${f.errors ? `   ${f.errors} errors` : ''}`;

export function printIdentical({ local, peer }: IdenticalReport): void {
  for (const c of CONCURRENCY) {
    const { rest, gateway, subgraph } = {
      rest: local.rest[c]!,
      gateway: local.gateway[c]!,
      subgraph: local.subgraph[c]!,
    };
    console.log(`${c} client${c > 1 ? 's' : ''}:`);
    console.log(`  REST GET /v1/codes           ${fmt(rest)}`);
    console.log(`  GraphQL via gateway          ${fmt(gateway)}`);
    console.log(`  content subgraph alone       ${fmt(subgraph)}  (baseline)`);
    // Cost per request is the inverse of throughput.
    const restOverhead = (gateway.rps / rest.rps - 1) * 100;
    const gatewayCost = subgraph.rps / gateway.rps;
    console.log(
      `  REST over GraphQL: ${restOverhead >= 0 ? '+' : ''}${restOverhead.toFixed(1)}% time per request (target ≤ 15%)   ${restOverhead <= 15 ? 'met' : 'MISSED'}`,
    );
    console.log(
      `  gateway vs lone subgraph: ${gatewayCost.toFixed(2)}× the time per request (target ≤ 2×)   ${gatewayCost <= 2 ? 'met' : 'MISSED'}\n`,
    );
  }
  console.log(
    'peer gateway, identical requests: ours and Hive Gateway over the same content and documents subgraph processes',
  );
  console.log('(CPU: the gateway process and both subgraph processes, per request answered)\n');
  const names: Record<string, string> = {
    codes: 'codes (content only)',
    job: 'job + searchResults (documents → content)',
  };
  for (const [q, byClients] of Object.entries(peer)) {
    for (const c of CONCURRENCY) {
      const [ours, hive, hiveOwnWork] = byClients[c]!;
      console.log(`${names[q]}, ${c} client${c > 1 ? 's' : ''}:`);
      console.log(`  ours                         ${fmt(ours)}`);
      console.log(`  Hive Gateway (defaults)      ${fmt(hive)}  (baseline)`);
      console.log(`  Hive Gateway, no dedupe      ${fmt(hiveOwnWork)}`);
      const ahead = ours.rps > hive.rps && ours.p99 <= hive.p99;
      console.log(
        `  ours ÷ Hive: ${(ours.rps / hive.rps).toFixed(2)}× requests/s, p99 ${ours.p99} vs ${hive.p99} ms   (target: ahead on both) ${ahead ? 'met' : 'MISSED'}`,
      );
      console.log(
        `  ours ÷ Hive without dedupe: ${(ours.rps / hiveOwnWork.rps).toFixed(2)}× requests/s, p99 ${ours.p99} vs ${hiveOwnWork.p99} ms`,
      );
      if (ours.cpuMs && hive.cpuMs)
        console.log(`  CPU per request, ours ÷ Hive: ${(ours.cpuMs / hive.cpuMs).toFixed(2)}×`);
      console.log('');
    }
  }
}
