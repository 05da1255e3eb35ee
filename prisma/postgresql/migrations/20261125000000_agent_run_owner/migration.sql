-- The gateway slot whose process runs an agent run: a restarted replica interrupts only its own.
ALTER TABLE "AgentRun" ADD COLUMN "owner" TEXT NOT NULL DEFAULT '';
