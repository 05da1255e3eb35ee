// The parts of a PassageIndex whose SQL is the same on libSQL and PostgreSQL: reading passages by
// id, page, clause-free lookups, term counts and a code's stats, and the "CodeTerm" rows a code's
// ingestion writes. Each engine keeps its own full text, vectors, clause ordering and transaction
// (libsql-index.ts, postgres-index.ts); both hand these their '?'-placeholder query function.
import type { Hit, IndexedPassage, PassageIndex } from './passage-index.ts';

/** A "CodePassage" row as the drivers hand it back (ids and pages may come as bigints). */
export type PassageRow = {
  id: number | bigint;
  fileId: string;
  page: number | bigint;
  pageLabel: string;
  section: string;
  heading: string;
  headingPath: string;
  contentType: string;
  text: string;
  glossary: string;
};

export type Query = <T>(sql: string, ...args: unknown[]) => Promise<T[]>;

export const toHit = (r: PassageRow): Hit => ({ ...r, id: Number(r.id), page: Number(r.page) });
export const ids = (rows: { id: number | bigint | string }[]) => rows.map((r) => Number(r.id));
export const COLUMNS =
  'p."id", p."fileId", p."page", p."pageLabel", p."section", p."heading", p."headingPath", p."contentType", p."text", p."glossary"';
/** The "CodeTerm" row holding a code's passage count (no term has a '#'). */
const PASSAGE_COUNT = '#passages';

/** A passage's values in the column order both engines insert ("fileId" … "embeddingModel"), its vector as the engine takes it. */
export const passageValues = (fileId: string, p: Omit<IndexedPassage, 'fileId'>, vector: unknown): unknown[] => [
  fileId,
  p.page,
  p.pageLabel,
  p.section,
  p.heading,
  p.headingPath,
  p.contentType,
  p.text,
  p.glossary ?? '',
  vector,
  p.embeddingModel,
];

/** ' AND <column> IN (…)' for a scope; nothing for every file; never true for an empty scope. */
export function fileFilter(fileIds: readonly string[] | null, column = 'p."fileId"'): { sql: string; args: string[] } {
  if (!fileIds) return { sql: '', args: [] };
  if (!fileIds.length) return { sql: ' AND false', args: [] };
  return { sql: ` AND ${column} IN (${fileIds.map(() => '?').join(',')})`, args: [...fileIds] };
}

/** A code's "CodeTerm" rows as INSERT statements of 500 rows: each term's passage count, and the passage count itself. */
export function termInserts(
  fileId: string,
  passages: readonly Pick<IndexedPassage, 'terms'>[],
): { sql: string; args: unknown[] }[] {
  const counts = new Map<string, number>([[PASSAGE_COUNT, passages.length]]);
  for (const p of passages) for (const t of p.terms) counts.set(t, (counts.get(t) ?? 0) + 1);
  const rows = [...counts];
  const statements: { sql: string; args: unknown[] }[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const batch = rows.slice(i, i + 500);
    statements.push({
      sql: `INSERT INTO "CodeTerm" ("fileId", "term", "passages") VALUES ${batch.map(() => '(?, ?, ?)').join(', ')}`,
      args: batch.flatMap(([t, n]) => [fileId, t, n]),
    });
  }
  return statements;
}

export function sharedReads(
  query: Query,
): Pick<
  PassageIndex,
  'passages' | 'byPage' | 'termCounts' | 'stats' | 'fileToReembed' | 'filePassages' | 'countToReembed'
> {
  return {
    async fileToReembed(model) {
      const [row] = await query<{ fileId: string }>(
        `SELECT "fileId" FROM "CodePassage" WHERE "embeddingModel" <> ? ORDER BY "id" LIMIT 1`,
        model,
      );
      return row?.fileId ?? null;
    },

    async filePassages(fileId) {
      const rows = await query<PassageRow>(
        `SELECT ${COLUMNS} FROM "CodePassage" p WHERE p."fileId" = ? ORDER BY p."id"`,
        fileId,
      );
      return rows.map((r) => ({ ...toHit(r), contentType: r.contentType as never }));
    },

    async countToReembed(model) {
      const [row] = await query<{ stale: number | bigint | string | null; total: number | bigint | string }>(
        `SELECT SUM(CASE WHEN "embeddingModel" <> ? THEN 1 ELSE 0 END) AS stale, COUNT(*) AS total FROM "CodePassage"`,
        model,
      );
      return { stale: Number(row?.stale ?? 0), total: Number(row?.total ?? 0) };
    },

    async passages(wanted) {
      if (!wanted.length) return [];
      const rows = await query<PassageRow>(
        `SELECT ${COLUMNS} FROM "CodePassage" p WHERE p."id" IN (${wanted.map(() => '?').join(',')})`,
        ...wanted,
      );
      return rows.map(toHit);
    },

    async byPage(page, fileIds) {
      const filter = fileFilter(fileIds);
      // A PDF page number is a small integer; longer digit strings can only be printed labels.
      const number = /^\d{1,9}$/.test(page) ? Number(page) : -1;
      const rows = await query<PassageRow>(
        `SELECT ${COLUMNS} FROM "CodePassage" p WHERE (p."pageLabel" = ? OR p."page" = ?)${filter.sql} ORDER BY p."pageLabel" = ? DESC, p."id" LIMIT 20`,
        page,
        number,
        ...filter.args,
        page,
      );
      return rows.map(toHit);
    },

    async termCounts(terms, fileIds) {
      const wanted = [PASSAGE_COUNT, ...new Set(terms)];
      const filter = fileFilter(fileIds, '"fileId"');
      const rows = await query<{ term: string; passages: number | bigint }>(
        `SELECT "term", SUM("passages") AS passages FROM "CodeTerm" WHERE "term" IN (${wanted.map(() => '?').join(',')})${filter.sql} GROUP BY "term"`,
        ...wanted,
        ...filter.args,
      );
      const counts = new Map(rows.map((r) => [r.term, Number(r.passages)]));
      const passages = counts.get(PASSAGE_COUNT) ?? 0;
      counts.delete(PASSAGE_COUNT);
      return { passages, counts };
    },

    async stats(fileId) {
      const [row] = await query<{ passages: number | bigint; pages: number | bigint }>(
        'SELECT COUNT(*) AS passages, COUNT(DISTINCT "page") AS pages FROM "CodePassage" WHERE "fileId" = ?',
        fileId,
      );
      return { passages: Number(row?.passages ?? 0), pages: Number(row?.pages ?? 0) };
    },
  };
}
