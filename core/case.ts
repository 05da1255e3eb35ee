// The one transform between the platform's two spellings of a field: camelCase inside (domains,
// GraphQL) and snake_case where the spec speaks it (REST bodies, stored job results). It renames
// keys only, deeply through plain objects and arrays; values (numbers, strings, dates, bytes) pass
// unchanged. A key that is data rather than a field name (a map keyed by element index or by
// the caller's own names) must not go through it: convert the fields around such a map instead.

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null &&
  typeof v === 'object' &&
  (Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null);

function mapKeys(value: unknown, rename: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((v) => mapKeys(v, rename));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[rename(k)] = mapKeys(v, rename);
  return out;
}

/** fileHash → file_hash, pageLabel → page_label; names without capitals stay as they are. */
export const snakeCase = (key: string): string => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** file_hash → fileHash; names without underscores stay as they are. */
export const camelCase = (key: string): string => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the caller names the shape of the converted JSON
export const toSnakeKeys = <T = any>(value: unknown): T => mapKeys(value, snakeCase) as T;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the caller names the shape of the converted JSON
export const toCamelKeys = <T = any>(value: unknown): T => mapKeys(value, camelCase) as T;

/**
 * A field path as a domain names it (elements[2].resultUnit, options.pageOrientation) in the
 * spec's spelling (elements[2].result_unit). Only segments written as camelCase identifiers after
 * a dot (or first) are renamed: a key of a data map, written with dataKey (dataMappings["spanLength"]),
 * keeps its spelling whatever it looks like.
 */
export const snakeFieldPath = (path: string): string =>
  path.replace(
    /("(?:[^"\\]|\\.)*")|(^|\.)([a-z][a-zA-Z0-9]*)(?=$|[.[])/g,
    (_, quoted: string | undefined, dot: string, segment: string) => quoted ?? dot + snakeCase(segment),
  );

/** The path of one key of a data map (a named range in dataMappings): quoted, so snakeFieldPath leaves it as the caller wrote it. @example dataKey('dataMappings', 'Loads!Total') // → 'dataMappings["Loads!Total"]' */
export const dataKey = (field: string, key: string): string => `${field}[${JSON.stringify(key)}]`;
