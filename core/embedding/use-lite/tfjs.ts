// The model on stock TensorFlow.js with its WebAssembly backend (SIMD, one thread: the
// backend has no threads under Node): the fallback where ONNX Runtime's native binary does
// not load (native.ts). The WebAssembly binaries come from @tensorflow/tfjs-backend-wasm's
// own dist/ folder, the graph and weights from the model package: nothing is fetched.
import { createRequire } from 'node:module';
import path from 'node:path';
import * as tf from '@tensorflow/tfjs-core';
import { loadGraphModel, type GraphModel } from '@tensorflow/tfjs-converter';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import { USE_LITE_DIMENSIONS } from './constants.ts';
import type { LoadedRuntime, ModelFiles } from './runtime.ts';

const require = createRequire(import.meta.url);
const wasmDir = (): string =>
  path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'));

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

export async function loadTfjsCall(files: ModelFiles): Promise<LoadedRuntime> {
  await wasmBackend();
  const { manifest, weights } = files;
  const model: GraphModel = await loadGraphModel(
    tf.io.fromMemory({
      modelTopology: manifest.modelTopology,
      weightSpecs: manifest.weightsManifest.flatMap((g) => g.weights) as tf.io.WeightsManifestEntry[],
      weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength) as ArrayBuffer,
    }),
  );
  const run: LoadedRuntime['run'] = async (pieces) => {
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
      return pieces.map((_, i) => data.slice(i * USE_LITE_DIMENSIONS, (i + 1) * USE_LITE_DIMENSIONS));
    } finally {
      indices.dispose();
      valueTensor.dispose();
    }
  };
  return { run, release: async () => model.dispose() };
}
