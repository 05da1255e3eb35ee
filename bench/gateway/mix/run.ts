// The realistic mix (bench/gateway/mix/shapes.ts) through our gateway and each peer, over the same
// four subgraph processes (content, documents, drawings, memory), beside the lone-subgraph baseline
// (./replay.ts), at each client count.
import fs from 'node:fs';
import path from 'node:path';
import { createHttpPoster } from '../../../gateway/http-post.ts';
import { alternate, type Figures, type Target } from '../load.ts';
import { READY, ROOT, serve, type Served } from '../processes.ts';
import { seedFixture, type Fixture } from './fixture.ts';
import { recordingProxies, replayer, type Fetch } from './replay.ts';
import { drawRequest, seeded, SHAPES } from './shapes.ts';

const SUBGRAPHS = ['content', 'documents', 'drawings', 'memory'] as const;
/** Requests of the mix recorded for the baseline's replay. */
const RECORDED = 2000;

export const PEERS = [
  { name: 'Hive Gateway (JS planner)', script: 'bench/peer/hive-gateway.ts', env: {} },
  { name: 'Hive Gateway (Rust planner)', script: 'bench/peer/hive-gateway.ts', env: { HIVE_RUNTIME: 'router' } },
  { name: 'Apollo Gateway (stock)', script: 'bench/peer/apollo-gateway.ts', env: {} },
] as const;

export interface MixFigures {
  clients: number;
  ours: Figures;
  /** Ours with the public response cache off (PUBLIC_CACHE_S=0): like for like with peers that keep no answers. */
  oursUncached: Figures;
  peers: Figures[];
  baseline: Figures;
}

export interface MixReport {
  cells: MixFigures[];
  /** Requests of a verification sample whose data differed between ours and a peer, per peer. */
  mismatches: number[];
  shapes: { name: string; weight: number }[];
}

/** Sends the mix to a GraphQL endpoint; each client draws its own seeded sequence. */
function mixSender(url: string, fixture: Fixture) {
  const poster = createHttpPoster();
  const rngs = new Map<number, () => number>();
  return async (client: number) => {
    let rng = rngs.get(client);
    if (!rng) rngs.set(client, (rng = seeded(7919 * (client + 1))));
    const { key, body } = drawRequest(rng, fixture);
    const answer = await poster.post(
      url,
      { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body,
      { idempotent: false },
    );
    return answer.status === 200 && !answer.body.includes('"errors"');
  };
}

async function post(url: string, key: string, body: string, requestId?: string): Promise<unknown> {
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${key}`,
      ...(requestId ? { 'x-request-id': requestId } : {}),
    },
    body,
  });
  return ((await res.json()) as { data?: unknown }).data;
}

/** Reads (no mutation) of the mix sent to ours and to a peer: how many answered different data. */
async function verify(ours: string, peer: string, fixture: Fixture): Promise<number> {
  const rng = seeded(42);
  let differ = 0;
  for (let i = 0; i < 60; i++) {
    const r = drawRequest(rng, fixture);
    if (r.body.includes('"query":"mutation')) continue;
    if (JSON.stringify(await post(ours, r.key, r.body)) !== JSON.stringify(await post(peer, r.key, r.body))) differ++;
  }
  return differ;
}

/** The fetches our gateway makes for a sample of the mix, through recording proxies. */
async function record(subgraphs: Record<string, string>, dataDir: string, fixture: Fixture): Promise<Fetch[][]> {
  const recorder = await recordingProxies(subgraphs);
  const remote = Object.entries(recorder.urls)
    .map(([n, u]) => `${n}=${u}`)
    .join(',');
  const gateway = await serve(
    'gateway/main.ts',
    [],
    { DATA_DIR: dataDir, PORT: '0', MEMORY_PORT: '0', REMOTE_SUBGRAPHS: remote },
    READY.gateway,
  );
  try {
    const rng = seeded(99);
    const sent: string[] = [];
    for (let i = 0; i < RECORDED; i++) {
      const r = drawRequest(rng, fixture);
      await post(gateway.url, r.key, r.body, `rec-${i}`);
      sent.push(`rec-${i}`);
    }
    return sent.map((id) => recorder.fetches.get(id) ?? []).filter((f) => f.length > 0);
  } finally {
    await gateway.stop();
    await recorder.close();
  }
}

export async function measureMix(dataDir: string, clientCounts: number[], seconds: number): Promise<MixReport> {
  const stops: Served[] = [];
  try {
    // One after the other: each migrates the shared database at start.
    const subgraphs: Record<string, Served> = {};
    for (const name of SUBGRAPHS)
      stops.push(
        (subgraphs[name] = await serve(
          'gateway/subgraph-server.ts',
          [name],
          { DATA_DIR: dataDir, PORT: '0' },
          READY.subgraph,
        )),
      );
    const urls = Object.fromEntries(SUBGRAPHS.map((n) => [n, subgraphs[n]!.url]));
    const subgraphPids = SUBGRAPHS.map((n) => subgraphs[n]!.pid);
    const remote = Object.entries(urls)
      .map(([n, u]) => `${n}=${u}`)
      .join(',');
    const ours = await serve(
      'gateway/main.ts',
      [],
      { DATA_DIR: dataDir, PORT: '0', MEMORY_PORT: '0', REMOTE_SUBGRAPHS: remote },
      READY.gateway,
    );
    stops.push(ours);
    const uncached = await serve(
      'gateway/main.ts',
      [],
      { DATA_DIR: dataDir, PORT: '0', MEMORY_PORT: '0', REMOTE_SUBGRAPHS: remote, PUBLIC_CACHE_S: '0' },
      READY.gateway,
    );
    stops.push(uncached);
    const fixture = await seedFixture(ours.url, `file:${path.join(dataDir, 'platform.db')}`);
    const recorded = await record(urls, dataDir, fixture);

    let supergraph = fs.readFileSync(path.join(ROOT, 'schema/supergraph.graphql'), 'utf8');
    for (const n of SUBGRAPHS) supergraph = supergraph.replace(`http://${n}.local/graphql`, urls[n]!);
    const supergraphFile = path.join(dataDir, 'supergraph.graphql');
    fs.writeFileSync(supergraphFile, supergraph);
    const peers: Served[] = [];
    for (const p of PEERS) {
      const served = await serve(p.script, [supergraphFile], { PORT: '0', ...p.env }, READY.peer);
      stops.push(served);
      peers.push(served);
    }
    const mismatches = await Promise.all(peers.map((p) => verify(ours.url, p.url, fixture)));

    const replay = replayer();
    let next = 0;
    const baseline: Target = {
      name: 'subgraphs alone (replayed fetches)',
      pids: subgraphPids,
      send: () => replay.send(recorded[next++ % recorded.length]!),
    };
    const targets: Target[] = [
      { name: 'ours', pids: [ours.pid, ...subgraphPids], send: mixSender(ours.url, fixture) },
      { name: 'ours, public cache off', pids: [uncached.pid, ...subgraphPids], send: mixSender(uncached.url, fixture) },
      ...peers.map((p, i) => ({
        name: PEERS[i]!.name,
        pids: [p.pid, ...subgraphPids],
        send: mixSender(p.url, fixture),
      })),
      baseline,
    ];
    const cells: MixFigures[] = [];
    for (const clients of clientCounts) {
      const figures = await alternate(targets, clients, seconds);
      cells.push({
        clients,
        ours: figures[0]!,
        oursUncached: figures[1]!,
        peers: figures.slice(2, -1),
        baseline: figures.at(-1)!,
      });
    }
    replay.close();
    return { cells, mismatches, shapes: SHAPES.map(({ name, weight }) => ({ name, weight })) };
  } finally {
    for (const s of stops.reverse()) await s.stop();
  }
}
