// The drain keeps the group's latest processed episodes as it goes rather than
// reading them for every message: "you" must still be whoever spoke last,
// within one drain, across two drains, and for a message that arrives late.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../../core/db/client.ts';
import { createLocalEmbedder } from '../../../../core/embedding/embed.ts';
import { deterministicExtractor } from '../../../../subgraphs/memory/extraction/deterministic.ts';
import { processPending } from '../../../../subgraphs/memory/graph/drain.ts';
import { createLibsqlStore } from '../../../../subgraphs/memory/store/libsql-store.ts';
import type { MemoryStore } from '../../../../subgraphs/memory/store/memory-store.ts';
import { tempDir } from '../../../helpers/server.ts';

const dir = tempDir('memory-drain-');
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
  const rows = await db.$queryRawUnsafe<{ fact: string }[]>(`SELECT "fact" FROM "MemoryFact" WHERE "groupId" = ? ORDER BY "id"`, group);
  return rows.map((r) => r.fact);
}

it('"you" is the last other speaker within one drain and in the next one', async () => {
  await store.addEpisodes('a', 'g', [said('Caroline', 'Hey Melanie, how are the kids?', 0), said('Melanie', 'You went to the pottery class last week.', 1)]);
  await processPending(deps(), 'a', 'g');
  await store.addEpisodes('a', 'g', [said('Caroline', 'You painted a lake sunrise last year.', 2)]);
  await processPending(deps(), 'a', 'g');
  const facts = await factsOf('g');
  expect(facts.some((f) => f.startsWith('Caroline went to the pottery class'))).toBe(true);
  expect(facts.some((f) => f.startsWith('Melanie painted a lake sunrise'))).toBe(true);
});

it('a late message (older timestamp) does not become the last speaker', async () => {
  await store.addEpisodes('a', 'late', [said('Caroline', 'Hi Melanie!', 10), said('Melanie', 'Hi Caroline!', 11), said('Jon', 'I joined the chat late.', 1), said('Caroline', 'You went hiking last week.', 12)]);
  await processPending(deps(), 'a', 'late');
  expect((await factsOf('late')).some((f) => f.startsWith('Melanie went hiking'))).toBe(true);
});
