// The stand-in's solver: linear statics of 3D frames (six freedoms per joint; a 2D model is the
// same with UY, RX and RZ inactive), rigid diaphragms, and modal analysis with lumped masses.
// Pure: a model in, results out, no I/O. Files: types.ts (input and output), element.ts (the
// frame element), numbering.ts (equations, constraints, ordering), band.ts (banded Cholesky),
// static.ts (assembly and load cases), modal.ts (masses and the Lanczos eigen-solver).
import { modalAnalysis } from './modal.ts';
import { assemble, solveCase } from './static.ts';
import type { AnalysisOutput, AnalysisRequest } from './types.ts';

export * from './types.ts';
export { localAxes, sectionForces } from './element.ts';
export { MAX_BAND_ENTRIES } from './band.ts';

/** Solves the load cases and modal cases of a model with one factorisation of its stiffness. */
export function analyse(request: AnalysisRequest): AnalysisOutput {
  const { model } = request;
  const asm = assemble(model);
  const results = request.cases.map((c) => solveCase(model, asm, c));
  const modal = (request.modal ?? []).map((m) => modalAnalysis(model, asm, m.name, m.modes));
  return { equations: asm.numbering.n, bandwidth: asm.K.b, results, modal };
}
