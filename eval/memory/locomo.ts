// The LoCoMo section of `npm run eval:memory`: real multi-session chats
// between two people (LoCoMo, Maharana et al., ACL 2024; CC BY-NC 4.0, read
// from ../shared/ and never copied into the repository). Each turn is ingested
// as one episode through the real ingestion path (store queue + ingestEpisode,
// in process rather than over HTTP, for speed), with the session's date as the
// timestamp and the speaker as `role`. Every question of categories 1–4 is
// asked through search and get-memory, and scored hit@10 beside plain BM25
// over the raw turns ("Speaker: text"), computed in the same run.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Embedder } from '../../core/embedding/embed.ts';
import type { Extractor } from '../../subgraphs/memory/extraction/extractor.ts';
import { processPending } from '../../subgraphs/memory/graph/drain.ts';
import { queryFromMessages, searchFacts } from '../../subgraphs/memory/retrieval/search.ts';
import type { MemoryStore } from '../../subgraphs/memory/store/memory-store.ts';
import { HELD_OUT_CONVERSATIONS } from './split.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const LOCOMO_PATH = path.join(ROOT, '../shared/samples/memory/locomo-dev-conv5-9.json');

/** LoCoMo's category numbers (see the sample's README); 5 (adversarial, unanswerable) is left out. */
export const CATEGORIES: Record<number, string> = { 1: 'multi-hop', 2: 'temporal', 3: 'open-domain', 4: 'single-hop' };

export interface Turn {
  id: string;
  speaker: string;
  text: string;
  timestamp: string;
}

export interface LocomoQuestion {
  question: string;
  answer: string;
  evidence: string[];
  category: number;
}

export interface LocomoConversation {
  id: string;
  speakers: [string, string];
  turns: Turn[];
  questions: LocomoQuestion[];
}

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** "1:10 pm on 27 March, 2023" → ISO (UTC). */
export function parseSessionDate(text: string): string {
  const m = /(\d{1,2}):(\d{2})\s*(am|pm)\s+on\s+(\d{1,2})\s+([a-z]+),?\s+(\d{4})/i.exec(text);
  if (!m) throw new Error(`unrecognised LoCoMo session date: ${text}`);
  const month = MONTHS.indexOf(m[5]!.toLowerCase());
  if (month < 0) throw new Error(`unrecognised month in ${text}`);
  const hour = (Number(m[1]) % 12) + (m[3]!.toLowerCase() === 'pm' ? 12 : 0);
  return new Date(Date.UTC(Number(m[6]), month, Number(m[4]), hour, Number(m[2]))).toISOString();
}

export function loadLocomo(file = LOCOMO_PATH): LocomoConversation[] | null {
  if (!fs.existsSync(file)) return null;
  const raw = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>[];
  return raw.map((item, ci) => {
    const conv = item.conversation as Record<string, unknown>;
    const turns: Turn[] = [];
    for (let s = 1; Array.isArray(conv[`session_${s}`]); s++) {
      const start = Date.parse(parseSessionDate(String(conv[`session_${s}_date_time`])));
      (conv[`session_${s}`] as { speaker: string; dia_id: string; text: string }[]).forEach((t, i) =>
        // Turns of a session are 30 s apart so their order survives; the date is the session's.
        turns.push({
          id: t.dia_id,
          speaker: t.speaker,
          text: t.text,
          timestamp: new Date(start + i * 30_000).toISOString(),
        }),
      );
    }
    const questions = (item.qa as Record<string, unknown>[])
      .filter((q) => Number(q.category) in CATEGORIES && q.answer !== undefined)
      .map((q) => ({
        question: String(q.question),
        answer: String(q.answer),
        evidence: (q.evidence as string[]) ?? [],
        category: Number(q.category),
      }));
    return {
      id: String(item.sample_id ?? `conv-${ci}`).replace(/[^a-zA-Z0-9_-]/g, '-'),
      speakers: [String(conv.speaker_a), String(conv.speaker_b)],
      turns,
      questions,
    };
  });
}

const words = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * The issue's hit rule for one returned text: it holds the answer (the
 * answer's words, in order, inside the text's), or at least half of its
 * words occur in one evidence turn.
 */
export function isHit(text: string, answer: string, evidenceTexts: readonly string[]): boolean {
  const t = words(text);
  if (!t.length) return false;
  const a = words(answer).join(' ');
  if (a && ` ${t.join(' ')} `.includes(` ${a} `)) return true;
  return evidenceTexts.some((e) => {
    const ev = new Set(words(e));
    return t.filter((w) => ev.has(w)).length * 2 >= t.length;
  });
}

/** Plain Okapi BM25 (k1 1.2, b 0.75) over the raw turns: the baseline. */
export function bm25Index(docs: readonly string[]): (query: string, k: number) => number[] {
  const toks = docs.map(words);
  const avg = toks.reduce((s, d) => s + d.length, 0) / (toks.length || 1);
  const df = new Map<string, number>();
  const tfs = toks.map((d) => {
    const tf = new Map<string, number>();
    for (const w of d) tf.set(w, (tf.get(w) ?? 0) + 1);
    for (const w of tf.keys()) df.set(w, (df.get(w) ?? 0) + 1);
    return tf;
  });
  const n = docs.length;
  return (query, k) => {
    const q = [...new Set(words(query))];
    const scores = tfs.map((tf, i) => {
      let s = 0;
      for (const w of q) {
        const f = tf.get(w);
        if (!f) continue;
        const d = df.get(w)!;
        const idf = Math.log(1 + (n - d + 0.5) / (d + 0.5));
        s += (idf * f * 2.2) / (f + 1.2 * (0.25 + (0.75 * toks[i]!.length) / avg));
      }
      return s;
    });
    return scores
      .map((s, i) => [s, i] as const)
      .filter(([s]) => s > 0)
      .sort((a, b) => b[0] - a[0])
      .slice(0, k)
      .map(([, i]) => i);
  };
}

export async function ingestLocomo(
  deps: { store: MemoryStore; extractor: Extractor; embedder: Embedder },
  accountId: string,
  c: LocomoConversation,
): Promise<number> {
  const { store } = deps;
  for (let i = 0; i < c.turns.length; i += 100) {
    await store.addEpisodes(
      accountId,
      c.id,
      c.turns.slice(i, i + 100).map((t) => ({
        uuid: `${c.id}-${t.id}`,
        name: '',
        content: t.text,
        roleType: 'user',
        role: t.speaker,
        sourceDescription: t.id.split(':')[0]!,
        timestamp: t.timestamp,
      })),
    );
  }
  await processPending(deps, accountId, c.id);
  return c.turns.length;
}

export interface LocomoScores {
  /** hit@10 per system, overall and per category. */
  systems: Record<string, { overall: number; byCategory: Record<number, number> }>;
  questions: number;
  perCategory: Record<number, number>;
  /** hit@10 of search (and of BM25) over the tuning and the held-out conversations. */
  slices: Record<'tuning' | 'held-out', { questions: number; search: number; bm25: number }>;
  /** The same per conversation, with its slice. */
  conversations: { id: string; slice: 'tuning' | 'held-out'; questions: number; search: number; bm25: number }[];
}

export async function evaluateLocomo(
  deps: { store: MemoryStore; embedder: Embedder },
  accountId: string,
  conversations: readonly LocomoConversation[],
): Promise<LocomoScores> {
  const hits: Record<string, Record<number, number>> = { search: {}, 'get-memory': {}, 'BM25 raw turns': {} };
  const perCategory: Record<number, number> = {};
  const slices: LocomoScores['slices'] = {
    tuning: { questions: 0, search: 0, bm25: 0 },
    'held-out': { questions: 0, search: 0, bm25: 0 },
  };
  const perConversation: LocomoScores['conversations'] = [];
  let questions = 0;
  for (const c of conversations) {
    const sliceName = HELD_OUT_CONVERSATIONS.has(c.id) ? 'held-out' : 'tuning';
    const slice = slices[sliceName];
    const own = {
      id: c.id,
      slice: sliceName,
      questions: 0,
      search: 0,
      bm25: 0,
    } as LocomoScores['conversations'][number];
    perConversation.push(own);
    const byId = new Map(c.turns.map((t) => [t.id, t]));
    const raw = c.turns.map((t) => `${t.speaker}: ${t.text}`);
    const bm25 = bm25Index(raw);
    for (const q of c.questions) {
      const evidence = q.evidence.map((e) => byId.get(e)?.text).filter((t): t is string => !!t);
      const params = {
        scope: { accountId, groupIds: [c.id] },
        maxFacts: 10,
        reranker: 'rrf' as const,
        minScore: 0,
        mmrLambda: 0.7,
        source: null,
        includeInvalidated: false,
        centerNodeUuid: null,
      };
      const searched = await searchFacts({ ...deps, pairScorer: null }, { ...params, query: q.question });
      const memory = await searchFacts(
        { ...deps, pairScorer: null },
        { ...params, query: queryFromMessages([{ content: q.question }]) },
      );
      const results: Record<string, string[]> = {
        search: searched.map((f) => f.fact),
        'get-memory': memory.map((f) => f.fact),
        'BM25 raw turns': bm25(q.question, 10).map((i) => raw[i]!),
      };
      for (const [system, texts] of Object.entries(results)) {
        if (texts.some((t) => isHit(t, q.answer, evidence)))
          hits[system]![q.category] = (hits[system]![q.category] ?? 0) + 1;
      }
      const searchHit = results.search!.some((t) => isHit(t, q.answer, evidence));
      const bm25Hit = results['BM25 raw turns']!.some((t) => isHit(t, q.answer, evidence));
      for (const x of [slice, own]) {
        x.questions++;
        if (searchHit) x.search++;
        if (bm25Hit) x.bm25++;
      }
      perCategory[q.category] = (perCategory[q.category] ?? 0) + 1;
      questions++;
    }
  }
  const systems: LocomoScores['systems'] = {};
  for (const [system, h] of Object.entries(hits)) {
    const byCategory: Record<number, number> = {};
    for (const cat of Object.keys(perCategory).map(Number)) byCategory[cat] = (h[cat] ?? 0) / perCategory[cat]!;
    systems[system] = { overall: Object.values(h).reduce((s, x) => s + x, 0) / (questions || 1), byCategory };
  }
  for (const x of [...Object.values(slices), ...perConversation]) {
    x.search /= x.questions || 1;
    x.bm25 /= x.questions || 1;
  }
  return { systems, questions, perCategory, slices, conversations: perConversation };
}

export function reportLocomo(scores: LocomoScores): void {
  const cats = Object.keys(scores.perCategory).map(Number).sort();
  console.log(`LoCoMo dev (conversations 5–9): ${scores.questions} questions of categories 1–4, hit@10`);
  console.log(
    `system            overall  ${cats.map((c) => `${CATEGORIES[c]} (${scores.perCategory[c]})`.padStart(18)).join('')}`,
  );
  for (const [system, s] of Object.entries(scores.systems)) {
    console.log(
      `${system.padEnd(16)} ${s.overall.toFixed(3).padStart(8)}  ${cats.map((c) => s.byCategory[c]!.toFixed(3).padStart(18)).join('')}`,
    );
  }
  for (const [name, x] of Object.entries(scores.slices)) {
    console.log(
      `${name} conversations (${x.questions} questions): search ${x.search.toFixed(3)}, BM25 raw turns ${x.bm25.toFixed(3)}`,
    );
  }
  console.log('per conversation, worst first:');
  for (const c of [...scores.conversations].sort((a, b) => a.search - b.search)) {
    console.log(
      `  ${c.id.padEnd(8)} ${c.slice.padEnd(8)} ${String(c.questions).padStart(4)} questions: search ${c.search.toFixed(3)}, BM25 raw turns ${c.bm25.toFixed(3)}`,
    );
  }
  console.log('');
}
