// Code passages as a re-embedding target (core/embedding/reembed.ts): a code
// at a time, as ingestion embeds them (a passage's vector leans on its page's).
import type { ReembedTarget } from '../../../core/embedding/reembed.ts';
import { passageVectors } from './ingest.ts';
import type { PassageIndex } from './passage-index.ts';

export function codeReembedTarget(index: PassageIndex): ReembedTarget {
  return {
    name: 'code passages',
    count: (model) => index.countToReembed(model),
    async step(embedder) {
      const fileId = await index.fileToReembed(embedder.model);
      if (!fileId) return 0;
      const passages = await index.filePassages(fileId);
      const vectors = await passageVectors(passages, embedder);
      await index.setVectors(
        embedder.model,
        passages.map((p, i) => ({ id: p.id, vector: vectors[i]! })),
      );
      return passages.length;
    },
    activate: (space) => index.activateVectors(space),
  };
}
