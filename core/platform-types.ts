// What the platform is to the code that uses it: the Platform interface, and the contract of the
// tools subgraphs offer agents (ToolContext names the Platform and the Platform holds the tools,
// so both live in this one module rather than in two that import each other). The code that
// builds a platform is platform.ts; the tools' shared behaviour is platform-tools.ts.
import type { z } from 'zod';
import type { Config } from './config.ts';
import type { Database } from './db/types.ts';
import type { KeyStore, Principal } from './auth/keys.ts';
import type { OAuth } from './auth/oauth.ts';
import type { Logger } from './log.ts';
import type { RateLimits } from './rate-limit.ts';
import type { BlobStorage } from './files/blob-storage.ts';
import type { FileStore } from './files/store.ts';
import type { JobRunner } from './jobs/runner.ts';
import type { JobService } from './jobs/service.ts';
import type { WorkerPool } from './jobs/worker-pool.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { Cache } from './cache.ts';
import type { Embedder } from './embedding/embed.ts';
import type { PricedWork } from './prices.ts';
import type { SubgraphServices } from './subgraph-services.ts';

/** What a subgraph's collaborators are built from: the platform's parts that exist before jobs run. */
export type ServiceBase = Pick<Platform, 'config' | 'log' | 'db' | 'embedder' | 'onClose'>;

export interface Platform {
  config: Config;
  /** The base of links the platform hands out: PUBLIC_URL, or the address the server bound when its port was 0 (bindPublicUrl). */
  publicUrl(): string;
  /** Called once by the server that listens on an ephemeral port: links name the port actually bound. */
  bindPublicUrl(url: string): void;
  log: Logger;
  db: Database;
  keys: KeyStore;
  /** Sign-in for native apps; its access tokens are accepted by `keys`. */
  oauth: OAuth;
  rateLimits: RateLimits;
  files: FileStore;
  /** Raw bytes that domain modules keep (uploaded drawings, for example), under the data directory. */
  blobs: BlobStorage;
  jobs: JobService;
  runner: JobRunner;
  /** With REDIS_URL: the BullMQ queues jobs go through (and this process's workers, if it runs jobs). */
  queue: JobQueue | null;
  /** Computed answers kept for a while: in-process, or in Redis with REDIS_URL. */
  cache: Cache;
  workers: WorkerPool;
  /** The tools the subgraphs offer agents (SubgraphModule.tools), by the name the model sees. */
  tools: ToolRegistry;
  /** The text embedder of memory and projects (core/embedding/: EMBEDDER). */
  embedder: Embedder;
  /** Code search's (EMBEDDER_CODE; the same object when both name one embedder). */
  codeEmbedder: Embedder;
  /** Each subgraph's own collaborators, built when the platform was created (SubgraphServices). */
  services: SubgraphServices;
  /** Deletes expired jobs, files and whatever registered sweepers own; also runs on a timer. */
  sweep(): Promise<{ jobs: number; files: number; other: number }>;
  /** Adds a domain module's clean-up of expired data to every sweep. */
  registerSweeper(sweeper: (now: Date) => Promise<number>): void;
  /** Adds a domain module's own clean-up (a connection to an outside engine) to close(). */
  onClose(closer: () => Promise<void>): void;
  /** Stops the runner (letting running jobs finish within graceMs) and closes everything. */
  close(graceMs?: number): Promise<void>;
}

export interface Charge {
  kind: PricedWork;
  units: number;
}

export interface ToolContext {
  platform: Platform;
  principal: Principal;
  /** Aborted when the run stops: a wait for a job ends (the job itself runs on). */
  signal: AbortSignal;
}

export interface PlatformTool<S extends z.ZodType = z.ZodType> {
  description: string;
  args: S;
  run(ctx: ToolContext, args: z.output<S>): Promise<{ result: unknown; charges?: Charge[] }>;
}

/** Every tool of the deployment, by the name the model sees. */
export type ToolRegistry = Readonly<Record<string, PlatformTool>>;
