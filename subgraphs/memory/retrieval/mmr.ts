// Maximal marginal relevance: picks facts one at a time by
// λ·relevance − (1−λ)·(highest cosine similarity to a fact already picked).
// Relevance is the fused (rrf) score in 0..1 and similarities of the
// L2-normalised embeddings are in −1..1, so scores lie in −1..1.

export interface MmrItem {
  uuid: string;
  relevance: number;
  embedding: Float32Array;
}

function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  for (let i = 0; i < a.length && i < b.length; i++) dot += a[i]! * b[i]!;
  return dot;
}

export function mmr(items: readonly MmrItem[], lambda: number, limit: number): { uuid: string; score: number }[] {
  const left = [...items];
  const picked: { uuid: string; score: number; embedding: Float32Array }[] = [];
  while (picked.length < limit && left.length) {
    let best = -1;
    let bestScore = -Infinity;
    left.forEach((item, i) => {
      const redundancy = picked.length ? Math.max(...picked.map((p) => cosine(item.embedding, p.embedding))) : 0;
      const score = lambda * item.relevance - (1 - lambda) * redundancy;
      if (score > bestScore) {
        bestScore = score;
        best = i;
      }
    });
    const [item] = left.splice(best, 1);
    picked.push({ uuid: item!.uuid, score: Math.max(-1, Math.min(1, bestScore)), embedding: item!.embedding });
  }
  return picked.map(({ uuid, score }) => ({ uuid, score }));
}
