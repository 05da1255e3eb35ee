// One mathjs instance with the structural units engineers use that mathjs
// lacks, and the symbol rules of the calculation program (Mathcad): `log` is
// base 10, `ln` natural, user definitions shadow units, only `pi`/`π`
// are accepted as built-in constants, and angles are plain numbers (below).
/* eslint-disable @typescript-eslint/no-explicit-any -- mathjs's factory and node types are loose; the calls narrow by node.type */
import { all, create, type MathJsInstance, type MathNode } from 'mathjs';

export const math: MathJsInstance = create(all, { number: 'number', precision: 14 });

/** Units added on top of mathjs, as mathjs definitions. Composite aliases expand to their product when written to .mcdx. */
export const STRUCTURAL_UNITS: Record<string, string> = {
  ksi: '1000 psi',
  psf: '1 lbf/ft^2',
  ksf: '1 kip/ft^2',
  plf: '1 lbf/ft',
  klf: '1 kip/ft',
  pcf: '1 lbf/ft^3',
  kcf: '1 kip/ft^3',
  pci: '1 lbf/in^3',
  tonf: '2000 lbf',
  kNm: '1 kN m',
  kipft: '1 kip ft',
  kipin: '1 kip in',
  lbft: '1 lbf ft',
  lbin: '1 lbf in',
};

/** What each added composite unit means as a product of ordinary units (for Prime, which lacks the alias). */
export const COMPOSITE_UNITS: Record<string, string> = {
  kNm: 'kN*m',
  kipft: 'kip*ft',
  kipin: 'kip*in',
  lbft: 'lbf*ft',
  lbin: 'lbf*in',
};

for (const [name, definition] of Object.entries(STRUCTURAL_UNITS)) math.createUnit(name, definition);

/** Built-in constants a worksheet may use without defining them. */
export const CONSTANTS: Record<string, number> = { pi: Math.PI, π: Math.PI };

/** Mathcad function names → mathjs functions (Mathcad `log` is base 10). */
export const FUNCTIONS: Record<string, string> = {
  sqrt: 'sqrt',
  sin: 'sin',
  cos: 'cos',
  tan: 'tan',
  asin: 'asin',
  acos: 'acos',
  atan: 'atan',
  exp: 'exp',
  log: 'log10',
  ln: 'log',
  abs: 'abs',
  min: 'min',
  max: 'max',
};

export const isUnitName = (name: string): boolean => {
  try {
    return math.Unit.isValuelessUnit(name);
  } catch {
    return false;
  }
};

/** Spelling engineers use for units: `kN·m`, `m²`, `kN-m` → mathjs syntax. */
export function normalizeUnit(unit: string): string {
  return unit
    .trim()
    .replace(/[·⋅×]/g, '*')
    .replace(/²/g, '^2')
    .replace(/³/g, '^3')
    .replace(/⁴/g, '^4')
    .replace(/(?<=[A-Za-z])-(?=[A-Za-z])/g, '*')
    .replace(/(?:(?<!\s)\s+)?\*\s*/g, '*')
    .replace(/(?:(?<!\s)\s+)?\/\s*/g, '/');
}

/** Parses a unit expression; null when it is not a product/quotient of known units. */
export function parseUnit(unit: string): InstanceType<typeof math.Unit> | null {
  const text = normalizeUnit(unit);
  if (!text) return null;
  let node: MathNode;
  try {
    node = math.parse(text);
  } catch {
    return null;
  }
  let ok = true;
  node.traverse((n) => {
    if ((n as any).isSymbolNode && !isUnitName((n as any).name)) ok = false;
    if ((n as any).isOperatorNode && !['*', '/', '^'].includes((n as any).op)) ok = false;
    if ((n as any).isFunctionNode) ok = false;
  });
  if (!ok) return null;
  try {
    const value = node.evaluate();
    return value instanceof math.Unit ? value : null;
  } catch {
    return null;
  }
}

const RADIAN = math.unit(1, 'rad');

/**
 * Mathcad's rule for angles: they are dimensionless. A radian is the number 1 and every
 * other angle unit is its size in radians as a plain factor (deg = π/180, grad, cycle,
 * arcmin, arcsec, prefixed forms too), so `r·α` with r in m and α in deg is a length and
 * `sin` takes a number. mathjs gives angles their own dimension; every place that turns a
 * unit into a value goes through here instead.
 */
export function isAngleUnit(name: string): boolean {
  if (!isUnitName(name)) return false;
  try {
    return math.unit(1, name).equalBase(RADIAN);
  } catch {
    return false;
  }
}

/** The factor of an angle unit in radians. */
export const angleFactor = (name: string): number => math.unit(1, name).toNumber('rad');

/** An expression tree with every angle-unit symbol the worksheet has not defined replaced by its factor. */
export function angleUnitsAsFactors(node: MathNode, defined: (name: string) => boolean = () => false): MathNode {
  return node.transform((n: any, _path: string, parent: any) => {
    if (
      n.type !== 'SymbolNode' ||
      (parent?.type === 'FunctionNode' && parent.fn === n) ||
      defined(n.name) ||
      !isAngleUnit(n.name)
    )
      return n;
    return new math.ConstantNode(angleFactor(n.name));
  });
}

/** The value of one `unit` (a product/quotient of units) with angles as plain factors: `deg` → 0.01745, `kN*m/rad` → 1 kN·m. */
export function unitValue(unit: string): number | InstanceType<typeof math.Unit> {
  const value = angleUnitsAsFactors(math.parse(normalizeUnit(unit))).evaluate();
  if (typeof value === 'number' || value instanceof math.Unit) return value;
  throw new Error(`${unit} is not a unit`);
}
