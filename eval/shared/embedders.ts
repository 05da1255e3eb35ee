// The embedders every retrieval eval (eval:memory, eval:search, eval:projects) runs side by side:
// the hashing embedder and the model (EMBEDDER's default). `--embedder=hash` or `--embedder=use-lite`
// runs one. The model's vectors are kept on disk between runs (os.tmpdir(), keyed by the model tag
// and the text), so a re-run spends its time on retrieval, not on embedding the same corpus again;
// the vectors are the model's own, byte for byte. Throughput is measured by the bench:* scripts,
// which never read this cache.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  createLocalEmbedder,
  createUseLiteEmbedder,
  HASH_DIMENSIONS,
  type Embedder,
} from '../../core/embedding/embed.ts';

export interface NamedEmbedder {
  name: string;
  embedder: Embedder;
  close(): Promise<void>;
}

const CACHE_DIR = path.join(os.tmpdir(), 'platform-eval-embeddings');

/** An embedder whose vectors persist in one file per model, appended as they are made. */
export function diskCached(embedder: Embedder): Embedder & { flush(): void } {
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  const file = path.join(CACHE_DIR, `${embedder.model}-${embedder.dimensions}.bin`);
  const width = embedder.dimensions * 4;
  const known = new Map<string, Float32Array>();
  if (fs.existsSync(file)) {
    const buf = fs.readFileSync(file);
    const record = 16 + width;
    for (let at = 0; at + record <= buf.length; at += record) {
      known.set(
        buf.subarray(at, at + 16).toString('hex'),
        new Float32Array(buf.buffer.slice(buf.byteOffset + at + 16, buf.byteOffset + at + record)),
      );
    }
  }
  const fresh: Buffer[] = [];
  const key = (t: string) => crypto.createHash('sha256').update(t).digest().subarray(0, 16);
  return {
    model: embedder.model,
    dimensions: embedder.dimensions,
    async embed(texts) {
      const keys = texts.map(key);
      const missing = [...new Set(texts.filter((_, i) => !known.has(keys[i]!.toString('hex'))))];
      if (missing.length) {
        const vectors = await embedder.embed(missing);
        missing.forEach((t, i) => {
          const k = key(t);
          known.set(k.toString('hex'), vectors[i]!);
          fresh.push(k, Buffer.from(vectors[i]!.buffer, vectors[i]!.byteOffset, width));
        });
        // Appended at once: a run stopped midway (a time limit, ^C) keeps every vector it paid for.
        this.flush();
      }
      return keys.map((k) => known.get(k.toString('hex'))!.slice());
    },
    flush() {
      if (fresh.length) fs.appendFileSync(file, Buffer.concat(fresh.splice(0)));
    },
  };
}

/** The embedders to compare, as `--embedder=` asks (both by default), hash first. */
export function evalEmbedders(argv = process.argv): NamedEmbedder[] {
  const only = argv.find((a) => a.startsWith('--embedder='))?.slice('--embedder='.length) ?? null;
  const out: NamedEmbedder[] = [];
  if (!only || only === 'hash')
    out.push({ name: 'hash', embedder: createLocalEmbedder(HASH_DIMENSIONS), close: async () => undefined });
  if (!only || only === 'use-lite') {
    const model = createUseLiteEmbedder();
    const cached = diskCached(model);
    out.push({
      name: 'use-lite',
      embedder: cached,
      close: async () => {
        cached.flush();
        await model.close();
      },
    });
  }
  if (!out.length) throw new Error(`--embedder must be hash or use-lite (got ${only})`);
  return out;
}

/** One table: a row per set and measure, a column per embedder. */
export function sideBySide(
  title: string,
  names: readonly string[],
  rows: readonly { set: string; measure: string; values: readonly (number | null)[] }[],
): void {
  console.log(title);
  console.log(`${'set'.padEnd(34)} ${'measure'.padEnd(22)} ${names.map((n) => n.padStart(10)).join(' ')}`);
  for (const r of rows)
    console.log(
      `${r.set.padEnd(34)} ${r.measure.padEnd(22)} ${r.values.map((v) => (v === null ? '—' : v.toFixed(3)).padStart(10)).join(' ')}`,
    );
  console.log('');
}
