-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_CodeEntry" (
    "fileId" TEXT NOT NULL PRIMARY KEY,
    "filename" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "designStandard" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "addedAt" REAL NOT NULL,
    "indexStatus" TEXT NOT NULL DEFAULT 'not_indexed',
    "pageCount" INTEGER,
    "passageCount" INTEGER,
    "indexedAt" DATETIME
);
INSERT INTO "new_CodeEntry" ("addedAt", "description", "designStandard", "fileId", "filename", "path") SELECT "addedAt", "description", "designStandard", "fileId", "filename", "path" FROM "CodeEntry";
DROP TABLE "CodeEntry";
ALTER TABLE "new_CodeEntry" RENAME TO "CodeEntry";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

