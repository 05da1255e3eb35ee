-- A passage's file as a lexeme of its tsvector ('f' and the md5 of its id, by the 'simple'
-- configuration: never stemmed): a search of some files (the files its caller may see, or the
-- file_ids it names) asks the GIN index for matches of its words AND of one of those files, so
-- matches in other files never reach the heap (subgraphs/content/search/postgres-index.ts). Ranks
-- count only the words' lexemes, so they are as before (libSQL: 20261129130000_code_passage_file_token).
DROP INDEX "CodePassage_tsv_idx";
ALTER TABLE "CodePassage" DROP COLUMN "tsv";
ALTER TABLE "CodePassage" ADD COLUMN "tsv" tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('platform_english', "heading"), 'A') || setweight(to_tsvector('platform_english', "section"), 'B') || setweight(to_tsvector('platform_english', "text"), 'C') || setweight(to_tsvector('platform_english', "glossary"), 'D') || to_tsvector('simple', 'f' || md5("fileId"))
) STORED;
CREATE INDEX "CodePassage_tsv_idx" ON "CodePassage" USING gin ("tsv");
