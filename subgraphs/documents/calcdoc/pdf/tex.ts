// TeX for the checker's PDF, written from the expression tree (mathjs's own
// toTex would set an undefined L as a unit and print 5e+5): names with
// subscripts and Greek letters, units upright, numbers to 4 significant
// digits with ×10ⁿ, and the substituted form with each value in its unit.
import type { MathNode } from 'mathjs';
import type { Quantity } from '../calculate.ts';
import type { SymbolRole } from '../expression.ts';
import { COMPOSITE_UNITS, math, normalizeUnit } from '../math.ts';

const GREEK = new Set([
  'alpha', 'beta', 'gamma', 'delta', 'epsilon', 'varepsilon', 'zeta', 'eta', 'theta', 'vartheta', 'iota', 'kappa', 'lambda', 'mu', 'nu', 'xi', 'pi', 'rho', 'sigma',
  'tau', 'upsilon', 'phi', 'varphi', 'chi', 'psi', 'omega', 'Gamma', 'Delta', 'Theta', 'Lambda', 'Xi', 'Pi', 'Sigma', 'Upsilon', 'Phi', 'Psi', 'Omega',
]);

/** Stretchy \left( \right) only around something tall: MathJax spends far more on stretchy delimiters. */
const paren = (inner: string) => (/\\frac|\\sqrt/.test(inner) ? `\\left(${inner}\\right)` : `(${inner})`);

const escapeText = (s: string) => s.replace(/([\\{}$&#%_^~])/g, '\\$1');

/** Greek letters as Prime stores them (plain Unicode) → TeX commands. */
const GREEK_CHARS: Record<string, string> = Object.fromEntries(
  [...'αβγδεζηθικλμνξπρστυφχψω'].map((c, i) => [c, ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta', 'theta', 'iota', 'kappa', 'lambda', 'mu', 'nu', 'xi', 'pi', 'rho', 'varsigma', 'sigma', 'tau', 'upsilon', 'phi', 'chi', 'psi', 'omega'][i]!]),
);
Object.assign(GREEK_CHARS, { ϕ: 'phi', ϑ: 'vartheta', ϵ: 'epsilon', ϖ: 'varpi', ϱ: 'varrho', Γ: 'Gamma', Δ: 'Delta', Θ: 'Theta', Λ: 'Lambda', Ξ: 'Xi', Π: 'Pi', Σ: 'Sigma', Φ: 'Phi', Ψ: 'Psi', Ω: 'Omega' });

function namePart(part: string): string {
  if (GREEK.has(part)) return `\\${part}`;
  if (/^[A-Za-z]$/.test(part)) return part;
  if (/^[A-Za-z0-9]+$/.test(part) && !/^[0-9]/.test(part)) return `\\mathit{${part}}`;
  // Prime names may hold Greek letters and primes (ξ', ν): letters map to commands, the rest stays as text.
  return [...part].map((c) => (GREEK_CHARS[c] ? `\\${GREEK_CHARS[c]} ` : /[A-Za-z0-9']/.test(c) ? c : `\\text{${escapeText(c)}}`)).join('');
}

/** f_c → f_{c}; gamma_c → \gamma_{c}; sigma_max → \sigma_{max}. */
export function nameTex(name: string): string {
  const cut = name.indexOf('_');
  if (cut <= 0 || cut === name.length - 1) return namePart(name);
  const sub = name.slice(cut + 1);
  return `${namePart(name.slice(0, cut))}_{${/^[A-Za-z0-9]+$/.test(sub) ? (GREEK.has(sub) ? `\\${sub}` : `\\mathrm{${sub}}`) : `\\text{${escapeText(sub)}}`}}`;
}

/** 4 significant digits; very large or small values as a × 10ⁿ. */
export function numberTex(value: number): string {
  if (!Number.isFinite(value)) return '\\text{—}';
  if (value === 0) return '0';
  const abs = Math.abs(value);
  if (abs >= 1e5 || abs < 1e-3) {
    const exp = Math.floor(Math.log10(abs));
    const mant = Number((value / 10 ** exp).toPrecision(4));
    return `${mant}\\times 10^{${exp}}`;
  }
  return String(Number(value.toPrecision(4)));
}

/** Prime's long unit names (result.xml) → symbols. */
const LONG_UNITS: Record<string, string> = { meter: 'm', kilogram: 'kg', second: 's', ampere: 'A', kelvin: 'K', mole: 'mol', candela: 'cd', liter: 'L', foot: 'ft', pound: 'lb', inch: 'in', newton: 'N', radian: 'rad' };

export function unitTex(unit: string): string {
  if (!unit.trim()) return '';
  const text = normalizeUnit(unit).replace(/[A-Za-z]+/g, (n) => LONG_UNITS[n] ?? n);
  let node: MathNode;
  try {
    node = math.parse(text);
  } catch {
    return `\\mathrm{${escapeText(unit)}}`;
  }
  const walk = (n: any): string => {
    switch (n.type) {
      case 'SymbolNode':
        return `\\mathrm{${COMPOSITE_UNITS[n.name] ? COMPOSITE_UNITS[n.name]!.replace('*', '\\cdot ') : n.name === 'deg' ? '{}^{\\circ}' : n.name}}`;
      case 'ConstantNode':
        return String(n.value);
      case 'ParenthesisNode':
        return paren(walk(n.content));
      case 'OperatorNode':
        if (n.fn === 'unaryMinus') return `-${walk(n.args[0])}`;
        if (n.op === '*') return `${walk(n.args[0])}\\cdot ${walk(n.args[1])}`;
        if (n.op === '/') return `${walk(n.args[0])}/${walk(n.args[1])}`;
        return `${walk(n.args[0])}^{${walk(n.args[1])}}`;
      default:
        return `\\mathrm{${escapeText(n.toString())}}`;
    }
  };
  return walk(node);
}

/** The same number and unit as plain text (4 significant digits, kN·m). */
export function quantityText(value: number, unit: string): string {
  const abs = Math.abs(value);
  const n = value !== 0 && (abs >= 1e5 || abs < 1e-3) ? value.toExponential(3).replace(/\.?0+e/, 'e') : String(Number(value.toPrecision(4)));
  return unit ? `${n} ${normalizeUnit(unit).replace(/\*/g, '·')}` : n;
}

export const quantityTex = (q: Quantity): string => (q.unit ? `${numberTex(q.value)}\\ ${unitTex(q.unit)}` : numberTex(q.value));

const FN_TEX: Record<string, string> = { sin: '\\sin', cos: '\\cos', tan: '\\tan', exp: '\\exp', log: '\\log', ln: '\\ln', asin: '\\arcsin', acos: '\\arccos', atan: '\\arctan', min: '\\min', max: '\\max' };

/**
 * An expression as TeX. With `values`, each variable is replaced by its value in its
 * display unit (the substituted line a checker reads).
 */
export function expressionTex(node: any, roles: Map<MathNode, SymbolRole>, values?: ReadonlyMap<string, Quantity>): string {
  const t = (n: any) => expressionTex(n, roles, values);
  switch (node.type) {
    case 'ConstantNode':
      return numberTex(node.value);
    case 'SymbolNode': {
      const role = roles.get(node);
      if (role === 'unit') return unitTex(node.name);
      if (role === 'constant') return node.name === 'pi' || node.name === 'π' ? '\\pi' : nameTex(node.name);
      const q = values?.get(node.name);
      if (!q) return nameTex(node.name);
      return q.unit || q.value < 0 ? paren(quantityTex(q)) : quantityTex(q);
    }
    case 'ParenthesisNode':
      return paren(t(node.content));
    case 'FunctionNode': {
      const name = node.fn.name;
      if (name === 'sqrt') return `\\sqrt{${t(node.args[0])}}`;
      if (name === 'abs') return `\\left|${t(node.args[0])}\\right|`;
      return `${FN_TEX[name] ?? `\\mathrm{${name}}`}${paren(node.args.map(t).join(',\\ '))}`;
    }
    case 'OperatorNode': {
      const [a, b] = node.args;
      if (node.fn === 'unaryMinus') return `-${t(a)}`;
      if (node.fn === 'unaryPlus') return t(a);
      switch (node.op) {
        case '+':
          return `${t(a)} + ${t(b)}`;
        case '-':
          return `${t(a)} - ${t(b)}`;
        case '*': {
          const unitRight = b.type === 'SymbolNode' && roles.get(b) === 'unit';
          return unitRight && node.implicit ? `${t(a)}\\ ${t(b)}` : `${t(a)} \\cdot ${t(b)}`;
        }
        case '/':
          return `\\frac{${t(a.type === 'ParenthesisNode' ? a.content : a)}}{${t(b.type === 'ParenthesisNode' ? b.content : b)}}`;
        case '^': {
          return `{${t(a)}}^{${t(b.type === 'ParenthesisNode' ? b.content : b)}}`;
        }
      }
      return node.toString();
    }
    default:
      return `\\text{${escapeText(node.toString())}}`;
  }
}

/** Whether a tree contains a variable (otherwise the substituted line would repeat the expression). */
export const hasVariables = (node: MathNode, roles: Map<MathNode, SymbolRole>): boolean => node.filter((n: any) => n.type === 'SymbolNode' && roles.get(n) === 'variable').length > 0;
