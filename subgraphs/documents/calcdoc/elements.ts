// The calculation-document elements (the spec's four types) and their
// request-time validation: shape (400), usable values (422), formulas that
// parse (422 FORMULA_PARSE_ERROR) and the tier's element limit.
import { AppError, fieldError } from '../../../core/errors.ts';
import type { Tier } from '../../../core/config.ts';
import { checkFormulaSize, parseFormula } from './expression.ts';
import { LIMITS } from '../../../core/limits.ts';
import { parseUnit } from './math.ts';

export type TextStyle = 'normal' | 'heading1' | 'heading2' | 'heading3';

export interface TextElement {
  type: 'text';
  content: string;
  style?: TextStyle;
}
export interface VariableElement {
  type: 'variable';
  name: string;
  value: number;
  unit?: string;
  description?: string;
}
export interface FormulaElement {
  type: 'formula';
  expression: string;
  description?: string;
  resultUnit?: string;
}
export interface ImageElement {
  type: 'image';
  url: string;
  caption?: string;
  width?: number;
  height?: number;
}
export type CalcElement = TextElement | VariableElement | FormulaElement | ImageElement;

export interface DocumentMetadata {
  author?: string;
  project?: string;
  date?: string;
}
export type PageOrientation = 'portrait' | 'landscape';
export interface DocumentOptions {
  aiFormatting: boolean;
  pageOrientation: PageOrientation;
}

export const ELEMENT_TYPES = ['text', 'variable', 'formula', 'image'] as const;
const TEXT_STYLES: readonly TextStyle[] = ['normal', 'heading1', 'heading2', 'heading3'];
const NAME = /^[A-Za-z][A-Za-z0-9_]*$/;
const DATE = /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/;

const FIELDS: Record<CalcElement['type'], Record<string, { kind: 'string' | 'number'; required?: boolean }>> = {
  text: { content: { kind: 'string', required: true }, style: { kind: 'string' } },
  variable: {
    name: { kind: 'string', required: true },
    value: { kind: 'number', required: true },
    unit: { kind: 'string' },
    description: { kind: 'string' },
  },
  formula: {
    expression: { kind: 'string', required: true },
    description: { kind: 'string' },
    resultUnit: { kind: 'string' },
  },
  image: {
    url: { kind: 'string', required: true },
    caption: { kind: 'string' },
    width: { kind: 'number' },
    height: { kind: 'number' },
  },
};

const shapeError = (field: string, message: string) => fieldError('VALIDATION_ERROR', field, message, { field });
const valueError = (field: string, message: string, extra?: Record<string, unknown>) =>
  fieldError('UNPROCESSABLE', field, message, { field, ...extra });

/** Checks one element as received (REST snake_case) and returns it with only its own fields. */
export function validateElement(raw: unknown, index: number, field = `elements[${index}]`): CalcElement {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw shapeError(field, 'must be an object');
  const input = raw as Record<string, unknown>;
  const type = input.type;
  // The README's rule: an absent or non-string type is a wrong shape (400 VALIDATION_ERROR); a string
  // that names no element type is INVALID_ELEMENT, which says the element index.
  if (type === undefined || type === null) throw shapeError(`${field}.type`, 'is required');
  if (typeof type !== 'string') throw shapeError(`${field}.type`, 'must be a string');
  if (!(ELEMENT_TYPES as readonly string[]).includes(type)) {
    throw new AppError(
      'INVALID_ELEMENT',
      `Element ${index} has type ${JSON.stringify(type ?? null)}; the type must be one of text, variable, formula, image`,
      {
        element_index: index,
        type: type ?? null,
      },
    );
  }
  const spec = FIELDS[type as CalcElement['type']];
  const out: Record<string, unknown> = { type };
  for (const [name, rule] of Object.entries(spec)) {
    const value = input[name];
    if (value === undefined || value === null) {
      if (rule.required) throw shapeError(`${field}.${name}`, `is required for a ${type} element`);
      continue;
    }
    if (rule.kind === 'number' ? typeof value !== 'number' || !Number.isFinite(value) : typeof value !== 'string') {
      throw shapeError(`${field}.${name}`, `must be a ${rule.kind}`);
    }
    out[name] = value;
  }
  const element = out as unknown as CalcElement;
  switch (element.type) {
    case 'text':
      if (element.style !== undefined && !TEXT_STYLES.includes(element.style))
        throw valueError(`${field}.style`, `must be one of ${TEXT_STYLES.join(', ')}`);
      break;
    case 'variable':
      if (!NAME.test(element.name))
        throw valueError(`${field}.name`, 'must start with a letter and contain only letters, digits and underscores', {
          element_index: index,
        });
      if (element.unit !== undefined && element.unit.trim() && !parseUnit(element.unit))
        throw valueError(`${field}.unit`, `"${element.unit}" is not a known unit`, { element_index: index });
      break;
    case 'formula': {
      const parsed = parseFormula(element.expression, index);
      if (parsed.name !== null && !NAME.test(parsed.name))
        throw valueError(
          `${field}.expression`,
          `the defined name "${parsed.name}" must be letters, digits and underscores`,
          { element_index: index },
        );
      if (element.resultUnit !== undefined && element.resultUnit.trim() && !parseUnit(element.resultUnit)) {
        throw valueError(`${field}.resultUnit`, `"${element.resultUnit}" is not a known unit`, {
          element_index: index,
        });
      }
      break;
    }
    case 'image':
      if (!/^(data:image\/(png|jpeg|jpg);base64,|https?:\/\/)/i.test(element.url))
        throw valueError(`${field}.url`, 'must be an http(s) URL or a data:image/png or data:image/jpeg base64 URI');
      for (const dim of ['width', 'height'] as const) {
        const v = element[dim];
        if (v !== undefined && (v <= 0 || v > 5000))
          throw valueError(`${field}.${dim}`, 'must be between 1 and 5000 pixels');
      }
      break;
  }
  return element;
}

/** The tier's element limit, for `count` new elements after `offset` already in the document. */
export function checkElementCount(count: number, tier: Tier, limit: number | null, offset = 0): void {
  if (limit !== null && count + offset > limit) {
    throw new AppError(
      'ELEMENT_LIMIT_EXCEEDED',
      `A document may hold at most ${limit} elements on the ${tier} tier (got ${count + offset})`,
      { limit, tier, count: count + offset },
    );
  }
}

export function validateElements(raw: unknown, tier: Tier, limit: number | null, offset = 0): CalcElement[] {
  if (!Array.isArray(raw)) throw shapeError('elements', 'must be an array');
  checkElementCount(raw.length, tier, limit, offset);
  // The request's formulas in all, counted before any is parsed (core/limits.ts).
  let terms = 0;
  raw.forEach((e, i) => {
    const expression = (e as { type?: unknown; expression?: unknown } | null)?.expression;
    if ((e as { type?: unknown } | null)?.type !== 'formula' || typeof expression !== 'string') return;
    terms += checkFormulaSize(expression, i + offset);
    if (terms > LIMITS.formulaMaxTermsPerRequest) {
      throw fieldError(
        'UNPROCESSABLE',
        'elements',
        `the formulas of one request may have at most ${LIMITS.formulaMaxTermsPerRequest} terms in all`,
        { field: 'elements', limit: LIMITS.formulaMaxTermsPerRequest },
      );
    }
  });
  return raw.map((e, i) => validateElement(e, i));
}

export function validateDocumentName(name: unknown): string {
  if (typeof name !== 'string') throw shapeError('documentName', 'is required and must be a string');
  if (name.length < 1 || name.length > 200) throw valueError('documentName', 'must be 1 to 200 characters');
  return name;
}

export function validateMetadata(raw: unknown): DocumentMetadata {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== 'object' || Array.isArray(raw)) throw shapeError('metadata', 'must be an object');
  const out: DocumentMetadata = {};
  for (const key of ['author', 'project', 'date'] as const) {
    const v = (raw as Record<string, unknown>)[key];
    if (v === undefined || v === null) continue;
    if (typeof v !== 'string') throw shapeError(`metadata.${key}`, 'must be a string');
    if (v.length > 200) throw valueError(`metadata.${key}`, 'must be at most 200 characters');
    out[key] = v;
  }
  if (out.date !== undefined && (!DATE.test(out.date) || Number.isNaN(Date.parse(out.date))))
    throw valueError('metadata.date', 'must be an ISO 8601 date such as 2026-11-22');
  return out;
}

export function validateOptions(raw: unknown): DocumentOptions {
  const options: DocumentOptions = { aiFormatting: false, pageOrientation: 'portrait' };
  if (raw === undefined || raw === null) return options;
  if (typeof raw !== 'object' || Array.isArray(raw)) throw shapeError('options', 'must be an object');
  const r = raw as Record<string, unknown>;
  if (r.aiFormatting !== undefined && r.aiFormatting !== null) {
    if (typeof r.aiFormatting !== 'boolean') throw shapeError('options.aiFormatting', 'must be a boolean');
    options.aiFormatting = r.aiFormatting;
  }
  if (r.pageOrientation !== undefined && r.pageOrientation !== null) {
    if (r.pageOrientation !== 'portrait' && r.pageOrientation !== 'landscape')
      throw valueError('options.pageOrientation', 'must be portrait or landscape');
    options.pageOrientation = r.pageOrientation;
  }
  return options;
}

export interface CreateDocumentRequest {
  documentName: string;
  elements: CalcElement[];
  metadata: DocumentMetadata;
  options: DocumentOptions;
}

/** Everything create_document checks at request time. */
export function validateCreateDocument(
  raw: Record<string, unknown>,
  tier: Tier,
  limit: number | null,
): CreateDocumentRequest {
  const documentName = validateDocumentName(raw.documentName);
  if (raw.elements === undefined || raw.elements === null) throw shapeError('elements', 'is required');
  return {
    documentName,
    elements: validateElements(raw.elements, tier, limit),
    metadata: validateMetadata(raw.metadata),
    options: validateOptions(raw.options),
  };
}
