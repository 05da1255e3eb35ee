// Expression trees ↔ Mathcad content math (Prime's math50, and math30 of
// .xmcd, which has the same shape). Writing: a mathjs tree whose symbols have
// been classified (variable / unit / constant). Reading: the XML back to the
// canonical expression text, or null with the reason when a region holds
// something the element shapes cannot express (programs, matrices, …).
/* eslint-disable @typescript-eslint/no-explicit-any -- mathjs's expression nodes are typed loosely; the writer narrows by node.type */
import type { MathNode } from 'mathjs';
import type { SymbolRole } from '../expression.ts';
import { formatNumber } from '../expression.ts';
import { COMPOSITE_UNITS, FUNCTIONS, math, normalizeUnit } from '../math.ts';
import { nameFromShown, shownName } from '../names.ts';
import { children, escapeXml, textOf } from './xml.ts';

const XAML = 'http://schemas.microsoft.com/winfx/2006/xaml/presentation';

/** An id; a variable's name is written as Prime shows it (names.ts): f_c with a literal subscript, Greek as Greek, real_input_value as written. */
export function idXml(name: string, label: 'VARIABLE' | 'UNIT' | 'FUNCTION' | 'CONSTANT'): string {
  const attrs = `labels="${label}"${label === 'UNIT' ? ' label-is-contextual="true"' : ''} xml:space="preserve"`;
  if (label !== 'VARIABLE') return `<ml:id ${attrs}>${escapeXml(name)}</ml:id>`;
  // Greek as Greek and one literal subscript, as Prime shows names (names.ts).
  const { base, subscript } = shownName(name);
  if (subscript)
    return `<ml:id ${attrs}><Span xmlns="${XAML}" xmlns:pw="clr-namespace:Ptc.Wpf;assembly=Ptc.Core">${escapeXml(base)}<pw:Subscript>${escapeXml(subscript)}</pw:Subscript></Span></ml:id>`;
  return `<ml:id ${attrs}>${escapeXml(base)}</ml:id>`;
}

const realXml = (v: number) => `<ml:real>${formatNumber(v)}</ml:real>`;
const apply = (op: string, ...args: string[]) => `<ml:apply><ml:${op} />${args.join('')}</ml:apply>`;

/** A unit string (kN/m^2, kN·m, kNm) as a unit expression. */
export function unitXml(unit: string): string {
  const expanded = normalizeUnit(unit).replace(/[A-Za-z]+/g, (n) =>
    COMPOSITE_UNITS[n] ? `(${COMPOSITE_UNITS[n]})` : n,
  );
  const walk = (node: any): string => {
    switch (node.type) {
      case 'SymbolNode':
        return idXml(node.name, 'UNIT');
      case 'ConstantNode':
        return realXml(node.value);
      case 'ParenthesisNode':
        return walk(node.content);
      case 'OperatorNode':
        return apply(
          node.op === '*' ? 'mult' : node.op === '/' ? 'div' : 'pow',
          walk(node.args[0]),
          walk(node.args[1]),
        );
      default:
        throw new Error(`unexpected ${node.type} in unit ${unit}`);
    }
  };
  return walk(math.parse(expanded));
}

/** A number with an optional unit: 300 mm → scale(300, mm). */
export function quantityXml(value: number, unit: string | undefined): string {
  const number = value < 0 ? apply('neg', realXml(-value)) : realXml(value);
  return unit?.trim() ? apply('scale', number, unitXml(unit)) : number;
}

/** An expression tree whose symbols carry their roles. */
export function expressionXml(node: any, roles: Map<MathNode, SymbolRole>): string {
  const x = (n: any) => expressionXml(n, roles);
  switch (node.type) {
    case 'ConstantNode':
      return realXml(node.value);
    case 'SymbolNode': {
      const role = roles.get(node);
      if (role === 'unit') return idXml(node.name, 'UNIT');
      if (role === 'constant')
        return `<ml:id labels="CONSTANT" xml:space="preserve">${node.name === 'pi' ? 'π' : escapeXml(node.name)}</ml:id>`;
      return idXml(node.name, 'VARIABLE');
    }
    case 'ParenthesisNode':
      return `<ml:parens>${x(node.content)}</ml:parens>`;
    case 'FunctionNode': {
      if (node.fn.name === 'sqrt') return apply('nthRoot', '<ml:placeholder />', x(node.args[0]));
      const args = node.args.length === 1 ? x(node.args[0]) : `<ml:sequence>${node.args.map(x).join('')}</ml:sequence>`;
      return `<ml:apply>${idXml(node.fn.name, 'FUNCTION')}${args}</ml:apply>`;
    }
    case 'OperatorNode': {
      if (node.fn === 'unaryMinus') return apply('neg', x(node.args[0]));
      if (node.fn === 'unaryPlus') return x(node.args[0]);
      const [a, b] = node.args;
      if (node.op === '*') {
        // number × unit is Prime's `scale` (how it writes 5 m); anything else is `mult`.
        const unitRight = b.type === 'SymbolNode' && roles.get(b) === 'unit';
        return apply(a.type === 'ConstantNode' && unitRight ? 'scale' : 'mult', x(a), x(b));
      }
      const op = { '+': 'plus', '-': 'minus', '/': 'div', '^': 'pow' }[node.op as string]!;
      return apply(op, x(a), x(b));
    }
    default:
      throw new Error(`cannot write ${node.type}`);
  }
}

// ---------------------------------------------------------------- reading

export class Unmappable extends Error {}

const isContentMath = (el: Element) => /\/math\d+$/.test(el.namespaceURI ?? '');

/**
 * Mathcad 13–15 wrap what was pasted from another worksheet in `ml:provenance`: a whole
 * region, or one operand inside an expression (`B_p = …` where the `B_p` came from a
 * template). Its originRef/parentRef/comment/contentHash children are in the
 * provenance10 namespace; the content math beside them is what the expression means.
 * Nested wrappers are opened too (bounded: a wrapper holds one expression).
 */
export function unwrap(el: Element): Element {
  for (let depth = 0; depth < 8 && el.localName === 'provenance' && isContentMath(el); depth++) {
    const inner = children(el).find(isContentMath);
    if (!inner) return el;
    el = inner;
  }
  return el;
}

/** An element's children as the expression means them, provenance wrappers opened. */
export const mathChildren = (el: Element): Element[] => children(el).map(unwrap);

const PREC: Record<string, number> = { plus: 1, minus: 1, mult: 2, scale: 2, div: 2, neg: 3, pow: 4 };

/**
 * Mathcad lets a literal subscript hold periods (`S_element.bend`, `b_S.1`), and
 * engineers use them to qualify a symbol; in a formula a period would read as a
 * property access. Each period becomes an underscore, everywhere the name occurs,
 * so the definition and its uses still meet (`S_element_bend`).
 */
const elementName = (name: string) => name.replaceAll('.', '_');

/** The name inside an ml:id: plain text, or base + _ + subscript for Prime's XAML Span. */
export function idName(el: Element): string {
  const span = children(el).find((c) => c.localName === 'Span');
  // .xmcd keeps a literal subscript in an attribute.
  const subscript = el.getAttribute('subscript');
  if (!span) return elementName(nameFromShown(textOf(el).trim(), subscript || null));
  let base = '';
  let sub = '';
  for (let c = span.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === 3) base += c.nodeValue ?? '';
    else if ((c as Element).localName === 'Subscript') sub += textOf(c);
    else base += textOf(c);
  }
  return elementName(nameFromShown(base.trim(), sub.trim() || null));
}

export interface ReadExpr {
  text: string;
  prec: number;
}

export interface ReadContext {
  /** Whether an unlabeled id is a unit (.xmcd leaves units unlabeled). */
  isUnit(name: string): boolean;
}

const CONSTANT_NAMES: Record<string, string> = { π: 'pi' };

/** Math XML → expression text (canonical form); throws Unmappable for what elements cannot express. */
export function readExpression(el: Element, ctx: ReadContext): ReadExpr {
  el = unwrap(el);
  const wrap = (e: ReadExpr, p: number) => (e.prec < p ? `(${e.text})` : e.text);
  switch (el.localName) {
    case 'real': {
      const v = Number(textOf(el));
      if (!Number.isFinite(v)) throw new Unmappable(`number ${textOf(el)}`);
      return v < 0 ? { text: `-${formatNumber(-v)}`, prec: PREC.neg! } : { text: formatNumber(v), prec: 9 };
    }
    case 'id': {
      const name = idName(el);
      if (CONSTANT_NAMES[name]) return { text: CONSTANT_NAMES[name]!, prec: 9 };
      return { text: name, prec: 9 };
    }
    case 'parens': {
      const inner = mathChildren(el)[0];
      if (!inner) throw new Unmappable('empty parentheses');
      return { text: `(${readExpression(inner, ctx).text})`, prec: 9 };
    }
    case 'apply':
      return readApply(el, ctx, wrap);
    default:
      throw new Unmappable(el.localName);
  }
}

function readApply(el: Element, ctx: ReadContext, wrap: (e: ReadExpr, p: number) => string): ReadExpr {
  const [head, ...args] = mathChildren(el);
  if (!head) throw new Unmappable('empty apply');
  const op = head.localName;
  const r = (n: Element | undefined) => {
    if (!n) throw new Unmappable(`${op} without operand`);
    return readExpression(n, ctx);
  };
  if (op === 'id') {
    const fn = idName(head);
    if (!(fn in FUNCTIONS)) throw new Unmappable(`the function ${fn}`);
    const argEls = args[0]?.localName === 'sequence' ? mathChildren(args[0]) : args;
    return { text: `${fn}(${argEls.map((a) => r(a).text).join(', ')})`, prec: 9 };
  }
  switch (op) {
    case 'plus':
    case 'minus': {
      const a = r(args[0]);
      const b = r(args[1]);
      return { text: `${wrap(a, 1)} ${op === 'plus' ? '+' : '-'} ${wrap(b, op === 'minus' ? 2 : 1)}`, prec: 1 };
    }
    case 'mult':
    case 'scale': {
      const a = r(args[0]);
      const b = r(args[1]);
      const unitRight = isUnitExpr(args[1]!, ctx);
      if (unitRight && (op === 'scale' || isNumber(args[0]!))) return { text: `${wrap(a, 2)} ${wrap(b, 3)}`, prec: 2 };
      // A number beside its unit binds tighter than *, so a*(2 m) reads back as a*2 m, as mathjs parses it.
      const quantityRight = args[1]!.localName === 'apply' && children(args[1]!)[0]?.localName === 'scale';
      return { text: `${wrap(a, 2)}*${wrap(b, quantityRight ? 2 : 3)}`, prec: 2 };
    }
    case 'div':
      return { text: `${wrap(r(args[0]), 2)}/${wrap(r(args[1]), 3)}`, prec: 2 };
    case 'pow':
      return { text: `${wrap(r(args[0]), 5)}^${wrap(r(args[1]), 5)}`, prec: 4 };
    case 'neg':
      return { text: `-${wrap(r(args[0]), 3)}`, prec: 3 };
    case 'sqrt':
      return { text: `sqrt(${r(args[0]).text})`, prec: 9 };
    case 'nthRoot': {
      const [index, radicand] = args;
      if (index && index.localName !== 'placeholder') {
        return { text: `${wrap(r(radicand), 5)}^(1/${wrap(r(index), 3)})`, prec: 4 };
      }
      return { text: `sqrt(${r(radicand).text})`, prec: 9 };
    }
    default:
      throw new Unmappable(op);
  }
}

const isNumber = (el: Element): boolean => {
  const [head, operand] = el.localName === 'apply' ? mathChildren(el) : [];
  return el.localName === 'real' || (head?.localName === 'neg' && !!operand && isNumber(operand));
};

/** Whether a subtree is made only of units (m, kN/m^2). */
export function isUnitExpr(el: Element, ctx: ReadContext): boolean {
  el = unwrap(el);
  if (el.localName === 'id')
    return el.getAttribute('labels') === 'UNIT' || (!el.getAttribute('labels') && ctx.isUnit(idName(el)));
  if (el.localName === 'parens') return children(el).length === 1 && isUnitExpr(children(el)[0]!, ctx);
  if (el.localName !== 'apply') return false;
  const [head, a, b] = mathChildren(el);
  if (!head || !a) return false;
  if (head.localName === 'pow') return isUnitExpr(a, ctx) && !!b && b.localName === 'real';
  if (head.localName === 'mult' || head.localName === 'div') return isUnitExpr(a, ctx) && !!b && isUnitExpr(b, ctx);
  return false;
}

/** A unit expression back to unit text (kN/m^2). */
export function readUnit(el: Element, ctx: ReadContext): string {
  return readExpression(el, ctx).text.replace(/\s+/g, '');
}
