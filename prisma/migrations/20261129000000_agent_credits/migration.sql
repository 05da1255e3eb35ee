-- Agent credits reserved before a model call and settled after (issue 29, finding 8).
CREATE TABLE "AgentCredit" (
    "accountId" TEXT NOT NULL,
    "periodStart" DATETIME NOT NULL,
    "spentUsd" REAL NOT NULL DEFAULT 0,
    "reservedUsd" REAL NOT NULL DEFAULT 0,
    "committedUsd" REAL NOT NULL DEFAULT 0,

    PRIMARY KEY ("accountId", "periodStart")
);
