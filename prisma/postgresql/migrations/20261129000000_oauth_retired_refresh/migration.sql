-- Refresh tokens a grant rotated away from: presenting one again revokes the grant (issue 29, finding 14).
-- CreateTable
CREATE TABLE "OAuthRetiredRefresh" (
    "hash" TEXT NOT NULL,
    "grantId" TEXT NOT NULL,
    "retiredAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OAuthRetiredRefresh_pkey" PRIMARY KEY ("hash")
);

-- CreateIndex
CREATE INDEX "OAuthRetiredRefresh_grantId_idx" ON "OAuthRetiredRefresh"("grantId");

-- AddForeignKey
ALTER TABLE "OAuthRetiredRefresh" ADD CONSTRAINT "OAuthRetiredRefresh_grantId_fkey" FOREIGN KEY ("grantId") REFERENCES "OAuthGrant"("id") ON DELETE CASCADE ON UPDATE CASCADE;
