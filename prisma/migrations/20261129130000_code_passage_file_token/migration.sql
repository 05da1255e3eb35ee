-- A passage's file as a full-text token ('f' and its id's UTF-8 bytes in hex: one token, the same
-- for no two files), in a fifth FTS5 column weighted 0: a search of some files (the files its
-- caller may see, or the file_ids it names) puts them in the MATCH expression, so FTS5 drops the
-- matches of every other file while it reads its doclists, instead of each match being looked up
-- for its file before the best are kept (subgraphs/content/search/libsql-index.ts).
ALTER TABLE "CodePassage" ADD COLUMN "fileToken" TEXT GENERATED ALWAYS AS ('f' || lower(hex("fileId"))) VIRTUAL;

DROP TRIGGER "CodePassage_ai";
DROP TRIGGER "CodePassage_ad";
DROP TABLE "CodePassageFts";

CREATE VIRTUAL TABLE "CodePassageFts" USING fts5("heading", "text", "section", "glossary", "fileToken", content = 'CodePassage', content_rowid = 'id', tokenize = 'porter unicode61');

CREATE TRIGGER "CodePassage_ai" AFTER INSERT ON "CodePassage" BEGIN
    INSERT INTO "CodePassageFts"(rowid, "heading", "text", "section", "glossary", "fileToken") VALUES (new."id", new."heading", new."text", new."section", new."glossary", new."fileToken");
END;

CREATE TRIGGER "CodePassage_ad" AFTER DELETE ON "CodePassage" BEGIN
    INSERT INTO "CodePassageFts"("CodePassageFts", rowid, "heading", "text", "section", "glossary", "fileToken") VALUES ('delete', old."id", old."heading", old."text", old."section", old."glossary", old."fileToken");
END;

INSERT INTO "CodePassageFts"("CodePassageFts") VALUES ('rebuild');

-- Its one reader, the file-filtered full-text join, is gone.
DROP INDEX "CodePassage_id_fileId_idx";
