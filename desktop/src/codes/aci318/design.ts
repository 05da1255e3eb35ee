// ACI 318-19 reinforcement of rectangular members, in N and mm (callers convert):
// - Beams: flexure, singly reinforced (22.2: Whitney block 0.85 f'c over a = β1 c), φ = 0.9
//   for a tension-controlled section (21.2.2, εt ≥ εty + 0.003, i.e. c ≤ 0.37 d at
//   fy = 420 MPa); As,min = max(0.25 √f'c, 1.4) bw d / fy (9.6.1.2), or 4/3 of the required
//   area where that is less (9.6.1.3). A moment needing more than a tension-controlled singly
//   reinforced section is reported, not designed (compression steel is not designed here).
// - Beams: shear, Vc = 0.17 λ √f'c bw d (22.5.5.1(a), λ = 1, Nu = 0), φ = 0.75;
//   Av/s = (Vu/φ − Vc)/(fyt d) ≥ 0, and where Vu > 0.5 φ Vc at least
//   max(0.062 √f'c, 0.35) bw / fyt (9.6.3.4).
// - Columns: axial force with bending about one axis, bars in two equal layers at the faces
//   (22.4: strain compatibility, εcu = 0.003, Es = 200 GPa), φ from 0.65 (compression
//   controlled, tied) to 0.9 (21.2.2), φPn,max = 0.8 φ [0.85 f'c (Ag − Ast) + fy Ast]
//   (22.4.2.1); the least steel with the demand inside the design interaction diagram, at
//   least 1 % and at most 8 % of Ag (10.6.1.1). Bending about both axes is checked about each
//   axis separately (not a biaxial interaction surface).
const ES = 200_000;
const EPS_CU = 0.003;

export function beta1(fc: number): number {
  return fc <= 28 ? 0.85 : Math.max(0.65, 0.85 - (0.05 * (fc - 28)) / 7); // Table 22.2.2.4.3
}

export interface BeamFlexure {
  area: number;
  message: string | null;
}

/** Required tension steel for a moment Mu (N·mm) on a b × d section. */
export function beamFlexure(Mu: number, b: number, d: number, fc: number, fy: number): BeamFlexure {
  if (Mu <= 0) return { area: 0, message: null };
  const phi = 0.9;
  const k = 0.85 * fc * b;
  const disc = d * d - (2 * Mu) / (phi * k);
  const cMax = (d * EPS_CU) / (EPS_CU + fy / ES + 0.003); // tension-controlled limit, εt = εty + 0.003
  const aMax = beta1(fc) * cMax;
  const capacityMax = phi * k * aMax * (d - aMax / 2);
  if (disc < 0 || Mu > capacityMax)
    return {
      area: (k * aMax) / fy,
      message: `Mu exceeds a tension-controlled singly reinforced section (φMn ≤ ${(capacityMax / 1e6).toFixed(1)} kN·m): compression steel or a larger section is needed`,
    };
  const a = d - Math.sqrt(disc);
  const required = (k * a) / fy;
  const min = (Math.max(0.25 * Math.sqrt(fc), 1.4) * b * d) / fy;
  return { area: Math.max(required, Math.min(min, (4 / 3) * required)), message: null };
}

/** Required shear reinforcement Av/s (mm²/mm) for Vu (N). */
export function beamShear(
  Vu: number,
  b: number,
  d: number,
  fc: number,
  fyt: number,
): { areaPerLength: number; message: string | null } {
  const phi = 0.75;
  const Vc = 0.17 * Math.sqrt(fc) * b * d;
  const need = Math.max(0, (Vu / phi - Vc) / (fyt * d));
  const min = Vu > 0.5 * phi * Vc ? (Math.max(0.062 * Math.sqrt(fc), 0.35) * b) / fyt : 0;
  const VsMax = 0.66 * Math.sqrt(fc) * b * d; // 22.5.1.2
  return {
    areaPerLength: Math.max(need, min),
    message: Vu / phi - Vc > VsMax ? "shear exceeds the section's limit (22.5.1.2): enlarge the section" : null,
  };
}

/** Design strengths (φPn, φMn) of a section h deep (bending direction) × b with Ast in two layers at cover c' from each face, for a neutral axis depth c. */
function point(
  c: number,
  b: number,
  h: number,
  dp: number,
  Ast: number,
  fc: number,
  fy: number,
): { phiP: number; phiM: number } {
  const a = Math.min(beta1(fc) * c, h);
  const Cc = 0.85 * fc * a * b;
  const layer = (depth: number) => {
    const eps = (EPS_CU * (c - depth)) / c; // compression positive
    let fs = Math.max(-fy, Math.min(fy, eps * ES));
    if (eps > 0 && depth < a) fs -= 0.85 * fc; // displaced concrete
    return fs * (Ast / 2);
  };
  const F1 = layer(dp),
    F2 = layer(h - dp);
  const Pn = Cc + F1 + F2;
  const Mn = Cc * (h / 2 - a / 2) + F1 * (h / 2 - dp) - F2 * (h / 2 - dp);
  const epsT = (EPS_CU * (h - dp - c)) / c;
  const epsTy = fy / ES;
  const phi = epsT <= epsTy ? 0.65 : epsT >= epsTy + 0.003 ? 0.9 : 0.65 + (0.25 * (epsT - epsTy)) / 0.003;
  return { phiP: phi * Pn, phiM: phi * Mn };
}

/** Whether (Pu compression positive, Mu ≥ 0) lies inside the design interaction diagram of Ast. */
export function columnHolds(
  Pu: number,
  Mu: number,
  b: number,
  h: number,
  dp: number,
  Ast: number,
  fc: number,
  fy: number,
): boolean {
  const Ag = b * h;
  const phiPmax = 0.8 * 0.65 * (0.85 * fc * (Ag - Ast) + fy * Ast);
  const phiTmax = 0.9 * fy * Ast;
  if (Pu > phiPmax || -Pu > phiTmax) return false;
  // The diagram is traced by c from deep in tension to full compression; φMn at Pu by bisection on c (φPn grows with c).
  let lo = 1e-6 * h,
    hi = 50 * h;
  if (point(hi, b, h, dp, Ast, fc, fy).phiP < Pu) return false;
  if (point(lo, b, h, dp, Ast, fc, fy).phiP > Pu) return Mu <= point(lo, b, h, dp, Ast, fc, fy).phiM;
  for (let k = 0; k < 100; k++) {
    const mid = (lo + hi) / 2;
    if (point(mid, b, h, dp, Ast, fc, fy).phiP < Pu) lo = mid;
    else hi = mid;
  }
  return Mu <= point((lo + hi) / 2, b, h, dp, Ast, fc, fy).phiM * (1 + 1e-9);
}

/** Least longitudinal steel (mm²) for the column demands [Pu, Mu3, Mu2] (N, N·mm), section depth h along local 2, width b along local 3. */
export function columnSteel(
  demands: { Pu: number; M3: number; M2: number }[],
  b: number,
  h: number,
  dp: number,
  fc: number,
  fy: number,
): { area: number; message: string | null } {
  const Ag = b * h;
  const holds = (Ast: number) =>
    demands.every(
      (q) =>
        columnHolds(q.Pu, Math.abs(q.M3), b, h, dp, Ast, fc, fy) &&
        columnHolds(q.Pu, Math.abs(q.M2), h, b, dp, Ast, fc, fy),
    );
  const min = 0.01 * Ag,
    max = 0.08 * Ag;
  if (holds(min)) return { area: min, message: null };
  if (!holds(max))
    return { area: max, message: 'more than 8 % of the gross area would be needed (10.6.1.1): enlarge the section' };
  let lo = min,
    hi = max;
  for (let k = 0; k < 60; k++) {
    const mid = (lo + hi) / 2;
    if (holds(mid)) hi = mid;
    else lo = mid;
  }
  return { area: hi, message: null };
}
