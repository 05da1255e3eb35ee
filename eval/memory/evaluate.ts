// npm run eval:memory — ingests the written conversations with the default
// (deterministic) extractor and local embedder, asks each question through
// every reranker, and reports Recall@5 and Recall@10 of the evidence messages
// (a fact counts for the messages that stated it), plus how often answers come
// from invalidated facts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../../core/db/client.ts';
import { createLocalEmbedder } from '../../core/embedding/embed.ts';
import { deterministicExtractor } from '../../subgraphs/memory/extraction/deterministic.ts';
import { processPending } from '../../subgraphs/memory/graph/drain.ts';
import { isCurrent } from '../../subgraphs/memory/model.ts';
import { RERANKERS, defaultMinScore, DEFAULT_MMR_LAMBDA } from '../../subgraphs/memory/params.ts';
import { searchFacts, type RerankerName, type ScoredFact } from '../../subgraphs/memory/retrieval/search.ts';
import { createLibsqlStore } from '../../subgraphs/memory/store/libsql-store.ts';
import type { MemoryStore } from '../../subgraphs/memory/store/memory-store.ts';
import { CONVERSATIONS, type EvalConversation, type EvalQuestion } from './conversations.ts';
import { HELD_OUT } from './held-out.ts';
import { evaluateLocomo, ingestLocomo, loadLocomo, LOCOMO_PATH, reportLocomo } from './locomo.ts';

const ACCOUNT = 'eval';

/** Share of the evidence messages stated by the first k facts. */
export function recallAt(facts: readonly Pick<ScoredFact, 'episodes'>[], evidence: readonly string[], k: number): number {
  const found = new Set(facts.slice(0, k).flatMap((f) => f.episodes));
  return evidence.filter((e) => found.has(e)).length / evidence.length;
}

/** A fact every one of whose episodes is a stale message answers from history. */
export const fromStale = (f: Pick<ScoredFact, 'episodes'>, q: EvalQuestion): boolean => !!q.stale?.length && f.episodes.every((e) => q.stale!.includes(e));

export async function ingestConversation(store: MemoryStore, conversation: EvalConversation): Promise<number> {
  const deps = { store, extractor: deterministicExtractor, embedder: createLocalEmbedder(256) };
  let count = 0;
  for (const s of conversation.sessions) {
    const start = Date.parse(s.date);
    await store.addEpisodes(
      ACCOUNT,
      conversation.id,
      s.messages.map((m, i) => ({
        uuid: m.id,
        name: '',
        content: m.content,
        roleType: m.roleType,
        role: m.role,
        sourceDescription: s.id,
        timestamp: new Date(start + i * 60_000).toISOString(),
      })),
    );
    count += s.messages.length;
  }
  await processPending(deps, ACCOUNT, conversation.id);
  return count;
}

export interface RerankerReport {
  reranker: RerankerName;
  recall5: number;
  recall10: number;
  /** Share of returned facts (top 10) that are invalidated: default (current) mode, then with include_invalidated. */
  invalidatedShare: number;
  invalidatedShareHistory: number;
  /** Of the questions whose answer changed, the share with a stale fact in the top 5 (default mode). */
  staleTop5: number;
  /**
   * Share of questions where an evidence message is returned (top 10, include_invalidated) only through
   * invalidated facts: the current answer was retired by mistake (a false invalidation).
   */
  evidenceInvalidated: number;
  p50Ms: number;
  /** Per question: Recall@5 and, for a changed answer, the stale current fact found in the top 5 (if any). */
  questions: { conversation: string; question: string; recall5: number; stale: string | null; lost: boolean }[];
}

export async function evaluate(store: MemoryStore, conversations = CONVERSATIONS): Promise<RerankerReport[]> {
  const embedder = createLocalEmbedder(256);
  const out: RerankerReport[] = [];
  for (const reranker of RERANKERS) {
    let r5 = 0;
    let r10 = 0;
    let returned = 0;
    let invalid = 0;
    let returnedH = 0;
    let invalidH = 0;
    let staleHits = 0;
    let staleQuestions = 0;
    let evidenceLost = 0;
    let n = 0;
    const times: number[] = [];
    const questions: RerankerReport['questions'] = [];
    for (const c of conversations) {
      for (const q of c.questions) {
        const params = {
          query: q.question,
          scope: { accountId: ACCOUNT, groupIds: [c.id] },
          maxFacts: 10,
          reranker,
          minScore: defaultMinScore(reranker),
          mmrLambda: DEFAULT_MMR_LAMBDA,
          source: null,
          centerNodeUuid: null,
        };
        const t0 = performance.now();
        const facts = await searchFacts({ store, embedder, pairScorer: null }, { ...params, includeInvalidated: false });
        times.push(performance.now() - t0);
        const history = await searchFacts({ store, embedder, pairScorer: null }, { ...params, includeInvalidated: true });
        r5 += recallAt(facts, q.evidence, 5);
        r10 += recallAt(facts, q.evidence, 10);
        returned += facts.length;
        invalid += facts.filter((f) => !isCurrent(f)).length;
        returnedH += history.length;
        invalidH += history.filter((f) => !isCurrent(f)).length;
        const stale = q.stale?.length ? (facts.slice(0, 5).find((f) => fromStale(f, q))?.fact ?? null) : null;
        if (q.stale?.length) {
          staleQuestions++;
          if (stale !== null) staleHits++;
        }
        const lost = q.evidence.some((e) => {
          const stating = history.filter((f) => f.episodes.includes(e));
          return stating.length > 0 && stating.every((f) => !isCurrent(f));
        });
        if (lost) evidenceLost++;
        questions.push({ conversation: c.id, question: q.question, recall5: recallAt(facts, q.evidence, 5), stale, lost });
        n++;
      }
    }
    times.sort((a, b) => a - b);
    out.push({
      reranker,
      recall5: r5 / n,
      recall10: r10 / n,
      invalidatedShare: returned ? invalid / returned : 0,
      invalidatedShareHistory: returnedH ? invalidH / returnedH : 0,
      staleTop5: staleQuestions ? staleHits / staleQuestions : 0,
      evidenceInvalidated: evidenceLost / n,
      p50Ms: times[Math.floor(times.length / 2)]!,
      questions,
    });
  }
  return out;
}

function report(title: string, conversations: readonly EvalConversation[], reports: readonly RerankerReport[], listQuestions: boolean) {
  const questions = conversations.reduce((s, c) => s + c.questions.length, 0);
  const changed = conversations.reduce((s, c) => s + c.questions.filter((q) => q.stale?.length).length, 0);
  console.log(`${title}: ${conversations.length} conversations, ${questions} questions (${changed} with a changed answer)`);
  console.log('reranker        Recall@5  Recall@10  invalidated (current / history)  stale in top 5  evidence invalidated  p50 ms');
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  for (const r of reports) {
    console.log(
      `${r.reranker.padEnd(15)} ${r.recall5.toFixed(3).padStart(8)}  ${r.recall10.toFixed(3).padStart(9)}  ${`${pct(r.invalidatedShare)} / ${pct(r.invalidatedShareHistory)}`.padStart(31)}  ${pct(r.staleTop5).padStart(14)}  ${pct(r.evidenceInvalidated).padStart(20)}  ${r.p50Ms.toFixed(1).padStart(6)}`,
    );
  }
  if (listQuestions) {
    for (const r of reports) {
      console.log(`  ${r.reranker}:`);
      for (const q of r.questions) {
        const flags = [q.stale !== null ? `STALE "${q.stale}"` : '', q.lost ? 'EVIDENCE INVALIDATED' : ''].filter(Boolean).join('  ');
        console.log(`    ${q.conversation} R@5 ${q.recall5.toFixed(2)}  ${q.question}${flags ? `  ← ${flags}` : ''}`);
      }
    }
  }
  console.log('');
}

async function locomoSection(store: MemoryStore) {
  const conversations = loadLocomo();
  if (!conversations) {
    console.log(`LoCoMo section skipped: ${path.relative(process.cwd(), LOCOMO_PATH)} is absent (it lives in ../shared/, never in the repository).`);
    return;
  }
  const deps = { store, extractor: deterministicExtractor, embedder: createLocalEmbedder(256) };
  let turns = 0;
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  for (const c of conversations) turns += await ingestLocomo(deps, 'locomo', c);
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  // On a shared machine the wall clock measures the other work too; the process's CPU time says what a message costs.
  console.log(
    `LoCoMo ingestion (in process: the ingest job's queue drain, no HTTP): ${turns} turns in ${ms.toFixed(0)} ms (${((turns / ms) * 1000).toFixed(0)} messages/s wall clock; ` +
      `${(cpuMs / turns).toFixed(1)} ms of CPU a message, ${((turns / cpuMs) * 1000).toFixed(0)} messages/s in CPU time; load average ${os.loadavg()[0]!.toFixed(1)})`,
  );
  reportLocomo(await evaluateLocomo(deps, 'locomo', conversations));
}

async function main() {
  const listQuestions = process.argv.includes('--questions');
  // --only=locomo or --only=written runs one section.
  const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length) ?? null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eval-memory-'));
  const db = await openDatabase({ url: `file:${path.join(dir, 'eval.db')}` });
  try {
    const store = createLibsqlStore(db);
    if (only !== 'written') await locomoSection(store);
    if (only === 'locomo') return;
    let messages = 0;
    const t0 = performance.now();
    for (const c of CONVERSATIONS) messages += await ingestConversation(store, c);
    const ingestMs = performance.now() - t0;
    for (const c of HELD_OUT) await ingestConversation(store, c);
    console.log('memory eval: deterministic extractor, local embedder (add --questions for a per-question listing)');
    console.log(`ingestion: ${messages} messages of the main set in ${ingestMs.toFixed(0)} ms (${((messages / ingestMs) * 1000).toFixed(0)} messages/s)`);
    console.log('');
    report('main set', CONVERSATIONS, await evaluate(store, CONVERSATIONS), listQuestions);
    report('held-out set (written before the changed-fact rules, reported apart)', HELD_OUT, await evaluate(store, HELD_OUT), listQuestions);
  } finally {
    await db.$disconnect();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
