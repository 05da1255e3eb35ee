// Community summaries by a language model, against a scripted OpenAI-compatible
// server over real HTTP: each community gets the model's text beside its
// deterministic summary; a failed call keeps the deterministic one only; no
// model configured makes no call.
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../../core/db/client.ts';
import { runInline } from '../../../../core/jobs/task.ts';
import type { WorkerPool } from '../../../../core/jobs/worker-pool.ts';
import { computeCommunities } from '../../../../subgraphs/drawings/projects/communities.ts';
import { createLlmSummarizer, SUMMARY_MAX } from '../../../../subgraphs/drawings/projects/community-summaries.ts';
import { createLibsqlProjectStore } from '../../../../subgraphs/drawings/projects/store/libsql-store.ts';
import type { ProjectGraphStore } from '../../../../subgraphs/drawings/projects/store/project-graph-store.ts';
import { startModelServer, type ModelServer } from '../../../helpers/model-server.ts';
import { tempDir } from '../../../helpers/server.ts';
import { sheetWrite } from './store-contract.ts';

/** Runs worker tasks in this thread: the test is about what happens around Louvain, not the pool. */
const inlineWorkers: WorkerPool = {
  run: async <R>(url: URL, payload: unknown) => runInline((await import(url.href)).default, payload) as Promise<R>,
  close: async () => {},
};

let model: ModelServer;
let dir: string;
let db: Database;
let store: ProjectGraphStore;
let projectId: string;

beforeAll(async () => {
  model = await startModelServer();
});
afterAll(() => model.close());

beforeEach(async () => {
  dir = tempDir('project-summaries-');
  db = await openDatabase({ url: `file:${path.join(dir, 'p.db')}` });
  store = createLibsqlProjectStore(db);
  projectId = randomUUID();
  const now = new Date().toISOString();
  await store.createProject({
    id: projectId,
    accountId: 'a',
    name: 'Tower',
    description: null,
    createdAt: now,
    updatedAt: now,
  });
  // Two groups of sheets that reference each other within the group only.
  await store.writeSheet(
    sheetWrite(projectId, { number: 'S-101', page: 1, views: ['1'], callouts: [['2', 'S-102']], grids: ['A', 'B'] }),
  );
  await store.writeSheet(
    sheetWrite(projectId, { number: 'S-102', page: 2, views: ['2'], callouts: [['1', 'S-101']], grids: ['A'] }),
  );
  await store.writeSheet(
    sheetWrite(projectId, { number: 'A-201', page: 3, views: ['5'], callouts: [['6', 'A-202']], grids: ['7', '8'] }),
  );
  await store.writeSheet(
    sheetWrite(projectId, { number: 'A-202', page: 4, views: ['6'], callouts: [['5', 'A-201']], grids: ['7'] }),
  );
  model.requests.length = 0;
});
afterEach(async () => {
  await db.$disconnect();
  fs.rmSync(dir, { recursive: true, force: true });
});

const summarizer = () => createLlmSummarizer({ url: model.url, model: 'scripted-model', timeoutMs: 10_000 });

/** How many communities this graph has (Louvain, seeded), found without a model. */
const communityCount = async () => (await computeCommunities(store, projectId, inlineWorkers, null)).count;

describe('community summaries by a language model', () => {
  it("stores the model's summary beside the deterministic one, told only the community's facts", async () => {
    const n = await communityCount();
    expect(n).toBeGreaterThan(1);
    model.script(
      { content: '  The first  community.\n' },
      ...Array.from({ length: n - 1 }, (_, i) => ({ content: `Community ${i + 2}.` })),
    );
    const outcome = await computeCommunities(store, projectId, inlineWorkers, summarizer());
    expect(outcome).toEqual({ count: n, llm: { summarised: n, failed: 0 } });
    const { items } = await store.listCommunities(projectId, 0, 50);
    // Whitespace folded; every scripted answer stored once.
    expect(items.map((c) => c.llmSummary).sort()).toEqual(
      ['The first community.', ...Array.from({ length: n - 1 }, (_, i) => `Community ${i + 2}.`)].sort(),
    );
    for (const c of items) expect(c.summary).toMatch(/entities on \d+ sheet\(s\)/);
    expect(model.requests).toHaveLength(n);
    expect(model.requests[0]!.model).toBe('scripted-model');
    // Each prompt is about one community: its title, its summary, its sheets with their titles, and no other sheet.
    const all = ['S-101', 'S-102', 'A-201', 'A-202'];
    for (const r of model.requests) {
      const prompt = r.messages.at(-1).content as string;
      const c = items.find((x) => prompt.startsWith(`Community: ${x.title}\nHolds: ${x.summary}\n`))!;
      expect(c).toBeDefined();
      for (const number of all) expect(prompt.includes(`- ${number}: Sheet ${number}`)).toBe(c.sheets.includes(number));
    }
    expect(model.requests.some((r) => /GridLine: GRID A/.test(r.messages.at(-1).content))).toBe(true);
  });

  it('keeps the deterministic summary when the model fails, and cuts an overlong answer', async () => {
    const n = await communityCount();
    model.script({ status: 500 }, ...Array.from({ length: n - 1 }, () => ({ content: 'x'.repeat(SUMMARY_MAX + 500) })));
    const outcome = await computeCommunities(store, projectId, inlineWorkers, summarizer());
    expect(outcome.llm).toEqual({ summarised: n - 1, failed: 1 });
    const { items } = await store.listCommunities(projectId, 0, 50);
    expect(items.filter((c) => c.llmSummary === null)).toHaveLength(1);
    for (const c of items.filter((x) => x.llmSummary !== null)) expect(c.llmSummary!.length).toBe(SUMMARY_MAX);
    for (const c of items) expect(c.summary.length).toBeGreaterThan(0);
  });

  it('an answer with no text counts as a failure', async () => {
    const n = await communityCount();
    model.script(
      { content: '   ' },
      ...Array.from({ length: n - 1 }, () => ({ toolCalls: [{ name: 'x', arguments: {} }] })),
    );
    const outcome = await computeCommunities(store, projectId, inlineWorkers, summarizer());
    expect(outcome.llm).toEqual({ summarised: 0, failed: n });
  });

  it('makes no call without a model configured', async () => {
    const outcome = await computeCommunities(store, projectId, inlineWorkers, null);
    expect(outcome.llm).toBeNull();
    expect(model.requests).toHaveLength(0);
    for (const c of (await store.listCommunities(projectId, 0, 50)).items) expect(c.llmSummary).toBeNull();
  });

  it('gives up on a model slower than its time limit', async () => {
    const n = await communityCount();
    let release!: () => void;
    const hold = new Promise<void>((r) => (release = r));
    model.script(...Array.from({ length: n }, () => ({ content: 'late', hold })));
    const slow = createLlmSummarizer({ url: model.url, model: 'scripted-model', timeoutMs: 200 });
    const outcome = await computeCommunities(store, projectId, inlineWorkers, slow);
    release();
    expect(outcome.llm).toEqual({ summarised: 0, failed: n });
  });
});
