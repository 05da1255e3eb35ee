-- The vector index with fewer neighbours per node and a shorter candidate
-- list on insert (max_neighbors 12, insert_l 16): inserting into it was
-- two thirds of the CPU an ingest spends writing, and a third of a warm
-- ingest's. Searches keep libSQL's default search list.
DROP INDEX "CodePassage_embedding_idx";
CREATE INDEX "CodePassage_embedding_idx" ON "CodePassage"(libsql_vector_idx("embedding", 'compress_neighbors=float8', 'max_neighbors=12', 'insert_l=16'));
