-- Refresh tokens a grant rotated away from: presenting one again revokes the grant (issue 29, finding 14).
-- CreateTable
CREATE TABLE "OAuthRetiredRefresh" (
    "hash" TEXT NOT NULL PRIMARY KEY,
    "grantId" TEXT NOT NULL,
    "retiredAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "OAuthRetiredRefresh_grantId_fkey" FOREIGN KEY ("grantId") REFERENCES "OAuthGrant" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "OAuthRetiredRefresh_grantId_idx" ON "OAuthRetiredRefresh"("grantId");
