// npm run bench:memory — /search and /get-memory latency at 1,000, 10,000 and
// 100,000 facts, all in one group and spread over 100 groups, beside a bare
// full-text query over the same facts in the same run; then ingestion
// throughput with the default extractor. Facts for the latency runs are
// generated straight into the store (not through the extractor).
// Switches (bench/memory-switches.ts): BENCH_FACTS=1000,10000 (the fact counts), BENCH_RUNS=100
// (queries per measure) and BENCH_INGEST=200 (messages ingested) narrow a run; 0 skips that part
// (BENCH_FACTS=0 or BENCH_RUNS=0: no latency runs; BENCH_INGEST=0: no ingestion run).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { startBenchServer } from './support/server.ts';
import { createLocalEmbedder } from '../core/embedding/embed.ts';
import { deterministicExtractor } from '../subgraphs/memory/extraction/deterministic.ts';
import { processPending, VECTOR_BATCH_ROWS } from '../subgraphs/memory/graph/drain.ts';
import { normName } from '../subgraphs/memory/graph/names.ts';
import type { Entity, NewFact } from '../subgraphs/memory/model.ts';
import { searchFacts } from '../subgraphs/memory/retrieval/search.ts';
import { createLibsqlStore } from '../subgraphs/memory/store/libsql-store.ts';
import { ftsQuery } from '../subgraphs/memory/store/sql/fragments.ts';
import { memoryBenchSwitches } from './memory-switches.ts';
import { pct } from './support/stats.ts';
import { syntheticText } from './support/synthetic-text.ts';

const { sizes: SIZES, runs: RUNS, ingestMessages: INGEST_MESSAGES } = memoryBenchSwitches(process.env);

const WORDS = (
  'beam column slab footing girder joist truss wall brace pier pile deck diaphragm collector canopy stair core ' +
  'shear moment deflection drift snow wind seismic load bearing camber vibration punching torsion connection weld bolt ' +
  'concrete steel timber masonry rebar topping glulam precast tendon anchor plate flange web splice level grid roof'
).split(' ');
const { rand, tail: TAIL, words, query } = syntheticText(WORDS, 7);
const RELATIONS = ['USES', 'SUPPORTS', 'IS_DESIGNED_TO', 'REQUIRES', 'HAS_VALUE', 'RELATES_TO'];

const fmt = (xs: number[]) =>
  `p50 ${pct(xs, 0.5).toFixed(2).padStart(6)} ms  p95 ${pct(xs, 0.95).toFixed(2).padStart(6)} ms`;

/** Generates `facts` facts over `groups` groups straight into the store, with their episodes and entities. */
async function load(
  store: ReturnType<typeof createLibsqlStore>,
  ACCOUNT_ID: string,
  facts: number,
  groups: number,
): Promise<string[]> {
  const embedder = createLocalEmbedder(256);
  const now = new Date().toISOString();
  const groupIds = Array.from({ length: groups }, (_, g) => `group-${g}`);
  const perGroup = Math.ceil(facts / groups);
  for (const groupId of groupIds) {
    const entities: Entity[] = Array.from({ length: Math.max(10, Math.ceil(perGroup / 5)) }, (_, i) => {
      const name = `${WORDS[i % WORDS.length]} ${TAIL[i % TAIL.length]} ${i}`;
      return {
        uuid: randomUUID(),
        accountId: ACCOUNT_ID,
        groupId,
        name,
        normName: normName(name),
        kind: 'element',
        summary: '',
        createdAt: now,
      };
    });
    await store.insertEntities(entities);
    for (let start = 0; start < perGroup; start += 2000) {
      const n = Math.min(2000, perGroup - start);
      const episodes = Array.from({ length: Math.ceil(n / 3) }, (_, i) => ({
        uuid: randomUUID(),
        name: '',
        content: words(20),
        roleType: 'user',
        role: 'Engineer',
        sourceDescription: `session-${(start / 3 + i) % 50}`,
        timestamp: new Date(Date.UTC(2026, 0, 1) + (start + i) * 60_000).toISOString(),
      }));
      await store.addEpisodes(ACCOUNT_ID, groupId, episodes);
      const texts = Array.from({ length: n }, () => words(14));
      const vectors = await embedder.embed(texts);
      const batch: NewFact[] = texts.map((text, i) => {
        const a = entities[Math.floor(rand() * entities.length)]!;
        const b = entities[Math.floor(rand() * entities.length)]!;
        const episode = episodes[Math.floor(i / 3)]!;
        return {
          uuid: randomUUID(),
          accountId: ACCOUNT_ID,
          groupId,
          sourceUuid: a.uuid,
          targetUuid: b.uuid,
          name: RELATIONS[i % RELATIONS.length]!,
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
      await store.insertFacts(batch);
      for (const e of episodes) {
        await store.addMentions(ACCOUNT_ID, e.uuid, [entities[Math.floor(rand() * entities.length)]!.uuid]);
        await store.finishEpisode(ACCOUNT_ID, e.uuid, null);
      }
    }
  }
  // As the ingest job does after its episodes (graph/drain.ts).
  await store.indexFactVectors(VECTOR_BATCH_ROWS, { model: embedder.model, dimensions: embedder.dimensions });
  return groupIds;
}

console.log(
  `\nbench/memory — ${SIZES.length ? `${RUNS} queries per measure` : 'no latency runs (BENCH_FACTS or BENCH_RUNS is 0)'}, Node ${process.version}\n`,
);
for (const size of SIZES) {
  for (const groups of [1, 100]) {
    const { server, dataDir } = await startBenchServer('bench-memory-', { ENTERPRISE_RATE_PER_MIN: '10000000' });
    try {
      const { db } = server.platform;
      const store = createLibsqlStore(db);
      const { secret, key } = await server.platform.keys.create({ name: 'bench', tier: 'enterprise' });
      const ACCOUNT_ID = key.accountId;
      const t0 = performance.now();
      const groupIds = await load(store, ACCOUNT_ID, size, groups);
      const loadS = (performance.now() - t0) / 1000;
      const headers = { 'x-api-key': secret, 'content-type': 'application/json' };
      const queries = Array.from({ length: RUNS }, query);
      const groupOf = (i: number) => groupIds[i % groupIds.length]!;
      const deps = { store, embedder: createLocalEmbedder(256), pairScorer: null };

      const bare: number[] = [];
      const domain: number[] = [];
      const search: number[] = [];
      const memory: number[] = [];
      const post = (p: string, body: unknown) =>
        fetch(`${server.memoryUrl}${p}`, { method: 'POST', headers, body: JSON.stringify(body) }).then((r) => r.json());
      for (const q of queries.slice(0, 20)) await post('/search', { query: q, group_ids: [groupOf(0)] }); // warm-up
      for (const [i, q] of queries.entries()) {
        const g = groupOf(i);
        let t = performance.now();
        // The bare query: the same full-text index, the same group, ten best by BM25, nothing else.
        await db.$queryRawUnsafe(
          `SELECT f."uuid" FROM "MemoryFactFts" JOIN "MemoryFact" f ON f."id" = "MemoryFactFts".rowid WHERE "MemoryFactFts" MATCH ? AND f."accountId" = ? AND f."groupId" = ? ORDER BY bm25("MemoryFactFts") LIMIT 10`,
          ftsQuery(q),
          ACCOUNT_ID,
          g,
        );
        bare.push(performance.now() - t);
        t = performance.now();
        await searchFacts(deps, {
          query: q,
          scope: { accountId: ACCOUNT_ID, groupIds: [g] },
          maxFacts: 10,
          reranker: 'rrf',
          minScore: 0,
          mmrLambda: 0.7,
          source: null,
          includeInvalidated: false,
          centerNodeUuid: null,
        });
        domain.push(performance.now() - t);
        t = performance.now();
        await post('/search', { query: q, group_ids: [g] });
        search.push(performance.now() - t);
        t = performance.now();
        await post('/get-memory', {
          group_id: g,
          center_node_uuid: null,
          messages: [{ content: q, role_type: 'user', role: 'Engineer' }],
        });
        memory.push(performance.now() - t);
      }
      const ratio = pct(domain, 0.95) / pct(bare, 0.95);
      console.log(
        `${size.toLocaleString('en')} facts in ${groups === 1 ? 'one group' : `${groups} groups`} (generated and loaded in ${loadS.toFixed(1)} s)`,
      );
      console.log(`  bare full-text query        ${fmt(bare)}`);
      console.log(
        `  hybrid search (in process)  ${fmt(domain)}   ${ratio.toFixed(2)}× the bare query at p95 (target ≤ 3×)   ${ratio <= 3 ? 'met' : 'MISSED'}`,
      );
      console.log(
        `  POST /search (HTTP)         ${fmt(search)}   ${(pct(search, 0.95) / pct(bare, 0.95)).toFixed(2)}× the bare query at p95; spec's typical 200–800 ms`,
      );
      console.log(
        `  POST /get-memory (HTTP)     ${fmt(memory)}   ${(pct(memory, 0.95) / pct(bare, 0.95)).toFixed(2)}× the bare query at p95\n`,
      );
    } finally {
      await server.close(1000);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

// Ingestion with the default extractor: messages of the kind the eval's conversations hold.
if (!INGEST_MESSAGES) console.log('no ingestion run (BENCH_INGEST=0)\n');
else {
  const { server, dataDir } = await startBenchServer('bench-memory-ingest-', { ENTERPRISE_RATE_PER_MIN: '10000000' });
  try {
    const store = createLibsqlStore(server.platform.db);
    const { secret, key } = await server.platform.keys.create({ name: 'bench', tier: 'enterprise' });
    const ACCOUNT_ID = key.accountId;
    const members = ['beam', 'column', 'girder', 'footing', 'brace'];
    const message = (i: number) => {
      const m = members[i % members.length]!;
      const size = `W${12 + (i % 5) * 2}x${26 + (i % 7) * 4}`;
      return [
        `${m[0]!.toUpperCase()}${m.slice(1)} ${m[0]!.toUpperCase()}${i % 40} at grid ${'ABCDEFG'[i % 7]}-${1 + (i % 9)} uses a ${size} per AISC 360-16.`,
        `The snow load on the Project ${i % 12} roof is ${20 + (i % 6) * 5} psf per ASCE 7-22.`,
        `We replaced the ${size} with a W${14 + (i % 5) * 2}x${30 + (i % 7) * 4} for ${m} ${m[0]!.toUpperCase()}${i % 40} because of deflection.`,
        `Sheet S-${100 + (i % 30)} shows the ${m} reinforcement with #5 bars @ 12 in.`,
      ][i % 4]!;
    };
    const episodes = Array.from({ length: INGEST_MESSAGES }, (_, i) => ({
      uuid: randomUUID(),
      name: '',
      content: message(i),
      roleType: 'user',
      role: ['Maria', 'Omar', 'Priya'][i % 3]!,
      sourceDescription: `session-${Math.floor(i / 50)}`,
      timestamp: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
    }));
    const deps = { store, extractor: deterministicExtractor, embedder: createLocalEmbedder(256) };
    await store.addEpisodes(ACCOUNT_ID, 'ingest', episodes);
    let t = performance.now();
    await processPending(deps, ACCOUNT_ID, 'ingest');
    const inProcess = (INGEST_MESSAGES / (performance.now() - t)) * 1000;

    // End to end: POST /messages in batches of 10, until the last episode is listed.
    const headers = { 'x-api-key': secret, 'content-type': 'application/json' };
    const http = Math.min(INGEST_MESSAGES, 500);
    t = performance.now();
    for (let i = 0; i < http; i += 10) {
      const batch = episodes.slice(i, i + 10).map((e) => ({
        content: e.content,
        role_type: 'user',
        role: e.role,
        timestamp: e.timestamp,
        source_description: e.sourceDescription,
      }));
      await fetch(`${server.memoryUrl}/messages`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ group_id: 'ingest-http', messages: batch }),
      });
    }
    // The listing shows processed episodes only; a refusal or a stall is a failed run, not a wait without end.
    const deadline = Date.now() + 600_000;
    for (;;) {
      const res = await fetch(`${server.memoryUrl}/episodes/ingest-http?last_n=${http}`, { headers });
      const body = (await res.json()) as { episodes?: unknown[] };
      if (!res.ok || !Array.isArray(body.episodes))
        throw new Error(`GET /episodes answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
      if (body.episodes.length >= http) break;
      if (Date.now() > deadline)
        throw new Error(`after 10 minutes ${body.episodes.length} of ${http} messages were processed`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const endToEnd = (http / (performance.now() - t)) * 1000;
    console.log(`ingestion with the deterministic extractor and local embedder`);
    console.log(
      `  in process (queue → graph)          ${inProcess.toFixed(0)} messages/s over ${INGEST_MESSAGES} messages (target ≥ 100)   ${inProcess >= 100 ? 'met' : 'MISSED'}`,
    );
    console.log(
      `  POST /messages until all processed  ${endToEnd.toFixed(0)} messages/s over ${http} messages in requests of 10\n`,
    );

    // Deletion, each one transaction (the cascade of a source; a whole group).
    const sources = [...new Set(episodes.map((e) => e.sourceDescription))].slice(0, 10);
    t = performance.now();
    for (const source of sources) await store.deleteEpisodes(ACCOUNT_ID, { groupId: 'ingest', source });
    const perSource = (performance.now() - t) / sources.length;
    t = performance.now();
    await store.deleteGroup(ACCOUNT_ID, 'ingest');
    console.log(`deletion of what was ingested`);
    console.log(
      `  one source (up to 50 messages)      ${perSource.toFixed(1)} ms each, over ${sources.length} sources`,
    );
    console.log(`  the rest of the group               ${(performance.now() - t).toFixed(1)} ms\n`);
  } finally {
    await server.close(1000);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
