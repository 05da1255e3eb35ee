-- CreateTable
CREATE TABLE "DrawingFile" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "accountId" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "pageCount" INTEGER NOT NULL,
    "storageKey" TEXT NOT NULL,
    "uploadedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "Drawing" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "accountId" TEXT NOT NULL,
    "fileHash" TEXT NOT NULL,
    "page" INTEGER NOT NULL,
    "result" JSONB NOT NULL,
    "processingMs" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE UNIQUE INDEX "DrawingFile_storageKey_key" ON "DrawingFile"("storageKey");

-- CreateIndex
CREATE INDEX "DrawingFile_expiresAt_idx" ON "DrawingFile"("expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "DrawingFile_accountId_hash_key" ON "DrawingFile"("accountId", "hash");

-- CreateIndex
CREATE INDEX "Drawing_expiresAt_idx" ON "Drawing"("expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "Drawing_accountId_fileHash_page_key" ON "Drawing"("accountId", "fileHash", "page");

