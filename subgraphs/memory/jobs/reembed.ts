// Memory facts as a re-embedding target (core/embedding/reembed.ts): a batch
// of facts whose vectors another model made, embedded again and written back.
import type { ReembedTarget } from '../../../core/embedding/reembed.ts';
import type { MemoryStore } from '../store/memory-store.ts';

/** Facts a batch: one embedding call, one short transaction. */
const BATCH = 64;

export function memoryReembedTarget(store: MemoryStore): ReembedTarget {
  return {
    name: 'memory facts',
    count: (model) => store.countFactsToReembed(model),
    async step(embedder) {
      const rows = await store.factsToReembed(embedder.model, BATCH);
      if (!rows.length) return 0;
      const vectors = await embedder.embed(rows.map((r) => r.fact));
      await store.setFactVectors(
        embedder.model,
        rows.map((r, i) => ({ accountId: r.accountId, uuid: r.uuid, vector: vectors[i]! })),
      );
      return rows.length;
    },
    activate: (space) => store.activateFactVectors(space),
  };
}
