-- Agent credits reserved before a model call and settled after (issue 29, finding 8).
CREATE TABLE "AgentCredit" (
    "accountId" TEXT NOT NULL,
    "periodStart" TIMESTAMP(3) NOT NULL,
    "spentUsd" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "reservedUsd" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "committedUsd" DOUBLE PRECISION NOT NULL DEFAULT 0,

    CONSTRAINT "AgentCredit_pkey" PRIMARY KEY ("accountId","periodStart")
);
