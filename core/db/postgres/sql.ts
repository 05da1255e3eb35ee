// What the PostgreSQL stores share: statements written with `?` placeholders
// (as the libSQL stores write them) numbered for PostgreSQL, pgvector's text
// form of an embedding, and the full-text query of the platform's "any of these
// words" searches.
import type { Database } from '../client.ts';

/**
 * `?` placeholders numbered in order, and `?N` as `$N`. Quoted text ('…', "…")
 * is left alone, so a `?` in a literal or an identifier stays a `?`.
 */
export function numbered(sql: string): string {
  let out = '';
  let n = 0;
  let quote: string | null = null;
  for (let i = 0; i < sql.length; i++) {
    const c = sql[i]!;
    if (quote) {
      if (c === quote) quote = null;
      out += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      out += c;
    } else if (c === '?') {
      const digits = /^\d+/.exec(sql.slice(i + 1))?.[0];
      if (digits) {
        out += `$${digits}`;
        i += digits.length;
      } else out += `$${++n}`;
    } else out += c;
  }
  return out;
}

export type Row = Record<string, unknown>;

/** Statements on the database or inside one transaction, `?` placeholders. */
export interface PgSql {
  query<T = Row>(sql: string, ...args: unknown[]): Promise<T[]>;
  /** Prisma's lazy promise, so that statements can also go to a batch `$transaction([...])`. */
  exec(sql: string, ...args: unknown[]): ReturnType<Database['$executeRawUnsafe']>;
}

type Client = Pick<Database, '$queryRawUnsafe' | '$executeRawUnsafe'>;

export const pgSqlOn = (client: Client): PgSql => ({
  query: <T = Row>(sql: string, ...args: unknown[]) => client.$queryRawUnsafe<T[]>(numbered(sql), ...args),
  exec: (sql: string, ...args: unknown[]) => client.$executeRawUnsafe(numbered(sql), ...args),
});

/** pgvector's input form, '[x,y,…]' (cast with ::vector). */
export const vectorText = (v: Float32Array): string => `[${Array.from(v).join(',')}]`;

/** pgvector's output form back to a Float32Array. */
export function parseVector(v: unknown): Float32Array {
  if (typeof v !== 'string' || v.length < 2) return new Float32Array(0);
  const body = v.slice(1, -1);
  return body ? Float32Array.from(body.split(','), Number) : new Float32Array(0);
}

/**
 * The words as a to_tsquery text: each quoted (so no word is read as an operator), any may
 * match. Null when there is none. Used with the 'platform_english' configuration, which stems
 * as FTS5's porter tokenizer does (see the PostgreSQL search migration).
 */
export function anyWordQuery(words: readonly string[]): string | null {
  const terms = words.filter((w) => w.length > 0);
  return terms.length ? terms.map((w) => `'${w.replace(/'/g, "''").replace(/\\/g, '')}'`).join(' | ') : null;
}

/** The quoted terms of an FTS5 "any of" query (`"a" OR "b"`, what the domain builds) as a to_tsquery text. */
export function tsQueryFromFts5(match: string): string | null {
  return anyWordQuery([...match.matchAll(/"([^"]*)"/g)].map((m) => m[1]!));
}
