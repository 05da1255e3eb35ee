-- The memory service's temporal knowledge graph in the embedded store.
-- Hand-written: FTS5 tables and F32_BLOB columns are outside what Prisma
-- models, so these tables are reached only through
-- subgraphs/memory/store/libsql-store.ts. Every row carries the account that
-- wrote it; every query filters by it.

-- Episodes double as the ingestion queue: a message is stored `pending`
-- before POST /messages answers, and the ingest job processes a group's
-- pending episodes in `seq` order.
CREATE TABLE "MemoryEpisode" (
    "seq" INTEGER NOT NULL PRIMARY KEY,
    "uuid" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "groupId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "roleType" TEXT NOT NULL,
    "role" TEXT,
    "sourceDescription" TEXT NOT NULL,
    "timestamp" TEXT NOT NULL,
    "createdAt" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "error" TEXT
);

CREATE UNIQUE INDEX "MemoryEpisode_uuid_key" ON "MemoryEpisode"("uuid");
CREATE INDEX "MemoryEpisode_group_status_idx" ON "MemoryEpisode"("accountId", "groupId", "status", "seq");
CREATE INDEX "MemoryEpisode_source_idx" ON "MemoryEpisode"("accountId", "groupId", "sourceDescription");

CREATE TABLE "MemoryEntity" (
    "id" INTEGER NOT NULL PRIMARY KEY,
    "uuid" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "groupId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "normName" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "summary" TEXT NOT NULL,
    "createdAt" TEXT NOT NULL
);

CREATE UNIQUE INDEX "MemoryEntity_uuid_key" ON "MemoryEntity"("uuid");
CREATE INDEX "MemoryEntity_norm_idx" ON "MemoryEntity"("accountId", "groupId", "normName");

CREATE VIRTUAL TABLE "MemoryEntityFts" USING fts5("name", content = 'MemoryEntity', content_rowid = 'id', tokenize = 'porter unicode61');

CREATE TRIGGER "MemoryEntity_ai" AFTER INSERT ON "MemoryEntity" BEGIN
    INSERT INTO "MemoryEntityFts"(rowid, "name") VALUES (new."id", new."name");
END;

CREATE TRIGGER "MemoryEntity_ad" AFTER DELETE ON "MemoryEntity" BEGIN
    INSERT INTO "MemoryEntityFts"("MemoryEntityFts", rowid, "name") VALUES ('delete', old."id", old."name");
END;

CREATE TRIGGER "MemoryEntity_au" AFTER UPDATE OF "name" ON "MemoryEntity" BEGIN
    INSERT INTO "MemoryEntityFts"("MemoryEntityFts", rowid, "name") VALUES ('delete', old."id", old."name");
    INSERT INTO "MemoryEntityFts"(rowid, "name") VALUES (new."id", new."name");
END;

-- A fact is an edge between two entities; invalidatedBy names the fact whose
-- arrival set invalid_at, so deleting that fact can restore this one.
CREATE TABLE "MemoryFact" (
    "id" INTEGER NOT NULL PRIMARY KEY,
    "uuid" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "groupId" TEXT NOT NULL,
    "sourceUuid" TEXT NOT NULL,
    "targetUuid" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "fact" TEXT NOT NULL,
    "normFact" TEXT NOT NULL,
    "validAt" TEXT,
    "invalidAt" TEXT,
    "createdAt" TEXT NOT NULL,
    "expiredAt" TEXT,
    "invalidatedBy" TEXT,
    "embedding" F32_BLOB(256) NOT NULL
);

CREATE UNIQUE INDEX "MemoryFact_uuid_key" ON "MemoryFact"("uuid");
CREATE INDEX "MemoryFact_group_idx" ON "MemoryFact"("accountId", "groupId");
CREATE INDEX "MemoryFact_source_idx" ON "MemoryFact"("sourceUuid", "name");
CREATE INDEX "MemoryFact_target_idx" ON "MemoryFact"("targetUuid");
CREATE INDEX "MemoryFact_invalidatedBy_idx" ON "MemoryFact"("invalidatedBy");

-- Same index settings as the code-search passages (see that migration for the measurements).
CREATE INDEX "MemoryFact_embedding_idx" ON "MemoryFact"(libsql_vector_idx("embedding", 'compress_neighbors=float8', 'max_neighbors=16'));

CREATE VIRTUAL TABLE "MemoryFactFts" USING fts5("fact", "name", content = 'MemoryFact', content_rowid = 'id', tokenize = 'porter unicode61');

CREATE TRIGGER "MemoryFact_ai" AFTER INSERT ON "MemoryFact" BEGIN
    INSERT INTO "MemoryFactFts"(rowid, "fact", "name") VALUES (new."id", new."fact", new."name");
END;

CREATE TRIGGER "MemoryFact_ad" AFTER DELETE ON "MemoryFact" BEGIN
    INSERT INTO "MemoryFactFts"("MemoryFactFts", rowid, "fact", "name") VALUES ('delete', old."id", old."fact", old."name");
END;

-- Provenance: the episodes that stated a fact (Graphiti's edge.episodes), with
-- the episode's source so episode_source_filter needs no join.
CREATE TABLE "MemoryFactEpisode" (
    "factUuid" TEXT NOT NULL,
    "episodeUuid" TEXT NOT NULL,
    "sourceDescription" TEXT NOT NULL,
    PRIMARY KEY ("factUuid", "episodeUuid")
) WITHOUT ROWID;

CREATE INDEX "MemoryFactEpisode_episode_idx" ON "MemoryFactEpisode"("episodeUuid");

-- Graphiti's MENTIONS edges: which entities an episode named.
CREATE TABLE "MemoryMention" (
    "episodeUuid" TEXT NOT NULL,
    "entityUuid" TEXT NOT NULL,
    PRIMARY KEY ("episodeUuid", "entityUuid")
) WITHOUT ROWID;

CREATE INDEX "MemoryMention_entity_idx" ON "MemoryMention"("entityUuid");
