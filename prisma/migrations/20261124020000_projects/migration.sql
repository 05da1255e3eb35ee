-- Projects (drawing analysis Tier 2): a drawing set as a graph of sheets,
-- entities and relationships, with cross-sheet links and search. Hand-written
-- like the memory tables (FTS5 and F32_BLOB are outside what Prisma models):
-- reached only through subgraphs/drawings/projects/store/libsql-store.ts.
-- Every row carries its project; a project belongs to one account.

CREATE TABLE "Project" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "accountId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "createdAt" TEXT NOT NULL,
    "updatedAt" TEXT NOT NULL,
    -- The graph's counts (sheets, entities, relationships, communities, links), recounted when a
    -- sheet or the communities change, so the detail never counts a large project on a read.
    "counts" TEXT
);
CREATE INDEX "Project_account_idx" ON "Project"("accountId", "createdAt");

-- PDFs of a project, once per SHA-256; the bytes live in blob storage.
CREATE TABLE "ProjectFile" (
    "projectId" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "pageCount" INTEGER NOT NULL,
    "storageKey" TEXT NOT NULL,
    "uploadedAt" TEXT NOT NULL,
    PRIMARY KEY ("projectId", "hash")
);

-- One row per ingestion job (a page of a file), for the detail's counts by status.
CREATE TABLE "ProjectIngestion" (
    "jobId" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT NOT NULL,
    "fileHash" TEXT NOT NULL,
    "page" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "sheetId" TEXT,
    "error" TEXT,
    "updatedAt" TEXT NOT NULL
);
CREATE INDEX "ProjectIngestion_project_idx" ON "ProjectIngestion"("projectId", "status");

CREATE TABLE "ProjectSheet" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT NOT NULL,
    "fileHash" TEXT NOT NULL,
    "page" INTEGER NOT NULL,
    "number" TEXT,
    "normNumber" TEXT,
    "title" TEXT,
    "discipline" TEXT,
    "width" REAL NOT NULL,
    "height" REAL NOT NULL,
    "createdAt" TEXT NOT NULL
);
CREATE UNIQUE INDEX "ProjectSheet_page_key" ON "ProjectSheet"("projectId", "fileHash", "page");
CREATE INDEX "ProjectSheet_norm_idx" ON "ProjectSheet"("projectId", "normNumber");

CREATE TABLE "ProjectEntity" (
    "seq" INTEGER NOT NULL PRIMARY KEY,
    "id" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "sheetId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "page" INTEGER NOT NULL,
    "bbox" TEXT NOT NULL,
    "provenance" TEXT NOT NULL,
    "props" TEXT NOT NULL,
    "sameKey" TEXT,
    "viewKey" TEXT,
    "communityId" TEXT,
    "embedding" F32_BLOB(256)
);
CREATE UNIQUE INDEX "ProjectEntity_id_key" ON "ProjectEntity"("id");
CREATE INDEX "ProjectEntity_sheet_idx" ON "ProjectEntity"("sheetId");
CREATE INDEX "ProjectEntity_type_idx" ON "ProjectEntity"("projectId", "type", "seq");
CREATE INDEX "ProjectEntity_same_idx" ON "ProjectEntity"("projectId", "sameKey");
CREATE INDEX "ProjectEntity_view_idx" ON "ProjectEntity"("sheetId", "viewKey");

CREATE VIRTUAL TABLE "ProjectEntityFts" USING fts5("label", "text", content = 'ProjectEntity', content_rowid = 'seq', tokenize = 'porter unicode61');

CREATE TRIGGER "ProjectEntity_fts_ai" AFTER INSERT ON "ProjectEntity" BEGIN
    INSERT INTO "ProjectEntityFts"(rowid, "label", "text") VALUES (new."seq", new."label", new."text");
END;

CREATE TRIGGER "ProjectEntity_fts_ad" AFTER DELETE ON "ProjectEntity" BEGIN
    INSERT INTO "ProjectEntityFts"("ProjectEntityFts", rowid, "label", "text") VALUES ('delete', old."seq", old."label", old."text");
END;

CREATE TRIGGER "ProjectEntity_fts_au" AFTER UPDATE OF "label", "text" ON "ProjectEntity" BEGIN
    INSERT INTO "ProjectEntityFts"("ProjectEntityFts", rowid, "label", "text") VALUES ('delete', old."seq", old."label", old."text");
    INSERT INTO "ProjectEntityFts"(rowid, "label", "text") VALUES (new."seq", new."label", new."text");
END;

-- "sheetId" is the sheet whose ingestion made the relationship: replacing
-- that sheet removes it. Cross-sheet ones (REFERENCES, SAME_AS) are also
-- removed when their target's sheet goes.
CREATE TABLE "ProjectRelationship" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT NOT NULL,
    "sheetId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "sourceId" TEXT NOT NULL,
    "targetId" TEXT NOT NULL,
    "props" TEXT NOT NULL
);
CREATE INDEX "ProjectRelationship_project_idx" ON "ProjectRelationship"("projectId", "type");
CREATE INDEX "ProjectRelationship_source_idx" ON "ProjectRelationship"("sourceId");
CREATE INDEX "ProjectRelationship_target_idx" ON "ProjectRelationship"("targetId");
CREATE INDEX "ProjectRelationship_sheet_idx" ON "ProjectRelationship"("sheetId");

-- A callout's target as read, and what it resolved to (or why it waits).
CREATE TABLE "ProjectLink" (
    "calloutId" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT NOT NULL,
    "sheetId" TEXT NOT NULL,
    "targetSheet" TEXT,
    "targetSheetNorm" TEXT,
    "targetView" TEXT,
    "status" TEXT NOT NULL,
    "reason" TEXT,
    "resolvedSheetId" TEXT,
    "resolvedViewId" TEXT
);
CREATE INDEX "ProjectLink_target_idx" ON "ProjectLink"("projectId", "targetSheetNorm");
CREATE INDEX "ProjectLink_sheet_idx" ON "ProjectLink"("sheetId");

CREATE TABLE "ProjectCommunity" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT NOT NULL,
    "idx" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "summary" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "rank" REAL NOT NULL,
    "details" TEXT NOT NULL
);
CREATE INDEX "ProjectCommunity_project_idx" ON "ProjectCommunity"("projectId", "idx");

-- Metering: pages ingested and searches per account (the spec prices graph ingestion per page).
CREATE TABLE "ProjectUsage" (
    "id" INTEGER NOT NULL PRIMARY KEY,
    "accountId" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "units" INTEGER NOT NULL,
    "at" TEXT NOT NULL
);
CREATE INDEX "ProjectUsage_account_idx" ON "ProjectUsage"("accountId", "kind", "at");
CREATE INDEX "ProjectUsage_project_idx" ON "ProjectUsage"("projectId", "kind");
