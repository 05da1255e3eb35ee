// Turns zod validation failures into the platform's error codes: a wrong shape
// (missing field, wrong type) is 400 VALIDATION_ERROR, a well-formed value that
// cannot be used (out of range, unknown enum value) is 422 UNPROCESSABLE.
import type { z } from 'zod';
import { AppError, fieldError } from './errors.ts';

const SHAPE_ISSUES = new Set(['invalid_type', 'unrecognized_keys', 'invalid_union']);

export function fieldPath(path: readonly PropertyKey[]): string {
  return (
    path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join('') || '(body)'
  );
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let v = input;
  for (const p of path) v = v !== null && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[p] : undefined;
  return v;
}

/**
 * A field that is absent is a wrong shape (400) whatever the schema says it should be: a missing
 * enum such as calcdoc's `operation` fails as invalid_value in zod, yet it is missing, not unusable.
 */
export function validationError(error: z.ZodError, input?: unknown): AppError {
  const missing = (i: z.core.$ZodIssue) => i.path.length > 0 && valueAt(input, i.path) === undefined;
  // A discriminator (calcdoc's and spreadsheet's `operation`) that names no variant is an unknown enum value, as z.enum reports it: 422.
  const unknownVariant = (i: z.core.$ZodIssue) => i.code === 'invalid_union' && 'discriminator' in i && !missing(i);
  const messageOf = (i: z.core.$ZodIssue) =>
    missing(i)
      ? 'is required'
      : unknownVariant(i) && 'options' in i
        ? `must be one of ${(i.options as unknown[]).join(', ')}`
        : i.message;
  const issues = error.issues.map((i) => ({ field: fieldPath(i.path), message: messageOf(i), code: i.code }));
  const shape = error.issues.some((i) => (SHAPE_ISSUES.has(i.code) && !unknownVariant(i)) || missing(i));
  const first = issues[0]!;
  const code = shape ? 'VALIDATION_ERROR' : 'UNPROCESSABLE';
  return first.field === '(body)'
    ? new AppError(code, first.message, { fields: issues })
    : fieldError(code, first.field, first.message, { fields: issues });
}

/**
 * The first text in `value` (a string, or an object's key) that no store can keep as text: an
 * unpaired UTF-16 surrogate (JSON's \ud800 escape allows it; it is no Unicode, so no UTF-8, and
 * the drivers fail on it) or a NUL (PostgreSQL's text refuses it). Walked with a stack of its own,
 * so a deeply nested body cannot overflow the call stack.
 */
export function unstorableText(value: unknown): { path: (string | number)[]; message: string } | null {
  const problem = (text: string) =>
    !text.isWellFormed()
      ? 'must be valid Unicode text (it holds an unpaired surrogate)'
      : text.includes('\0')
        ? 'must not contain NUL characters'
        : null;
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  while (stack.length) {
    const { value: v, path } = stack.pop()!;
    if (typeof v === 'string') {
      const message = problem(v);
      if (message) return { path, message };
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], path: [...path, i] });
    } else if (v !== null && typeof v === 'object') {
      for (const [k, item] of Object.entries(v)) {
        const message = problem(k);
        if (message) return { path: [...path, k], message: `a field name ${message}` };
        stack.push({ value: item, path: [...path, k] });
      }
    }
  }
  return null;
}

/** VALIDATION_ERROR naming the field of the first unstorable text in `input` (unstorableText), if any. */
export function assertStorableText(input: unknown, prefix: (string | number)[] = []): void {
  const bad = unstorableText(input);
  if (!bad) return;
  const field = fieldPath([...prefix, ...bad.path]);
  throw fieldError('VALIDATION_ERROR', field, bad.message, {
    field,
    fields: [{ field, message: bad.message, code: 'invalid_string' }],
  });
}

export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  assertStorableText(input);
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(result.error, input);
  return result.data;
}
