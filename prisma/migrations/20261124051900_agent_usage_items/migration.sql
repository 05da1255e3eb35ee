-- CreateTable
CREATE TABLE "AgentUsageItem" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "accountId" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "units" INTEGER NOT NULL,
    "costUsd" REAL NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "AgentUsageItem_accountId_createdAt_idx" ON "AgentUsageItem"("accountId", "createdAt");

-- CreateIndex (the conversations list: the account's, newest first)
CREATE INDEX "Conversation_accountId_createdAt_idx" ON "Conversation"("accountId", "createdAt");
