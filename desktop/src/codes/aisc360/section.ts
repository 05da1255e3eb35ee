// Properties of a doubly symmetric I-shape for AISC 360: from its plates (fillets left out),
// or the catalogue's tabulated values where given (they include the fillets: for a W14×99 the
// plates give an area 1.6 % smaller). h is taken as d − 2tf (the clear web, fillets included),
// slightly above the catalogue's h, so web slenderness is judged conservatively.

export interface ISection {
  d: number;
  bf: number;
  tf: number;
  tw: number;
  A: number;
  Ix: number;
  Iy: number;
  J: number;
  Cw: number;
  Sx: number;
  Sy: number;
  Zx: number;
  Zy: number;
  rx: number;
  ry: number;
  rts: number;
  ho: number;
  h: number;
}

export interface IPlates {
  depth: number;
  flange_width: number;
  flange_thickness: number;
  web_thickness: number;
  catalogue?: {
    area: number;
    i33: number;
    i22: number;
    j: number;
    cw: number;
    s33: number;
    s22: number;
    z33: number;
    z22: number;
  };
}

export function iSection(p: IPlates): ISection {
  const { depth: d, flange_width: bf, flange_thickness: tf, web_thickness: tw } = p;
  const hw = d - 2 * tf;
  const ho = d - tf;
  const c = p.catalogue;
  const A = c?.area ?? 2 * bf * tf + hw * tw;
  const Ix = c?.i33 ?? (bf * d ** 3 - (bf - tw) * hw ** 3) / 12;
  const Iy = c?.i22 ?? (2 * tf * bf ** 3 + hw * tw ** 3) / 12;
  const J = c?.j ?? (2 * bf * tf ** 3 + ho * tw ** 3) / 3;
  const Cw = c?.cw ?? (Iy * ho * ho) / 4;
  const Sx = c?.s33 ?? (2 * Ix) / d;
  const Sy = c?.s22 ?? (2 * Iy) / bf;
  const Zx = c?.z33 ?? bf * tf * (d - tf) + (tw * hw * hw) / 4;
  const Zy = c?.z22 ?? (bf * bf * tf) / 2 + (hw * tw * tw) / 4;
  return {
    d,
    bf,
    tf,
    tw,
    A,
    Ix,
    Iy,
    J,
    Cw,
    Sx,
    Sy,
    Zx,
    Zy,
    rx: Math.sqrt(Ix / A),
    ry: Math.sqrt(Iy / A),
    rts: Math.sqrt(Math.sqrt(Iy * Cw) / Sx), // (F2-7)
    ho,
    h: hw,
  };
}
