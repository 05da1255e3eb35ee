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
    for (const q of c.questions) for (const id of [...q.evidence, ...(q.stale ?? [])]) expect(ids.has(id), `${c.id}: ${q.question} → ${id}`).toBe(true);
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
    // A regression guard, not a target: 2 of the 11 changed answers still leave an outdated statement in the top 5 (see README).
    // 3 of 11 with rrf: a speaker named in the question ("Where does Omar work now?") lifts every fact of that
    // speaker, and the message marked stale for it also said something else that is still true ("We are starting
    // the Harbor View Garage"); the measure is per message, not per statement.
    expect(r.staleTop5, r.reranker).toBeLessThanOrEqual(3 / 11);
  }
  for (const r of await evaluate(store, HELD_OUT)) expect(r.evidenceInvalidated, r.reranker).toBe(0);
}, 180_000);
