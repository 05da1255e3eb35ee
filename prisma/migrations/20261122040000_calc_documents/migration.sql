-- CreateTable
CREATE TABLE "CalcDocument" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "accountId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "elements" JSONB NOT NULL,
    "metadata" JSONB NOT NULL,
    "options" JSONB NOT NULL,
    "fileId" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "expiresAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "CalcDocument_accountId_idx" ON "CalcDocument"("accountId");

-- CreateIndex
CREATE INDEX "CalcDocument_expiresAt_idx" ON "CalcDocument"("expiresAt");

