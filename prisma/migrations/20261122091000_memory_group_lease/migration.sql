-- Which process is processing a memory group's pending episodes, and until
-- when: only the holder processes a group, so its episodes stay in order
-- when several processes run jobs. Hand-written like the other memory tables.
CREATE TABLE "MemoryGroupLease" (
    "accountId" TEXT NOT NULL,
    "groupId" TEXT NOT NULL,
    "holder" TEXT NOT NULL,
    "expiresAt" INTEGER NOT NULL,
    PRIMARY KEY ("accountId", "groupId")
);
