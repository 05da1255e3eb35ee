-- Memory ids belong to an account (issue 11, item 10). Episode and entity
-- uuids are chosen by the caller, so one namespace across accounts let one
-- account take another's ids first and learn that they exist (422 "already
-- used by another …"). Every uuid is now unique within its account only;
-- the link tables carry the account, and every query of
-- subgraphs/memory/store/libsql-store.ts names it. Hand-written like the other
-- memory tables.

DROP INDEX "MemoryEpisode_uuid_key";
CREATE UNIQUE INDEX "MemoryEpisode_account_uuid_key" ON "MemoryEpisode"("accountId", "uuid");
-- "You" in a message is the group's previous speaker: the newest episodes by time, read without a sort.
CREATE INDEX "MemoryEpisode_group_time_idx" ON "MemoryEpisode"("accountId", "groupId", "timestamp", "seq");

DROP INDEX "MemoryEntity_uuid_key";
CREATE UNIQUE INDEX "MemoryEntity_account_uuid_key" ON "MemoryEntity"("accountId", "uuid");

DROP INDEX "MemoryFact_uuid_key";
DROP INDEX "MemoryFact_source_idx";
DROP INDEX "MemoryFact_target_idx";
DROP INDEX "MemoryFact_invalidatedBy_idx";
CREATE UNIQUE INDEX "MemoryFact_account_uuid_key" ON "MemoryFact"("accountId", "uuid");
-- (source, target) rather than (source, name): a speaker is the source of most
-- facts of a conversation, and the duplicate check asks for one pair.
CREATE INDEX "MemoryFact_source_target_idx" ON "MemoryFact"("accountId", "sourceUuid", "targetUuid");
CREATE INDEX "MemoryFact_target_idx" ON "MemoryFact"("accountId", "targetUuid");
CREATE INDEX "MemoryFact_invalidatedBy_idx" ON "MemoryFact"("accountId", "invalidatedBy");

CREATE TABLE "MemoryFactEpisode_new" (
    "accountId" TEXT NOT NULL,
    "factUuid" TEXT NOT NULL,
    "episodeUuid" TEXT NOT NULL,
    "sourceDescription" TEXT NOT NULL,
    PRIMARY KEY ("accountId", "factUuid", "episodeUuid")
) WITHOUT ROWID;
INSERT INTO "MemoryFactEpisode_new" ("accountId", "factUuid", "episodeUuid", "sourceDescription")
    SELECT f."accountId", fe."factUuid", fe."episodeUuid", fe."sourceDescription"
      FROM "MemoryFactEpisode" fe JOIN "MemoryFact" f ON f."uuid" = fe."factUuid";
DROP TABLE "MemoryFactEpisode";
ALTER TABLE "MemoryFactEpisode_new" RENAME TO "MemoryFactEpisode";
CREATE INDEX "MemoryFactEpisode_episode_idx" ON "MemoryFactEpisode"("accountId", "episodeUuid");

CREATE TABLE "MemoryMention_new" (
    "accountId" TEXT NOT NULL,
    "episodeUuid" TEXT NOT NULL,
    "entityUuid" TEXT NOT NULL,
    PRIMARY KEY ("accountId", "episodeUuid", "entityUuid")
) WITHOUT ROWID;
INSERT INTO "MemoryMention_new" ("accountId", "episodeUuid", "entityUuid")
    SELECT e."accountId", m."episodeUuid", m."entityUuid"
      FROM "MemoryMention" m JOIN "MemoryEpisode" e ON e."uuid" = m."episodeUuid";
DROP TABLE "MemoryMention";
ALTER TABLE "MemoryMention_new" RENAME TO "MemoryMention";
CREATE INDEX "MemoryMention_entity_idx" ON "MemoryMention"("accountId", "entityUuid");
