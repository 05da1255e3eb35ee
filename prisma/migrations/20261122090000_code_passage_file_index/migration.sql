-- Lets a file-filtered full-text search check each match's file from the
-- index instead of reading the passage row (text and embedding) it belongs to.
CREATE INDEX "CodePassage_id_fileId_idx" ON "CodePassage"("id", "fileId");
