// Evaluates a document's variables and formulas in document order with real
// units. Results are shown in result_unit when given, otherwise in the unit
// the inputs suggest (kN/m × m² → kN·m, never mathjs's automatic kJ).
// Angles are plain numbers, as in Mathcad (math.ts: deg is the factor π/180).
/* eslint-disable @typescript-eslint/no-explicit-any -- mathjs's expression nodes and unit values are typed loosely (MathNode has no per-type fields); the walkers narrow by node.type */
import type { MathNode, Unit } from 'mathjs';
import { AppError } from '../../../core/errors.ts';
import type { CalcElement } from './elements.ts';
import {
  classifySymbols,
  formatFormula,
  mathjsReading,
  parseFormula,
  toMathjs,
  type SymbolRole,
} from './expression.ts';
import {
  angleUnitsAsFactors,
  CONSTANTS,
  COMPOSITE_UNITS,
  isAngleUnit,
  math,
  normalizeUnit,
  unitValue,
} from './math.ts';

export interface Quantity {
  /** The number in `unit` (or the plain number when unit is empty). */
  value: number;
  unit: string;
}

export interface CalculatedVariable {
  kind: 'variable';
  index: number;
  name: string;
  quantity: Quantity;
}

export interface CalculatedFormula {
  kind: 'formula';
  index: number;
  name: string | null;
  expr: MathNode;
  roles: Map<MathNode, SymbolRole>;
  /** null when the formula could not be evaluated (lenient mode only). */
  quantity: Quantity | null;
  /** Whether the unit was asked for (result_unit) or suggested by the inputs. */
  unitSource: 'result_unit' | 'inputs' | 'none';
  /** The unit the inputs suggest, whether or not it was used ('' when none fits). */
  suggestedUnit?: string;
  problem?: { code: string; message: string };
}

export type Calculated = CalculatedVariable | CalculatedFormula;

export interface Calculation {
  /** Keyed by element index. */
  byIndex: Map<number, Calculated>;
  /** Names and their values in display units, for substitution. */
  values: Map<string, Quantity>;
  warnings: string[];
}

type Value = number | Unit;

/** Units of a display expression as name → exponent, merged by dimension (mm and m become one). */
type UnitPowers = Map<string, number>;

function unitPowersOf(unit: string): UnitPowers {
  const powers: UnitPowers = new Map();
  if (!unit) return powers;
  const expanded = normalizeUnit(unit).replace(/[A-Za-z]+/g, (name) =>
    COMPOSITE_UNITS[name] ? `(${COMPOSITE_UNITS[name]})` : name,
  );
  const walk = (node: any, sign: number): void => {
    if (node.type === 'ParenthesisNode') return walk(node.content, sign);
    // Angles are plain factors: they suggest no unit (r in m times α in deg is in m).
    if (node.type === 'SymbolNode')
      return void (isAngleUnit(node.name) || powers.set(node.name, (powers.get(node.name) ?? 0) + sign));
    if (node.type === 'OperatorNode' && node.op === '^' && node.args[1].type === 'ConstantNode')
      return walk(node.args[0], sign * node.args[1].value);
    if (node.type === 'OperatorNode' && node.op === '*') return node.args.forEach((a: any) => walk(a, sign));
    if (node.type === 'OperatorNode' && node.op === '/') {
      walk(node.args[0], sign);
      walk(node.args[1], -sign);
    }
  };
  walk(math.parse(expanded), 1);
  return powers;
}

function combine(a: UnitPowers, b: UnitPowers, sign: number): UnitPowers {
  const out = new Map(a);
  for (const [name, p] of b) out.set(name, (out.get(name) ?? 0) + sign * p);
  return out;
}

function scale(a: UnitPowers, k: number): UnitPowers {
  return new Map([...a].map(([n, p]) => [n, p * k]));
}

const dimensionKey = (name: string) => math.unit(1, name).dimensions.join(',');

/** Merges units of the same dimension into the first one seen and drops cancelled ones: {kN:1, m:-1, m:2} → kN*m. */
export function unitText(powers: UnitPowers): string {
  const merged: [string, number][] = [];
  for (const [name, p] of powers) {
    const key = dimensionKey(name);
    const same = merged.find(([n]) => dimensionKey(n) === key);
    if (same) same[1] += p;
    else merged.push([name, p]);
  }
  const round = (p: number) => Math.round(p * 1e9) / 1e9;
  const part = ([n, p]: [string, number]) => (Math.abs(p) === 1 ? n : `${n}^${round(Math.abs(p))}`);
  const num = merged.filter(([, p]) => round(p) > 0).map(part);
  const den = merged.filter(([, p]) => round(p) < 0).map(part);
  if (!num.length && !den.length) return '';
  const top = num.length ? num.join('*') : '1';
  return den.length ? `${top}/${den.length > 1 ? `(${den.join('*')})` : den[0]}` : top;
}

/** The unit an expression's inputs suggest, from the display units of the variables it uses. */
function inputsUnitPowers(expr: any, roles: Map<MathNode, SymbolRole>, units: Map<string, string>): UnitPowers {
  switch (expr.type) {
    case 'ConstantNode':
      return new Map();
    case 'SymbolNode':
      if (roles.get(expr) === 'unit') return isAngleUnit(expr.name) ? new Map() : new Map([[expr.name, 1]]);
      return unitPowersOf(units.get(expr.name) ?? '');
    case 'ParenthesisNode':
      return inputsUnitPowers(expr.content, roles, units);
    case 'FunctionNode': {
      const fn = expr.fn.name;
      if (fn === 'sqrt') return scale(inputsUnitPowers(expr.args[0], roles, units), 0.5);
      if (fn === 'abs' || fn === 'min' || fn === 'max') return inputsUnitPowers(expr.args[0], roles, units);
      return new Map();
    }
    case 'OperatorNode': {
      const [a, b] = expr.args;
      if (expr.fn === 'unaryMinus' || expr.fn === 'unaryPlus') return inputsUnitPowers(a, roles, units);
      if (expr.op === '+' || expr.op === '-') {
        const left = inputsUnitPowers(a, roles, units);
        return left.size ? left : inputsUnitPowers(b, roles, units);
      }
      if (expr.op === '*') return combine(inputsUnitPowers(a, roles, units), inputsUnitPowers(b, roles, units), 1);
      if (expr.op === '/') return combine(inputsUnitPowers(a, roles, units), inputsUnitPowers(b, roles, units), -1);
      if (expr.op === '^' && b.type === 'ConstantNode') return scale(inputsUnitPowers(a, roles, units), b.value);
      if (expr.op === '^' && b.type === 'ParenthesisNode' && b.content.type === 'OperatorNode') {
        try {
          return scale(inputsUnitPowers(a, roles, units), Number(b.evaluate()));
        } catch {
          return new Map();
        }
      }
      return new Map();
    }
    default:
      return new Map();
  }
}

/** Evaluates with the Mathcad function names and the scope of names defined so far. */
function evaluate(expr: MathNode, scope: Map<string, Value>): Value {
  const value = angleUnitsAsFactors(toMathjs(expr), (name) => scope.has(name)).evaluate(
    new Map<string, unknown>([...Object.entries(CONSTANTS), ...scope]),
  );
  if (typeof value === 'number' || value instanceof math.Unit) return value as Value;
  throw new Error(`the result is a ${math.typeOf(value)}, not a number or quantity`);
}

/** Finds the first + or − whose two sides have different dimensions. */
function unitClash(expr: MathNode, scope: Map<string, Value>): { left: string; right: string } | null {
  let clash: { left: string; right: string } | null = null;
  expr.traverse((node: any) => {
    if (clash || node.type !== 'OperatorNode' || (node.op !== '+' && node.op !== '-') || node.args.length !== 2) return;
    try {
      const [l, r] = node.args.map((a: MathNode) => evaluate(a, scope));
      const dims = (v: Value) => (typeof v === 'number' ? 'dimensionless' : (v as Unit).dimensions.join(','));
      const show = (v: Value) => (typeof v === 'number' ? 'a plain number' : (v as Unit).formatUnits());
      if (dims(l!) !== dims(r!)) clash = { left: show(l!), right: show(r!) };
    } catch {
      // An inner clash: the traversal reaches it later.
    }
  });
  return clash;
}

/** Unit conversion leaves float noise (899.9999999999999 cm²): 12 significant digits are kept. */
const clean = (v: number) => Number(v.toPrecision(12));

const ZERO_DIMENSIONS = '0,0,0,0,0,0,0,0,0';
/** Dimensions of a value with angles as plain numbers (unitValue), as one comparable key. */
const dimensionsOf = (v: Value) => (typeof v === 'number' ? ZERO_DIMENSIONS : v.dimensions.join(','));

/** `value` expressed in `unit`: the quotient of the value by one unit, a plain number when the dimensions agree. */
function inUnit(value: Value, unit: string): number {
  const quotient = math.divide(value as any, unitValue(unit) as any) as unknown as Value;
  if (typeof quotient !== 'number')
    throw new Error(`${typeof value === 'number' ? value : value.toString()} cannot be shown in ${unit}`);
  return quotient;
}

function toQuantity(value: Value, unit: string): Quantity {
  if (unit) return { value: clean(inUnit(value, unit)), unit };
  if (typeof value === 'number') return { value: clean(value), unit: '' };
  // No unit suggested by the inputs: SI base units, as Prime shows them.
  const si = value.toSI();
  return { value: clean(si.toNumber()), unit: si.formatUnits().replace(/\s+/g, '*') };
}

function parseUnitValue(unit: string): Value | null {
  try {
    return unitValue(unit);
  } catch {
    return null;
  }
}

/** Where a name used too early is defined further down, in the words of the error message; null when nowhere. */
function definedLater(elements: readonly CalcElement[], name: string, use: number): string | null {
  for (let i = use + 1; i < elements.length; i++) {
    const e = elements[i]!;
    let defines = e.type === 'variable' && e.name === name;
    if (e.type === 'formula') {
      try {
        defines = parseFormula(e.expression, i).name === name;
      } catch {
        defines = false;
      }
    }
    if (defines) return `defined at element ${i}, after its use at element ${use}`;
  }
  return null;
}

export interface CalculateOptions {
  /** Record problems on the formula instead of failing (PDFs of worksheets saved by Prime). */
  lenient?: boolean;
}

export function calculate(elements: readonly CalcElement[], options: CalculateOptions = {}): Calculation {
  const scope = new Map<string, Value>();
  const displayUnits = new Map<string, string>();
  const values = new Map<string, Quantity>();
  const byIndex = new Map<number, Calculated>();
  const warnings: string[] = [];

  elements.forEach((element, index) => {
    if (element.type === 'variable') {
      const unit = element.unit?.trim() ?? '';
      const value: Value = unit
        ? (math.multiply(element.value, unitValue(unit) as any) as unknown as Value)
        : element.value;
      if (scope.has(element.name)) warnings.push(`Element ${index}: ${element.name} is redefined`);
      scope.set(element.name, value);
      displayUnits.set(element.name, unit);
      const quantity = { value: element.value, unit };
      values.set(element.name, quantity);
      byIndex.set(index, { kind: 'variable', index, name: element.name, quantity });
      return;
    }
    if (element.type !== 'formula') return;
    const { name, expr } = parseFormula(element.expression, index);
    const { roles, undefinedNames } = classifySymbols(expr, new Set(scope.keys()));
    const fail = (
      code: 'UNDEFINED_VARIABLE' | 'UNIT_MISMATCH' | 'CALCULATION_ERROR',
      message: string,
      details: Record<string, unknown>,
    ) => {
      if (!options.lenient)
        throw new AppError(code, message, { element_index: index, expression: element.expression, ...details });
      byIndex.set(index, {
        kind: 'formula',
        index,
        name,
        expr,
        roles,
        quantity: null,
        unitSource: 'none',
        problem: { code, message },
      });
    };
    if (name && name in CONSTANTS) warnings.push(`Element ${index}: ${name} redefines a built-in constant`);
    if (undefinedNames.length) {
      const why = undefinedNames
        .map((n) => `${n} (${definedLater(elements, n, index) ?? mathjsReading(n)})`)
        .join(', ');
      return fail(
        'UNDEFINED_VARIABLE',
        `Element ${index}: ${formatFormula(name, expr)} uses ${undefinedNames.join(', ')} before ${undefinedNames.length > 1 ? 'they are' : 'it is'} defined: ${why}`,
        {
          names: undefinedNames,
        },
      );
    }
    let value: Value;
    try {
      value = evaluate(expr, scope);
    } catch (err) {
      const message = (err as Error).message;
      if (/units do not match|unit.*(differ|mismatch)|cannot convert/i.test(message)) {
        const clash = unitClash(expr, scope);
        const units = clash ? [clash.left, clash.right] : [];
        return fail(
          'UNIT_MISMATCH',
          `Element ${index}: inconsistent units in ${element.expression}${clash ? `: ${clash.left} cannot be added to or subtracted from ${clash.right}` : ` (${message})`}`,
          { units },
        );
      }
      return fail('CALCULATION_ERROR', `Element ${index}: ${element.expression} cannot be evaluated: ${message}`, {});
    }
    let unit = '';
    let unitSource: CalculatedFormula['unitSource'] = 'none';
    let suggestedUnit = '';
    if (typeof value !== 'number') {
      const suggested = unitText(inputsUnitPowers(expr, roles, displayUnits));
      const target = suggested && parseUnitValue(suggested);
      if (target && dimensionsOf(target) === dimensionsOf(value)) suggestedUnit = suggested;
    }
    if (element.resultUnit?.trim()) {
      unit = element.resultUnit.trim();
      unitSource = 'result_unit';
      const target = unitValue(unit);
      if (dimensionsOf(value) !== dimensionsOf(target)) {
        const got = typeof value === 'number' ? 'a plain number' : value.toSI().formatUnits();
        return fail(
          'UNIT_MISMATCH',
          `Element ${index}: the result of ${element.expression} is ${got}, which cannot be shown in ${unit}`,
          { units: [got, unit], result_unit: unit },
        );
      }
      // A plain number asked for in a plain unit (`1` or `rad/rad`) shows no unit; in deg it shows degrees.
      if (typeof target === 'number' && target === 1 && !/[A-Za-z]/.test(normalizeUnit(unit).replace(/rad/g, '')))
        unit = '';
    } else if (suggestedUnit) {
      unit = suggestedUnit;
      unitSource = 'inputs';
    }
    const quantity = toQuantity(value, unit);
    if (name) {
      scope.set(name, value);
      displayUnits.set(name, quantity.unit);
      values.set(name, quantity);
    }
    byIndex.set(index, { kind: 'formula', index, name, expr, roles, quantity, unitSource, suggestedUnit });
  });
  return { byIndex, values, warnings };
}

/** The job's summary of computed values, in document order. */
export function resultsSummary(calc: Calculation) {
  return [...calc.byIndex.values()]
    .filter((c): c is CalculatedFormula => c.kind === 'formula')
    .map((c) => ({
      elementIndex: c.index,
      name: c.name,
      value: c.quantity?.value ?? null,
      unit: c.quantity?.unit ?? '',
      ...(c.problem ? { problem: c.problem } : {}),
    }));
}
