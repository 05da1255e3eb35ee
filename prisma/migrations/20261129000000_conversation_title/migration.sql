-- A conversation's title: its first message to start with, renamed by the user (renameConversation).
ALTER TABLE "Conversation" ADD COLUMN "title" TEXT NOT NULL DEFAULT '';
