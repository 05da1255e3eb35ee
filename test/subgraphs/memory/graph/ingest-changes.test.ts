// Changed facts through the whole ingestion path (deterministic extractor,
// entity resolution, invalidation, embedded store): what a later message
// retires, and look-alike messages that must leave the old fact current. And
// the drain, which keeps the group's latest processed episodes as it goes
// rather than reading them for every message: "you" must still be whoever
// spoke last, within one drain, across two drains, and past a late message.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../../core/db/client.ts';
import { session, type EvalConversation } from '../../../../eval/memory/conversations.ts';
import { createLocalEmbedder } from '../../../../core/embedding/embed.ts';
import { deterministicExtractor } from '../../../../subgraphs/memory/extraction/deterministic.ts';
import { processPending } from '../../../../subgraphs/memory/graph/drain.ts';
import { ingestConversation } from '../../../../eval/memory/evaluate.ts';
import { createLibsqlStore } from '../../../../subgraphs/memory/store/libsql-store.ts';
import type { MemoryStore } from '../../../../subgraphs/memory/store/memory-store.ts';
import { searchFacts } from '../../../../subgraphs/memory/retrieval/search.ts';
import { tempDir } from '../../../helpers/server.ts';

const dir = tempDir('memory-changes-');
let db: Database;
let store: MemoryStore;
beforeAll(async () => {
  db = await openDatabase({ url: `file:${path.join(dir, 'memory.db')}` });
  store = createLibsqlStore(db);
});
afterAll(async () => {
  await db.$disconnect();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Ingests the lines as one session of `group` and answers each stored fact's text with whether it is still current. */
async function ingest(group: string, lines: string[]): Promise<Map<string, boolean>> {
  const conversation: EvalConversation = {
    id: group,
    sessions: [
      session(
        group,
        1,
        '2026-03-02T09:00:00Z',
        'Tom',
        lines.map((l) => ['U', l]),
      ),
    ],
    questions: [],
  };
  await ingestConversation(store, conversation);
  const rows = await db.$queryRawUnsafe<{ fact: string; invalidAt: string | null }[]>(
    `SELECT "fact", "invalidAt" FROM "MemoryFact" WHERE "groupId" = ?`,
    group,
  );
  return new Map(rows.map((r) => [r.fact, r.invalidAt === null]));
}

it('a first name stands for the full name: "Kenji no longer …" retires what Kenji Sato was doing', async () => {
  const facts = await ingest('kenji', [
    'Kenji Sato at Alder and Finch Engineers is checking the fatigue details of the floor beam connections.',
    'Kenji no longer works on the fatigue checks; Ana Ruiz took them over.',
  ]);
  expect(
    facts.get('Kenji Sato at Alder and Finch Engineers is checking the fatigue details of the floor beam connections.'),
  ).toBe(false);
  expect(facts.get('Kenji no longer works on the fatigue checks; Ana Ruiz took them over.')).toBe(true);
});

it('a first name two people share links to neither', async () => {
  const facts = await ingest('two-sams', [
    'Sam Ortiz at Keystone Structural is checking the connection calculations.',
    'Sam Lee at Birch Builders is checking the stair details.',
    'Sam no longer works on the connection calculations; Rosa Diaz took them over.',
  ]);
  expect(facts.get('Sam Ortiz at Keystone Structural is checking the connection calculations.')).toBe(true);
  expect(facts.get('Sam Lee at Birch Builders is checking the stair details.')).toBe(true);
});

it("a new size for beam B1 retires B1's old size, never beam B2's", async () => {
  const facts = await ingest('beams', ['Beam B1 is a W16x31.', 'Beam B2 is a W18x35.', 'Beam B1 is now a W18x40.']);
  expect(Object.fromEntries(facts)).toEqual({
    'Beam B1 is a W16x31.': false,
    'Beam B2 is a W18x35.': true,
    'Beam B1 is now a W18x40.': true,
  });
});

it('two loads in the same unit for different things both stay current', async () => {
  const facts = await ingest('loads', [
    'The roof live load is 20 psf.',
    'The floor live load is 50 psf including partitions.',
  ]);
  expect([...facts.values()]).toEqual([true, true]);
});

it('a replaced size retires only the clause that stated it', async () => {
  const facts = await ingest('frame', [
    'The moment frame columns are W10x49 and the beam is a W18x50, designed to AISC 341-16.',
    'The moment frame beam was upsized from the W18x50 to a W21x62 to meet drift limits.',
  ]);
  expect(facts.get('The moment frame columns are W10x49')).toBe(true);
  expect(facts.get('the beam is a W18x50, designed to AISC 341-16.')).toBe(false);
});

it("an ending retires the speaker's facts on the ended activity only: the speaker's own name is no shared topic", async () => {
  const facts = await ingest('left-job', [
    'I bought a metal detector and walk along the beaches looking for something worthwhile.',
    'I am a big video game fan too.',
    'I recently left my IT job after 3 years.',
  ]);
  expect(facts.get('Tom bought a metal detector and walk along the beaches looking for something worthwhile.')).toBe(
    true,
  );
  expect(facts.get('Tom is a big video game fan too.')).toBe(true);
});

const deps = () => ({ store, extractor: deterministicExtractor, embedder: createLocalEmbedder(256) });
let n = 0;
const said = (role: string, content: string, minute: number) => ({
  uuid: `m${++n}`,
  name: '',
  content,
  roleType: 'user',
  role,
  sourceDescription: 's1',
  timestamp: new Date(Date.UTC(2023, 4, 8, 13, minute)).toISOString(),
});

async function factsOf(group: string): Promise<string[]> {
  const rows = await db.$queryRawUnsafe<{ fact: string }[]>(
    `SELECT "fact" FROM "MemoryFact" WHERE "groupId" = ? ORDER BY "id"`,
    group,
  );
  return rows.map((r) => r.fact);
}

it('"you" is the last other speaker within one drain and in the next one', async () => {
  await store.addEpisodes('a', 'g', [
    said('Caroline', 'Hey Melanie, how are the kids?', 0),
    said('Melanie', 'You went to the pottery class last week.', 1),
  ]);
  await processPending(deps(), 'a', 'g');
  await store.addEpisodes('a', 'g', [said('Caroline', 'You painted a lake sunrise last year.', 2)]);
  await processPending(deps(), 'a', 'g');
  const facts = await factsOf('g');
  expect(facts.some((f) => f.startsWith('Caroline went to the pottery class'))).toBe(true);
  expect(facts.some((f) => f.startsWith('Melanie painted a lake sunrise'))).toBe(true);
});

it('a late message (older timestamp) does not become the last speaker', async () => {
  await store.addEpisodes('a', 'late', [
    said('Caroline', 'Hi Melanie!', 10),
    said('Melanie', 'Hi Caroline!', 11),
    said('Jon', 'I joined the chat late.', 1),
    said('Caroline', 'You went hiking last week.', 12),
  ]);
  await processPending(deps(), 'a', 'late');
  expect((await factsOf('late')).some((f) => f.startsWith('Melanie went hiking'))).toBe(true);
});

it('the drain writes a run of episodes in one transaction; when one fails to write, it fails alone and the others are written', async () => {
  const runs: number[] = [];
  // The store, except that writing the facts of the message saying "poison" throws (inside a run and alone).
  const failing = (s: MemoryStore): MemoryStore => ({
    ...s,
    insertFacts: async (facts) => {
      if (facts.some((f) => f.fact.includes('poison'))) throw new Error('injected write failure');
      return s.insertFacts(facts);
    },
    inTransaction: (work) => {
      runs.push(1);
      return s.inTransaction((tx) => work(failing(tx)));
    },
  });
  await store.addEpisodes('a', 'runs', [
    said('Caroline', 'I painted a lake sunrise last year.', 0),
    said('Melanie', 'I found poison ivy in the garden.', 1),
    said('Caroline', 'I went to the pottery class last week.', 2),
  ]);
  const result = await processPending({ ...deps(), store: failing(store) }, 'a', 'runs');
  expect(result).toEqual({ processed: 2, failed: 1 });
  expect(runs).toHaveLength(1);
  const facts = await factsOf('runs');
  expect(facts.some((f) => f.includes('lake sunrise'))).toBe(true);
  expect(facts.some((f) => f.includes('pottery class'))).toBe(true);
  expect(facts.some((f) => f.includes('poison'))).toBe(false);
  const status = await db.$queryRawUnsafe<{ status: string; error: string | null }[]>(
    `SELECT "status", "error" FROM "MemoryEpisode" WHERE "groupId" = 'runs' ORDER BY "seq"`,
  );
  expect(status.map((r) => r.status)).toEqual(['done', 'failed', 'done']);
  expect(status[1]!.error).toContain('injected write failure');
});

it('a replacement whose subject is in the message before ("they") retires the old value and the negation, linked to the new one, which answers first', async () => {
  const facts = await ingest('level-3', [
    'The level 3 beams are W18x35.',
    'The level 2 beams are W16x26.',
    'Update: the level 3 beams no longer use W18x35',
    'they were replaced by W21x44.',
  ]);
  expect(Object.fromEntries(facts)).toEqual({
    'The level 3 beams are W18x35.': false,
    // Another level's beams are another thing.
    'The level 2 beams are W16x26.': true,
    'Update: the level 3 beams no longer use W18x35': false,
    // The fact says what "they" were.
    'The level 3 beams were replaced by W21x44.': true,
  });
  const rows = await db.$queryRawUnsafe<{ uuid: string; fact: string; invalidatedBy: string | null }[]>(
    `SELECT "uuid", "fact", "invalidatedBy" FROM "MemoryFact" WHERE "groupId" = 'level-3'`,
  );
  const uuid = (text: string) => rows.find((r) => r.fact === text)!.uuid;
  expect(rows.find((r) => r.fact.startsWith('Update:'))!.invalidatedBy).toBe(
    uuid('The level 3 beams were replaced by W21x44.'),
  );
  const answer = await searchFacts(
    { store, embedder: createLocalEmbedder(256), pairScorer: null },
    {
      query: 'what beams are on level 3?',
      scope: { accountId: 'eval', groupIds: ['level-3'] },
      maxFacts: 5,
      reranker: 'rrf',
      minScore: 0,
      mmrLambda: 0.7,
      source: null,
      includeInvalidated: false,
      centerNodeUuid: null,
    },
  );
  expect(answer.filter((f) => /level 3/.test(f.fact))[0]?.fact).toBe('The level 3 beams were replaced by W21x44.');
  expect(answer.some((f) => f.fact.includes('W18x35'))).toBe(false);
});

it('the two-message replacement of the issue: W21x44 answers first', async () => {
  await ingest('two-messages', ['Update: the level 3 beams no longer use W18x35', 'they were replaced by W21x44.']);
  const answer = await searchFacts(
    { store, embedder: createLocalEmbedder(256), pairScorer: null },
    {
      query: 'what beams are on level 3?',
      scope: { accountId: 'eval', groupIds: ['two-messages'] },
      maxFacts: 5,
      reranker: 'rrf',
      minScore: 0,
      mmrLambda: 0.7,
      source: null,
      includeInvalidated: false,
      centerNodeUuid: null,
    },
  );
  expect(answer[0]?.fact).toBe('The level 3 beams were replaced by W21x44.');
});

it('a pronoun is left alone when the message before has no thing for subject, or names another noun', async () => {
  const facts = await ingest('no-antecedent', [
    'I checked the drawings yesterday.',
    'they were replaced by W21x44.',
    'The level 4 columns are W14x90.',
    'those beams were replaced by W24x55.',
  ]);
  expect([...facts.keys()]).not.toContain('The level 4 columns were replaced by W24x55.');
  expect(facts.get('The level 4 columns are W14x90.')).toBe(true);
});
