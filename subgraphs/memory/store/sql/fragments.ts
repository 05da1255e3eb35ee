// SQL fragments and query words that read the same on libSQL and PostgreSQL: what the user's
// words are (each engine turns them into its own full-text query) and the fact filter.
import type { FactFilter } from '../../model.ts';

/** The user's words as an FTS5 query: each a quoted term, any of them may match (BM25 ranks by how many and how rare). PostgreSQL's dialect converts it (../postgres-store.ts). */
export function ftsQuery(text: string, maxTerms = 64): string | null {
  const terms = (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((t) => t.length > 1 || /\d/.test(t));
  const unique = [...new Set(terms)].slice(-maxTerms);
  return unique.length ? unique.map((t) => `"${t}"`).join(' OR ') : null;
}

export function filterSql(filter: FactFilter, alias: string): { sql: string; args: string[] } {
  let sql = '';
  const args: string[] = [];
  if (!filter.includeInvalidated) sql += ` AND ${alias}."invalidAt" IS NULL AND ${alias}."expiredAt" IS NULL`;
  if (filter.source !== null) {
    sql += ` AND EXISTS (SELECT 1 FROM "MemoryFactEpisode" fe WHERE fe."accountId" = ${alias}."accountId" AND fe."factUuid" = ${alias}."uuid" AND fe."sourceDescription" = ?)`;
    args.push(filter.source);
  }
  return { sql, args };
}
