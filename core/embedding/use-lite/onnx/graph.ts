// USE-lite's encoder written out as an ONNX graph over the package's own weights, so ONNX
// Runtime's native kernels run it instead of TensorFlow.js on WebAssembly (the model's cost
// is its matrix products: ~4.7 M multiply-adds a piece). It restates the published graph
// (the package's model.json, "KonaTransformer"):
// - a piece's input is twice its 256-wide embedding plus a sinusoidal timing signal of its position
//   (sin and cos of position × the graph's 128 inverse timescales); positions past 127 are
//   dropped by the graph (ClipToMaxLength), so callers cut texts at 128 pieces;
// - two pre-norm transformer layers (layer norm ε 1e-6; 4 heads; padded keys get -1e9 before
//   the softmax): layer 0 attends at width 256 and projects to 512 (its residual through a dense
//   layer), layer 1 at 512; each ends with a ReLU feed-forward layer 512 → 1536 → 512;
// - the mean over a text's pieces, then a 512 → 512 tanh layer (the caller L2-normalises).
// The original computes the feed-forward layers only on real pieces and we compute them on the
// padded grid too: padded rows never reach a real row (masked keys, masked mean).
import type { Graph, Initializer, Node } from './proto.ts';
import { FLOAT, INT64 } from './proto.ts';

/** The graph drops pieces at positions ≥ 128 (ClipToMaxLength/Less/y). */
export const MAX_POSITIONS = 128;
const HEADS = 4;
const EPSILON = 1e-6;
const MASKED = -1e9;

export type Weights = (suffix: string) => Float32Array;

export function useLiteGraph(weight: Weights): Graph {
  const nodes: Node[] = [];
  const initializers: Initializer[] = [];
  let next = 0;
  const init = (dims: number[], data: Float32Array | number[]): string => {
    const name = `c${initializers.length}`;
    initializers.push({ name, dims, data });
    return name;
  };
  const w = (suffix: string, dims: number[]) => init(dims, weight(suffix));
  const op = (type: string, inputs: string[], attributes?: Node['attributes']): string => {
    const out = `t${next++}`;
    nodes.push({ op: type, inputs, outputs: [out], attributes });
    return out;
  };
  const ints = (...v: number[]) => init([v.length], v);
  const scalar = (v: number) => init([], Float32Array.of(v));
  const dense = (x: string, kernel: string, bias: string, inW: number, outW: number) =>
    op('Add', [op('MatMul', [x, w(kernel, [inW, outW])]), w(bias, [outW])]);
  const layerNorm = (x: string, prefix: string, width: number) =>
    op(
      'LayerNormalization',
      [
        x,
        w(`${prefix}layer_norm/layer_norm_scale/ConcatPartitions/concat`, [width]),
        w(`${prefix}layer_norm/layer_norm_bias/ConcatPartitions/concat`, [width]),
      ],
      { axis: -1, epsilon: { float: EPSILON } },
    );

  const inverseTimescales = weight('TimingSignal/ExpandDims_1');
  const timing = new Float32Array(MAX_POSITIONS * 256);
  for (let p = 0; p < MAX_POSITIONS; p++)
    for (let j = 0; j < 128; j++) {
      const angle = Math.fround(p * inverseTimescales[j]!);
      timing[p * 256 + j] = Math.sin(angle);
      timing[p * 256 + 128 + j] = Math.cos(angle);
    }

  // The graph adds the timing layer's output (embedding + signal) to its input (the embedding) again.
  const embedded = op('Gather', [w('module/Embeddings_en', [8002, 256]), 'ids']);
  const x0 = op('Add', [
    op('Add', [embedded, embedded]),
    op('Gather', [init([MAX_POSITIONS, 256], timing), 'positions']),
  ]);
  const keyBias = op('Unsqueeze', [op('Mul', [op('Sub', [scalar(1), 'mask']), scalar(MASKED)]), ints(1, 2)]);

  const layer = (x: string, i: number, width: number): string => {
    const at = `Encode/Layer_${i}/TransformerLayer/`;
    const depth = width / HEADS;
    const normed = layerNorm(x, `${at}layer_prepostprocess/`, width);
    const residual =
      i === 0
        ? dense(x, `${at}dense/kernel/ConcatPartitions/concat`, `${at}dense/bias/ConcatPartitions/concat`, width, 512)
        : x;
    const qkv = dense(
      normed,
      `module/Encoder_en/KonaTransformer/${at}MultiheadAttention/qkv_transform_single/kernel/part_0`,
      `${at}MultiheadAttention/qkv_transform_single/bias/ConcatPartitions/concat`,
      width,
      3 * width,
    );
    const [q, k, v] = ['q', 'k', 'v'].map(() => `t${next++}`) as [string, string, string];
    nodes.push({ op: 'Split', inputs: [qkv, ints(width, width, width)], outputs: [q, k, v], attributes: { axis: -1 } });
    const heads = (t: string) =>
      op('Transpose', [op('Reshape', [t, ints(0, 0, HEADS, depth)])], { perm: [0, 2, 1, 3] });
    const scores = op('MatMul', [
      op('Mul', [heads(q), scalar(1 / Math.sqrt(depth))]),
      op('Transpose', [heads(k)], { perm: [0, 1, 3, 2] }),
    ]);
    const attended = op('MatMul', [op('Softmax', [op('Add', [scores, keyBias])], { axis: -1 }), heads(v)]);
    const joined = op('Reshape', [op('Transpose', [attended], { perm: [0, 2, 1, 3] }), ints(0, 0, width)]);
    const h = op('Add', [
      dense(
        joined,
        `module/Encoder_en/KonaTransformer/${at}MultiheadAttention/output_transform_single/kernel/part_0`,
        `${at}MultiheadAttention/output_transform_single/bias/ConcatPartitions/concat`,
        width,
        512,
      ),
      residual,
    ]);
    const stack = `TransformerStack/Layer_${i}/TransformerLayer/FFN/`;
    const hidden = op('Relu', [
      dense(
        layerNorm(h, `${at}FFN/layer_prepostprocess/`, 512),
        `${stack}conv1/Tensordot/Reshape_1`,
        `${at}FFN/conv1/bias/ConcatPartitions/concat`,
        512,
        1536,
      ),
    ]);
    return op('Add', [
      dense(hidden, `${stack}conv2/Tensordot/Reshape_1`, `${at}FFN/conv2/bias/ConcatPartitions/concat`, 1536, 512),
      h,
    ]);
  };

  const encoded = layer(layer(x0, 0, 256), 1, 512);
  const summed = op('ReduceSum', [op('Mul', [encoded, op('Unsqueeze', ['mask', ints(2)])]), ints(1)], { keepdims: 0 });
  const length = op('Max', [op('ReduceSum', ['mask', ints(1)], { keepdims: 1 }), scalar(1)]);
  const pooled = op('Div', [summed, length]);
  const out = op('Tanh', [dense(pooled, 'tanh_layer_0/weights', 'tanh_layer_0/bias', 512, 512)]);
  nodes.push({ op: 'Identity', inputs: [out], outputs: ['vectors'] });
  return {
    nodes,
    initializers,
    inputs: [
      { name: 'ids', type: INT64, shape: ['batch', 'length'] },
      { name: 'positions', type: INT64, shape: ['batch', 'length'] },
      { name: 'mask', type: FLOAT, shape: ['batch', 'length'] },
    ],
    outputs: [{ name: 'vectors', type: FLOAT, shape: ['batch', 512] }],
  };
}
