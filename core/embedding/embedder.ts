// What code search, memory and projects embed with (core/, not a subgraph, as all three share it).
// `model` names the vector space: two embedders with the same tag give comparable vectors, and a store
// keeps the tag of the vectors it holds (vector-space.ts), so vectors of two models are never compared.
export interface Embedder {
  /** The vector space's tag, e.g. "hash-v1-256", "use-lite-v1", "openai:text-embedding-3-small:512". */
  readonly model: string;
  readonly dimensions: number;
  embed(texts: readonly string[]): Promise<Float32Array[]>;
}
