-- How many passages of each code hold each term (a content word's stem, see
-- subgraphs/content/search/relevance.ts), so the relevance score can weigh a
-- rare word above a common one. Written with the passages by replaceFile;
-- the term '#passages' holds the code's passage count. Hand-written like
-- "CodePassage" (see 20261122020000_code_search). Codes indexed before this
-- migration weigh every word alike until they are ingested again.
CREATE TABLE "CodeTerm" (
    "fileId" TEXT NOT NULL,
    "term" TEXT NOT NULL,
    "passages" INTEGER NOT NULL,
    PRIMARY KEY ("fileId", "term")
) WITHOUT ROWID;

CREATE INDEX "CodeTerm_term_idx" ON "CodeTerm"("term", "fileId");
