// A query's embedding, cached: search asks for one text at a time, and the same
// question (a retried request, get-memory over a conversation's last messages,
// an agent asking again) costs the model ~20 ms of CPU each time otherwise.
// Batches (ingestion) pass through: their texts are seldom asked twice.
import type { Embedder } from './embedder.ts';

export const QUERY_CACHE_SIZE = 2000;

export function withQueryCache<E extends Embedder>(embedder: E, size = QUERY_CACHE_SIZE): E & { cacheHits(): number } {
  const cache = new Map<string, Promise<Float32Array>>();
  let hits = 0;
  return {
    ...embedder,
    model: embedder.model,
    dimensions: embedder.dimensions,
    cacheHits: () => hits,
    embed(texts: readonly string[]) {
      if (texts.length !== 1) return embedder.embed(texts);
      const text = texts[0]!;
      let hit = cache.get(text);
      if (hit) {
        hits++;
        // Least recently used goes first: a hit moves to the end.
        cache.delete(text);
      } else {
        hit = embedder.embed([text]).then((v) => v[0]!);
        // A failed call is not remembered.
        hit.catch(() => cache.delete(text));
        if (cache.size >= size) cache.delete(cache.keys().next().value!);
      }
      cache.set(text, hit);
      // Callers may write into what they get; each gets its own copy.
      return hit.then((v) => [v.slice()]);
    },
  };
}
