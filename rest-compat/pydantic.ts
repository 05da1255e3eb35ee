// FastAPI's request validation, as the memory service answers it: pydantic v1's wording and type
// names, which the spec quotes (value_error.missing, type_error.uuid), with the location of each
// issue (["body", "messages", 0, "role_type"]). The checks themselves are the routes' zod schemas.
import type { z } from 'zod';
import { AppError } from '../core/errors.ts';
import { unstorableText } from '../core/validation.ts';
import type { DetailItem } from '../edge/render-error.ts';

const TYPE_NAMES: Record<string, [string, string]> = {
  string: ['str type expected', 'type_error.str'],
  int: ['value is not a valid integer', 'type_error.integer'],
  number: ['value is not a valid float', 'type_error.float'],
  boolean: ['value could not be parsed to a boolean', 'type_error.bool'],
  array: ['value is not a valid list', 'type_error.list'],
  object: ['value is not a valid dict', 'type_error.dict'],
};

const INT_FIELDS = new Set(['max_facts', 'last_n']);

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let v = input;
  for (const p of path) v = v !== null && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[p] : undefined;
  return v;
}

function detailOf(issue: z.core.$ZodIssue, prefix: string, input: unknown): DetailItem {
  const given = valueAt(input, issue.path);
  const loc = [prefix, ...issue.path.map((p) => (typeof p === 'number' ? p : String(p)))];
  const params = (issue as { params?: Record<string, unknown> }).params;
  if (params?.detail) return { loc, ...(params.detail as Omit<DetailItem, 'loc'>) };
  switch (issue.code) {
    case 'invalid_type': {
      if (given === undefined) return { loc, msg: 'field required', type: 'value_error.missing' };
      if ((issue.expected === 'number' || issue.expected === 'int') && INT_FIELDS.has(String(issue.path.at(-1))))
        return { loc, msg: TYPE_NAMES.int![0], type: TYPE_NAMES.int![1] };
      const [msg, type] = TYPE_NAMES[issue.expected] ?? [`${issue.expected} expected`, `type_error.${issue.expected}`];
      return { loc, msg, type };
    }
    case 'invalid_value':
      // An absent enum field (role_type) is missing, as pydantic says, not a wrong constant.
      if (given === undefined) return { loc, msg: 'field required', type: 'value_error.missing' };
      return {
        loc,
        msg: `unexpected value; permitted: ${issue.values.map((v) => `'${String(v)}'`).join(', ')}`,
        type: 'value_error.const',
        ctx: { given, permitted: issue.values },
      };
    case 'invalid_format':
      if (issue.format === 'uuid') return { loc, msg: 'value is not a valid uuid', type: 'type_error.uuid' };
      if (issue.format === 'regex') {
        const pattern = (issue as { pattern?: string }).pattern;
        return {
          loc,
          msg: `string does not match regex "${pattern}"`,
          type: 'value_error.str.regex',
          ctx: { pattern },
        };
      }
      return { loc, msg: issue.message, type: 'value_error' };
    case 'too_small':
      if (issue.origin === 'number')
        return {
          loc,
          msg: `ensure this value is greater than or equal to ${issue.minimum}`,
          type: 'value_error.number.not_ge',
          ctx: { limit_value: issue.minimum },
        };
      return {
        loc,
        msg: `ensure this value has at least ${issue.minimum} characters`,
        type: 'value_error.any_str.min_length',
        ctx: { limit_value: issue.minimum },
      };
    case 'too_big':
      if (issue.origin === 'number')
        return {
          loc,
          msg: `ensure this value is less than or equal to ${issue.maximum}`,
          type: 'value_error.number.not_le',
          ctx: { limit_value: issue.maximum },
        };
      return { loc, msg: issue.message, type: 'value_error' };
    default:
      return { loc, msg: issue.message, type: 'value_error' };
  }
}

/** The checked input, or a VALIDATION_ERROR carrying pydantic's items (rendered as 422 {detail: [...]}). */
export function parsePydantic<S extends z.ZodType>(
  schema: S,
  input: unknown,
  prefix: 'body' | 'query' | 'path',
): z.output<S> {
  const bad = unstorableText(input);
  if (bad)
    throw new AppError('VALIDATION_ERROR', 'request validation failed', {
      detail: [{ loc: [prefix, ...bad.path], msg: bad.message, type: 'value_error.str' }],
    });
  const result = schema.safeParse(input);
  if (!result.success)
    throw new AppError('VALIDATION_ERROR', 'request validation failed', {
      detail: result.error.issues.map((i) => detailOf(i, prefix, input)),
    });
  return result.data;
}
