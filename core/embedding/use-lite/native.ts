// The model on ONNX Runtime's native CPU kernels (onnxruntime-node, already the runtime of
// the OCR models): the same weights, the graph restated in ONNX (onnx/graph.ts) and built in
// memory at load. One intra-op thread: ingestion is measured per core, and a second thread
// only spins beside the first on calls this small.
import ort from 'onnxruntime-node';
import { USE_LITE_DIMENSIONS } from './constants.ts';
import type { LoadedRuntime, ModelFiles } from './runtime.ts';
import { useLiteGraph, type Weights } from './onnx/graph.ts';
import { encodeModel } from './onnx/proto.ts';

/** Float32 weights of the package's manifest by the end of their name (each must name one). */
export function manifestWeights({ manifest, weights }: ModelFiles): Weights {
  const byName = new Map<string, Float32Array>();
  let offset = 0;
  for (const spec of manifest.weightsManifest.flatMap((g) => g.weights)) {
    const size = spec.shape.reduce((a, b) => a * b, 1) * 4;
    if (spec.dtype === 'float32')
      byName.set(
        spec.name,
        new Float32Array(weights.buffer.slice(weights.byteOffset + offset, weights.byteOffset + offset + size)),
      );
    offset += size;
  }
  return (suffix) => {
    const found = [...byName.keys()].filter((n) => n === suffix || n.endsWith(`/${suffix}`));
    if (found.length !== 1) throw new Error(`USE-lite weight "${suffix}": ${found.length} matches`);
    return byName.get(found[0]!)!;
  };
}

export async function loadNativeCall(files: ModelFiles): Promise<LoadedRuntime> {
  const session = await ort.InferenceSession.create(encodeModel(useLiteGraph(manifestWeights(files)), 17), {
    intraOpNumThreads: 1,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
  });
  const run: LoadedRuntime['run'] = async (pieces) => {
    const width = Math.max(...pieces.map((p) => p.length));
    const cells = pieces.length * width;
    const ids = new BigInt64Array(cells);
    const positions = new BigInt64Array(cells);
    const mask = new Float32Array(cells);
    pieces.forEach((row, r) =>
      row.forEach((id, c) => {
        ids[r * width + c] = BigInt(id);
        positions[r * width + c] = BigInt(c);
        mask[r * width + c] = 1;
      }),
    );
    const dims = [pieces.length, width];
    const out = await session.run({
      ids: new ort.Tensor('int64', ids, dims),
      positions: new ort.Tensor('int64', positions, dims),
      mask: new ort.Tensor('float32', mask, dims),
    });
    const data = out.vectors!.data as Float32Array;
    return pieces.map((_, i) => data.slice(i * USE_LITE_DIMENSIONS, (i + 1) * USE_LITE_DIMENSIONS));
  };
  return { run, release: () => session.release() };
}
