// Embeddings from an OpenAI-compatible endpoint (EMBEDDER=openai, or EMBEDDINGS_URL set).
import type { Embedder } from './embedder.ts';

export interface RemoteEmbedderOptions {
  /** Base URL of an OpenAI-compatible API, e.g. https://api.openai.com/v1 */
  url: string;
  model: string;
  apiKey?: string;
  dimensions: number;
  fetch?: typeof fetch;
}

/**
 * Embeddings from an OpenAI-compatible `/embeddings` endpoint, asked for the
 * index's dimensions. Vectors are L2-normalised like the local ones.
 */
export function createRemoteEmbedder(options: RemoteEmbedderOptions): Embedder {
  const doFetch = options.fetch ?? fetch;
  return {
    model: `openai:${options.model}:${options.dimensions}`,
    dimensions: options.dimensions,
    async embed(texts) {
      if (!texts.length) return [];
      const res = await doFetch(`${options.url.replace(/\/$/, '')}/embeddings`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
        },
        body: JSON.stringify({ model: options.model, input: texts, dimensions: options.dimensions }),
      });
      if (!res.ok) throw new Error(`embeddings endpoint answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
      const body = (await res.json()) as { data: { index: number; embedding: number[] }[] };
      const out = new Array<Float32Array>(texts.length);
      for (const d of body.data) {
        if (d.embedding.length !== options.dimensions)
          throw new Error(
            `embeddings endpoint gave ${d.embedding.length} dimensions, the index has ${options.dimensions}`,
          );
        const v = Float32Array.from(d.embedding);
        const norm = Math.hypot(...v) || 1;
        for (let i = 0; i < v.length; i++) v[i]! /= norm;
        out[d.index] = v;
      }
      if (out.some((v) => !v)) throw new Error('embeddings endpoint left some inputs without a vector');
      return out;
    },
  };
}
