-- Every stored vector says which model made it (issue 33); the counterpart of
-- the libSQL migration of the same name. The "embedding" columns become
-- untyped vectors (any width) and each model gets a partial HNSW index over
-- its own rows, made at run time (core/embedding/postgres-vector-index.ts).
-- Rows written before get the tag '' and are re-embedded like any other tag.
DROP INDEX "MemoryFact_embedding_idx";
DROP INDEX "CodePassage_embedding_idx";
ALTER TABLE "MemoryFact" ADD COLUMN "embeddingModel" TEXT NOT NULL DEFAULT '';
ALTER TABLE "MemoryFact" ALTER COLUMN "embedding" TYPE vector;
ALTER TABLE "CodePassage" ADD COLUMN "embeddingModel" TEXT NOT NULL DEFAULT '';
ALTER TABLE "CodePassage" ALTER COLUMN "embedding" TYPE vector;
ALTER TABLE "ProjectEntity" ADD COLUMN "embeddingModel" TEXT NOT NULL DEFAULT '';
ALTER TABLE "ProjectEntity" ALTER COLUMN "embedding" TYPE vector;
