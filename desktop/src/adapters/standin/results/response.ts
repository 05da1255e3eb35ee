// Any result quantity of any case or combination. A quantity is a linear function of a load
// case's response (`extract`, many values at once); its value for
//   - a load pattern's linear static case: the function of that case's solution;
//   - a response-spectrum case: the modal values r_i = D_i q(φ_i), D_i = Γ_i S_a(T_i)·scale / ω_i²,
//     combined as √(Σ_i Σ_j ρ_ij r_i r_j) with CQC's ρ_ij = 8ζ²(1 + β)β^1.5 / ((1 − β²)² + 4ζ²β(1 + β)²),
//     β = ω_j/ω_i (Der Kiureghian; CSI's CQC with equal modal damping), or ρ_ij = δ_ij for SRSS:
//     a positive magnitude, as the programs report it ("Max");
//   - a combination: linear (factored sum; a term with bounds adds its range), envelope (the
//     largest maximum and smallest minimum), absolute (Σ |f|·|r|) or SRSS (√Σ (f·r)²).
// Quantities are combined after they are computed, per quantity: a drift of a response-spectrum
// case is the combination of the modal drifts, not the difference of combined displacements.
import { ToolFailure } from '../../adapter.ts';
import { spectralAcceleration, spectrumScale } from '../../../codes/spectra.ts';
import { unitSystem } from '../../../codes/units.ts';
import type { CaseResult } from '../solver/index.ts';
import type { FrameModel } from '../model/model.ts';
import type { AnalysisState } from '../model/analysis.ts';

export type Extract = (r: CaseResult) => Float64Array;
export type Value =
  | { kind: 'single'; value: Float64Array }
  | { kind: 'magnitude'; value: Float64Array }
  | { kind: 'bounds'; max: Float64Array; min: Float64Array };

export type CaseType = 'LinStatic' | 'LinModal' | 'LinRespSpec' | 'Combination';

/** CQC correlation of modes i and j (equal damping ζ). */
export function cqc(wi: number, wj: number, zeta: number): number {
  const b = wj / wi;
  if (zeta === 0) return b === 1 ? 1 : 0;
  return (8 * zeta * zeta * (1 + b) * b ** 1.5) / ((1 - b * b) ** 2 + 4 * zeta * zeta * b * (1 + b) ** 2);
}

const hi = (v: Value) => (v.kind === 'bounds' ? v.max : v.value);
const lo = (v: Value) => (v.kind === 'bounds' ? v.min : v.kind === 'magnitude' ? v.value.map((x) => -x) : v.value);

export class Responses {
  readonly model: FrameModel;
  readonly state: AnalysisState;

  constructor(model: FrameModel) {
    if (!model.analysed)
      throw new ToolFailure(
        'NOT_ANALYSED',
        'run_analysis first (the model changed since the last analysis, or was never analysed)',
      );
    this.model = model;
    this.state = model.analysed;
  }

  caseType(name: string): CaseType {
    if (this.model.patterns.has(name)) return 'LinStatic';
    if (this.model.modalCases.has(name)) return 'LinModal';
    if (this.model.rsCases.has(name)) return 'LinRespSpec';
    if (this.model.combinations.has(name)) return 'Combination';
    throw new ToolFailure('NOT_FOUND', `${name} is not a load pattern, case or combination`, {
      case: name,
      cases: this.caseNames(),
    });
  }

  /** Cases and combinations with results. */
  caseNames(): string[] {
    return [...this.model.patterns.keys(), ...this.model.rsCases.keys(), ...this.model.combinations.keys()];
  }

  evaluate(name: string, extract: Extract, cache = new Map<string, Value>()): Value {
    const known = cache.get(name);
    if (known) return known;
    const type = this.caseType(name);
    let out: Value;
    if (type === 'LinStatic') {
      const r = this.state.static.get(name);
      if (!r)
        throw new ToolFailure('NOT_ANALYSED', `load pattern ${name} was added after the analysis: run_analysis again`);
      out = { kind: 'single', value: extract(r) };
    } else if (type === 'LinModal') {
      throw new ToolFailure(
        'INVALID_ARGUMENTS',
        `${name} is a modal case: its mode shapes are read with read_modal_results; use a response-spectrum case or a combination`,
        { case: name },
      );
    } else if (type === 'LinRespSpec') out = this.spectrum(name, extract);
    else out = this.combination(name, extract, cache);
    cache.set(name, out);
    return out;
  }

  /** The modal amplitudes D_i of a response-spectrum case and its correlation matrix. */
  spectrumModes(name: string): { modes: CaseResult[]; amplitudes: number[]; rho: number[][] } {
    const def = this.model.rsCases.get(name)!;
    const modal = this.state.modal.get(def.modal_case);
    if (!modal)
      throw new ToolFailure('NOT_ANALYSED', `modal case ${def.modal_case} has no results: run_analysis again`);
    const d = { X: 0, Y: 1, Z: 2 }[def.direction];
    const scale = spectrumScale(def.spectrum, unitSystem(this.model.units).g);
    const amplitudes = modal.modes.map(
      (m) => (m.participation[d]! * scale * spectralAcceleration(def.spectrum, m.period)) / m.eigenvalue,
    );
    const rho = modal.modes.map((mi, i) =>
      modal.modes.map((mj, j) =>
        def.combination === 'SRSS' ? (i === j ? 1 : 0) : cqc(mi.circular, mj.circular, def.damping),
      ),
    );
    return { modes: modal.modes.map((m) => m.shape), amplitudes, rho };
  }

  private spectrum(name: string, extract: Extract): Value {
    const { modes, amplitudes, rho } = this.spectrumModes(name);
    const values = modes.map((shape, i) => extract(shape).map((v) => v * amplitudes[i]!));
    const n = values[0]?.length ?? extract(this.anyResult()).length;
    const out = new Float64Array(n);
    for (let e = 0; e < n; e++) {
      let s = 0;
      for (let i = 0; i < values.length; i++) {
        const vi = values[i]![e]!;
        if (vi === 0) continue;
        s += vi * vi;
        for (let j = i + 1; j < values.length; j++) s += 2 * rho[i]![j]! * vi * values[j]![e]!;
      }
      out[e] = Math.sqrt(Math.max(0, s));
    }
    return { kind: 'magnitude', value: out };
  }

  private anyResult(): CaseResult {
    const r = this.state.static.values().next().value ?? [...this.state.modal.values()][0]?.modes[0]?.shape;
    if (!r) throw new ToolFailure('NOT_ANALYSED', 'the analysis has no results');
    return r;
  }

  private combination(name: string, extract: Extract, cache: Map<string, Value>): Value {
    const def = this.model.combinations.get(name)!;
    const terms = def.items.map((item) => ({ f: item.factor, v: this.evaluate(item.case, extract, cache) }));
    const n = hi(terms[0]!.v).length;
    if (def.type === 'linear') {
      if (terms.every((t) => t.v.kind === 'single')) {
        const value = new Float64Array(n);
        for (const t of terms) for (let e = 0; e < n; e++) value[e]! += t.f * hi(t.v)[e]!;
        return { kind: 'single', value };
      }
      const max = new Float64Array(n),
        min = new Float64Array(n);
      for (const t of terms) {
        const [a, b] = [hi(t.v), lo(t.v)];
        for (let e = 0; e < n; e++) {
          max[e]! += t.f >= 0 ? t.f * a[e]! : t.f * b[e]!;
          min[e]! += t.f >= 0 ? t.f * b[e]! : t.f * a[e]!;
        }
      }
      return { kind: 'bounds', max, min };
    }
    if (def.type === 'envelope') {
      const max = new Float64Array(n).fill(-Infinity),
        min = new Float64Array(n).fill(Infinity);
      for (const t of terms) {
        const [a, b] = [hi(t.v), lo(t.v)];
        for (let e = 0; e < n; e++) {
          const p = t.f * a[e]!,
            q = t.f * b[e]!;
          max[e] = Math.max(max[e]!, p, q);
          min[e] = Math.min(min[e]!, p, q);
        }
      }
      return { kind: 'bounds', max, min };
    }
    const value = new Float64Array(n);
    for (const t of terms) {
      const [a, b] = [hi(t.v), lo(t.v)];
      for (let e = 0; e < n; e++) {
        const r = Math.abs(t.f) * Math.max(Math.abs(a[e]!), Math.abs(b[e]!));
        value[e]! += def.type === 'absolute' ? r : r * r;
      }
    }
    if (def.type === 'srss') for (let e = 0; e < n; e++) value[e] = Math.sqrt(value[e]!);
    return { kind: 'magnitude', value };
  }

  /** The rows a value reads as: one (no step), a magnitude (step max), or bounds (max, then min). */
  static rows(v: Value): { step?: 'max' | 'min'; values: Float64Array }[] {
    if (v.kind === 'single') return [{ values: v.value }];
    if (v.kind === 'magnitude') return [{ step: 'max', values: v.value }];
    return [
      { step: 'max', values: v.max },
      { step: 'min', values: v.min },
    ];
  }
}
