-- Issue 32: the names a code prints for itself (learnt at indexing), and a firm's private
-- documents in the same library (owned by an account, expiring with its tier's retention).
ALTER TABLE "CodeEntry" ADD COLUMN "designations" JSONB NOT NULL DEFAULT '[]';
ALTER TABLE "CodeEntry" ADD COLUMN "accountId" TEXT;
ALTER TABLE "CodeEntry" ADD COLUMN "expiresAt" DATETIME;
ALTER TABLE "CodeEntry" ADD COLUMN "jobId" TEXT;
CREATE INDEX "CodeEntry_accountId_idx" ON "CodeEntry"("accountId");
CREATE INDEX "CodeEntry_expiresAt_idx" ON "CodeEntry"("expiresAt");
