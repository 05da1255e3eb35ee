// Text embeddings, shared by code search, memory and projects (hence core/, not
// a subgraph). A deterministic local embedder: stemmed words and character trigrams hashed
// into a fixed number of dimensions, L2-normalised. It needs no model, runs
// anywhere, and catches morphology (deflect / deflection / deflections) and
// shared sub-words that exact full-text matching misses. An OpenAI-compatible
// endpoint can replace it behind the same interface.
export interface Embedder {
  readonly dimensions: number;
  embed(texts: readonly string[]): Promise<Float32Array[]>;
}

const STOP = new Set('a an and are as at be by for from has have in is it of on or that the this to with which shall be not where'.split(' '));

/** A light suffix stripper, enough to fold plural and verb forms together. @example stem('deflections') // → 'deflect' */
export function stem(word: string): string {
  let w = word.toLowerCase();
  for (const suffix of ['ational', 'ations', 'ation', 'ments', 'ment', 'ings', 'ing', 'ions', 'ion', 'ness', 'ities', 'ity', 'ies', 'ed', 'es', 's']) {
    if (w.length > suffix.length + 3 && w.endsWith(suffix)) {
      w = w.slice(0, -suffix.length);
      break;
    }
  }
  return w;
}

export function tokens(text: string): string[] {
  return (text.toLowerCase().match(/[a-z][a-z0-9']*|\d+(?:\.\d+)*/g) ?? []).filter((t) => !STOP.has(t));
}

function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

export function embedText(text: string, dimensions: number): Float32Array {
  const v = new Float32Array(dimensions);
  for (const token of tokens(text)) {
    const s = stem(token);
    const h = hash('w:' + s);
    v[h % dimensions]! += h & 0x80000000 ? -2 : 2;
    const padded = `^${s}$`;
    for (let i = 0; i + 3 <= padded.length; i++) {
      const g = hash('g:' + padded.slice(i, i + 3));
      v[g % dimensions]! += g & 0x80000000 ? -1 : 1;
    }
  }
  let norm = 0;
  for (const x of v) norm += x * x;
  norm = Math.sqrt(norm) || 1;
  for (let i = 0; i < dimensions; i++) v[i]! /= norm;
  return v;
}

export function createLocalEmbedder(dimensions = 256): Embedder {
  return { dimensions, embed: async (texts) => texts.map((t) => embedText(t, dimensions)) };
}

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
    dimensions: options.dimensions,
    async embed(texts) {
      if (!texts.length) return [];
      const res = await doFetch(`${options.url.replace(/\/$/, '')}/embeddings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}) },
        body: JSON.stringify({ model: options.model, input: texts, dimensions: options.dimensions }),
      });
      if (!res.ok) throw new Error(`embeddings endpoint answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
      const body = (await res.json()) as { data: { index: number; embedding: number[] }[] };
      const out = new Array<Float32Array>(texts.length);
      for (const d of body.data) {
        if (d.embedding.length !== options.dimensions) throw new Error(`embeddings endpoint gave ${d.embedding.length} dimensions, the index has ${options.dimensions}`);
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

/** The configured embedder: the remote endpoint when EMBEDDINGS_URL is set, the local one otherwise. */
export function embedderFor(config: { embeddingsUrl: string | null; embeddingsModel: string; embeddingsApiKey: string | null }): Embedder {
  return config.embeddingsUrl
    ? createRemoteEmbedder({ url: config.embeddingsUrl, model: config.embeddingsModel, apiKey: config.embeddingsApiKey ?? undefined, dimensions: INDEX_DIMENSIONS })
    : createLocalEmbedder(INDEX_DIMENSIONS);
}

/** The width of the index's embedding column (see the code-search migration). */
export const INDEX_DIMENSIONS = 256;
