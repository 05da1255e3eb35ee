-- How many passages of each code hold each term (a content word's stem, see
-- subgraphs/content/search/relevance.ts), so the relevance score can weigh a
-- rare word above a common one. Written with the passages by replaceFile;
-- the term '#passages' holds the code's passage count. Hand-written like
-- "CodePassage" (see 20261122020000_code_search). Codes indexed before this
-- migration weigh every word alike until they are ingested again.
CREATE TABLE "CodeTerm" (
    "fileId" TEXT NOT NULL,
    "term" TEXT NOT NULL,
    "passages" INTEGER NOT NULL,
    PRIMARY KEY ("fileId", "term")
) WITHOUT ROWID;

CREATE INDEX "CodeTerm_term_idx" ON "CodeTerm"("term", "fileId");

-- The vector index rebuilt with a shorter candidate list on insert (insert_l
-- 24, libSQL's default 70): writing a code's passages was three quarters of
-- an ingest, and the index's neighbours feed rank fusion beside full text, so
-- the few exact neighbours it may miss cost little (eval:search figures in
-- the README). Searches keep libSQL's default search list.
DROP INDEX "CodePassage_embedding_idx";
CREATE INDEX "CodePassage_embedding_idx" ON "CodePassage"(libsql_vector_idx("embedding", 'compress_neighbors=float8', 'max_neighbors=16', 'insert_l=24'));
