// A steel member's check under its design combinations: at stations along it (21, ends
// included), the axial, major and minor flexure and shear demands of each combination against
// the design strengths of ./strength.ts, combined by H1-1; the largest ratio governs. Lateral-
// torsional buckling is checked per unbraced segment with Cb from that segment's moment diagram
// (F1-1) unless Cb is given.
import {
  cbFactor,
  compression,
  flexureMajor,
  flexureMinor,
  interaction,
  NotCovered,
  shearMajor,
  shearMinor,
  tension,
  type Steel,
  type Strength,
} from './strength.ts';
import type { ISection } from './section.ts';

export const DESIGN_STATIONS = 21;

/** Forces [P, V2, V3, T, M2, M3] of one design state (a combination, or one bound of one) along the member. */
export interface ForceState {
  combination: string;
  forcesAt(x: number): number[];
}

export interface MemberInput {
  section: ISection;
  steel: Steel;
  length: number;
  Lcx: number;
  Lcy: number;
  Lcz: number;
  /** Distance between lateral-torsional bracing points (0: continuously braced). */
  Lb: number;
  cb?: number;
}

export interface Component {
  ratio: number;
  demand: number;
  capacity: number;
  clause: string;
}
export interface MemberCheck {
  ratio: number;
  clause: string;
  combination: string;
  station: number;
  axial: Component;
  major: Component;
  minor: Component;
  shear_major: Component;
  shear_minor: Component;
}

export { NotCovered };

export function checkMember(m: MemberInput, states: ForceState[]): MemberCheck | null {
  const { section: s, steel, length: L } = m;
  const comp = compression(s, steel, m.Lcx, m.Lcy, m.Lcz);
  const tens = tension(s, steel);
  const minor = flexureMinor(s, steel);
  const v2 = shearMajor(s, steel),
    v3 = shearMinor(s, steel);
  const segment = m.Lb > 0 && m.Lb < L ? m.Lb : L;
  const segments =
    m.Lb === 0
      ? [[0, L]]
      : Array.from({ length: Math.ceil(L / segment - 1e-9) }, (_, k) => [k * segment, Math.min(L, (k + 1) * segment)]);
  let best: MemberCheck | null = null;
  for (const state of states) {
    // Major-axis design strength per segment, with this state's Cb.
    const majorOf = segments.map(([a, b]) => {
      if (m.Lb === 0) return flexureMajor(s, steel, 0, 1);
      const M = (x: number) => Math.abs(state.forcesAt(x)[5]!);
      let Mmax = 0;
      for (let k = 0; k <= 20; k++) Mmax = Math.max(Mmax, M(a! + ((b! - a!) * k) / 20));
      const cb = m.cb ?? cbFactor(Mmax, M(a! + (b! - a!) / 4), M((a! + b!) / 2), M(a! + (3 * (b! - a!)) / 4));
      return flexureMajor(s, steel, b! - a!, cb);
    });
    for (let k = 0; k < DESIGN_STATIONS; k++) {
      const x = (L * k) / (DESIGN_STATIONS - 1);
      const [P, V2, V3, , M2, M3] = state.forcesAt(x) as [number, number, number, number, number, number];
      const seg = Math.min(
        segments.length - 1,
        Math.max(
          0,
          segments.findIndex(([a, b]) => x >= a! - 1e-9 * L && x <= b! + 1e-9 * L),
        ),
      );
      const major = majorOf[seg]!;
      const axialStrength: Strength = P < 0 ? comp : tens;
      const c = (demand: number, st: Strength): Component => ({
        ratio: demand / st.capacity,
        demand,
        capacity: st.capacity,
        clause: st.clause,
      });
      const axial = c(Math.abs(P), axialStrength),
        mx = c(Math.abs(M3), major),
        my = c(Math.abs(M2), minor);
      const sv2 = c(Math.abs(V2), v2),
        sv3 = c(Math.abs(V3), v3);
      const h1 = interaction(
        axial.demand,
        axialStrength.capacity,
        mx.demand,
        major.capacity,
        my.demand,
        minor.capacity,
      );
      const candidates: [number, string][] = [
        [h1.ratio, h1.clause],
        [sv2.ratio, v2.clause],
        [sv3.ratio, v3.clause],
      ];
      const [ratio, clause] = candidates.sort((p, q) => q[0] - p[0])[0]!;
      if (!best || ratio > best.ratio)
        best = {
          ratio,
          clause,
          combination: state.combination,
          station: x,
          axial,
          major: mx,
          minor: my,
          shear_major: sv2,
          shear_minor: sv3,
        };
    }
  }
  return best;
}
