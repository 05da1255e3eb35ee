-- The meanings of the symbols and abbreviations a passage uses
-- (subgraphs/content/search/glossary.ts), searched at weight D beside the
-- text (libSQL: 20261124230000_code_passage_glossary).
ALTER TABLE "CodePassage" ADD COLUMN "glossary" TEXT NOT NULL DEFAULT '';
DROP INDEX "CodePassage_tsv_idx";
ALTER TABLE "CodePassage" DROP COLUMN "tsv";
ALTER TABLE "CodePassage" ADD COLUMN "tsv" tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('platform_english', "heading"), 'A') || setweight(to_tsvector('platform_english', "section"), 'B') || setweight(to_tsvector('platform_english', "text"), 'C') || setweight(to_tsvector('platform_english', "glossary"), 'D')
) STORED;
CREATE INDEX "CodePassage_tsv_idx" ON "CodePassage" USING gin ("tsv");
