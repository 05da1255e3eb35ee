// Design response spectra, as spectral acceleration in g against period:
// - ASCE 7-16 §11.4.6 (Fig. 11.4-1): T0 = 0.2 SD1/SDS, TS = SD1/SDS; Sa = SDS (0.4 + 0.6 T/T0)
//   below T0, SDS up to TS, SD1/T up to TL, SD1 TL/T² beyond. Forces are scaled by Ie/R
//   (§12.9.1.2), drifts amplified by Cd/Ie afterwards (§12.8.6).
// - EN 1998-1 §3.2.2.5 (3.13)–(3.16), horizontal design spectrum with behaviour factor q and
//   lower bound β·ag, S, TB, TC, TD from Table 3.2 (type 1) or 3.3 (type 2).
// - Given points, interpolated linearly, constant beyond the ends.
// The programs take a spectrum as period–value points (Func.FuncRS.SetUser) and interpolate
// linearly between them: spectrumPoints samples a code spectrum densely enough that the
// interpolation differs from the formula by under 0.02 %.
import type { Spectrum } from '@structural-platform/tool-schema';

const EC8: Record<1 | 2, Record<'A' | 'B' | 'C' | 'D' | 'E', [number, number, number, number]>> = {
  // [S, TB, TC, TD]
  1: {
    A: [1.0, 0.15, 0.4, 2.0],
    B: [1.2, 0.15, 0.5, 2.0],
    C: [1.15, 0.2, 0.6, 2.0],
    D: [1.35, 0.2, 0.8, 2.0],
    E: [1.4, 0.15, 0.5, 2.0],
  },
  2: {
    A: [1.0, 0.05, 0.25, 1.2],
    B: [1.35, 0.05, 0.25, 1.2],
    C: [1.5, 0.1, 0.25, 1.2],
    D: [1.8, 0.1, 0.3, 1.2],
    E: [1.6, 0.05, 0.25, 1.2],
  },
};

/** Spectral acceleration (in g) at period T (s). */
export function spectralAcceleration(spec: Spectrum, T: number): number {
  if (spec.code === 'ASCE7-16') {
    const T0 = (0.2 * spec.sd1) / spec.sds,
      TS = spec.sd1 / spec.sds;
    if (T < T0) return spec.sds * (0.4 + (0.6 * T) / T0);
    if (T <= TS) return spec.sds;
    if (T <= spec.tl) return spec.sd1 / T;
    return (spec.sd1 * spec.tl) / (T * T);
  }
  if (spec.code === 'EN1998-1') {
    const [S, TB, TC, TD] = EC8[spec.type][spec.ground];
    const { ag, q, beta } = spec;
    if (T <= TB) return ag * S * (2 / 3 + (T / TB) * (2.5 / q - 2 / 3));
    if (T <= TC) return (ag * S * 2.5) / q;
    if (T <= TD) return Math.max((ag * S * 2.5 * TC) / (q * T), beta * ag);
    return Math.max((ag * S * 2.5 * TC * TD) / (q * T * T), beta * ag);
  }
  const pts = spec.points;
  if (T <= pts[0]![0]) return pts[0]![1];
  for (let k = 1; k < pts.length; k++) {
    const [t1, v1] = pts[k]!;
    if (T <= t1) {
      const [t0, v0] = pts[k - 1]!;
      return t1 === t0 ? v1 : v0 + ((v1 - v0) * (T - t0)) / (t1 - t0);
    }
  }
  return pts[pts.length - 1]![1];
}

/** The case's scale factor on Sa (in g): g in model units, times Ie/R (ASCE 7) or the user's factor. */
export function spectrumScale(spec: Spectrum, g: number): number {
  if (spec.code === 'ASCE7-16') return (g * spec.ie) / spec.r;
  if (spec.code === 'user') return g * spec.factor;
  return g;
}

/** Period–value points for the programs: the code's corner periods and a geometric grid from 0.01 s to 20 s (user points as given). */
export function spectrumPoints(spec: Spectrum): [number, number][] {
  if (spec.code === 'user') return spec.points.map(([t, v]) => [t, v]);
  const corners =
    spec.code === 'ASCE7-16'
      ? [(0.2 * spec.sd1) / spec.sds, spec.sd1 / spec.sds, spec.tl]
      : EC8[spec.type][spec.ground].slice(1);
  const periods = new Set<number>([0, ...corners]);
  const n = 320;
  for (let k = 0; k <= n; k++) periods.add(0.01 * 2000 ** (k / n));
  return [...periods].sort((a, b) => a - b).map((t) => [t, spectralAcceleration(spec, t)]);
}
