-- Full text over what each episode said, so retrieval can use the message
-- itself as evidence: a statement the extractor turned into a poor fact (or
-- none) is still found through its words. Hand-written like the other memory
-- tables; reached only through subgraphs/memory/store/libsql-store.ts.
CREATE VIRTUAL TABLE "MemoryEpisodeFts" USING fts5("content", content = 'MemoryEpisode', content_rowid = 'seq', tokenize = 'porter unicode61');

INSERT INTO "MemoryEpisodeFts"(rowid, "content") SELECT "seq", "content" FROM "MemoryEpisode";

CREATE TRIGGER "MemoryEpisode_fts_ai" AFTER INSERT ON "MemoryEpisode" BEGIN
    INSERT INTO "MemoryEpisodeFts"(rowid, "content") VALUES (new."seq", new."content");
END;

CREATE TRIGGER "MemoryEpisode_fts_ad" AFTER DELETE ON "MemoryEpisode" BEGIN
    INSERT INTO "MemoryEpisodeFts"("MemoryEpisodeFts", rowid, "content") VALUES ('delete', old."seq", old."content");
END;

CREATE TRIGGER "MemoryEpisode_fts_au" AFTER UPDATE OF "content" ON "MemoryEpisode" BEGIN
    INSERT INTO "MemoryEpisodeFts"("MemoryEpisodeFts", rowid, "content") VALUES ('delete', old."seq", old."content");
    INSERT INTO "MemoryEpisodeFts"(rowid, "content") VALUES (new."seq", new."content");
END;
