// libSQL's form of the fact embeddings (F32_BLOB); the rows themselves are read by ../sql/rows.ts.
export const blob = (v: Float32Array) => Buffer.from(v.buffer, v.byteOffset, v.byteLength);

export function toFloat32(v: unknown): Float32Array {
  if (v instanceof Uint8Array) return new Float32Array(v.buffer.slice(v.byteOffset, v.byteOffset + v.byteLength));
  if (v instanceof ArrayBuffer) return new Float32Array(v.slice(0));
  return new Float32Array(0);
}
