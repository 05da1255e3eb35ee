/**
 * One synthetic code: layout (pure, synchronous) then rendering. The truth
 * comes from layout alone, so `layoutCode(spec).truth` equals the truth that
 * `generateCode(spec)` returns with the PDF.
 */
import { layoutCode } from './layout.ts';
import { renderPdf } from './render.ts';
import type { CodeSpec, CodeTruth } from './types.ts';

export interface GeneratedCode {
  pdf: Uint8Array;
  truth: CodeTruth;
}

function validate(spec: CodeSpec): void {
  if (!/^[a-z0-9-]+$/.test(spec.fileId)) throw new Error(`${spec.fileId}: fileId must be a catalogue id (a-z, 0-9, -)`);
  if (spec.chapters.length === 0) throw new Error(`${spec.fileId}: no chapters`);
  if (!Number.isInteger(spec.seed)) throw new Error(`${spec.fileId}: seed must be an integer`);
}

export async function generateCode(spec: CodeSpec): Promise<GeneratedCode> {
  validate(spec);
  const { pages, truth } = layoutCode(spec);
  const pdf = await renderPdf(pages, `${spec.designation} ${spec.title} (synthetic evaluation edition)`);
  return { pdf, truth };
}
