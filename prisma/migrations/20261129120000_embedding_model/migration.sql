-- Every stored vector says which model made it (issue 33): memory facts, code
-- passages and project entities get "embeddingModel", the embedder's tag
-- ("hash-v1", "use-lite-v1", "openai:<model>"). Every vector read filters on
-- the query's tag, so vectors of two models are never compared, and a model
-- change re-embeds the rows of another tag in a background job
-- (core/embedding/reembed.ts) while search goes on. Rows written before this
-- migration get '' (made by whatever embedder was configured then): they are
-- re-embedded like any other tag. Hand-written like the tables it changes.
--
-- The approximate vector indexes move to side tables of one width, created
-- and filled when a model is activated (core/embedding/libsql-vector-table.ts):
-- an F32_BLOB(n) column's width is fixed, and a libsql_vector_idx refuses
-- vectors of another. "VectorSpace" records which model's vectors a side table
-- holds. Until a side table exists (the first start re-embeds the untagged
-- rows), vector reads scan exactly, filtered by the query's model.
ALTER TABLE "MemoryFact" ADD COLUMN "embeddingModel" TEXT NOT NULL DEFAULT '';
ALTER TABLE "CodePassage" ADD COLUMN "embeddingModel" TEXT NOT NULL DEFAULT '';
ALTER TABLE "ProjectEntity" ADD COLUMN "embeddingModel" TEXT NOT NULL DEFAULT '';

CREATE TABLE "VectorSpace" (
    -- the side table, e.g. "MemoryFactVector_512"
    "name" TEXT NOT NULL PRIMARY KEY,
    "base" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "dimensions" INTEGER NOT NULL
);

DROP TRIGGER "MemoryFact_vector_ad";
DROP INDEX "MemoryFactVector_embedding_idx";
DROP TABLE "MemoryFactVector";
DROP INDEX "CodePassage_embedding_idx";

-- The memory write view carries the tag.
DROP TRIGGER "MemoryFactWrite_insert";
DROP VIEW "MemoryFactWrite";
CREATE VIEW "MemoryFactWrite" AS
    SELECT f."uuid", f."accountId", f."groupId", f."sourceUuid", f."targetUuid", f."name", f."fact", f."normFact", f."validAt", f."invalidAt",
           f."createdAt", f."expiredAt", f."invalidatedBy", f."embedding", f."embeddingModel", fe."episodeUuid", fe."sourceDescription"
      FROM "MemoryFact" f JOIN "MemoryFactEpisode" fe ON fe."accountId" = f."accountId" AND fe."factUuid" = f."uuid" WHERE 0;

CREATE TRIGGER "MemoryFactWrite_insert" INSTEAD OF INSERT ON "MemoryFactWrite" BEGIN
    INSERT INTO "MemoryFact" ("uuid", "accountId", "groupId", "sourceUuid", "targetUuid", "name", "fact", "normFact", "validAt", "invalidAt", "createdAt", "expiredAt", "invalidatedBy", "embedding", "embeddingModel")
        VALUES (new."uuid", new."accountId", new."groupId", new."sourceUuid", new."targetUuid", new."name", new."fact", new."normFact", new."validAt", new."invalidAt",
                new."createdAt", new."expiredAt", new."invalidatedBy", new."embedding", new."embeddingModel");
    INSERT OR IGNORE INTO "MemoryFactEpisode" ("accountId", "factUuid", "episodeUuid", "sourceDescription")
        VALUES (new."accountId", new."uuid", new."episodeUuid", new."sourceDescription");
END;
