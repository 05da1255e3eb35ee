-- The meanings of the symbols and abbreviations a passage uses, learnt from
-- where its code defines them (subgraphs/content/search/glossary.ts), searched
-- as a fourth full-text column. Passages indexed before this migration have
-- none until their code is ingested again.
ALTER TABLE "CodePassage" ADD COLUMN "glossary" TEXT NOT NULL DEFAULT '';

DROP TRIGGER "CodePassage_ai";
DROP TRIGGER "CodePassage_ad";
DROP TABLE "CodePassageFts";

CREATE VIRTUAL TABLE "CodePassageFts" USING fts5("heading", "text", "section", "glossary", content = 'CodePassage', content_rowid = 'id', tokenize = 'porter unicode61');

CREATE TRIGGER "CodePassage_ai" AFTER INSERT ON "CodePassage" BEGIN
    INSERT INTO "CodePassageFts"(rowid, "heading", "text", "section", "glossary") VALUES (new."id", new."heading", new."text", new."section", new."glossary");
END;

CREATE TRIGGER "CodePassage_ad" AFTER DELETE ON "CodePassage" BEGIN
    INSERT INTO "CodePassageFts"("CodePassageFts", rowid, "heading", "text", "section", "glossary") VALUES ('delete', old."id", old."heading", old."text", old."section", old."glossary");
END;

INSERT INTO "CodePassageFts"("CodePassageFts") VALUES ('rebuild');
