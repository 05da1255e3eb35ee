// Formula text → expression tree, and the symbol rules checked on the tree:
// mathjs would silently read an undefined `L` or `N` as a unit and `E` as
// Euler's number, so every symbol is resolved here against the names defined
// earlier in the document before anything is evaluated.
/* eslint-disable @typescript-eslint/no-explicit-any -- mathjs's expression nodes are typed loosely (MathNode has no per-type fields); the walkers narrow by node.type */
import type { MathNode } from 'mathjs';
import { AppError, fieldError } from '../../../core/errors.ts';
import { LIMITS } from '../../../core/limits.ts';
import { CONSTANTS, FUNCTIONS, isUnitName, math } from './math.ts';

export interface ParsedFormula {
  /** The defined name (`M := …` or `M = …`), null for a bare evaluation. */
  name: string | null;
  expr: MathNode;
}

/**
 * The size of a formula as the parser will see it, by one linear pass: terms
 * (numbers, names and operators) and the deepest bracket nesting. Checked
 * against core/limits.ts before mathjs parses anything, because mathjs's
 * parser and every walk of its tree recurse per level: a flat 3,000-term sum
 * is a 3,000-deep tree (a stack overflow), 500 formulas of 1,500 terms were
 * 16 s of parsing on the request thread.
 */
export function formulaSize(expression: string): { terms: number; nesting: number } {
  let terms = 0;
  let depth = 0;
  let nesting = 0;
  let inToken = false;
  for (let i = 0; i < expression.length; i++) {
    const c = expression.charCodeAt(i);
    // Letters, digits, "_", "." and anything beyond ASCII (Greek names, units) make up one term.
    const word =
      (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 46 || c > 127;
    if (word) {
      if (!inToken) terms++;
      inToken = true;
      continue;
    }
    inToken = false;
    if (c === 40 || c === 91 || c === 123)
      nesting = Math.max(nesting, ++depth); // ( [ {
    else if (c === 41 || c === 93 || c === 125)
      depth--; // ) ] }
    else if (c > 32) terms++; // an operator or other sign; spaces and controls are not terms
  }
  return { terms, nesting };
}

/** Refuses (422 naming the field) a formula over the limits of core/limits.ts; returns its term count. */
export function checkFormulaSize(
  expression: string,
  elementIndex: number,
  field = `elements[${elementIndex}].expression`,
): number {
  const refuse = (why: string, limit: number) =>
    fieldError('UNPROCESSABLE', field, why, { field, element_index: elementIndex, limit });
  if (expression.length > LIMITS.formulaMaxChars)
    throw refuse(
      `must be at most ${LIMITS.formulaMaxChars} characters (got ${expression.length})`,
      LIMITS.formulaMaxChars,
    );
  const { terms, nesting } = formulaSize(expression);
  if (terms > LIMITS.formulaMaxTerms)
    throw refuse(`must have at most ${LIMITS.formulaMaxTerms} terms (got ${terms})`, LIMITS.formulaMaxTerms);
  if (nesting > LIMITS.formulaMaxNesting)
    throw refuse(
      `must nest brackets at most ${LIMITS.formulaMaxNesting} deep (got ${nesting})`,
      LIMITS.formulaMaxNesting,
    );
  return terms;
}

/** `M := w*L^2/8`, `M = w*L^2/8` or a bare `w*L^2/8`. */
export function parseFormula(expression: string, elementIndex: number): ParsedFormula {
  checkFormulaSize(expression, elementIndex);
  const text = expression.replace(/:=/g, '=').replace(/[·⋅×]/g, '*').replace(/√/g, 'sqrt');
  let node: MathNode;
  try {
    node = math.parse(text);
  } catch (err) {
    throw new AppError(
      'FORMULA_PARSE_ERROR',
      `Element ${elementIndex}: the expression "${expression}" cannot be parsed (${(err as Error).message})`,
      {
        element_index: elementIndex,
        expression,
      },
    );
  }
  const unsupported = unsupportedNode(node.type === 'AssignmentNode' ? (node as any).value : node);
  if (node.type === 'AssignmentNode' && (node as any).object?.type !== 'SymbolNode')
    unsupportedError(expression, elementIndex, 'the left side of a definition must be a name');
  if (unsupported) unsupportedError(expression, elementIndex, unsupported);
  if (node.type === 'AssignmentNode') return { name: (node as any).object.name, expr: (node as any).value };
  return { name: null, expr: node };
}

function unsupportedError(expression: string, elementIndex: number, why: string): never {
  throw new AppError(
    'FORMULA_PARSE_ERROR',
    `Element ${elementIndex}: the expression "${expression}" is not supported: ${why}`,
    {
      element_index: elementIndex,
      expression,
    },
  );
}

/** The operators and functions a calculation document supports (the spec's list plus a few Mathcad built-ins). */
function unsupportedNode(root: MathNode): string | null {
  let problem: string | null = null;
  root.traverse((node: any) => {
    if (problem) return;
    switch (node.type) {
      case 'ConstantNode':
        if (typeof node.value !== 'number') problem = `the constant ${node.toString()} is not a number`;
        break;
      case 'SymbolNode':
      case 'ParenthesisNode':
        break;
      case 'OperatorNode':
        if (!['+', '-', '*', '/', '^'].includes(node.op) && node.fn !== 'unaryMinus' && node.fn !== 'unaryPlus')
          problem = `the operator ${node.op} is not supported`;
        break;
      case 'FunctionNode':
        if (node.fn.type !== 'SymbolNode' || !(node.fn.name in FUNCTIONS))
          problem = `the function ${node.fn.toString()} is not supported (use ${Object.keys(FUNCTIONS).join(', ')})`;
        break;
      default:
        problem = `${node.type.replace(/Node$/, '').toLowerCase()} expressions are not supported`;
    }
  });
  return problem;
}

export type SymbolRole = 'variable' | 'unit' | 'constant';

/** The role of every symbol in the tree (function names excluded), by node. */
export function classifySymbols(
  expr: MathNode,
  defined: ReadonlySet<string>,
): { roles: Map<MathNode, SymbolRole>; undefinedNames: string[] } {
  const roles = new Map<MathNode, SymbolRole>();
  const undefinedNames: string[] = [];

  // A quantity literal is a product/quotient/power of a leading number and unit names (2 m, 9.81 m/s^2, 5 kN*m).
  const quantityLeaves = (node: any): any[] | null => {
    switch (node.type) {
      case 'ConstantNode':
        return [node];
      case 'SymbolNode':
        return !defined.has(node.name) && isUnitName(node.name) ? [node] : null;
      case 'ParenthesisNode':
        return quantityLeaves(node.content);
      case 'OperatorNode': {
        if (!['*', '/', '^'].includes(node.op) || node.args.length !== 2) return null;
        const a = quantityLeaves(node.args[0]);
        const b = a && quantityLeaves(node.args[1]);
        return a && b ? [...a, ...b] : null;
      }
      default:
        return null;
    }
  };

  // The number and its first unit are written side by side (2 m): `2*A` multiplies by a name, which must be defined.
  const numberJoinsUnit = (node: any): boolean => {
    if (node.type === 'ParenthesisNode') return numberJoinsUnit(node.content);
    if (node.type !== 'OperatorNode') return false;
    if (node.op === '*' && node.args[0].type === 'ConstantNode') return Boolean(node.implicit);
    return numberJoinsUnit(node.args[0]);
  };

  const visit = (node: any): void => {
    const leaves = node.type === 'OperatorNode' || node.type === 'SymbolNode' ? quantityLeaves(node) : null;
    if (leaves && leaves[0].type === 'ConstantNode' && leaves.length > 1 && numberJoinsUnit(node)) {
      for (const leaf of leaves) if (leaf.type === 'SymbolNode') roles.set(leaf, 'unit');
      return;
    }
    if (node.type === 'SymbolNode') {
      if (defined.has(node.name)) roles.set(node, 'variable');
      else if (node.name in CONSTANTS) roles.set(node, 'constant');
      else if (!undefinedNames.includes(node.name)) undefinedNames.push(node.name);
      return;
    }
    if (node.type === 'FunctionNode') {
      for (const arg of node.args) visit(arg);
      return;
    }
    node.forEach((child: any) => visit(child));
  };
  visit(expr);
  return { roles, undefinedNames };
}

/** What mathjs would have made of an undefined name, for the error message. */
export function mathjsReading(name: string): string {
  if (isUnitName(name)) return `mathjs would read it as the unit ${name}`;
  if (name in (math as any) && typeof (math as any)[name] !== 'function')
    return `mathjs would read it as the constant ${name}`;
  return 'it is not defined anywhere';
}

/** The tree with Mathcad function names mapped to mathjs (log → log10, ln → log). */
export function toMathjs(expr: MathNode): MathNode {
  return expr.transform((node: any) => {
    if (node.type === 'FunctionNode' && node.fn.name in FUNCTIONS && FUNCTIONS[node.fn.name] !== node.fn.name) {
      return new math.FunctionNode(
        new math.SymbolNode(FUNCTIONS[node.fn.name]!),
        node.args.map((a: MathNode) => toMathjs(a)),
      );
    }
    return node;
  });
}

const PRECEDENCE: Record<string, number> = { '+': 1, '-': 1, '*': 2, '/': 2, unaryMinus: 3, '^': 4 };

/**
 * Canonical text of a tree: the form `read` gives back (`w*L^2/8`, `5 kN`, `sqrt(x)`), so an
 * element written and read again compares equal.
 */
export function formatExpression(node: any, symbol: (node: any) => string = (n) => n.name): string {
  switch (node.type) {
    case 'ConstantNode':
      return formatNumber(node.value);
    case 'SymbolNode':
      return symbol(node);
    case 'ParenthesisNode':
      return `(${formatExpression(node.content, symbol)})`;
    case 'FunctionNode':
      return `${node.fn.name}(${node.args.map((a: any) => formatExpression(a, symbol)).join(', ')})`;
    case 'OperatorNode': {
      if (node.fn === 'unaryMinus') return `-${wrap(node.args[0], PRECEDENCE.unaryMinus!, symbol)}`;
      if (node.fn === 'unaryPlus') return formatExpression(node.args[0], symbol);
      const p = PRECEDENCE[node.op]!;
      const [a, b] = node.args;
      const left = wrap(a, p, symbol);
      const right = wrap(b, node.op === '^' ? p + 1 : node.op === '-' || node.op === '/' ? p + 1 : p, symbol);
      if (node.op === '*' && node.implicit) return `${left} ${right}`;
      return node.op === '+' || node.op === '-' ? `${left} ${node.op} ${right}` : `${left}${node.op}${right}`;
    }
    default:
      return node.toString();
  }
}

function wrap(node: any, parentPrecedence: number, symbol: (node: any) => string): string {
  const text = formatExpression(node, symbol);
  if (node.type !== 'OperatorNode') return text;
  const p = node.fn === 'unaryMinus' ? PRECEDENCE.unaryMinus! : PRECEDENCE[node.op]!;
  return p < parentPrecedence ? `(${text})` : text;
}

export function formatNumber(value: number): string {
  if (Number.isInteger(value) && Math.abs(value) < 1e15) return String(value);
  return String(Number(value.toPrecision(15)));
}

export const formatFormula = (name: string | null, expr: MathNode): string =>
  name ? `${name} := ${formatExpression(expr)}` : formatExpression(expr);
