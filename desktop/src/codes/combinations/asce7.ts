// ASCE/SEI 7-16 load combinations. Strength design (LRFD), §2.3.1 and, with seismic effects,
// §2.3.6 (with E = Eh ± Ev, Ev = 0.2 S_DS D, §12.4.2):
//   1  1.4D
//   2  1.2D + 1.6L + 0.5(Lr or S or R)
//   3  1.2D + 1.6(Lr or S or R) + (L or 0.5W)
//   4  1.2D + 1.0W + L + 0.5(Lr or S or R)
//   5  0.9D + 1.0W
//   6  1.2D + Ev + Eh + L + 0.2S
//   7  0.9D − Ev + Eh
// The factor on L in 3, 4 and 6 may be 0.5 where L ≤ 100 psf except garages and assembly
// (§2.3.1 exception 1; option live_factor_half).
// Allowable stress design (ASD), §2.4.1 and §2.4.5:
//   1  D              2  D + L           3  D + (Lr or S or R)
//   4  D + 0.75L + 0.75(Lr or S or R)    5  D + 0.6W
//   6  D + 0.75L + 0.75(0.6W) + 0.75(Lr or S or R)
//   7  0.6D + 0.6W
//   8  1.0D + 0.7Ev + 0.7Eh              9  1.0D + 0.525Ev + 0.525Eh + 0.75L + 0.75S
//   10 0.6D − 0.7Ev + 0.7Eh
// "Lr or S or R" gives one combination per load present; each wind and seismic pattern is a
// direction of its own (and its opposite, opposite_lateral). A combination whose optional
// terms are all absent and that then repeats another is left out.
import { items, lateral, type GeneratedCombination, type Group, type Options } from './types.ts';

export function asce7(o: Options, method: 'LRFD' | 'ASD'): GeneratedCombination[] {
  const D: Group = o.dead,
    L: Group = o.live;
  const roofs: [string, Group][] = (
    [
      ['Lr', o.roof_live],
      ['S', o.snow],
      ['R', o.rain],
    ] as [string, Group][]
  ).filter(([, g]) => g.length);
  const winds = lateral(o.wind, o.opposite_lateral),
    quakes = lateral(o.seismic, o.opposite_lateral);
  const ev = 0.2 * (o.sds ?? 0);
  const fL = o.live_factor_half ? 0.5 : 1;
  const prefix = o.prefix ?? (method === 'LRFD' ? 'LRFD' : 'ASD');
  const out: GeneratedCombination[] = [];
  const seen = new Set<string>();
  const add = (eq: string, label: string, terms: [number, Group][]) => {
    const it = items(...terms);
    const key = JSON.stringify([...it].sort((a, b) => a.case.localeCompare(b.case)));
    if (!it.length || seen.has(key)) return;
    seen.add(key);
    out.push({
      name: `${prefix}${eq}${label ? ` ${label}` : ''}`.slice(0, 64),
      type: 'linear',
      items: it,
      design: method === 'LRFD' ? 'strength' : 'none',
      source: `ASCE 7-16 §${method === 'LRFD' ? (Number(eq) >= 6 ? '2.3.6' : '2.3.1') : Number(eq) >= 8 ? '2.4.5' : '2.4.1'} (${eq})`,
    });
  };
  const roofOr = (f: number, fn: (label: string, t: [number, Group][]) => void) => {
    if (!roofs.length) return fn('', []);
    for (const [label, g] of roofs) fn(label, [[f, g]]);
  };
  const c: Combiner = { D, L, S: o.snow, roofs, winds, quakes, ev, fL, add, roofOr };
  if (method === 'LRFD') lrfd(c);
  else asd(c);
  return out;
}

/** What both methods combine: the load groups, the lateral patterns, and how a combination is added. */
interface Combiner {
  D: Group;
  L: Group;
  S: Group;
  roofs: [string, Group][];
  winds: ReturnType<typeof lateral>;
  quakes: ReturnType<typeof lateral>;
  /** Ev per unit dead load: 0.2 S_DS (§12.4.2). */
  ev: number;
  /** The factor on L in 3, 4 and 6 (§2.3.1 exception 1). */
  fL: number;
  add(eq: string, label: string, terms: [number, Group][]): void;
  /** One combination per roof load present ("Lr or S or R"), or one without. */
  roofOr(f: number, fn: (label: string, t: [number, Group][]) => void): void;
}

/** Strength design, §2.3.1 and §2.3.6. */
function lrfd({ D, L, S, roofs, winds, quakes, ev, fL, add, roofOr }: Combiner) {
  add('1', '', [[1.4, D]]);
  roofOr(0.5, (label, r) => add('2', label, [[1.2, D], [1.6, L], ...r]));
  if (roofs.length) {
    for (const [label, g] of roofs) {
      if (L.length)
        add('3', `${label} L`, [
          [1.2, D],
          [1.6, g],
          [fL, L],
        ]);
      for (const w of winds)
        add('3', `${label} ${w.label}`, [
          [1.2, D],
          [1.6, g],
          [0.5 * w.sign, [w.pattern]],
        ]);
    }
  }
  for (const w of winds)
    roofOr(0.5, (label, r) =>
      add('4', `${w.label}${label ? ` ${label}` : ''}`, [[1.2, D], [w.sign, [w.pattern]], [fL, L], ...r]),
    );
  for (const w of winds)
    add('5', w.label, [
      [0.9, D],
      [w.sign, [w.pattern]],
    ]);
  for (const e of quakes)
    add('6', e.label, [
      [1.2 + ev, D],
      [e.sign, [e.pattern]],
      [fL, L],
      [0.2, S],
    ]);
  for (const e of quakes)
    add('7', e.label, [
      [0.9 - ev, D],
      [e.sign, [e.pattern]],
    ]);
}

/** Allowable stress design, §2.4.1 and §2.4.5. */
function asd({ D, L, S, roofs, winds, quakes, ev, add, roofOr }: Combiner) {
  add('1', '', [[1, D]]);
  if (L.length)
    add('2', '', [
      [1, D],
      [1, L],
    ]);
  for (const [label, g] of roofs)
    add('3', label, [
      [1, D],
      [1, g],
    ]);
  if (L.length) roofOr(0.75, (label, r) => add('4', label, [[1, D], [0.75, L], ...r]));
  for (const w of winds)
    add('5', w.label, [
      [1, D],
      [0.6 * w.sign, [w.pattern]],
    ]);
  for (const w of winds)
    roofOr(0.75, (label, r) =>
      add('6', `${w.label}${label ? ` ${label}` : ''}`, [[1, D], [0.75, L], [0.75 * 0.6 * w.sign, [w.pattern]], ...r]),
    );
  for (const w of winds)
    add('7', w.label, [
      [0.6, D],
      [0.6 * w.sign, [w.pattern]],
    ]);
  for (const e of quakes)
    add('8', e.label, [
      [1 + 0.7 * ev, D],
      [0.7 * e.sign, [e.pattern]],
    ]);
  for (const e of quakes)
    add('9', e.label, [
      [1 + 0.525 * ev, D],
      [0.525 * e.sign, [e.pattern]],
      [0.75, L],
      [0.75, S],
    ]);
  for (const e of quakes)
    add('10', e.label, [
      [0.6 - 0.7 * ev, D],
      [0.7 * e.sign, [e.pattern]],
    ]);
}
