// PassageIndex on the embedded libSQL database: FTS5 with BM25 for words,
// libsql_vector_idx for embeddings. The only place that writes SQL for the
// code-search tables (see the hand-written migration). The two ranking reads,
// whose cost the caller's query decides, run as interruptible reads
// (core/db/interruptible-reads.ts): off the event loop, stopped when the
// index's signal aborts (the search's deadline).
import type { Database } from '../../../core/db/client.ts';
import {
  activateSideTable,
  activeSideTable,
  hasOtherModel,
  onDatabase,
  type SideTable,
  type SideTableSpec,
} from '../../../core/embedding/libsql-vector-table.ts';
import { ftsTerms, isStopWord } from './words.ts';
import type { PassageIndex } from './passage-index.ts';
import {
  COLUMNS,
  fileFilter,
  ids,
  passageValues,
  sharedReads,
  termInserts,
  toHit,
  type PassageRow,
} from './index-reads.ts';

const blob = (v: Float32Array) => Buffer.from(v.buffer, v.byteOffset, v.byteLength);
/**
 * The approximate index, in a side table of the model's width (core/embedding/libsql-vector-table.ts), with
 * few neighbours per node and a short candidate list on insert (max_neighbors 12, insert_l 16): inserting into
 * it was two thirds of the CPU an ingest spends writing. Searches keep libSQL's default search list.
 */
const PASSAGE_VECTORS: SideTableSpec = {
  base: 'CodePassageVector',
  parent: 'CodePassage',
  indexOptions: `'max_neighbors=12', 'insert_l=16'`,
};

/** Passages of a scoped search read by exact vector distance rather than through the approximate index. */
const EXACT_SCOPE = 10_000;

/** The full-text columns a query's words are looked for in (not "fileToken", which only scopes). */
const WORD_COLUMNS = '{heading text section glossary}';

/**
 * The user's words as an FTS5 query: each a quoted term, any of them may match
 * (BM25 ranks by how many and how rare). Function and question words are left
 * out (words.ts): "how" or "must" would rank passages that merely hold them.
 */
export function ftsQuery(query: string): string | null {
  const terms = ftsTerms(query).filter((t) => !isStopWord(t));
  return terms.length ? `${WORD_COLUMNS} : (${terms.map((t) => `"${t.replace(/"/g, '')}"`).join(' OR ')})` : null;
}

/** A file's full-text token, as the migration's "fileToken" column makes it: 'f' and its id's UTF-8 bytes in hex. */
export const fileToken = (fileId: string) => `f${Buffer.from(fileId, 'utf8').toString('hex')}`;

/** `match` narrowed to passages of these files, inside the MATCH expression (FTS5 skips other files' matches as it reads). */
export const inFiles = (match: string, fileIds: readonly string[]) =>
  `(${match}) AND "fileToken" : (${fileIds.map((f) => `"${fileToken(f)}"`).join(' OR ')})`;

export function createLibsqlIndex(db: Database, options: { signal?: AbortSignal } = {}): PassageIndex {
  const reads = db.reads;
  const rank = (sql: string, ...args: unknown[]) => reads.query<{ id: number | bigint }>(sql, args, options.signal);
  const on = onDatabase(db);
  // The side table in use, read once per index object (an index lives for one search or one ingest).
  let side: Promise<SideTable | null> | null = null;
  const sideTable = () => (side ??= activeSideTable(on.sql, PASSAGE_VECTORS.base));
  /** Copies passages of the side table's model past its last id into it (a new code's, or all after an activation). */
  const fillSideTable = async (table: SideTable) => {
    for (;;) {
      const n = await db.$executeRawUnsafe(
        `INSERT OR IGNORE INTO "${table.name}" ("id", "embedding")
         SELECT p."id", p."embedding" FROM "CodePassage" p WHERE p."id" > (SELECT COALESCE(MAX("id"), 0) FROM "${table.name}") AND p."embeddingModel" = ? ORDER BY p."id" LIMIT 500`,
        table.model,
      );
      if (n < 500) return;
    }
  };
  return {
    async replaceFile(fileId, passages) {
      await db.$executeRawUnsafe('DELETE FROM "CodePassage" WHERE "fileId" = ?', fileId);
      await db.$executeRawUnsafe('DELETE FROM "CodeTerm" WHERE "fileId" = ?', fileId);
      for (const insert of termInserts(fileId, passages)) await db.$executeRawUnsafe(insert.sql, ...insert.args);
      await insertPassages(db, fileId, passages);
      const model = passages[0]?.embeddingModel;
      if (!model) return;
      let table = await sideTable();
      if (!table || table.model !== model) {
        // A first index for this model, unless passages of another model wait for re-embedding (whose end activates it).
        if (await hasOtherModel(on.sql, PASSAGE_VECTORS.parent, model)) return;
        side = activateSideTable(on.transaction, PASSAGE_VECTORS, model, passages[0]!.embedding.length);
        table = await side;
      }
      await fillSideTable(table!);
    },

    async setVectors(model, rows) {
      for (let i = 0; i < rows.length; i += 200) {
        const batch = rows.slice(i, i + 200);
        await on.transaction(async (sql) => {
          for (const r of batch)
            await sql.exec(
              `UPDATE "CodePassage" SET "embedding" = vector32(?), "embeddingModel" = ? WHERE "id" = ?`,
              blob(r.vector),
              model,
              r.id,
            );
        });
      }
    },

    async activateVectors(space) {
      const current = await sideTable();
      if (current?.model !== space.model || current.dimensions !== space.dimensions)
        side = activateSideTable(on.transaction, PASSAGE_VECTORS, space.model, space.dimensions);
      await fillSideTable((await side)!);
    },

    async fullText(query, fileIds, limit) {
      const match = ftsQuery(query);
      if (!match) return [];
      // Candidates are ids only: reading passage text for every candidate
      // cost more than ranking them. A file filter is part of the MATCH
      // expression (each passage's file is a token of the weight-0 "fileToken"
      // column), so matches in other files are dropped as FTS5 reads its
      // doclists: looking each match up for its file cost 5.7x the bare query
      // at 10,000 pages, however few of them the caller could see.
      // Columns heading, text, section, glossary: a symbol's meaning counts as text.
      if (fileIds && !fileIds.length) return [];
      const rows = await rank(
        `SELECT rowid AS id, -bm25("CodePassageFts", 4.0, 1.0, 2.0, 1.0, 0.0) AS score FROM "CodePassageFts" WHERE "CodePassageFts" MATCH ? ORDER BY score DESC LIMIT ?`,
        fileIds ? inFiles(match, fileIds) : match,
        limit,
      );
      return ids(rows);
    },

    async nearest(query, fileIds, limit) {
      return nearestPassages(db, rank, await sideTable(), query, fileIds, limit);
    },

    async bySection(section, fileIds) {
      const filter = fileFilter(fileIds);
      // The clause and its subsections ("11.11" holds "11.11(1)", "11.11(2)"): the strings between "11.11(" and "11.11)".
      const rows = await db.$queryRawUnsafe<PassageRow[]>(
        `SELECT ${COLUMNS} FROM "CodePassage" p WHERE (p."section" = ? OR (p."section" > ? AND p."section" < ?))${filter.sql} ORDER BY p."page", p."id" LIMIT 20`,
        section,
        `${section}(`,
        `${section})`,
        ...filter.args,
      );
      return rows.map(toHit);
    },

    ...sharedReads((sql, ...args) => db.$queryRawUnsafe(sql, ...args)),
  };
}

/** A file's passages with their vectors, in batches of one multi-row INSERT: ingest stays fast without one round trip per passage. */
async function insertPassages(db: Database, fileId: string, passages: Parameters<PassageIndex['replaceFile']>[1]) {
  for (let i = 0; i < passages.length; i += 200) {
    const batch = passages.slice(i, i + 200);
    const values = batch.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?, vector32(?), ?)').join(', ');
    const args = batch.flatMap((p) => passageValues(fileId, p, blob(p.embedding)));
    await db.$executeRawUnsafe(
      `INSERT INTO "CodePassage" ("fileId", "page", "pageLabel", "section", "heading", "headingPath", "contentType", "text", "glossary", "embedding", "embeddingModel") VALUES ${values}`,
      ...args,
    );
  }
}

type Rank = (sql: string, ...args: unknown[]) => Promise<{ id: number | bigint }[]>;

/** The passages nearest a query vector: exactly without an index of its model or in a small scope, else through the vector index re-ranked exactly. */
async function nearestPassages(
  db: Database,
  rank: Rank,
  table: SideTable | null,
  query: Parameters<PassageIndex['nearest']>[0],
  fileIds: Parameters<PassageIndex['nearest']>[1],
  limit: number,
) {
  const embedding = query.vector;
  const model = query.model;
  const filter = fileFilter(fileIds);
  const exact = () =>
    rank(
      `SELECT p."id" FROM "CodePassage" p WHERE p."embeddingModel" = ?${filter.sql} ORDER BY vector_distance_cos(p."embedding", vector32(?)), p."id" LIMIT ?`,
      model,
      ...filter.args,
      blob(embedding),
      limit,
    );
  // No index of this model (a re-embedding under way): every passage of the model is ranked exactly.
  if (!table || table.model !== model) return ids(await exact());
  // Scoped to codes holding few passages (one code has a few thousand at
  // most), every passage of theirs is ranked by exact distance: a scan of
  // them costs little, and the index below would answer for the whole
  // library and leave the scope's share of it, approximate.
  if (fileIds) {
    const [count] = await db.$queryRawUnsafe<{ n: number | bigint }[]>(
      `SELECT COUNT(*) AS n FROM "CodePassage" p WHERE true${filter.sql}`,
      ...filter.args,
    );
    if (Number(count?.n ?? 0) <= EXACT_SCOPE) {
      return ids(await exact());
    }
  }
  // vector_top_k is approximate (its graph walk may order near neighbours
  // wrongly or miss some): it is asked for more candidates than wanted,
  // and they are re-ranked by their exact cosine distance. A file filter
  // narrows its answer afterwards, so then it is asked for more still.
  const rows = await rank(
    `SELECT p."id" FROM vector_top_k('${table.index}', vector32(?), ?) AS v JOIN "CodePassage" p ON p."id" = v.id
          WHERE p."embeddingModel" = ?${filter.sql} ORDER BY vector_distance_cos(p."embedding", vector32(?)), p."id" LIMIT ?`,
    blob(embedding),
    limit * (fileIds ? 8 : 4),
    model,
    ...filter.args,
    blob(embedding),
    limit,
  );
  return ids(rows);
}
