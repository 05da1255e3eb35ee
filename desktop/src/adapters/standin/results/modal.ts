// read_modal_results: periods, frequencies and participating mass ratios (effective mass Γ²
// over the total mass on free freedoms, per direction), with their running sums.
import type { ToolArgs, ToolResult } from '@structural-platform/tool-schema';
import { ToolFailure } from '../../adapter.ts';
import type { FrameModel } from '../model/model.ts';

export function readModalResults(m: FrameModel, a: ToolArgs<'read_modal_results'>): ToolResult<'read_modal_results'> {
  if (!m.modalCases.has(a.case))
    throw new ToolFailure('NOT_FOUND', `modal case ${a.case} does not exist`, {
      case: a.case,
      modal_cases: [...m.modalCases.keys()],
    });
  if (!m.analysed)
    throw new ToolFailure(
      'NOT_ANALYSED',
      'run_analysis first (the model changed since the last analysis, or was never analysed)',
    );
  const modal = m.analysed.modal.get(a.case);
  if (!modal)
    throw new ToolFailure('NOT_ANALYSED', `modal case ${a.case} was defined after the analysis: run_analysis again`);
  const ratio = (g: number, d: number) => (modal.totalMass[d]! > 0 ? (g * g) / modal.totalMass[d]! : 0);
  const sums = [0, 0, 0, 0];
  return {
    case: a.case,
    total_mass: [modal.totalMass[0], modal.totalMass[1], modal.totalMass[2]],
    modes: modal.modes.map((mode, k) => {
      const r = [0, 1, 2, 3].map((d) => ratio(mode.participation[d]!, d));
      r.forEach((v, d) => (sums[d]! += v));
      return {
        mode: k + 1,
        period: mode.period,
        frequency: mode.frequency,
        circular_frequency: mode.circular,
        ux: r[0]!,
        uy: r[1]!,
        uz: r[2]!,
        rz: r[3]!,
        sum_ux: sums[0]!,
        sum_uy: sums[1]!,
        sum_uz: sums[2]!,
        sum_rz: sums[3]!,
      };
    }),
  };
}
