// The kinds of environment variable the platform reads. Each declaration carries its zod schema
// (what the text must be), its default (what an unset or empty variable means) and its documentation
// (one sentence for the reference page and .env.example); core/env/variables.ts declares them all.
import { z } from 'zod';

export interface Variable<T> {
  /** Parses the variable's text; undefined when the variable is unset or empty. */
  schema: z.ZodType<T>;
  /** The default as the reference page prints it ('' when there is none, or when it is derived). */
  shown: string;
  doc: string;
  /** A value that must not be printed (a secret): the reference shows only whether it is set. */
  secret?: boolean;
}

interface Bounds {
  min?: number;
  max?: number;
}

const present = (text: string | undefined) => (text === undefined || text === '' ? undefined : text);

/** An optional variable: unset or empty gives `fallback`, any other text must pass `parse`. */
function orDefault<T, D>(parse: z.ZodType<T, string>, fallback: D): z.ZodType<T | D> {
  return z
    .string()
    .optional()
    .transform(present)
    .pipe(parse.optional())
    .transform((v) => (v === undefined ? fallback : v));
}

/** A whole number ("2.5" and "1e3x" are refused), within bounds. */
export function integer(
  fallback: number,
  doc: string,
  { min = 0, max = Number.MAX_SAFE_INTEGER }: Bounds = {},
): Variable<number> {
  const parse = z
    .string()
    .regex(/^-?\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));
  return {
    schema: orDefault(parse, fallback),
    shown: String(fallback),
    doc,
  };
}

/** A number that may have a fraction (a price, a ratio), within bounds. */
export function decimal(
  fallback: number,
  doc: string,
  { min = 0, max = Number.MAX_VALUE }: Bounds = {},
): Variable<number> {
  const parse = z
    .string()
    .regex(/^-?(\d+(\.\d*)?|\.\d+)$/, 'must be a number')
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));
  return {
    schema: orDefault(parse, fallback),
    shown: String(fallback),
    doc,
  };
}

/** A positive limit (core/limits.ts): a whole number of at least 1. */
export const limit = (fallback: number, doc: string): Variable<number> => integer(fallback, doc, { min: 1 });

/** true/false (1/0, yes/no, on/off); anything else is refused rather than read as false. */
export function flag(fallback: boolean, doc: string): Variable<boolean> {
  const parse = z
    .string()
    .transform((s) => s.toLowerCase())
    .pipe(
      z.enum(['1', 'true', 'yes', 'on', '0', 'false', 'no', 'off'], {
        error: 'must be true or false (1/0, yes/no, on/off)',
      }),
    )
    .transform((s) => ['1', 'true', 'yes', 'on'].includes(s));
  return {
    schema: orDefault(parse, fallback),
    shown: String(fallback),
    doc,
  };
}

/** Free text, with a default (null: none). */
export function text<D extends string | null>(fallback: D, doc: string, shown = fallback ?? ''): Variable<string | D> {
  return {
    schema: z
      .string()
      .optional()
      .transform((s) => present(s) ?? fallback),
    shown,
    doc,
  };
}

/** A secret: never printed; null when unset. */
export function secret(doc: string): Variable<string | null> {
  return {
    schema: z
      .string()
      .optional()
      .transform((s) => present(s) ?? null),
    shown: '',
    doc,
    secret: true,
  };
}

/** A URL of one of the given protocols; null when unset. */
export function url(doc: string, protocols: readonly string[]): Variable<string | null> {
  const parse = z.string().refine(
    (s) => {
      try {
        return protocols.includes(new URL(s).protocol.replace(/:$/, ''));
      } catch {
        return false;
      }
    },
    `must be a URL (${protocols.map((p) => `${p}://`).join(', ')})`,
  );
  return {
    schema: orDefault(parse, null),
    shown: '',
    doc,
  };
}

/** One of a few words. */
export function oneOf<const T extends string>(values: readonly T[], fallback: T, doc: string): Variable<T> {
  const parse = z.enum(values as unknown as [T, ...T[]], { error: `must be one of ${values.join(', ')}` });
  return {
    schema: orDefault(parse, fallback),
    shown: fallback,
    doc,
  };
}

/** A whole number, or "unlimited" (null); unset gives the default, which may itself be unlimited. */
export function countOrUnlimited(fallback: number | null, doc: string): Variable<number | null> {
  const parse = z.union([
    z.literal('unlimited').transform(() => null),
    z.string().regex(/^\d+$/, 'must be a whole number or "unlimited"').transform(Number),
  ]);
  return {
    schema: z
      .string()
      .optional()
      .transform((s) => (s === undefined || s === '' ? undefined : s.toLowerCase()))
      .pipe(parse.optional())
      .transform((v) => (v === undefined ? fallback : v)),
    shown: fallback === null ? 'unlimited' : String(fallback),
    doc,
  };
}

/** One of a few words, or null when unset (the caller derives the default from other variables). */
export function oneOfOrUnset<const T extends string>(
  values: readonly T[],
  doc: string,
  shown: string,
): Variable<T | null> {
  const parse = z.enum(values as unknown as [T, ...T[]], { error: `must be one of ${values.join(', ')}` });
  return {
    schema: orDefault(parse, null),
    shown,
    doc,
  };
}
