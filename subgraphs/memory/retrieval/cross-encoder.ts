// The cross_encoder reranker scores each (query, fact) pair together.
// With MEMORY_RERANKER_URL set, a reranking service (Cohere/Jina-style
// POST /rerank) does it. Without one, a local pairwise scorer does: it is
// NOT a neural cross-encoder, but a lexical pair scorer that reads query and
// fact together — IDF-weighted coverage of the query's stemmed terms by the
// fact (idf over the candidate facts), the share of the query's adjacent word
// pairs the fact repeats, and the embedding cosine — combined 0.65/0.2/0.15
// into 0..1.
import { stem, tokens } from '../../../core/embedding/embed.ts';

export interface PairScorer {
  readonly name: string;
  score(query: string, documents: readonly string[]): Promise<number[]>;
}

const terms = (text: string) => tokens(text).map(stem);

function bigrams(ts: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i + 1 < ts.length; i++) out.add(`${ts[i]} ${ts[i + 1]}`);
  return out;
}

export function localPairScores(query: string, documents: readonly string[], cosines?: readonly number[]): number[] {
  const q = [...new Set(terms(query))];
  const docs = documents.map((d) => terms(d));
  const df = new Map<string, number>();
  for (const d of docs) for (const t of new Set(d)) df.set(t, (df.get(t) ?? 0) + 1);
  const idf = (t: string) => Math.log(1 + (docs.length + 1) / (1 + (df.get(t) ?? 0)));
  const total = q.reduce((s, t) => s + idf(t), 0) || 1;
  const qPairs = bigrams(terms(query));
  return docs.map((d, i) => {
    const set = new Set(d);
    const coverage = q.reduce((s, t) => s + (set.has(t) ? idf(t) : 0), 0) / total;
    const dPairs = bigrams(d);
    const phrase = qPairs.size ? [...qPairs].filter((p) => dPairs.has(p)).length / qPairs.size : 0;
    const cos = Math.max(0, cosines?.[i] ?? 0);
    return Math.min(1, 0.65 * coverage + 0.2 * phrase + 0.15 * cos);
  });
}

export interface RemoteRerankerOptions {
  url: string;
  model: string;
  apiKey?: string;
  fetch?: typeof fetch;
}

export function createRemoteReranker(options: RemoteRerankerOptions): PairScorer {
  const doFetch = options.fetch ?? fetch;
  return {
    name: 'remote',
    async score(query, documents) {
      if (!documents.length) return [];
      const res = await doFetch(`${options.url.replace(/\/$/, '')}/rerank`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
        },
        body: JSON.stringify({ model: options.model, query, documents, top_n: documents.length }),
      });
      if (!res.ok) throw new Error(`reranking endpoint answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
      const body = (await res.json()) as { results: { index: number; relevance_score: number }[] };
      const out = new Array<number>(documents.length).fill(0);
      for (const r of body.results) out[r.index] = Math.max(0, Math.min(1, r.relevance_score));
      return out;
    },
  };
}

export const localPairScorer: PairScorer = {
  name: 'local',
  score: async (query, documents) => localPairScores(query, documents),
};
