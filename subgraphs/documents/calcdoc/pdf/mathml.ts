// MathML for the checker's PDF, written from the expression tree (mathjs's
// own output would set an undefined L as a unit and print 5e+5): names with
// subscripts and Greek letters, units upright, numbers to 4 significant
// digits with ×10ⁿ, and the substituted form with each value in its unit.
// MathML rather than TeX: MathJax typesets it in well under half the time,
// having no TeX to parse.
/* eslint-disable @typescript-eslint/no-explicit-any -- mathjs's expression nodes are typed loosely; the writer narrows by node.type */
import type { MathNode } from 'mathjs';
import type { Quantity } from '../calculate.ts';
import type { SymbolRole } from '../expression.ts';
import { COMPOSITE_UNITS, math, normalizeUnit } from '../math.ts';
import { shownName } from '../names.ts';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const mo = (op: string, attrs = '') => `<mo${attrs}>${esc(op)}</mo>`;
const row = (...parts: string[]) => `<mrow>${parts.join('')}</mrow>`;
/** Upright text (units, literal subscripts). texClass ORD: MathJax would space a multi-letter mi like a function name (`12  kN`). */
const upright = (s: string) => `<mi mathvariant="normal" data-mjx-texclass="ORD">${esc(s)}</mi>`;
/** The degree sign sits on its number (30°), without the space other units take or an operator's spacing. */
const DEGREE = '<mo lspace="0" rspace="0">°</mo>';
const UNIT_DOT = mo('⋅', ' lspace="0.1em" rspace="0.1em"');
const isDegree = (unit: string) => normalizeUnit(unit) === 'deg';
const SPACE = '<mspace width="0.25em"/>';

/** Parentheses stretch only around something tall: MathJax spends far more on stretchy delimiters. */
const paren = (inner: string) => {
  const stretchy = /<(mfrac|msqrt)/.test(inner) ? '' : ' stretchy="false"';
  return row(mo('(', stretchy), inner, mo(')', stretchy));
};

function namePart(part: string): string {
  if ([...part].length === 1) return `<mi>${esc(part)}</mi>`;
  // Multi-letter names are italic like single letters (a name, not a function).
  return `<mi mathvariant="italic">${esc(part)}</mi>`;
}

/** f_c → f with subscript c; gamma_c → γ_c; phiM_n → φM_n; sigma_max → σ_max (names.ts has the rule, shared with the .mcdx). */
export function nameMl(name: string): string {
  const { base, subscript } = shownName(name);
  if (subscript === null) return namePart(base);
  return `<msub>${namePart(base)}${/^\p{Script=Greek}$/u.test(subscript) ? `<mi>${subscript}</mi>` : upright(subscript)}</msub>`;
}

/** 4 significant digits; very large or small values as a × 10ⁿ. */
export function numberMl(value: number): string {
  if (!Number.isFinite(value)) return mo('—');
  if (value === 0) return '<mn>0</mn>';
  const abs = Math.abs(value);
  const sign = value < 0 ? mo('−') : '';
  if (abs >= 1e5 || abs < 1e-3) {
    const exp = Math.floor(Math.log10(abs));
    const mant = Number((abs / 10 ** exp).toPrecision(4));
    return row(
      sign,
      `<mn>${mant}</mn>`,
      mo('×'),
      `<msup><mn>10</mn>${exp < 0 ? row(mo('−'), `<mn>${-exp}</mn>`) : `<mn>${exp}</mn>`}</msup>`,
    );
  }
  return sign ? row(sign, `<mn>${Number(abs.toPrecision(4))}</mn>`) : `<mn>${Number(abs.toPrecision(4))}</mn>`;
}

/** Prime's long unit names (result.xml) → symbols. */
const LONG_UNITS: Record<string, string> = {
  meter: 'm',
  kilogram: 'kg',
  second: 's',
  ampere: 'A',
  kelvin: 'K',
  mole: 'mol',
  candela: 'cd',
  liter: 'L',
  foot: 'ft',
  pound: 'lb',
  inch: 'in',
  newton: 'N',
  radian: 'rad',
};

export function unitMl(unit: string): string {
  if (!unit.trim()) return '';
  const text = normalizeUnit(unit).replace(/[A-Za-z]+/g, (n) => LONG_UNITS[n] ?? n);
  let node: MathNode;
  try {
    node = math.parse(text);
  } catch {
    return upright(unit);
  }
  const walk = (n: any): string => {
    switch (n.type) {
      case 'SymbolNode':
        if (COMPOSITE_UNITS[n.name])
          return row(
            ...COMPOSITE_UNITS[n.name]!.split('*').flatMap((u, i) => (i ? [UNIT_DOT, upright(u)] : [upright(u)])),
          );
        return n.name === 'deg' ? DEGREE : upright(n.name);
      case 'ConstantNode':
        return `<mn>${n.value}</mn>`;
      case 'ParenthesisNode':
        return paren(walk(n.content));
      case 'OperatorNode':
        if (n.fn === 'unaryMinus') return row(mo('−'), walk(n.args[0]));
        if (n.op === '*') return row(walk(n.args[0]), UNIT_DOT, walk(n.args[1]));
        if (n.op === '/')
          return row(walk(n.args[0]), mo('/', ' lspace="0" rspace="0" stretchy="false"'), walk(n.args[1]));
        return `<msup>${walk(n.args[0])}${walk(n.args[1])}</msup>`;
      default:
        return upright(n.toString());
    }
  };
  return walk(node);
}

export const quantityMl = (q: Quantity): string =>
  q.unit ? row(numberMl(q.value), isDegree(q.unit) ? '' : SPACE, unitMl(q.unit)) : numberMl(q.value);

/** The same number and unit as plain text (4 significant digits, kN·m). */
export function quantityText(value: number, unit: string): string {
  const abs = Math.abs(value);
  const n =
    value !== 0 && (abs >= 1e5 || abs < 1e-3)
      ? value.toExponential(3).replace(/(?<![.0])\.?0+e/, 'e')
      : String(Number(value.toPrecision(4)));
  if (isDegree(unit)) return `${n}°`;
  return unit ? `${n} ${normalizeUnit(unit).replace(/\*/g, '·')}` : n;
}

const FUNCTION_NAMES: Record<string, string> = { asin: 'arcsin', acos: 'arccos', atan: 'arctan' };

/**
 * An expression as MathML. With `values`, each variable is replaced by its value in its
 * display unit (the substituted line a checker reads).
 */
export function expressionMl(
  node: any,
  roles: Map<MathNode, SymbolRole>,
  values?: ReadonlyMap<string, Quantity>,
  bare = true,
): string {
  // A substituted value with a unit or a sign is bracketed as an operand, (12 kN/m)·(6 m), but not where
  // brackets already enclose it or nothing binds to it: sin(30°), |−2|, √(…), a fraction's part, a sum's first term, the whole line.
  const m = (n: any) => expressionMl(n, roles, values, false);
  const b = (n: any) => expressionMl(n, roles, values, true);
  const inner = (n: any) => (n.type === 'ParenthesisNode' ? b(n.content) : b(n));
  switch (node.type) {
    case 'ConstantNode':
      return numberMl(node.value);
    case 'SymbolNode': {
      const role = roles.get(node);
      if (role === 'unit') return unitMl(node.name);
      if (role === 'constant') return node.name === 'pi' || node.name === 'π' ? '<mi>π</mi>' : nameMl(node.name);
      const q = values?.get(node.name);
      if (!q) return nameMl(node.name);
      return !bare && (q.unit || q.value < 0) ? paren(quantityMl(q)) : quantityMl(q);
    }
    case 'ParenthesisNode':
      return paren(b(node.content));
    case 'FunctionNode': {
      const name = node.fn.name;
      if (name === 'sqrt') return `<msqrt>${inner(node.args[0])}</msqrt>`;
      if (name === 'abs') return row(mo('|', ' stretchy="false"'), b(node.args[0]), mo('|', ' stretchy="false"'));
      const args = node.args.map(b).flatMap((a: string, i: number) => (i ? [mo(','), a] : [a]));
      return row(`<mi>${FUNCTION_NAMES[name] ?? name}</mi>`, mo('\u2061'), paren(row(...args)));
    }
    case 'OperatorNode': {
      const [a] = node.args;
      if (node.fn === 'unaryMinus') return row(mo('−'), m(a));
      if (node.fn === 'unaryPlus') return m(a);
      switch (node.op) {
        case '+':
          return row(bare ? b(a) : m(a), mo('+'), m(node.args[1]));
        case '-':
          return row(bare ? b(a) : m(a), mo('−'), m(node.args[1]));
        case '*': {
          const right = node.args[1];
          const unitRight = right.type === 'SymbolNode' && roles.get(right) === 'unit';
          return unitRight && node.implicit
            ? row(m(a), right.name === 'deg' ? '' : SPACE, m(right))
            : row(m(a), mo('⋅'), m(right));
        }
        case '/':
          return `<mfrac>${row(inner(a))}${row(inner(node.args[1]))}</mfrac>`;
        case '^':
          return `<msup>${row(m(a))}${row(inner(node.args[1]))}</msup>`;
      }
      return upright(node.toString());
    }
    default:
      return upright(node.toString());
  }
}

/** Whether a tree contains a variable (otherwise the substituted line would repeat the expression). */
export const hasVariables = (node: MathNode, roles: Map<MathNode, SymbolRole>): boolean =>
  node.filter((n: any) => n.type === 'SymbolNode' && roles.get(n) === 'variable').length > 0;
