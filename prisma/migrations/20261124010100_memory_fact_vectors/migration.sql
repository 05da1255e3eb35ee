-- Fact embeddings get their vector index in a table of their own, filled in
-- batches after ingestion instead of row by row as each fact is written.
-- Hand-written like the other memory tables; reached only through
-- subgraphs/memory/store/libsql-store.ts.
--
-- Why: an insert into a libsql_vector_idx (DiskANN) walks and rewrites the
-- graph's neighbour blocks. Done per episode (two or three facts per statement)
-- it was about 60% of ingestion time on LoCoMo. Written in statements of many
-- rows the same work touches each neighbour block once per batch.
-- MemoryFact keeps its own copy of the embedding for the exact scans of small
-- scopes and for the facts written since the last batch (see nearestFacts).
--
-- insert_l=32 (the default is 70): on 4,000 clustered 256-dimension vectors it
-- made inserts 2.3x cheaper, and 98.5% of the exact top 10 were still among the
-- index's top 80, the number the search asks for (against 100% at the
-- default); fusion with the full-text lists covers the rest.
DROP INDEX "MemoryFact_embedding_idx";

CREATE TABLE "MemoryFactVector" (
    "id" INTEGER NOT NULL PRIMARY KEY,
    "embedding" F32_BLOB(256) NOT NULL
);

CREATE INDEX "MemoryFactVector_embedding_idx" ON "MemoryFactVector"(libsql_vector_idx("embedding", 'compress_neighbors=float8', 'max_neighbors=16', 'insert_l=32'));

INSERT INTO "MemoryFactVector" ("id", "embedding") SELECT "id", "embedding" FROM "MemoryFact";

-- The vector row goes with its fact. A fact's id is only reused after the
-- highest one is deleted, and then its vector row is gone too, so every fact
-- with an id up to the table's highest indexed id is indexed.
CREATE TRIGGER "MemoryFact_vector_ad" AFTER DELETE ON "MemoryFact" BEGIN
    DELETE FROM "MemoryFactVector" WHERE "id" = old."id";
END;

-- A new fact and its first provenance row in one statement (one commit per
-- episode's facts instead of two): rows inserted into this view go to
-- MemoryFact and MemoryFactEpisode.
CREATE VIEW "MemoryFactWrite" AS
    SELECT f."uuid", f."accountId", f."groupId", f."sourceUuid", f."targetUuid", f."name", f."fact", f."normFact", f."validAt", f."invalidAt",
           f."createdAt", f."expiredAt", f."invalidatedBy", f."embedding", fe."episodeUuid", fe."sourceDescription"
      FROM "MemoryFact" f JOIN "MemoryFactEpisode" fe ON fe."accountId" = f."accountId" AND fe."factUuid" = f."uuid" WHERE 0;

CREATE TRIGGER "MemoryFactWrite_insert" INSTEAD OF INSERT ON "MemoryFactWrite" BEGIN
    INSERT INTO "MemoryFact" ("uuid", "accountId", "groupId", "sourceUuid", "targetUuid", "name", "fact", "normFact", "validAt", "invalidAt", "createdAt", "expiredAt", "invalidatedBy", "embedding")
        VALUES (new."uuid", new."accountId", new."groupId", new."sourceUuid", new."targetUuid", new."name", new."fact", new."normFact", new."validAt", new."invalidAt",
                new."createdAt", new."expiredAt", new."invalidatedBy", new."embedding");
    INSERT OR IGNORE INTO "MemoryFactEpisode" ("accountId", "factUuid", "episodeUuid", "sourceDescription")
        VALUES (new."accountId", new."uuid", new."episodeUuid", new."sourceDescription");
END;
