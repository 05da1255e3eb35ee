// Turns zod validation failures into the platform's error codes: a wrong shape
// (missing field, wrong type) is 400 VALIDATION_ERROR, a well-formed value that
// cannot be used (out of range, unknown enum value) is 422 UNPROCESSABLE.
import type { z } from 'zod';
import { AppError } from './errors.ts';

const SHAPE_ISSUES = new Set(['invalid_type', 'unrecognized_keys', 'invalid_union']);

export function fieldPath(path: readonly PropertyKey[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join('') || '(body)';
}

export function validationError(error: z.ZodError): AppError {
  const issues = error.issues.map((i) => ({ field: fieldPath(i.path), message: i.message, code: i.code }));
  const shape = error.issues.some((i) => SHAPE_ISSUES.has(i.code));
  const first = issues[0]!;
  const message = first.field === '(body)' ? first.message : `${first.field}: ${first.message}`;
  return new AppError(shape ? 'VALIDATION_ERROR' : 'UNPROCESSABLE', message, { fields: issues });
}

export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(result.error);
  return result.data;
}
