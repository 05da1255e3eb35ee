// npm run bench:memory:ingest — ingestion throughput in process: the ingest job's
// own loop (graph/drain.ts) over real conversation turns, the LoCoMo dev set in
// ../shared/ (3,122 turns; the generated engineering messages of bench/memory.ts
// when it is absent), with the default extractor and local embedder. Prints
// messages/s of wall clock and ms of CPU per message, the vector index's share,
// and the same drain writing each episode on its own (the baseline, same run,
// alternated). BENCH_ROUNDS (default 2) rounds of each; BENCH_CONVERSATIONS
// narrows the LoCoMo set (default all five).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../core/db/client.ts';
import { createLocalEmbedder } from '../core/embedding/embed.ts';
import { loadLocomo } from '../eval/memory/locomo.ts';
import type { NewEpisode } from '../subgraphs/memory/model.ts';
import { deterministicExtractor } from '../subgraphs/memory/extraction/deterministic.ts';
import { processPending } from '../subgraphs/memory/graph/drain.ts';
import { createLibsqlStore } from '../subgraphs/memory/store/libsql-store.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS ?? 5);

function messages(): { name: string; groups: { id: string; episodes: NewEpisode[] }[] } {
  const locomo = loadLocomo();
  if (locomo) {
    return {
      name: `LoCoMo dev, ${Math.min(CONVERSATIONS, locomo.length)} conversations`,
      groups: locomo.slice(0, CONVERSATIONS).map((c) => ({
        id: c.id,
        episodes: c.turns.map((t) => ({ uuid: `${c.id}-${t.id}`, name: '', content: t.text, roleType: 'user', role: t.speaker, sourceDescription: t.id.split(':')[0]!, timestamp: t.timestamp })),
      })),
    };
  }
  const lines = ['Beam B3 at grid C-4 uses a W12x26 per AISC 360-16.', 'The snow load on the roof is 25 psf per ASCE 7-22.', 'We replaced the W12x26 with a W14x30 for beam B3 because of deflection.', 'Sheet S-201 shows the slab reinforcement with #5 bars @ 12 in.'];
  return {
    name: 'generated engineering messages (LoCoMo absent)',
    groups: [{ id: 'eng', episodes: Array.from({ length: 2000 }, (_, i) => ({ uuid: `m${i}`, name: '', content: lines[i % 4]!, roleType: 'user', role: ['Maria', 'Omar'][i % 2]!, sourceDescription: `s${Math.floor(i / 50)}`, timestamp: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString() })) }],
  };
}

async function round(set: ReturnType<typeof messages>, runLength: number | undefined) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-memory-ingest-'));
  const db = await openDatabase({ url: `file:${path.join(dir, 'bench.db')}` });
  try {
    const store = createLibsqlStore(db);
    const deps = { store, extractor: deterministicExtractor, embedder: createLocalEmbedder(256) };
    for (const g of set.groups) for (let i = 0; i < g.episodes.length; i += 100) await store.addEpisodes('bench', g.id, g.episodes.slice(i, i + 100));
    // The vector index's part, timed apart: the drain calls it every few dozen episodes.
    let indexMs = 0;
    const indexFactVectors = store.indexFactVectors.bind(store);
    store.indexFactVectors = async (rows, space) => {
      const t = performance.now();
      try {
        return await indexFactVectors(rows, space);
      } finally {
        indexMs += performance.now() - t;
      }
    };
    const n = set.groups.reduce((s, g) => s + g.episodes.length, 0);
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    for (const g of set.groups) {
      const { failed } = await processPending(deps, 'bench', g.id, { runLength });
      if (failed) throw new Error(`${failed} episodes failed`);
    }
    const ms = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    return { n, ms, cpuMs: (cpu.user + cpu.system) / 1000, indexMs };
  } finally {
    await db.$disconnect();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const set = messages();
const rows: Record<string, { n: number; ms: number; cpuMs: number; indexMs: number }[]> = { runs: [], alone: [] };
const load0 = os.loadavg()[0]!;
for (let r = 0; r < ROUNDS; r++) {
  rows.alone!.push(await round(set, 1));
  rows.runs!.push(await round(set, undefined));
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(`memory ingestion in process (graph/drain.ts), ${set.name}; ${ROUNDS} rounds each, alternated; load average ${load0.toFixed(1)} → ${os.loadavg()[0]!.toFixed(1)}`);
const rate = (k: string) => median(rows[k]!.map((x) => (x.n / x.ms) * 1000));
for (const [k, label] of [['alone', 'each episode written on its own (baseline)'], ['runs', 'runs of episodes, one transaction each (the drain)']] as const) {
  const xs = rows[k]!;
  console.log(
    `  ${label.padEnd(52)} ${rate(k).toFixed(1).padStart(6)} messages/s wall, ${median(xs.map((x) => x.cpuMs / x.n)).toFixed(2)} ms CPU a message` +
      ` (${median(xs.map((x) => (x.n / x.cpuMs) * 1000)).toFixed(0)} messages/s of CPU), vector index ${median(xs.map((x) => x.indexMs / x.ms)) * 100 | 0}% of wall clock`,
  );
}
console.log(`  ratio (drain / baseline, wall)                       ${(rate('runs') / rate('alone')).toFixed(2)}×   target ≥ 100 messages/s: ${rate('runs') >= 100 ? 'met' : 'MISSED'}`);
