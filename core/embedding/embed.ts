// Text embeddings, shared by code search, memory and projects (hence core/, not a subgraph).
// Three embedders behind one interface (embedder.ts), chosen by EMBEDDER (core/config.ts):
// Universal Sentence Encoder lite in a worker thread (use-lite/, the default), the hashing
// embedder (hash.ts) and an OpenAI-compatible endpoint (remote.ts). See README.md.
import type { Config } from '../config.ts';
import { withQueryCache } from './cache.ts';
import type { Embedder } from './embedder.ts';
import { createLocalEmbedder } from './hash.ts';
import { createRemoteEmbedder } from './remote.ts';
import { createUseLiteEmbedder } from './use-lite/embedder.ts';

export type { Embedder } from './embedder.ts';
export { createLocalEmbedder, embedText, hashModel, stem, tokens } from './hash.ts';
export { createRemoteEmbedder, type RemoteEmbedderOptions } from './remote.ts';
export { createUseLiteEmbedder, USE_LITE_MODEL } from './use-lite/embedder.ts';

/** The hashing embedder's width (the stores' width before the model; any width works, see vector-space.ts). */
export const HASH_DIMENSIONS = 256;

export type EmbedderConfig = Pick<
  Config,
  'embedder' | 'embeddingsUrl' | 'embeddingsModel' | 'embeddingsApiKey' | 'embeddingsDimensions'
>;

/** The configured embedder, its single-text (query) calls cached. */
export function embedderFor(
  config: EmbedderConfig,
): Embedder & { close?: () => Promise<void>; warm?: () => Promise<void> } {
  switch (config.embedder) {
    case 'hash':
      return createLocalEmbedder(HASH_DIMENSIONS);
    case 'openai':
      if (!config.embeddingsUrl) throw new Error('EMBEDDER=openai needs EMBEDDINGS_URL');
      return withQueryCache(
        createRemoteEmbedder({
          url: config.embeddingsUrl,
          model: config.embeddingsModel,
          apiKey: config.embeddingsApiKey ?? undefined,
          dimensions: config.embeddingsDimensions,
        }),
      );
    case 'use-lite':
      return withQueryCache(createUseLiteEmbedder());
  }
}
