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
import { createLocalEmbedder, HASH_DIMENSIONS, type Embedder } from '../../core/embedding/embed.ts';
import { evalEmbedders, sideBySide } from '../shared/embedders.ts';
import { deterministicExtractor } from '../../subgraphs/memory/extraction/deterministic.ts';
import { processPending } from '../../subgraphs/memory/graph/drain.ts';
import { isCurrent } from '../../subgraphs/memory/model.ts';
import { RERANKERS, defaultMinScore, DEFAULT_MMR_LAMBDA } from '../../subgraphs/memory/params.ts';
import { searchFacts, type RerankerName, type ScoredFact } from '../../subgraphs/memory/retrieval/search.ts';
import { createLibsqlStore } from '../../subgraphs/memory/store/libsql-store.ts';
import type { MemoryStore } from '../../subgraphs/memory/store/memory-store.ts';
import { CONVERSATIONS, type EvalConversation, type EvalQuestion } from './conversations.ts';
import { HELD_OUT } from './held-out.ts';
import { TUNING_CONVERSATIONS, HELD_OUT_CONVERSATIONS } from './split.ts';
import { evaluateLocomo, ingestLocomo, loadLocomo, LOCOMO_PATH, reportLocomo, type LocomoScores } from './locomo.ts';

const ACCOUNT = 'eval';

/** Share of the evidence messages stated by the first k facts. */
export function recallAt(
  facts: readonly Pick<ScoredFact, 'episodes'>[],
  evidence: readonly string[],
  k: number,
): number {
  const found = new Set(facts.slice(0, k).flatMap((f) => f.episodes));
  return evidence.filter((e) => found.has(e)).length / evidence.length;
}

/** A fact every one of whose episodes is a stale message: the coarse count, which also counts what such a message said that stays current. */
export const fromStaleMessage = (f: Pick<ScoredFact, 'episodes'>, q: EvalQuestion): boolean =>
  !!q.stale?.length && f.episodes.every((e) => q.stale!.includes(e));

/** A fact from the stale messages that states the replaced value answers from history. */
export const fromStale = (f: Pick<ScoredFact, 'episodes' | 'fact'>, q: EvalQuestion): boolean =>
  fromStaleMessage(f, q) &&
  (!q.replaced?.length || q.replaced.some((v) => f.fact.toLowerCase().includes(v.toLowerCase())));

export async function ingestConversation(
  store: MemoryStore,
  conversation: EvalConversation,
  embedder: Embedder = createLocalEmbedder(HASH_DIMENSIONS),
): Promise<number> {
  const deps = { store, extractor: deterministicExtractor, embedder };
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
  /** Of the questions whose answer changed, the share with a fact stating the replaced value in the top 5 (default mode). */
  staleTop5: number;
  /** The same with any fact of a stale message counted (the coarser figure reported before). */
  staleMessageTop5: number;
  /**
   * Share of questions where an evidence message is returned (top 10, include_invalidated) only through
   * invalidated facts: the current answer was retired by mistake (a false invalidation).
   */
  evidenceInvalidated: number;
  p50Ms: number;
  /** Per question: Recall@5 and, for a changed answer, the stale current fact found in the top 5 (if any). */
  questions: {
    conversation: string;
    question: string;
    recall5: number;
    stale: string | null;
    staleMessage: string | null;
    lost: boolean;
  }[];
}

export async function evaluate(
  store: MemoryStore,
  conversations = CONVERSATIONS,
  embedder: Embedder = createLocalEmbedder(HASH_DIMENSIONS),
): Promise<RerankerReport[]> {
  const out: RerankerReport[] = [];
  for (const reranker of RERANKERS) {
    let r5 = 0;
    let r10 = 0;
    let returned = 0;
    let invalid = 0;
    let returnedH = 0;
    let invalidH = 0;
    let staleHits = 0;
    let staleMessageHits = 0;
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
        const facts = await searchFacts(
          { store, embedder, pairScorer: null },
          { ...params, includeInvalidated: false },
        );
        times.push(performance.now() - t0);
        const history = await searchFacts(
          { store, embedder, pairScorer: null },
          { ...params, includeInvalidated: true },
        );
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
          if (facts.slice(0, 5).some((f) => fromStaleMessage(f, q))) staleMessageHits++;
        }
        const lost = q.evidence.some((e) => {
          const stating = history.filter((f) => f.episodes.includes(e));
          return stating.length > 0 && stating.every((f) => !isCurrent(f));
        });
        if (lost) evidenceLost++;
        const staleMessage = facts.slice(0, 5).find((f) => fromStaleMessage(f, q) && !fromStale(f, q))?.fact ?? null;
        questions.push({
          conversation: c.id,
          question: q.question,
          recall5: recallAt(facts, q.evidence, 5),
          stale,
          staleMessage,
          lost,
        });
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
      staleMessageTop5: staleQuestions ? staleMessageHits / staleQuestions : 0,
      evidenceInvalidated: evidenceLost / n,
      p50Ms: times[Math.floor(times.length / 2)]!,
      questions,
    });
  }
  return out;
}

function report(
  title: string,
  conversations: readonly EvalConversation[],
  reports: readonly RerankerReport[],
  listQuestions: boolean,
) {
  const questions = conversations.reduce((s, c) => s + c.questions.length, 0);
  const changed = conversations.reduce((s, c) => s + c.questions.filter((q) => q.stale?.length).length, 0);
  console.log(
    `${title}: ${conversations.length} conversations, ${questions} questions (${changed} with a changed answer)`,
  );
  console.log(
    'reranker        Recall@5  Recall@10  invalidated (current / history)  stale in top 5 (value / message)  evidence invalidated  p50 ms',
  );
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  for (const r of reports) {
    console.log(
      `${r.reranker.padEnd(15)} ${r.recall5.toFixed(3).padStart(8)}  ${r.recall10.toFixed(3).padStart(9)}  ${`${pct(r.invalidatedShare)} / ${pct(r.invalidatedShareHistory)}`.padStart(31)}  ${`${pct(r.staleTop5)} / ${pct(r.staleMessageTop5)}`.padStart(32)}  ${pct(r.evidenceInvalidated).padStart(20)}  ${r.p50Ms.toFixed(1).padStart(6)}`,
    );
  }
  if (listQuestions) {
    for (const r of reports) {
      console.log(`  ${r.reranker}:`);
      for (const q of r.questions) {
        const flags = [
          q.stale !== null ? `STALE "${q.stale}"` : '',
          q.staleMessage !== null ? `from a stale message, current "${q.staleMessage}"` : '',
          q.lost ? 'EVIDENCE INVALIDATED' : '',
        ]
          .filter(Boolean)
          .join('  ');
        console.log(`    ${q.conversation} R@5 ${q.recall5.toFixed(2)}  ${q.question}${flags ? `  ← ${flags}` : ''}`);
      }
    }
  }
  console.log('');
}

async function locomoSection(store: MemoryStore, embedder: Embedder): Promise<LocomoScores | null> {
  const conversations = loadLocomo();
  if (!conversations) {
    console.log(
      `LoCoMo section skipped: ${path.relative(process.cwd(), LOCOMO_PATH)} is absent (it lives in ../shared/, never in the repository).`,
    );
    return null;
  }
  const deps = { store, extractor: deterministicExtractor, embedder };
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
  const scores = await evaluateLocomo(deps, 'locomo', conversations);
  reportLocomo(scores);
  return scores;
}

interface EmbedderRun {
  locomo: LocomoScores | null;
  main: RerankerReport[] | null;
  heldOut: RerankerReport[] | null;
}

async function runWith(embedder: Embedder, only: string | null, listQuestions: boolean): Promise<EmbedderRun> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eval-memory-'));
  const db = await openDatabase({ url: `file:${path.join(dir, 'eval.db')}` });
  try {
    const store = createLibsqlStore(db);
    const locomo = only !== 'written' ? await locomoSection(store, embedder) : null;
    if (only === 'locomo') return { locomo, main: null, heldOut: null };
    let messages = 0;
    const t0 = performance.now();
    for (const c of CONVERSATIONS) messages += await ingestConversation(store, c, embedder);
    const ingestMs = performance.now() - t0;
    for (const c of HELD_OUT) await ingestConversation(store, c, embedder);
    console.log(
      `memory eval: deterministic extractor, ${embedder.model} embedder (add --questions for a per-question listing)`,
    );
    console.log(
      `ingestion: ${messages} messages of the main set in ${ingestMs.toFixed(0)} ms (${((messages / ingestMs) * 1000).toFixed(0)} messages/s)`,
    );
    console.log('');
    const main = await evaluate(store, CONVERSATIONS, embedder);
    report('main set', CONVERSATIONS, main, listQuestions);
    const heldOut = await evaluate(store, HELD_OUT, embedder);
    report('held-out set (written before the changed-fact rules, reported apart)', HELD_OUT, heldOut, listQuestions);
    return { locomo, main, heldOut };
  } finally {
    await db.$disconnect();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const listQuestions = process.argv.includes('--questions');
  // --only=locomo or --only=written runs one section; --embedder=hash or --embedder=use-lite one embedder.
  const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length) ?? null;
  const embedders = evalEmbedders();
  const runs: EmbedderRun[] = [];
  try {
    for (const e of embedders) {
      console.log(`=== embedder ${e.name} (${e.embedder.model}, ${e.embedder.dimensions} dimensions)\n`);
      runs.push(await runWith(e.embedder, only, listQuestions));
    }
  } finally {
    for (const e of embedders) await e.close();
  }
  const rows: { set: string; measure: string; values: (number | null)[] }[] = [];
  const pick = (f: (r: EmbedderRun) => number | undefined) => runs.map((r) => f(r) ?? null);
  if (runs[0]!.locomo) {
    rows.push({
      set: `LoCoMo tuning (${[...TUNING_CONVERSATIONS].join(', ')})`,
      measure: 'hit@10 search',
      values: pick((r) => r.locomo?.slices.tuning.search),
    });
    rows.push({
      set: `LoCoMo held out (${[...HELD_OUT_CONVERSATIONS].join(', ')})`,
      measure: 'hit@10 search',
      values: pick((r) => r.locomo?.slices['held-out'].search),
    });
    rows.push({
      set: 'LoCoMo held out',
      measure: 'hit@10 BM25 raw turns',
      values: pick((r) => r.locomo?.slices['held-out'].bm25),
    });
    rows.push({
      set: 'LoCoMo temporal (all)',
      measure: 'hit@10 search',
      values: pick((r) => r.locomo?.systems.search?.byCategory[2]),
    });
    // Per conversation, worst first by the last embedder's figure (the model when both run).
    const last = runs.at(-1)!.locomo!.conversations;
    for (const c of [...last].sort((a, b) => a.search - b.search)) {
      rows.push({
        set: `LoCoMo ${c.id} (${c.slice}, ${c.questions} q)`,
        measure: 'hit@10 search',
        values: pick((r) => r.locomo?.conversations.find((x) => x.id === c.id)?.search),
      });
    }
  }
  for (const [set, key] of [
    ['engineering main', 'main'],
    ['engineering held out', 'heldOut'],
  ] as const) {
    if (!runs[0]![key]) continue;
    for (const reranker of ['rrf', 'cross_encoder'] as const) {
      rows.push({
        set: `${set} (${reranker})`,
        measure: 'Recall@5',
        values: pick((r) => r[key]?.find((x) => x.reranker === reranker)?.recall5),
      });
      rows.push({
        set: `${set} (${reranker})`,
        measure: 'stale in top 5',
        values: pick((r) => r[key]?.find((x) => x.reranker === reranker)?.staleTop5),
      });
      rows.push({
        set: `${set} (${reranker})`,
        measure: 'stale msg in top 5',
        values: pick((r) => r[key]?.find((x) => x.reranker === reranker)?.staleMessageTop5),
      });
    }
  }
  sideBySide(
    `eval:memory, both embedders (load average ${os.loadavg()[0]!.toFixed(1)})`,
    embedders.map((e) => e.name),
    rows,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
