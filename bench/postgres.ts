// npm run bench:postgres — the search and memory queries on PostgreSQL beside
// the embedded libSQL database, on the same generated data in the same run:
// code search at 10,000 pages (50,000 passages) and memory at 100,000 facts,
// printing each measure's p50/p95 on both engines and PostgreSQL's time as a
// multiple of libSQL's (the baseline). Needs BENCH_POSTGRES_URL, a role that may
// create databases (e.g. postgres://postgres@127.0.0.1:55432/postgres, with
// pgvector installed); the benchmark creates its own database and drops it.
// BENCH_PAGES, BENCH_FACTS and BENCH_RUNS narrow a run.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../core/db/client.ts';
import { createLocalEmbedder } from '../core/embedding/embed.ts';
import { toIndex } from '../subgraphs/content/search/ingest.ts';
import { passageIndexFor } from '../subgraphs/content/search/index-for.ts';
import type { Passage } from '../subgraphs/content/search/passages.ts';
import { searchCodes } from '../subgraphs/content/search/search.ts';
import { VECTOR_BATCH_ROWS } from '../subgraphs/memory/graph/drain.ts';
import { normName } from '../subgraphs/memory/graph/names.ts';
import type { Entity, NewFact } from '../subgraphs/memory/model.ts';
import { searchFacts } from '../subgraphs/memory/retrieval/search.ts';
import type { MemoryStore } from '../subgraphs/memory/store/memory-store.ts';
import { memoryStoreFor } from '../subgraphs/memory/store/store-for.ts';
import { pct } from './support/stats.ts';

const ADMIN_URL = process.env.BENCH_POSTGRES_URL;
if (!ADMIN_URL) {
  console.error(
    'bench/postgres: set BENCH_POSTGRES_URL (a PostgreSQL role that may create databases, pgvector installed)',
  );
  process.exit(2);
}
const PAGES = Number(process.env.BENCH_PAGES ?? 10_000);
const FACTS = Number(process.env.BENCH_FACTS ?? 100_000);
const GROUPS = 100;
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const PASSAGES_PER_PAGE = 5;

// The vocabulary of bench/search.ts and bench/memory.ts: domain words and a Zipf-like tail of made-up ones.
const WORDS = (
  'shear strength concrete reinforcement development length deformed bars tension compression wind pressure velocity exposure load ' +
  'combination factored nominal design seismic drift story deflection limit span beam column slab footing bearing bolt weld plate flange web ' +
  'buckling fire resistance rating cover anchorage splice lap hook stirrup spacing torsion moment axial girder joist truss brace pier pile deck'
).split(' ');
const TAIL = Array.from(
  { length: 4000 },
  (_, i) =>
    `${'bcdfghklmnprstvz'[i % 16]}${'aeiou'[i % 5]}${'rntlsk'[(i >> 4) % 6]}${'aeiouy'[(i >> 6) % 6]}${(i >> 8).toString(36)}`,
);
let seed = 42;
const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = () =>
  rand() < 0.35 ? WORDS[Math.floor(rand() * WORDS.length)]! : TAIL[Math.floor(TAIL.length * rand() ** 2.5)]!;
const words = (n: number) => Array.from({ length: n }, pick).join(' ');
const query = () =>
  `${WORDS[Math.floor(rand() * WORDS.length)]} ${WORDS[Math.floor(rand() * WORDS.length)]} ${TAIL[Math.floor(TAIL.length * rand() ** 2.5)]}`;

const fmt = (xs: number[]) =>
  `p50 ${pct(xs, 0.5).toFixed(2).padStart(7)} ms  p95 ${pct(xs, 0.95).toFixed(2).padStart(7)} ms`;
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

async function timed(runs: number, work: (i: number) => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < Math.min(20, runs); i++) await work(i); // warm-up
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await work(i);
    out.push(performance.now() - t);
  }
  return out;
}

function report(label: string, libsql: number[], postgres: number[]) {
  console.log(
    `  ${label.padEnd(34)} libSQL ${fmt(libsql)}   PostgreSQL ${fmt(postgres)}   PostgreSQL ${(pct(postgres, 0.5) / pct(libsql, 0.5)).toFixed(2)}× libSQL at p50`,
  );
}

interface Engine {
  name: 'libSQL' | 'PostgreSQL';
  db: Database;
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-postgres-'));
const database = `bench_postgres_${randomUUID().replace(/-/g, '')}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`CREATE DATABASE "${database}"`);
const pgUrl = new URL(ADMIN_URL);
pgUrl.pathname = `/${database}`;
const engines: Engine[] = [
  { name: 'libSQL', db: await openDatabase({ url: `file:${path.join(dir, 'bench.db')}` }) },
  { name: 'PostgreSQL', db: await openDatabase({ url: pgUrl.toString() }) },
];

console.log(`\nbench/postgres — ${RUNS} queries per measure, Node ${process.version}, load average ${load()} at start`);
try {
  // Code search at PAGES pages.
  {
    const passages: Passage[] = [];
    for (let p = 1; p <= PAGES; p++) {
      for (let i = 0; i < PASSAGES_PER_PAGE; i++) {
        passages.push({
          page: p,
          pageLabel: String(p),
          headingPath: '',
          section: `${1 + (p % 30)}.${1 + (p % 9)}.${i + 1}`,
          heading: words(3),
          contentType: 'text',
          text: `${words(18)}. ${words(14)}.`,
        });
      }
    }
    const embedder = createLocalEmbedder();
    const indexed = await toIndex(passages, embedder);
    const queries = Array.from({ length: RUNS + 20 }, query);
    const vectors = await embedder.embed(queries);
    const results = new Map<string, number[][]>();
    console.log(`\ncode search: ${PAGES.toLocaleString('en')} pages, ${passages.length.toLocaleString('en')} passages`);
    for (const e of engines) {
      const index = passageIndexFor(e.db);
      const t = performance.now();
      await index.replaceFile('aci-318-19', indexed);
      const loadS = (performance.now() - t) / 1000;
      await e.db.codeEntry.upsert({
        where: { fileId: 'aci-318-19' },
        create: {
          fileId: 'aci-318-19',
          filename: 'aci.pdf',
          description: 'ACI 318-19',
          designStandard: 'ACI',
          path: '',
          addedAt: 0,
          indexStatus: 'indexed',
        },
        update: { indexStatus: 'indexed' },
      });
      const catalogue = [
        { fileId: 'aci-318-19', filename: 'aci.pdf', description: 'ACI 318-19', designStandard: 'ACI' },
      ];
      console.log(`  ${e.name}: loaded in ${loadS.toFixed(1)} s (load average ${load()})`);
      results.set(e.name, [
        await timed(RUNS, (i) => index.fullText(queries[i]!, null, 30)),
        await timed(RUNS, (i) => index.nearest({ model: embedder.model, vector: vectors[i]! }, null, 30)),
        await timed(RUNS, (i) =>
          searchCodes(index, embedder, catalogue, { query: queries[i]!, fileIds: null, page: 1, perPage: 10 }),
        ),
      ]);
    }
    const [l, p] = [results.get('libSQL')!, results.get('PostgreSQL')!];
    report('full text, 30 best', l[0]!, p[0]!);
    report('nearest vectors, 30 best', l[1]!, p[1]!);
    report('search (fused, as the job runs it)', l[2]!, p[2]!);
  }

  // Memory at FACTS facts in GROUPS groups.
  {
    console.log(`\nmemory: ${FACTS.toLocaleString('en')} facts in ${GROUPS} groups of one account`);
    const embedder = createLocalEmbedder(256);
    const account = 'bench-account';
    const groupIds = Array.from({ length: GROUPS }, (_, g) => `group-${g}`);
    const perGroup = Math.ceil(FACTS / GROUPS);
    const now = new Date().toISOString();
    // One generated data set, written to both engines.
    const data = await Promise.all(
      groupIds.map(async (groupId) => {
        const entities: Entity[] = Array.from({ length: Math.max(10, Math.ceil(perGroup / 5)) }, (_, i) => {
          const name = `${WORDS[i % WORDS.length]} ${TAIL[(i * 7 + groupId.length) % TAIL.length]} ${i}`;
          return {
            uuid: randomUUID(),
            accountId: account,
            groupId,
            name,
            normName: normName(name),
            kind: 'element',
            summary: '',
            createdAt: now,
          };
        });
        const episodes = Array.from({ length: Math.ceil(perGroup / 3) }, (_, i) => ({
          uuid: randomUUID(),
          name: '',
          content: words(20),
          roleType: 'user',
          role: 'Engineer',
          sourceDescription: `session-${i % 50}`,
          timestamp: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
        }));
        const texts = Array.from({ length: perGroup }, () => words(14));
        const vectors = await embedder.embed(texts);
        const facts: NewFact[] = texts.map((text, i) => {
          const a = entities[Math.floor(rand() * entities.length)]!;
          const b = entities[Math.floor(rand() * entities.length)]!;
          const episode = episodes[Math.floor(i / 3)]!;
          return {
            uuid: randomUUID(),
            accountId: account,
            groupId,
            sourceUuid: a.uuid,
            targetUuid: b.uuid,
            name: 'RELATES_TO',
            fact: `${a.name} ${text} ${b.name}`,
            normFact: text,
            validAt: episode.timestamp,
            invalidAt: null,
            createdAt: now,
            expiredAt: null,
            invalidatedBy: null,
            embedding: vectors[i]!,
            embeddingModel: embedder.model,
            episode: { uuid: episode.uuid, sourceDescription: episode.sourceDescription },
          };
        });
        return { groupId, entities, episodes, facts };
      }),
    );
    const queries = Array.from({ length: RUNS + 20 }, query);
    const vectors = await embedder.embed(queries);
    const results = new Map<string, number[][]>();
    for (const e of engines) {
      const store: MemoryStore = memoryStoreFor(e.db);
      const t = performance.now();
      for (const g of data) {
        await store.insertEntities(g.entities);
        await store.addEpisodes(account, g.groupId, g.episodes);
        for (let i = 0; i < g.facts.length; i += 2000) await store.insertFacts(g.facts.slice(i, i + 2000));
      }
      // Processed, as ingestion leaves them (one statement rather than finishEpisode for each).
      await e.db.$executeRaw`UPDATE "MemoryEpisode" SET "status" = 'done' WHERE "accountId" = ${account}`;
      await store.indexFactVectors(VECTOR_BATCH_ROWS, { model: embedder.model, dimensions: embedder.dimensions });
      console.log(`  ${e.name}: loaded in ${((performance.now() - t) / 1000).toFixed(1)} s (load average ${load()})`);
      const group = (i: number) => ({ accountId: account, groupIds: [groupIds[i % GROUPS]!] });
      const all = { accountId: account, groupIds: null };
      const filter = { includeInvalidated: false, source: null };
      const deps = { store, embedder, pairScorer: null };
      results.set(e.name, [
        await timed(RUNS, (i) => store.fullTextFacts(group(i), queries[i]!, filter, 30)),
        await timed(RUNS, (i) =>
          store.nearestFacts(group(i), { model: embedder.model, vector: vectors[i]! }, filter, 30),
        ),
        await timed(RUNS, (i) => store.fullTextFacts(all, queries[i]!, filter, 30)),
        await timed(RUNS, (i) => store.nearestFacts(all, { model: embedder.model, vector: vectors[i]! }, filter, 30)),
        await timed(RUNS, (i) =>
          searchFacts(deps, {
            query: queries[i]!,
            scope: group(i),
            maxFacts: 10,
            reranker: 'rrf',
            minScore: 0,
            mmrLambda: 0.7,
            source: null,
            includeInvalidated: false,
            centerNodeUuid: null,
          }),
        ),
      ]);
    }
    const [l, p] = [results.get('libSQL')!, results.get('PostgreSQL')!];
    report('full text, one group', l[0]!, p[0]!);
    report('nearest facts, one group', l[1]!, p[1]!);
    report('full text, whole account', l[2]!, p[2]!);
    report('nearest facts, whole account', l[3]!, p[3]!);
    report('hybrid search (searchFacts), group', l[4]!, p[4]!);
  }
  console.log(`\nload average ${load()} at the end\n`);
} finally {
  for (const e of engines) await e.db.$disconnect();
  await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  await admin.end();
  fs.rmSync(dir, { recursive: true, force: true });
}
