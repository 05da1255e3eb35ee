// The few messages of ONNX's protobuf schema (onnx/onnx.proto, field numbers as
// published) needed to hand ONNX Runtime a graph built in memory: a model, its
// graph, nodes with integer/float attributes, float and int64 tensors, and the
// typed inputs and outputs. Encoding only; nothing here reads ONNX files.

/** Bytes of one protobuf message under construction. */
class Writer {
  private readonly parts: Uint8Array[] = [];

  private varint(value: number | bigint): void {
    let v = BigInt.asUintN(64, BigInt(value));
    const out: number[] = [];
    while (v > 0x7fn) {
      out.push(Number(v & 0x7fn) | 0x80);
      v >>= 7n;
    }
    out.push(Number(v));
    this.parts.push(Uint8Array.from(out));
  }

  int(field: number, value: number | bigint): this {
    this.varint(field << 3);
    this.varint(value);
    return this;
  }

  float(field: number, value: number): this {
    this.varint((field << 3) | 5);
    const b = new Uint8Array(4);
    new DataView(b.buffer).setFloat32(0, value, true);
    this.parts.push(b);
    return this;
  }

  bytes(field: number, value: Uint8Array): this {
    this.varint((field << 3) | 2);
    this.varint(value.length);
    this.parts.push(value);
    return this;
  }

  string(field: number, value: string): this {
    return this.bytes(field, new TextEncoder().encode(value));
  }

  message(field: number, value: Writer): this {
    return this.bytes(field, value.finish());
  }

  finish(): Uint8Array {
    const out = new Uint8Array(this.parts.reduce((s, p) => s + p.length, 0));
    let at = 0;
    for (const p of this.parts) {
      out.set(p, at);
      at += p.length;
    }
    return out;
  }
}

/** TensorProto.DataType values used here. */
export const FLOAT = 1;
export const INT64 = 7;

export type Attribute = number | number[] | { float: number };

export interface Node {
  op: string;
  inputs: string[];
  outputs: string[];
  attributes?: Record<string, Attribute>;
}

export interface Initializer {
  name: string;
  dims: number[];
  /** Float32 tensors as raw little-endian bytes; int64 tensors as numbers. */
  data: Float32Array | number[];
}

export interface ValueInfo {
  name: string;
  type: typeof FLOAT | typeof INT64;
  /** A number is a fixed size, a string a symbolic one (batch, length). */
  shape: (number | string)[];
}

export interface Graph {
  nodes: Node[];
  initializers: Initializer[];
  inputs: ValueInfo[];
  outputs: ValueInfo[];
}

function attribute(name: string, value: Attribute): Writer {
  const w = new Writer().string(1, name);
  // AttributeProto: f = 2, i = 3, ints = 8; type = 20 (FLOAT 1, INT 2, INTS 7).
  if (typeof value === 'number') return w.int(3, value).int(20, 2);
  if (Array.isArray(value)) {
    for (const v of value) w.int(8, v);
    return w.int(20, 7);
  }
  return w.float(2, value.float).int(20, 1);
}

function tensor(t: Initializer): Writer {
  // TensorProto: dims = 1, data_type = 2, int64_data = 7, name = 8, raw_data = 9.
  const w = new Writer();
  for (const d of t.dims) w.int(1, d);
  if (t.data instanceof Float32Array) {
    w.int(2, FLOAT).string(8, t.name);
    return w.bytes(9, new Uint8Array(t.data.buffer, t.data.byteOffset, t.data.byteLength));
  }
  w.int(2, INT64);
  for (const v of t.data) w.int(7, v);
  return w.string(8, t.name);
}

function valueInfo(v: ValueInfo): Writer {
  // ValueInfoProto{name 1, type 2}; TypeProto{tensor_type 1}; Tensor{elem_type 1, shape 2};
  // TensorShapeProto{dim 1}; Dimension{dim_value 1, dim_param 2}.
  const shape = new Writer();
  for (const d of v.shape) shape.message(1, typeof d === 'number' ? new Writer().int(1, d) : new Writer().string(2, d));
  const tensorType = new Writer().int(1, v.type).message(2, shape);
  return new Writer().string(1, v.name).message(2, new Writer().message(1, tensorType));
}

/** A ModelProto of one graph on the default ONNX domain at `opset`. */
export function encodeModel(graph: Graph, opset: number): Uint8Array {
  // GraphProto: node 1, name 2, initializer 5, input 11, output 12.
  const g = new Writer();
  graph.nodes.forEach((n, i) => {
    // NodeProto: input 1, output 2, name 3, op_type 4, attribute 5.
    const node = new Writer();
    for (const x of n.inputs) node.string(1, x);
    for (const y of n.outputs) node.string(2, y);
    node.string(3, `n${i}`).string(4, n.op);
    for (const [k, v] of Object.entries(n.attributes ?? {})) node.message(5, attribute(k, v));
    g.message(1, node);
  });
  g.string(2, 'graph');
  for (const t of graph.initializers) g.message(5, tensor(t));
  for (const v of graph.inputs) g.message(11, valueInfo(v));
  for (const v of graph.outputs) g.message(12, valueInfo(v));
  // ModelProto: ir_version 1, producer_name 2, graph 7, opset_import 8 {domain 1, version 2}.
  return new Writer()
    .int(1, 8)
    .string(2, 'structural-platform')
    .message(7, g)
    .message(8, new Writer().string(1, '').int(2, opset))
    .finish();
}
