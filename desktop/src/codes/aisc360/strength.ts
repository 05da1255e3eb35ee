// AISC 360-16 design strengths (LRFD, φ) of a doubly symmetric I-shape. Each function returns
// the design strength and the section of the specification it comes from. Every equation is
// dimensionally homogeneous, so any consistent units work.
//
// Compression (Chapter E): E3 flexural buckling about each axis, E4 torsional buckling
// (E4-2, doubly symmetric), E7 with effective widths (E7-3, Table E7.1) when an element is
// slender (Table B4.1a cases 1 and 5).
// Flexure about the major axis (Chapter F): F2 (compact flanges: yielding F2-1, lateral-
// torsional buckling F2-2/F2-3 with Lp F2-5, Lr F2-6, Fcr F2-4), F3 (noncompact or slender
// flanges: F3-1, F3-2). A noncompact or slender web (F4, F5) is not covered: refused.
// Flexure about the minor axis: F6 (F6-1, F6-2, F6-3/F6-4).
// Shear: G2.1 (Cv1, kv = 5.34 unstiffened), G6 for the minor axis (Cv2 from G2.2, kv = 1.2).
// Tension: D2(a) yielding of the gross section (rupture needs the net section: not checked).
import type { ISection } from './section.ts';

export interface Steel {
  E: number;
  G: number;
  Fy: number;
}
export interface Strength {
  capacity: number;
  clause: string;
}

export class NotCovered extends Error {}

const PHI_C = 0.9,
  PHI_B = 0.9,
  PHI_T = 0.9;

/** E3-2 / E3-3: critical stress for an elastic buckling stress Fe. */
function flexuralBucklingStress(Fy: number, Fe: number): number {
  return Fy / Fe <= 2.25 ? 0.658 ** (Fy / Fe) * Fy : 0.877 * Fe;
}

/** Design compressive strength φc Pn (E3, E4, E7). Lc are effective lengths; Lcz for torsional buckling. */
export function compression(s: ISection, m: Steel, Lcx: number, Lcy: number, Lcz: number): Strength {
  const { E, G, Fy } = m;
  const Fex = (Math.PI ** 2 * E) / (Lcx / s.rx) ** 2;
  const Fey = (Math.PI ** 2 * E) / (Lcy / s.ry) ** 2;
  const Fez = ((Math.PI ** 2 * E * s.Cw) / Lcz ** 2 + G * s.J) / (s.Ix + s.Iy); // E4-2
  const Fe = Math.min(Fex, Fey, Fez);
  const Fcr = flexuralBucklingStress(Fy, Fe);
  const buckling = Fez < Math.min(Fex, Fey) ? 'E4' : 'E3';
  // Slender elements in uniform compression (Table B4.1a): flanges case 1, web case 5.
  const lamF = s.bf / (2 * s.tf),
    lamW = s.h / s.tw;
  const rF = 0.56 * Math.sqrt(E / Fy),
    rW = 1.49 * Math.sqrt(E / Fy);
  let Ae = s.A;
  const reduce = (b: number, t: number, lam: number, lamR: number, c1: number, c2: number) => {
    if (lam <= lamR * Math.sqrt(Fy / Fcr)) return 0; // E7-2: fully effective
    const Fel = ((c2 * lamR) / lam) ** 2 * Fy; // E7-5
    const be = b * (1 - c1 * Math.sqrt(Fel / Fcr)) * Math.sqrt(Fel / Fcr); // E7-3
    return (b - Math.max(0, be)) * t;
  };
  const lostF = lamF > rF ? 4 * reduce(s.bf / 2, s.tf, lamF, rF, 0.22, 1.49) : 0; // four half-flanges
  const lostW = lamW > rW ? reduce(s.h, s.tw, lamW, rW, 0.18, 1.31) : 0;
  Ae -= lostF + lostW;
  return { capacity: PHI_C * Fcr * Ae, clause: lostF + lostW > 0 ? 'E7' : buckling };
}

/** Design tensile strength φt Pn, yielding of the gross section (D2-1). */
export function tension(s: ISection, m: Steel): Strength {
  return { capacity: PHI_T * m.Fy * s.A, clause: 'D2(a)' };
}

/** Design flexural strength about the major axis φb Mnx for an unbraced length Lb and Cb. */
export function flexureMajor(s: ISection, m: Steel, Lb: number, Cb: number): Strength {
  const { E, Fy } = m;
  if (s.h / s.tw > 3.76 * Math.sqrt(E / Fy))
    throw new NotCovered(`web h/tw = ${(s.h / s.tw).toFixed(1)} is not compact for flexure: F4/F5 are not implemented`);
  const Mp = Fy * s.Zx; // F2-1
  const Lp = 1.76 * s.ry * Math.sqrt(E / Fy); // F2-5
  const jc = (s.J * 1) / (s.Sx * s.ho); // c = 1 for doubly symmetric I-shapes (F2-8a)
  const Lr = 1.95 * s.rts * (E / (0.7 * Fy)) * Math.sqrt(jc + Math.sqrt(jc * jc + 6.76 * ((0.7 * Fy) / E) ** 2)); // F2-6
  let ltb = Mp,
    ltbClause = 'F2.1';
  if (Lb > Lp && Lb <= Lr) {
    ltb = Math.min(Mp, Cb * (Mp - (Mp - 0.7 * Fy * s.Sx) * ((Lb - Lp) / (Lr - Lp)))); // F2-2
    ltbClause = 'F2.2';
  } else if (Lb > Lr) {
    const Fcr = ((Cb * Math.PI ** 2 * E) / (Lb / s.rts) ** 2) * Math.sqrt(1 + 0.078 * jc * (Lb / s.rts) ** 2); // F2-4
    ltb = Math.min(Mp, Fcr * s.Sx); // F2-3
    ltbClause = 'F2.2';
  }
  if (ltb >= Mp) ltbClause = 'F2.1';
  const lam = s.bf / (2 * s.tf),
    lamP = 0.38 * Math.sqrt(E / Fy),
    lamR = 1.0 * Math.sqrt(E / Fy);
  let flb = Infinity;
  if (lam > lamR) {
    const kc = Math.min(0.76, Math.max(0.35, 4 / Math.sqrt(s.h / s.tw)));
    flb = (0.9 * E * kc * s.Sx) / (lam * lam); // F3-2
  } else if (lam > lamP) {
    flb = Mp - (Mp - 0.7 * Fy * s.Sx) * ((lam - lamP) / (lamR - lamP)); // F3-1
  }
  return flb < ltb
    ? { capacity: PHI_B * flb, clause: 'F3.2' }
    : { capacity: PHI_B * ltb, clause: lam > lamP && ltbClause === 'F2.1' ? 'F3.1' : ltbClause };
}

/** Design flexural strength about the minor axis φb Mny (F6). */
export function flexureMinor(s: ISection, m: Steel): Strength {
  const { E, Fy } = m;
  const Mp = Math.min(Fy * s.Zy, 1.6 * Fy * s.Sy); // F6-1
  const lam = s.bf / (2 * s.tf),
    lamP = 0.38 * Math.sqrt(E / Fy),
    lamR = 1.0 * Math.sqrt(E / Fy);
  if (lam <= lamP) return { capacity: PHI_B * Mp, clause: 'F6.1' };
  if (lam <= lamR)
    return { capacity: PHI_B * (Mp - (Mp - 0.7 * Fy * s.Sy) * ((lam - lamP) / (lamR - lamP))), clause: 'F6.2' }; // F6-2
  const Fcr = (0.69 * E) / (lam * lam); // F6-4
  return { capacity: PHI_B * Fcr * s.Sy, clause: 'F6.2' }; // F6-3
}

/** Design shear strength along the web φv Vn2 (G2.1). */
export function shearMajor(s: ISection, m: Steel): Strength {
  const { E, Fy } = m;
  const Aw = s.d * s.tw,
    hw = s.h / s.tw;
  if (hw <= 2.24 * Math.sqrt(E / Fy)) return { capacity: 1.0 * 0.6 * Fy * Aw, clause: 'G2.1(a)' }; // φv = 1.0, Cv1 = 1.0
  const kv = 5.34;
  const Cv1 = hw <= 1.1 * Math.sqrt((kv * E) / Fy) ? 1 : (1.1 * Math.sqrt((kv * E) / Fy)) / hw; // G2-3, G2-4
  return { capacity: 0.9 * 0.6 * Fy * Aw * Cv1, clause: 'G2.1(b)' };
}

/** Design shear strength across the flanges φv Vn3 (G6, Cv2 with kv = 1.2). */
export function shearMinor(s: ISection, m: Steel): Strength {
  const { E, Fy } = m;
  const kv = 1.2,
    ht = s.bf / (2 * s.tf);
  const lim = 1.1 * Math.sqrt((kv * E) / Fy);
  const Cv2 = ht <= lim ? 1 : ht <= 1.37 * Math.sqrt((kv * E) / Fy) ? lim / ht : (1.51 * kv * E) / (ht * ht * Fy); // G2-9…G2-11
  return { capacity: 0.9 * 0.6 * Fy * s.bf * s.tf * 2 * Cv2, clause: 'G6' }; // G6-1, two flanges
}

/** H1-1a / H1-1b for doubly symmetric members in flexure and axial force. */
export function interaction(
  Pr: number,
  Pc: number,
  Mrx: number,
  Mcx: number,
  Mry: number,
  Mcy: number,
): { ratio: number; clause: string } {
  const p = Pr / Pc,
    mx = Mrx / Mcx,
    my = Mry / Mcy;
  if (p >= 0.2) return { ratio: p + (8 / 9) * (mx + my), clause: 'H1-1a' };
  return { ratio: p / 2 + (mx + my), clause: 'H1-1b' };
}

/** Lateral-torsional buckling modification factor from the moment diagram (F1-1): |M| max and at the quarter points. */
export function cbFactor(Mmax: number, MA: number, MB: number, MC: number): number {
  const den = 2.5 * Mmax + 3 * MA + 4 * MB + 3 * MC;
  return den > 0 ? (12.5 * Mmax) / den : 1;
}
