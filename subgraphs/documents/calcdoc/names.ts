// How a name is shown, the same in the .mcdx (what Prime displays) and in the
// PDF: a base and at most one literal subscript (`f_c`; names with more
// underscores stay as written), and Greek letters written as Greek, as Prime
// users type them. The rule for Greek: a base that is a Greek letter's name,
// or starts with one followed by a capital or a digit (`phiM` → φM, `theta1`
// → θ1; `betax` stays), and a subscript that is a Greek letter's name.
// Reading maps back to the ASCII spelling only when it writes the same name
// again, so created documents round-trip exactly and formulas appended later
// can use the names they were created with.

/** Greek letters by the names engineers type (TeX's), in the code points a Greek keyboard gives. */
export const GREEK: Readonly<Record<string, string>> = {
  alpha: 'α',
  beta: 'β',
  gamma: 'γ',
  delta: 'δ',
  epsilon: 'ε',
  varepsilon: 'ϵ',
  zeta: 'ζ',
  eta: 'η',
  theta: 'θ',
  vartheta: 'ϑ',
  iota: 'ι',
  kappa: 'κ',
  lambda: 'λ',
  mu: 'μ',
  nu: 'ν',
  xi: 'ξ',
  pi: 'π',
  rho: 'ρ',
  sigma: 'σ',
  tau: 'τ',
  upsilon: 'υ',
  phi: 'φ',
  varphi: 'ϕ',
  chi: 'χ',
  psi: 'ψ',
  omega: 'ω',
  Gamma: 'Γ',
  Delta: 'Δ',
  Theta: 'Θ',
  Lambda: 'Λ',
  Xi: 'Ξ',
  Pi: 'Π',
  Sigma: 'Σ',
  Upsilon: 'Υ',
  Phi: 'Φ',
  Psi: 'Ψ',
  Omega: 'Ω',
};
const ASCII: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(GREEK).map(([k, v]) => [v, k]));
/** Longest first, so `epsilon` wins over `eta`… and `varphi` over `phi`. */
const GREEK_NAMES = Object.keys(GREEK).sort((a, b) => b.length - a.length);

export interface ShownName {
  base: string;
  subscript: string | null;
}

/** One base part: `phi` → φ, `phiM` → φM, `theta1` → θ1, anything else as written. */
function greekBase(base: string): string {
  for (const name of GREEK_NAMES) {
    if (!base.startsWith(name)) continue;
    const rest = base.slice(name.length);
    if (rest === '' || /^[A-Z0-9]/.test(rest)) return GREEK[name] + rest;
  }
  return base;
}

/** `phiM_n` → { base: 'φM', subscript: 'n' }; `gamma_c` → γ, c; `sigma_max` → σ, max. */
export function shownName(name: string): ShownName {
  const cut = name.indexOf('_');
  if (cut <= 0 || cut === name.length - 1 || name.indexOf('_', cut + 1) >= 0)
    return { base: greekBase(name), subscript: null };
  const sub = name.slice(cut + 1);
  return { base: greekBase(name.slice(0, cut)), subscript: GREEK[sub] ?? sub };
}

/** The ASCII spelling of a name read from a worksheet (`φM_n` → `phiM_n`), when it shows the same again; else the name as read. */
export function nameFromShown(base: string, subscript: string | null): string {
  const read = subscript ? `${base}_${subscript}` : base;
  const first = [...base][0] ?? '';
  const asciiBase = ASCII[first] ? ASCII[first] + base.slice(first.length) : base;
  const asciiSub = subscript && ASCII[subscript] ? ASCII[subscript] : subscript;
  const candidate = asciiSub ? `${asciiBase}_${asciiSub}` : asciiBase;
  const again = shownName(candidate);
  return again.base === base && again.subscript === subscript ? candidate : read;
}

/** A name as plain text the way it is shown: `phiM_n` → `φM_n`. */
export function shownText(name: string): string {
  const { base, subscript } = shownName(name);
  return subscript === null ? base : `${base}_${subscript}`;
}
