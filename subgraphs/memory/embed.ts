// Embeddings for facts and queries. The memory graph shares the code search's
// embedders: the local deterministic feature-hashing one by default, an
// OpenAI-compatible endpoint when EMBEDDINGS_URL is set; both 256-wide, the
// width of MemoryFact.embedding.
export { embedderFor, createLocalEmbedder, type Embedder } from '../content/search/embed.ts';
