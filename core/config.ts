// Every setting comes from the environment, with the defaults documented in the README.
import path from 'node:path';
import { deflateRawSync } from 'node:zlib';

export type Tier = 'free' | 'pro' | 'enterprise';
export const TIERS: readonly Tier[] = ['free', 'pro', 'enterprise'];

export interface TierLimits {
  requestsPerMinute: number;
  retentionSeconds: number;
  /** null means unlimited. */
  elementsPerDocument: number | null;
  /** Jobs of one account pending or running at once; past it a new job is refused with 429 TOO_MANY_JOBS. */
  maxUnfinishedJobs: number;
  /** Agent usage (model tokens and platform work, in USD) one account may spend per usage period. */
  agentCreditsUsd: number;
}

export interface Config {
  env: 'development' | 'production';
  host: string;
  gatewayPort: number;
  memoryPort: number;
  /** Public base URL used when building signed download links. */
  publicUrl: string;
  dataDir: string;
  databaseUrl: string;
  signingSecret: string;
  logLevel: string;
  tiers: Record<Tier, TierLimits>;
  /** Per-key allowance for job status polling, per minute. */
  pollingPerMinute: number;
  /** Per client address for the public code library and blog, per minute. */
  publicPerMinute: number;
  /** Per-key allowance for desktop heartbeats, per minute: one machine beats 3 times a minute. */
  heartbeatPerMinute: number;
  /** Per-key allowance for the desktop bridge's answers (submitToolResult), per minute. */
  bridgePerMinute: number;
  jobConcurrency: number;
  workerThreads: number;
  /** How long an idle worker thread lives; a new one pays for loading its task's libraries again. */
  workerIdleMs: number;
  /** Attempts a job gets when the process dies under it before it is failed. */
  jobMaxAttempts: number;
  sweepIntervalMs: number;
  /** On SIGTERM, how long running jobs may take to finish before they are released for the next start. */
  shutdownGraceMs: number;
  /**
   * The slot this gateway process fills (GATEWAY_REPLICA; '' for a lone gateway). A replica
   * restarted into the same slot interrupts only the agent runs that slot owned: the others are
   * alive in their replicas.
   */
  replica: string;
  /**
   * How many gateway replicas share the Redis rate limits (GATEWAY_REPLICAS; npm run start:cluster
   * sets it). While Redis is away each replica allows its 1/N share of a budget, so the replicas
   * together never allow more than the budget (core/rate-limit.ts).
   */
  gatewayReplicas: number;
  /** name → URL of subgraphs served by other processes; the rest run in-process. */
  remoteSubgraphs: Record<string, string>;
  /** How long a request waits for a remote subgraph that refuses connections (its process restarting) before failing. */
  subgraphRefusedWaitMs: number;
  /** Whether this process runs jobs (a gateway in front of a remote documents subgraph does not). */
  runJobs: boolean;
  /** Diagnostic job types used by tests and benchmarks; off in production unless asked for. */
  diagnosticJobs: boolean;
  /**
   * A Redis server (redis://host:port) for scale-out: jobs go through BullMQ queues, job events
   * through pub/sub, rate limits and the search cache are shared by every process. null: in-process.
   */
  redisUrl: string | null;
  /** Namespaces every key and channel, so deployments (or test servers) can share one Redis. */
  redisPrefix: string;
  /** A queued job whose worker stops renewing its lock for this long (the process died) is handed to another worker. */
  jobLockMs: number;
  /** First retry delay of a job that failed with an unexpected error (doubling each time), on the queue. */
  jobRetryDelayMs: number;
  /** How often a queue worker re-enqueues jobs the database has but Redis lost (a Redis restart, a failed enqueue). */
  jobReconcileMs: number;
  /** Lets POST /clear on the memory service delete every account's data. */
  memoryClearEnabled: boolean;
  /**
   * The text embedder (core/embedding/): "use-lite" (Universal Sentence Encoder lite, shipped in an npm package,
   * run in a worker thread; the default), "hash" (the hashing embedder, no model) or "openai" (EMBEDDINGS_URL's
   * OpenAI-compatible endpoint; the default when that URL is set).
   */
  embedder: 'use-lite' | 'hash' | 'openai';
  /**
   * Code search's embedder (EMBEDDER_CODE): by default EMBEDDER when it is set, else "hash", which measured
   * better than the model on code search (docs/capabilities/code-search.md, "The embedding model").
   */
  codeEmbedder: 'use-lite' | 'hash' | 'openai';
  /** The OpenAI-compatible embeddings API of EMBEDDER=openai. */
  embeddingsUrl: string | null;
  embeddingsModel: string;
  embeddingsApiKey: string | null;
  /** The width asked of that endpoint (the stores take any width: a change re-embeds, see core/embedding/README.md). */
  embeddingsDimensions: number;
  /** A search job fails with SEARCH_TIMEOUT past this. */
  searchTimeoutMs: number;
  /** The same search within this many seconds answers from a cache. */
  searchCacheSeconds: number;
  uploadLimitBytes: number;
  jsonLimitBytes: number;
  // Memory service
  /** A Neo4j server for the memory graph (bolt/neo4j URL); null keeps it in the platform database. */
  neo4jUri: string | null;
  neo4jUser: string;
  neo4jPassword: string;
  /** An OpenAI-compatible chat completions API for fact extraction; null uses the deterministic extractor. */
  memoryLlmUrl: string | null;
  memoryLlmModel: string;
  memoryLlmApiKey: string | null;
  /** OpenAI-compatible chat completions API that writes project community summaries; null keeps the deterministic ones only. */
  projectLlmUrl: string | null;
  projectLlmModel: string;
  projectLlmApiKey: string | null;
  projectLlmTimeoutMs: number;
  /** A reranking API (Cohere/Jina-style POST /rerank) for reranker=cross_encoder; null uses the local pairwise scorer. */
  memoryRerankerUrl: string | null;
  memoryRerankerModel: string;
  memoryRerankerApiKey: string | null;
  // Agent runs and the desktop bridge (subgraphs/agents/)
  /** An OpenAI-compatible chat completions API (with tool calling) for agent runs; null refuses runs with AGENT_MODEL_NOT_CONFIGURED. */
  agentLlmUrl: string | null;
  agentLlmModel: string;
  agentLlmApiKey: string | null;
  /** Lets the configured model endpoint be on a private or loopback address (a model served on the local network); public only otherwise. */
  agentLlmAllowPrivate: boolean;
  /** One model call (the whole streamed answer) may take this long before the run is interrupted. */
  agentLlmTimeoutMs: number;
  /** A desktop tool call not answered within this fails its step with DESKTOP_TIMEOUT. */
  agentToolTimeoutMs: number;
  /** How long a run waits for a disconnected (or absent) desktop before it is interrupted. */
  agentDesktopWaitMs: number;
  /** A desktop whose last heartbeat is older than this counts as disconnected (the client beats every 20 s). */
  agentHeartbeatTimeoutMs: number;
  /** Model prices in USD per million input and output tokens (the spec gives none; an operator sets their model's). */
  agentPriceInPerMtok: number;
  agentPriceOutPerMtok: number;
  /** Length of the usage period in seconds; periods start at multiples of it since the Unix epoch (a day: at 00:00 UTC). */
  agentUsagePeriodS: number;
  // Sign-in for native apps (core/auth/oauth.ts)
  /** How long a pending authorization (the browser step, a device code) lasts: the app's sign-in window. */
  oauthPendingTtlMs: number;
  /** Lifetime of an access token, and of a refresh token, in seconds. */
  oauthAccessTtlS: number;
  oauthRefreshTtlS: number;
}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value)) throw new Error(`Environment variable ${name} must be a number, got "${raw}"`);
  return value;
}

function embedderName(name: string | undefined, url: string | undefined): Config['embedder'] {
  if (!name) return url ? 'openai' : 'use-lite';
  if (name !== 'use-lite' && name !== 'hash' && name !== 'openai') throw new Error(`EMBEDDER must be use-lite, hash or openai (got ${name})`);
  if (name === 'openai' && !url) throw new Error('EMBEDDER=openai needs EMBEDDINGS_URL');
  return name;
}

function bool(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  return raw === '1' || raw.toLowerCase() === 'true';
}

/** REMOTE_SUBGRAPHS="documents=http://127.0.0.1:4101/graphql,drawings=http://…" */
function remoteSubgraphs(raw: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (raw ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    const eq = part.indexOf('=');
    if (eq < 1) throw new Error(`REMOTE_SUBGRAPHS entry "${part}" must look like name=url`);
    out[part.slice(0, eq)] = part.slice(eq + 1);
  }
  return out;
}

/** Signs download links in development only: it is in this public repository, so it protects nothing. */
const DEVELOPMENT_SIGNING_SECRET = 'development-only-signing-secret';

/** What a production signing secret must carry: 32 bytes, as `openssl rand -base64 32` gives. */
export const SIGNING_SECRET_MIN_BITS = 256;

/**
 * An upper bound on the entropy of a secret, in bits: the smaller of its length times the bits of
 * the alphabet it is written in (16 symbols for hex, 64 for base64 and base64url, 95 printable
 * characters otherwise) and the bits left once deflate has removed its repetitions. A random
 * secret passes both; `dev`, a word, or a short pattern repeated to length fails one.
 */
export function secretEntropyBits(secret: string): number {
  if (!secret) return 0;
  const symbols = /^[0-9a-fA-F]+$/.test(secret) ? 16 : /^[A-Za-z0-9+/_=-]+$/.test(secret) ? 64 : 95;
  const byAlphabet = secret.length * Math.log2(symbols);
  // deflate's fixed overhead (about 10 bytes on short input) is not information.
  const byCompression = Math.max(0, deflateRawSync(Buffer.from(secret), { level: 9 }).length - 2) * 8;
  return Math.floor(Math.min(byAlphabet, byCompression));
}

/**
 * Refuses to run a server without a secret of its own outside development
 * (called by createPlatform; the key and code CLIs, which sign nothing, do not need one): it
 * must be set, not the public development secret, and carry at least 32 bytes of entropy, since
 * anyone who guesses it can sign download links (a 3-character `dev` started production).
 */
export function assertSigningSecret(config: Pick<Config, 'env' | 'signingSecret'>): void {
  if (config.env === 'development') return;
  if (!config.signingSecret || config.signingSecret === DEVELOPMENT_SIGNING_SECRET) {
    throw new Error(
      'SIGNING_SECRET must be set to a secret of your own: the server runs in production mode unless NODE_ENV=development ' +
        '(npm start sets it), and download links signed with the public development secret could be forged by anyone.',
    );
  }
  const bits = secretEntropyBits(config.signingSecret);
  if (bits < SIGNING_SECRET_MIN_BITS) {
    throw new Error(
      `SIGNING_SECRET is too weak: it carries at most ${bits} bits of entropy and production needs ${SIGNING_SECRET_MIN_BITS} (32 random bytes), ` +
        'or download links could be forged by guessing it. Generate one with: openssl rand -base64 32',
    );
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Production unless development is asked for explicitly: a deployment that forgets NODE_ENV gets no
  // Sandbox, no introspection, no diagnostic jobs and no public signing secret.
  const production = env.NODE_ENV !== 'development';
  const dataDir = path.resolve(env.DATA_DIR ?? 'data');
  const gatewayPort = int(env, 'PORT', 4000);
  const host = env.HOST ?? '127.0.0.1';
  const signingSecret = env.SIGNING_SECRET || (production ? '' : DEVELOPMENT_SIGNING_SECRET);
  const remote = remoteSubgraphs(env.REMOTE_SUBGRAPHS);
  return {
    env: production ? 'production' : 'development',
    host,
    gatewayPort,
    memoryPort: int(env, 'MEMORY_PORT', 8000),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${gatewayPort}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: env.DATABASE_URL ?? `file:${path.join(dataDir, 'platform.db')}`,
    signingSecret,
    logLevel: env.LOG_LEVEL ?? 'info',
    tiers: {
      free: {
        requestsPerMinute: int(env, 'FREE_RATE_PER_MIN', 10),
        retentionSeconds: int(env, 'FREE_RETENTION_S', 3600),
        elementsPerDocument: 50,
        maxUnfinishedJobs: int(env, 'FREE_MAX_UNFINISHED_JOBS', 10),
        agentCreditsUsd: int(env, 'FREE_AGENT_CREDITS_USD', 1),
      },
      pro: {
        requestsPerMinute: int(env, 'PRO_RATE_PER_MIN', 60),
        retentionSeconds: int(env, 'PRO_RETENTION_S', 86_400),
        elementsPerDocument: 500,
        maxUnfinishedJobs: int(env, 'PRO_MAX_UNFINISHED_JOBS', 60),
        agentCreditsUsd: int(env, 'PRO_AGENT_CREDITS_USD', 20),
      },
      enterprise: {
        requestsPerMinute: int(env, 'ENTERPRISE_RATE_PER_MIN', 600),
        retentionSeconds: int(env, 'ENTERPRISE_RETENTION_S', 7 * 86_400),
        elementsPerDocument: null,
        maxUnfinishedJobs: int(env, 'ENTERPRISE_MAX_UNFINISHED_JOBS', 600),
        agentCreditsUsd: int(env, 'ENTERPRISE_AGENT_CREDITS_USD', 200),
      },
    },
    pollingPerMinute: int(env, 'POLLING_RATE_PER_MIN', 120),
    publicPerMinute: int(env, 'PUBLIC_RATE_PER_MIN', 120),
    heartbeatPerMinute: int(env, 'HEARTBEAT_RATE_PER_MIN', 30),
    bridgePerMinute: int(env, 'BRIDGE_RATE_PER_MIN', 300),
    jobConcurrency: int(env, 'JOB_CONCURRENCY', 4),
    workerThreads: int(env, 'WORKER_THREADS', 2),
    workerIdleMs: int(env, 'WORKER_IDLE_MS', 15 * 60_000),
    jobMaxAttempts: int(env, 'JOB_MAX_ATTEMPTS', 2),
    sweepIntervalMs: int(env, 'SWEEP_INTERVAL_MS', 60_000),
    shutdownGraceMs: int(env, 'SHUTDOWN_GRACE_MS', 10_000),
    replica: env.GATEWAY_REPLICA ?? '',
    gatewayReplicas: Math.max(1, int(env, 'GATEWAY_REPLICAS', 1)),
    remoteSubgraphs: remote,
    subgraphRefusedWaitMs: int(env, 'SUBGRAPH_REFUSED_WAIT_MS', 10_000),
    runJobs: bool(env, 'RUN_JOBS', true),
    diagnosticJobs: bool(env, 'DIAGNOSTIC_JOBS', !production),
    redisUrl: env.REDIS_URL || null,
    redisPrefix: env.REDIS_PREFIX || 'platform',
    jobLockMs: int(env, 'JOB_LOCK_MS', 30_000),
    jobRetryDelayMs: int(env, 'JOB_RETRY_DELAY_MS', 1_000),
    jobReconcileMs: int(env, 'JOB_RECONCILE_MS', 5_000),
    memoryClearEnabled: bool(env, 'MEMORY_CLEAR_ENABLED', false),
    embedder: embedderName(env.EMBEDDER, env.EMBEDDINGS_URL),
    codeEmbedder: env.EMBEDDER_CODE ? embedderName(env.EMBEDDER_CODE, env.EMBEDDINGS_URL) : env.EMBEDDER || env.EMBEDDINGS_URL ? embedderName(env.EMBEDDER, env.EMBEDDINGS_URL) : 'hash',
    embeddingsUrl: env.EMBEDDINGS_URL || null,
    embeddingsModel: env.EMBEDDINGS_MODEL ?? 'text-embedding-3-small',
    embeddingsApiKey: env.EMBEDDINGS_API_KEY || null,
    embeddingsDimensions: int(env, 'EMBEDDINGS_DIMENSIONS', 512),
    searchTimeoutMs: int(env, 'SEARCH_TIMEOUT_MS', 30_000),
    searchCacheSeconds: int(env, 'SEARCH_CACHE_S', 300),
    uploadLimitBytes: int(env, 'UPLOAD_LIMIT_BYTES', 50 * 1024 * 1024),
    jsonLimitBytes: int(env, 'JSON_LIMIT_BYTES', 60 * 1024 * 1024),
    neo4jUri: env.NEO4J_URI || null,
    neo4jUser: env.NEO4J_USER ?? 'neo4j',
    neo4jPassword: env.NEO4J_PASSWORD ?? '',
    memoryLlmUrl: env.MEMORY_LLM_URL || null,
    memoryLlmModel: env.MEMORY_LLM_MODEL ?? 'gpt-4o-mini',
    memoryLlmApiKey: env.MEMORY_LLM_API_KEY || null,
    projectLlmUrl: env.PROJECT_LLM_URL || null,
    projectLlmModel: env.PROJECT_LLM_MODEL ?? 'gpt-4o-mini',
    projectLlmApiKey: env.PROJECT_LLM_API_KEY || null,
    projectLlmTimeoutMs: int(env, 'PROJECT_LLM_TIMEOUT_MS', 30_000),
    memoryRerankerUrl: env.MEMORY_RERANKER_URL || null,
    memoryRerankerModel: env.MEMORY_RERANKER_MODEL ?? 'rerank-english-v3.0',
    memoryRerankerApiKey: env.MEMORY_RERANKER_API_KEY || null,
    agentLlmUrl: env.AGENT_LLM_URL || null,
    agentLlmModel: env.AGENT_LLM_MODEL ?? 'gpt-4o',
    agentLlmApiKey: env.AGENT_LLM_API_KEY || null,
    agentLlmAllowPrivate: bool(env, 'AGENT_LLM_ALLOW_PRIVATE', false),
    agentLlmTimeoutMs: int(env, 'AGENT_LLM_TIMEOUT_MS', 120_000),
    agentToolTimeoutMs: int(env, 'AGENT_TOOL_TIMEOUT_MS', 300_000),
    agentDesktopWaitMs: int(env, 'AGENT_DESKTOP_WAIT_MS', 120_000),
    agentHeartbeatTimeoutMs: int(env, 'AGENT_HEARTBEAT_TIMEOUT_MS', 60_000),
    agentPriceInPerMtok: int(env, 'AGENT_PRICE_IN_PER_MTOK', 2.5),
    agentPriceOutPerMtok: int(env, 'AGENT_PRICE_OUT_PER_MTOK', 10),
    agentUsagePeriodS: int(env, 'AGENT_USAGE_PERIOD_S', 86_400),
    oauthPendingTtlMs: int(env, 'OAUTH_PENDING_TTL_MS', 5 * 60_000),
    oauthAccessTtlS: int(env, 'OAUTH_ACCESS_TTL_S', 3_600),
    oauthRefreshTtlS: int(env, 'OAUTH_REFRESH_TTL_S', 30 * 86_400),
  };
}
