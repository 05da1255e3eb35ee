// The written conversations are a measuring stick: every question's evidence
// and stale ids must name real messages, and the default extractor and
// embedder must keep Recall@10 at the target of 0.8 for every reranker,
// retire most changed answers and never the current answer of a question.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../core/db/client.ts';
import { CONVERSATIONS } from '../../../eval/memory/conversations.ts';
import { HELD_OUT } from '../../../eval/memory/held-out.ts';
import { evaluate, ingestConversation } from '../../../eval/memory/evaluate.ts';
import { createLibsqlStore } from '../../../subgraphs/memory/store/libsql-store.ts';
import { tempDir } from '../../helpers/server.ts';

const dir = tempDir('memory-eval-');
let db: Database;
beforeAll(async () => {
  db = await openDatabase({ url: `file:${path.join(dir, 'eval.db')}` });
});
afterAll(async () => {
  await db.$disconnect();
  fs.rmSync(dir, { recursive: true, force: true });
});

it('every evidence and stale id names a message of its conversation', () => {
  for (const c of [...CONVERSATIONS, ...HELD_OUT]) {
    const ids = new Set(c.sessions.flatMap((s) => s.messages.map((m) => m.id)));
    expect(c.questions.length).toBeGreaterThanOrEqual(CONVERSATIONS.includes(c) ? 10 : 5);
    for (const q of c.questions)
      for (const id of [...q.evidence, ...(q.stale ?? [])])
        expect(ids.has(id), `${c.id}: ${q.question} → ${id}`).toBe(true);
    // A changed answer names the value it replaced, as its stale message wrote it.
    const text = new Map(c.sessions.flatMap((s) => s.messages.map((m) => [m.id, m.content] as const)));
    for (const q of c.questions.filter((x) => x.stale?.length)) {
      expect(q.replaced?.length, q.question).toBeGreaterThan(0);
      for (const v of q.replaced!)
        expect(
          q.stale!.some((id) => text.get(id)!.includes(v)),
          `${q.question}: ${v}`,
        ).toBe(true);
    }
  }
});

it('Recall@10 is at least 0.8 with every reranker; no invalidated fact is returned by default; no current answer is retired', async () => {
  const store = createLibsqlStore(db);
  for (const c of [...CONVERSATIONS, ...HELD_OUT]) await ingestConversation(store, c);
  for (const r of await evaluate(store)) {
    expect(r.recall10, r.reranker).toBeGreaterThanOrEqual(0.8);
    expect(r.recall5).toBeLessThanOrEqual(r.recall10);
    expect(r.invalidatedShare).toBe(0);
    expect(r.evidenceInvalidated, r.reranker).toBe(0);
    // No fact stating a replaced value is current in the top 5. Counted per message instead, a stale message's
    // statements that stay true count too ("The moment frame columns are W10x49", said with the beam that changed;
    // "We are starting the Harbor View Garage" for "Where does Omar work now?"): a guard, not a target.
    expect(r.staleTop5, r.reranker).toBe(0);
    expect(r.staleMessageTop5, r.reranker).toBeLessThanOrEqual(3 / 11);
  }
  for (const r of await evaluate(store, HELD_OUT)) expect(r.evidenceInvalidated, r.reranker).toBe(0);
}, 180_000);
