// npm run bench:memory:ingest — ingestion throughput in process: the ingest job's
// own loop (graph/drain.ts) over real conversation turns, the LoCoMo dev set in
// ../shared/ (the generated engineering messages of bench/memory.ts when it is
// absent), with the default extractor, once with the hashing embedder (the
// baseline, same run, alternated) and once with the model (USE-lite in its
// thread). Prints messages/s of wall clock and of CPU (the process's, the
// embedding thread's included), the embedding thread's share, texts embedded a
// second of its CPU, the vector index's share, and the memory the embedder adds
// (peak resident set). BENCH_ROUNDS (default 1) rounds of each; BENCH_CONVERSATIONS
// narrows the LoCoMo set (default 1 of 5: 600-700 turns).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../core/db/client.ts';
import { createLocalEmbedder, createUseLiteEmbedder, type Embedder } from '../core/embedding/embed.ts';
import { loadLocomo } from '../eval/memory/locomo.ts';
import type { NewEpisode } from '../subgraphs/memory/model.ts';
import { deterministicExtractor } from '../subgraphs/memory/extraction/deterministic.ts';
import { processPending } from '../subgraphs/memory/graph/drain.ts';
import { createLibsqlStore } from '../subgraphs/memory/store/libsql-store.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS ?? 1);

function messages(): { name: string; groups: { id: string; episodes: NewEpisode[] }[] } {
  const locomo = loadLocomo();
  if (locomo) {
    return {
      name: `LoCoMo dev, ${Math.min(CONVERSATIONS, locomo.length)} conversations`,
      groups: locomo.slice(0, CONVERSATIONS).map((c) => ({
        id: c.id,
        episodes: c.turns.map((t) => ({
          uuid: `${c.id}-${t.id}`,
          name: '',
          content: t.text,
          roleType: 'user',
          role: t.speaker,
          sourceDescription: t.id.split(':')[0]!,
          timestamp: t.timestamp,
        })),
      })),
    };
  }
  const lines = [
    'Beam B3 at grid C-4 uses a W12x26 per AISC 360-16.',
    'The snow load on the roof is 25 psf per ASCE 7-22.',
    'We replaced the W12x26 with a W14x30 for beam B3 because of deflection.',
    'Sheet S-201 shows the slab reinforcement with #5 bars @ 12 in.',
  ];
  return {
    name: 'generated engineering messages (LoCoMo absent)',
    groups: [
      {
        id: 'eng',
        episodes: Array.from({ length: 2000 }, (_, i) => ({
          uuid: `m${i}`,
          name: '',
          content: lines[i % 4]!,
          roleType: 'user',
          role: ['Maria', 'Omar'][i % 2]!,
          sourceDescription: `s${Math.floor(i / 50)}`,
          timestamp: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
        })),
      },
    ],
  };
}

type Named = { name: string; make(): { embedder: Embedder; threadCpuMs(): number; close(): Promise<void> } };
const EMBEDDERS: Named[] = [
  {
    name: 'hash (baseline)',
    make: () => ({ embedder: createLocalEmbedder(256), threadCpuMs: () => 0, close: async () => undefined }),
  },
  {
    name: 'use-lite (model)',
    make: () => {
      const e = createUseLiteEmbedder();
      return { embedder: e, threadCpuMs: () => e.stats().cpuMs, close: () => e.close() };
    },
  },
];

async function round(set: ReturnType<typeof messages>, named: Named) {
  const made = named.make();
  // Loaded before the clock starts, as a running server's model is (its load is reported apart).
  const load0 = process.cpuUsage();
  await made.embedder.embed(['warm']);
  const loadCpu = process.cpuUsage(load0);
  const rss0 = process.memoryUsage().rss;
  let peak = rss0;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-memory-ingest-'));
  const db = await openDatabase({ url: `file:${path.join(dir, 'bench.db')}` });
  try {
    const store = createLibsqlStore(db);
    const deps = { store, extractor: deterministicExtractor, embedder: made.embedder };
    for (const g of set.groups)
      for (let i = 0; i < g.episodes.length; i += 100)
        await store.addEpisodes('bench', g.id, g.episodes.slice(i, i + 100));
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
    const thread0 = made.threadCpuMs();
    for (const g of set.groups) {
      const { failed } = await processPending(deps, 'bench', g.id);
      if (failed) throw new Error(`${failed} episodes failed`);
    }
    const ms = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    const [{ facts }] = await db.$queryRawUnsafe<{ facts: number | bigint }[]>(
      'SELECT COUNT(*) AS facts FROM "MemoryFact"',
    );
    return {
      n,
      ms,
      cpuMs: (cpu.user + cpu.system) / 1000,
      indexMs,
      threadMs: made.threadCpuMs() - thread0,
      facts: Number(facts),
      loadCpuMs: (loadCpu.user + loadCpu.system) / 1000,
      rssMb: rss0 / 2 ** 20,
      peakMb: peak / 2 ** 20,
    };
  } finally {
    clearInterval(sampler);
    await made.close();
    await db.$disconnect();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const set = messages();
type Row = Awaited<ReturnType<typeof round>>;
const rows = new Map<string, Row[]>(EMBEDDERS.map((e) => [e.name, []]));
const load0 = os.loadavg()[0]!;
for (let r = 0; r < ROUNDS; r++) for (const e of EMBEDDERS) rows.get(e.name)!.push(await round(set, e));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(
  `memory ingestion in process (graph/drain.ts), ${set.name}; ${ROUNDS} round(s) of each embedder, alternated; load average ${load0.toFixed(1)} → ${os.loadavg()[0]!.toFixed(1)}`,
);
const rate = (name: string) => median(rows.get(name)!.map((x) => (x.n / x.ms) * 1000));
const cpuRate = (name: string) => median(rows.get(name)!.map((x) => (x.n / x.cpuMs) * 1000));
for (const e of EMBEDDERS) {
  const xs = rows.get(e.name)!;
  const m = (f: (x: Row) => number) => median(xs.map(f));
  console.log(
    `  ${e.name.padEnd(18)} ${rate(e.name).toFixed(1).padStart(6)} messages/s wall, ${m((x) => x.cpuMs / x.n).toFixed(2)} ms CPU a message (${cpuRate(e.name).toFixed(0)} messages/s a core),` +
      ` embedding thread ${(m((x) => x.threadMs / x.cpuMs) * 100).toFixed(0)}% of CPU (${m((x) => (x.threadMs ? x.facts / x.threadMs : 0) * 1000).toFixed(0)} facts a CPU-second),` +
      ` ${m((x) => x.facts / x.n).toFixed(2)} facts a message, vector index ${(m((x) => x.indexMs / x.ms) * 100) | 0}% of wall;` +
      ` model load ${m((x) => x.loadCpuMs).toFixed(0)} ms CPU, resident ${m((x) => x.rssMb).toFixed(0)} MB before, peak ${m((x) => x.peakMb).toFixed(0)} MB`,
  );
}
const model = EMBEDDERS[1]!.name;
console.log(
  `  model / hash (messages a CPU-second)  ${(cpuRate(model) / cpuRate(EMBEDDERS[0]!.name)).toFixed(2)}×   targets: ≥ 40 messages/s a core ${cpuRate(model) >= 40 ? 'met' : 'MISSED'}; ≥ 100: ${cpuRate(model) >= 100 ? 'met' : 'not met (see docs/capabilities/memory.md)'}`,
);
