import type { Principal } from '../auth/keys.ts';
import type { Config, Tier, TierLimits } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { BlobStorage } from '../files/blob-storage.ts';
import type { FileStore } from '../files/store.ts';
import type { WorkerPool } from './worker-pool.ts';
import type { Cache } from '../cache.ts';
import type { Embedder } from '../embedding/embed.ts';
import type { SubgraphServices } from '../subgraph-services.ts';

export type JobStatus = 'pending' | 'in_progress' | 'completed' | 'failed';
export const TERMINAL: ReadonlySet<JobStatus> = new Set(['completed', 'failed']);

export interface JobError {
  code: string;
  message: string;
  details: Record<string, unknown>;
}

export interface JobRecord {
  id: string;
  accountId: string;
  tier: Tier;
  type: string;
  status: JobStatus;
  progress: number;
  input: unknown;
  results: Record<string, unknown> | null;
  error: JobError | null;
  attempts: number;
  createdAt: Date;
  updatedAt: Date;
  completedAt: Date | null;
  expiresAt: Date;
}

export interface JobEvent {
  jobId: string;
  status: JobStatus;
  progress: number;
}

export interface JobContext<I> {
  job: Pick<JobRecord, 'id' | 'accountId' | 'tier' | 'type' | 'attempts' | 'expiresAt'>;
  input: I;
  /** 0–100; repeated values are dropped. */
  progress(percent: number): Promise<void>;
  /**
   * Aborted when the job is abandoned or over its time (core/jobs/runner.ts;
   * the reason is the AppError the job fails with) or when the process shuts
   * down (the job is resumed later). Pass it to every worker task and wait.
   */
  signal: AbortSignal;
  files: FileStore;
  /** Raw bytes domain modules keep (a project's PDFs, for example). */
  blobs: BlobStorage;
  workers: WorkerPool;
  /** Computed answers kept for a while (in-process, or shared through Redis with REDIS_URL). */
  cache: Cache;
  /** The platform's database, for handlers that read domain data (the search index, say). */
  db: Database;
  config: Config;
  /** The platform's text embedder (Platform.embedder). */
  embedder: Embedder;
  /** Code search's embedder (Platform.codeEmbedder). */
  codeEmbedder: Embedder;
  /** The subgraphs' collaborators, built when the platform was created (Platform.services). */
  services: SubgraphServices;
}

/**
 * One job type, declared once: its catalogue entry (published as Job.kind), how its input is
 * checked and how it runs. A subgraph lists its job types in its module (subgraphs/module.ts);
 * every list a process needs (the catalogue, the runner's types) is derived from those lists.
 * `parse` runs at creation time so bad input never becomes a job.
 */
export interface JobHandler<I = unknown> {
  type: string;
  /** What a person calls it ("Code search"). */
  title: string;
  description: string;
  /** [min, max] seconds a job of this type typically takes: the spec's figure where it gives one. */
  typicalSeconds: readonly [number, number];
  /**
   * The typed operation that creates it, where it has one: its GraphQL mutation, and the REST
   * route that runs that mutation (or why there is none). Every type that is not `internal` is
   * also created by the generic createJob(type, input) mutation and POST /v1/jobs.
   */
  operation?: { mutation: string; route: string | { none: string } };
  /** Only its own operation creates it (work comes first, such as storing the messages): createJob refuses it. */
  internal?: { why: string };
  /**
   * Checks and normalises the input at creation. `limits` are the caller's tier's, so that a
   * type created through the generic createJob is held to the same limits as its typed mutation.
   */
  parse(input: unknown, principal: Principal, limits: TierLimits): I;
  run(ctx: JobContext<I>): Promise<Record<string, unknown>>;
}
