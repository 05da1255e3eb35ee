-- The printed page label ("2-14", "iii") and the headings above a passage's
-- clause. Hand-written like the table itself (see 20261122020000_code_search).
-- Passages indexed before this migration get the page index as their label
-- and no heading path until the code is ingested again.
ALTER TABLE "CodePassage" ADD COLUMN "pageLabel" TEXT NOT NULL DEFAULT '';
ALTER TABLE "CodePassage" ADD COLUMN "headingPath" TEXT NOT NULL DEFAULT '';
UPDATE "CodePassage" SET "pageLabel" = CAST("page" AS TEXT);
