// Claiming the next job on PostgreSQL: one statement that picks and takes it.
// FOR UPDATE SKIP LOCKED lets runners in many processes claim at once without
// waiting on each other or taking the same row: a row another runner is taking
// is skipped, not waited for. The order is the embedded store's (store.ts): the
// account with the fewest jobs running first, then the oldest due job.
import type { Database } from '../db/client.ts';

export async function claimNextOnPostgres(db: Database, types: readonly string[], now: Date): Promise<string | null> {
  if (!types.length) return null;
  const typeList = types.map((_, i) => `$${i + 2}`).join(', ');
  const rows = await db.$queryRawUnsafe<{ id: string }[]>(
    `WITH running AS (SELECT "accountId", COUNT(*) AS n FROM "Job" WHERE "status" = 'in_progress' GROUP BY "accountId"),
          next AS (
            SELECT j."id" FROM "Job" j LEFT JOIN running r ON r."accountId" = j."accountId"
             WHERE j."status" = 'pending' AND j."type" IN (${typeList}) AND (j."runAfter" IS NULL OR j."runAfter" <= $1)
             ORDER BY COALESCE(r.n, 0), j."createdAt", j."id"
             LIMIT 1 FOR UPDATE OF j SKIP LOCKED)
     UPDATE "Job" SET "status" = 'in_progress', "startedAt" = $1, "updatedAt" = $1, "attempts" = "attempts" + 1, "progress" = 0
       FROM next WHERE "Job"."id" = next."id" AND "Job"."status" = 'pending'
     RETURNING "Job"."id"`,
    now,
    ...types,
  );
  return rows[0]?.id ?? null;
}
