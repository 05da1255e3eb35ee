// Persistence of jobs. Every read is scoped to the caller's account: another
// account's job, like an expired one, is simply not found.
import { randomUUID } from 'node:crypto';
import type { Prisma } from '@prisma/client';
import type { Database } from '../db/client.ts';
import { claimNextOnPostgres } from './postgres-claim.ts';
import type { Config, Tier } from '../config.ts';
import { AppError } from '../errors.ts';
import type { Principal } from '../auth/keys.ts';
import type { JobError, JobRecord, JobStatus } from './types.ts';

type Row = Awaited<ReturnType<Database['job']['findUniqueOrThrow']>>;

export function toRecord(row: Row): JobRecord {
  return {
    id: row.id,
    accountId: row.accountId,
    tier: row.tier as Tier,
    type: row.type,
    status: row.status as JobStatus,
    progress: row.progress,
    input: row.input,
    results: (row.results as Record<string, unknown> | null) ?? null,
    error: row.errorCode
      ? {
          code: row.errorCode,
          message: row.errorMessage ?? '',
          details: (row.errorDetails as Record<string, unknown> | null) ?? {},
        }
      : null,
    attempts: row.attempts,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    completedAt: row.completedAt,
    expiresAt: row.expiresAt,
  };
}

/** A job is visible to its own account until its retention ends; to everyone else it does not exist. */
export function visibleTo(job: JobRecord | null, accountId: string | undefined): JobRecord | null {
  return job && job.accountId === accountId && job.expiresAt.getTime() > Date.now() ? job : null;
}

export interface JobStore {
  create(principal: Principal, type: string, input: unknown, options?: { runAfter?: Date }): Promise<JobRecord>;
  /** The caller's job, or JOB_NOT_FOUND. */
  get(id: string, principal: Principal): Promise<JobRecord>;
  /** Unscoped batch read for entity resolution; callers check the account. */
  getMany(ids: readonly string[]): Promise<Map<string, JobRecord>>;
  listForAccount(accountId: string, limit: number): Promise<JobRecord[]>;
  /** Jobs of the account pending or in progress. */
  countUnfinished(accountId: string): Promise<number>;
  /**
   * Atomically moves one due pending job to in_progress; null when none is due.
   * Fair across accounts: the job comes from the account with the fewest jobs
   * running (then the one whose oldest due job has waited longest), so one
   * account's flood cannot hold the queue while another's job waits.
   */
  claimNext(types: readonly string[]): Promise<JobRecord | null>;
  /** Status and attempt of each of these jobs that still exists: whether a runner still holds the claim it made. */
  claims(ids: readonly string[]): Promise<Map<string, { status: JobStatus; attempts: number }>>;
  setProgress(id: string, progress: number): Promise<void>;
  complete(id: string, results: Record<string, unknown>): Promise<void>;
  fail(id: string, error: JobError): Promise<void>;
  /** Fails a job only if it is still in progress under this attempt (an abandoned job another runner re-claimed is left alone). */
  failClaimed(id: string, attempts: number, error: JobError): Promise<boolean>;
  /** Puts an in-progress job back to pending, e.g. at shutdown, without spending an attempt. */
  release(id: string): Promise<void>;
  /** After a crash: in-progress jobs are retried, or failed once their attempts are spent. */
  recover(maxAttempts: number): Promise<{ retried: string[]; failed: string[] }>;
  deleteExpired(now: Date): Promise<number>;
  // The queue's side (core/jobs/queue.ts): a worker is handed one job by id rather than claiming the next.
  /**
   * Claims this job for a run: a pending job, or one left in progress by a run that died (the queue
   * re-delivered it), which is failed with JOB_INTERRUPTED instead once `maxAttempts` runs started.
   * null when there is nothing to run: the job is finished, gone, or was just failed.
   */
  claimById(id: string, maxAttempts: number): Promise<{ job: JobRecord } | { interrupted: JobRecord } | null>;
  /** Completes a job only while this attempt still holds it. */
  completeClaimed(id: string, attempts: number, results: Record<string, unknown>): Promise<boolean>;
  /** Puts a job this attempt holds back to pending for a later attempt (its attempts stay spent). */
  retryClaimed(id: string, attempts: number): Promise<boolean>;
  /** Jobs of these types pending or in progress, last changed before `before`: what a queue should hold. */
  unfinished(
    types: readonly string[],
    before: Date,
    limit: number,
  ): Promise<{ id: string; type: string; status: JobStatus; runAfter: Date | null }[]>;
}

/** The columns of a failed job. */
const failedWith = (error: JobError) => ({
  status: 'failed',
  errorCode: error.code,
  errorMessage: error.message,
  errorDetails: error.details as Prisma.InputJsonValue,
  completedAt: new Date(),
});

/**
 * The embedded database's claim: the oldest due job of the account with the fewest running (so one
 * account's burst does not hold the others back), taken atomically by its status; three tries.
 */
async function claimNextEmbedded(db: Database, types: readonly string[], now: Date): Promise<JobRecord | null> {
  const due = { status: 'pending', type: { in: [...types] }, OR: [{ runAfter: null }, { runAfter: { lte: now } }] };
  for (let tries = 0; tries < 3; tries++) {
    const waiting = await db.job.groupBy({ by: ['accountId'], where: due, _min: { createdAt: true } });
    if (waiting.length === 0) return null;
    let accountId = waiting[0]!.accountId;
    if (waiting.length > 1) {
      const running = new Map(
        (await db.job.groupBy({ by: ['accountId'], where: { status: 'in_progress' }, _count: { _all: true } })).map(
          (r) => [r.accountId, r._count._all],
        ),
      );
      const rank = (w: (typeof waiting)[number]) =>
        [running.get(w.accountId) ?? 0, w._min.createdAt?.getTime() ?? 0] as const;
      accountId = waiting.reduce((best, w) => {
        const [a, b] = [rank(w), rank(best)];
        return a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]) ? w : best;
      }).accountId;
    }
    const candidate = await db.job.findFirst({
      where: { ...due, accountId },
      orderBy: { createdAt: 'asc' },
      select: { id: true },
    });
    if (!candidate) continue;
    // The status condition makes the claim atomic across processes.
    const claimed = await db.job.updateMany({
      where: { id: candidate.id, status: 'pending' },
      data: { status: 'in_progress', startedAt: now, attempts: { increment: 1 }, progress: 0 },
    });
    if (claimed.count === 1) return toRecord(await db.job.findUniqueOrThrow({ where: { id: candidate.id } }));
  }
  return null;
}

/** After a restart: jobs left in progress go back to pending, or fail once they used their attempts. */
async function recoverInterrupted(db: Database, maxAttempts: number): Promise<{ retried: string[]; failed: string[] }> {
  const stuck = await db.job.findMany({ where: { status: 'in_progress' }, select: { id: true, attempts: true } });
  const retried: string[] = [];
  const failed: string[] = [];
  for (const job of stuck) {
    if (job.attempts < maxAttempts) {
      await db.job.update({ where: { id: job.id }, data: { status: 'pending', progress: 0 } });
      retried.push(job.id);
    } else {
      await db.job.update({
        where: { id: job.id },
        data: {
          status: 'failed',
          errorCode: 'JOB_INTERRUPTED',
          errorMessage: `The job was interrupted ${job.attempts} time(s) by a server restart and was not retried again`,
          errorDetails: { attempts: job.attempts },
          completedAt: new Date(),
        },
      });
      failed.push(job.id);
    }
  }
  return { retried, failed };
}

/** Queue source: claims the job a worker was handed; one past its attempts fails JOB_INTERRUPTED instead. */
async function claimJobById(db: Database, id: string, maxAttempts: number): ReturnType<JobStore['claimById']> {
  const row = await db.job.findUnique({ where: { id }, select: { status: true, attempts: true } });
  if (!row || (row.status !== 'pending' && row.status !== 'in_progress')) return null;
  if (row.status === 'in_progress' && row.attempts >= maxAttempts) {
    const error = {
      code: 'JOB_INTERRUPTED',
      message: `The job was interrupted ${row.attempts} time(s) (its worker stopped) and was not retried again`,
      details: { attempts: row.attempts },
    };
    const failed = await db.job.updateMany({
      where: { id, status: 'in_progress', attempts: row.attempts },
      data: failedWith(error),
    });
    return failed.count === 1 ? { interrupted: toRecord(await db.job.findUniqueOrThrow({ where: { id } })) } : null;
  }
  // Conditional on what was read, so two workers handed the same job cannot both claim it.
  const claimed = await db.job.updateMany({
    where: { id, status: row.status, attempts: row.attempts },
    data: { status: 'in_progress', startedAt: new Date(), attempts: { increment: 1 }, progress: 0 },
  });
  return claimed.count === 1 ? { job: toRecord(await db.job.findUniqueOrThrow({ where: { id } })) } : null;
}

export function createJobStore(db: Database, config: Pick<Config, 'tiers'>): JobStore {
  // PostgreSQL claims with FOR UPDATE SKIP LOCKED (postgres-claim.ts); the embedded database below.
  const postgres = db.engine === 'postgresql';
  return {
    async create(principal, type, input, options) {
      const retention = config.tiers[principal.tier].retentionSeconds;
      const row = await db.job.create({
        data: {
          id: randomUUID(),
          accountId: principal.accountId,
          tier: principal.tier,
          type,
          status: 'pending',
          input: input as Prisma.InputJsonValue,
          expiresAt: new Date(Date.now() + retention * 1000),
          runAfter: options?.runAfter ?? null,
        },
      });
      return toRecord(row);
    },

    async get(id, principal) {
      const row = await db.job.findUnique({ where: { id } });
      const job = visibleTo(row && toRecord(row), principal.accountId);
      if (!job) throw new AppError('JOB_NOT_FOUND', `Job ${id} not found`, { job_id: id });
      return job;
    },

    async getMany(ids) {
      const rows = await db.job.findMany({ where: { id: { in: [...ids] } } });
      return new Map(rows.map((r) => [r.id, toRecord(r)]));
    },

    async listForAccount(accountId, limit) {
      const rows = await db.job.findMany({
        where: { accountId, expiresAt: { gt: new Date() } },
        orderBy: { createdAt: 'desc' },
        take: limit,
      });
      return rows.map(toRecord);
    },

    async countUnfinished(accountId) {
      return db.job.count({ where: { accountId, status: { in: ['pending', 'in_progress'] } } });
    },

    async claimNext(types) {
      const now = new Date();
      if (postgres) {
        const id = await claimNextOnPostgres(db, types, now);
        return id ? toRecord(await db.job.findUniqueOrThrow({ where: { id } })) : null;
      }
      return claimNextEmbedded(db, types, now);
    },

    async claims(ids) {
      const rows = await db.job.findMany({
        where: { id: { in: [...ids] } },
        select: { id: true, status: true, attempts: true },
      });
      return new Map(rows.map((r) => [r.id, { status: r.status as JobStatus, attempts: r.attempts }]));
    },

    async setProgress(id, progress) {
      await db.job.updateMany({ where: { id, status: 'in_progress' }, data: { progress } });
    },

    async complete(id, results) {
      await db.job.update({
        where: { id },
        data: {
          status: 'completed',
          progress: 100,
          results: results as Prisma.InputJsonValue,
          completedAt: new Date(),
        },
      });
    },

    async fail(id, error) {
      await db.job.update({ where: { id }, data: failedWith(error) });
    },

    async failClaimed(id, attempts, error) {
      const updated = await db.job.updateMany({
        where: { id, status: 'in_progress', attempts },
        data: failedWith(error),
      });
      return updated.count === 1;
    },

    async release(id) {
      await db.job.updateMany({
        where: { id, status: 'in_progress' },
        data: { status: 'pending', progress: 0, attempts: { decrement: 1 } },
      });
    },

    recover: (maxAttempts) => recoverInterrupted(db, maxAttempts),

    async deleteExpired(now) {
      return (await db.job.deleteMany({ where: { expiresAt: { lte: now } } })).count;
    },

    claimById: (id, maxAttempts) => claimJobById(db, id, maxAttempts),

    async completeClaimed(id, attempts, results) {
      const updated = await db.job.updateMany({
        where: { id, status: 'in_progress', attempts },
        data: {
          status: 'completed',
          progress: 100,
          results: results as Prisma.InputJsonValue,
          completedAt: new Date(),
        },
      });
      return updated.count === 1;
    },

    async retryClaimed(id, attempts) {
      const updated = await db.job.updateMany({
        where: { id, status: 'in_progress', attempts },
        data: { status: 'pending', progress: 0 },
      });
      return updated.count === 1;
    },

    async unfinished(types, before, limit) {
      const rows = await db.job.findMany({
        where: { type: { in: [...types] }, status: { in: ['pending', 'in_progress'] }, updatedAt: { lt: before } },
        select: { id: true, type: true, status: true, runAfter: true },
        orderBy: { createdAt: 'asc' },
        take: limit,
      });
      return rows.map((r) => ({ ...r, status: r.status as JobStatus }));
    },
  };
}
