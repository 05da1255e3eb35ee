// The settings of a process: every one comes from an environment variable declared in
// core/env/variables.ts (kind, default, meaning), read and checked there once.
import path from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { readVariables } from './env/read.ts';
import { EMBEDDERS, PERSISTED_MODES as MODES } from './env/variables.ts';

export type Tier = 'free' | 'pro' | 'enterprise';
/** How the gateway treats documents not on the persisted list (gateway/persisted-documents.ts). */
export type PersistedMode = (typeof MODES)[number];
export const PERSISTED_MODES: readonly PersistedMode[] = MODES;
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
  /** Pages of its own PDFs an account may keep in its private code library at once (issue 32); null means unlimited. */
  libraryPages: number | null;
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
  embedder: Embedder;
  /**
   * Code search's embedder (EMBEDDER_CODE): by default EMBEDDER when it is set, else "hash", which measured
   * better than the model on code search (docs/capabilities/code-search.md, "The embedding model").
   */
  codeEmbedder: Embedder;
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
  /** Seconds the gateway keeps a public query's answer (gateway/plugins/public-response-cache.ts); 0 turns it off. */
  publicCacheSeconds: number;
  /** A JSON list of persisted GraphQL documents by SHA-256 (gateway/persisted-documents.ts); null for none. */
  persistedDocumentsFile: string | null;
  /** accept (listed hashes and any document), allowlist (listed documents only) or require-id (listed hashes only). */
  persistedDocumentsMode: PersistedMode;
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

export type Embedder = (typeof EMBEDDERS)[number];

/** The embedder named (or, unnamed, the endpoint's when EMBEDDINGS_URL is set, the model's otherwise); openai needs the endpoint. */
function embedderFor(name: Embedder | null, url: string | null): Embedder {
  if (!name) return url ? 'openai' : 'use-lite';
  if (name === 'openai' && !url) throw new Error('EMBEDDER=openai needs EMBEDDINGS_URL');
  return name;
}

/** REMOTE_SUBGRAPHS="documents=http://127.0.0.1:4101/graphql,drawings=http://…" */
function remoteSubgraphs(raw: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
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

/** The settings of a process, from its environment (every variable declared in core/env/variables.ts), frozen. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const v = readVariables(env);
  // Production unless development is asked for explicitly: a deployment that forgets NODE_ENV gets no
  // Sandbox, no introspection, no diagnostic jobs and no public signing secret.
  const production = v.NODE_ENV !== 'development';
  const dataDir = path.resolve(v.DATA_DIR);
  if (v.PERSISTED_DOCUMENTS_MODE !== 'accept' && !v.PERSISTED_DOCUMENTS) {
    throw new Error(
      `PERSISTED_DOCUMENTS_MODE=${v.PERSISTED_DOCUMENTS_MODE} needs PERSISTED_DOCUMENTS, the list of documents to allow`,
    );
  }
  const tier = (limits: TierLimits): TierLimits => limits;
  return deepFreeze({
    env: production ? 'production' : 'development',
    host: v.HOST,
    gatewayPort: v.PORT,
    memoryPort: v.MEMORY_PORT,
    publicUrl: (v.PUBLIC_URL ?? `http://localhost:${v.PORT}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: v.DATABASE_URL ?? `file:${path.join(dataDir, 'platform.db')}`,
    signingSecret: v.SIGNING_SECRET ?? (production ? '' : DEVELOPMENT_SIGNING_SECRET),
    logLevel: v.LOG_LEVEL,
    tiers: {
      free: tier({
        requestsPerMinute: v.FREE_RATE_PER_MIN,
        retentionSeconds: v.FREE_RETENTION_S,
        elementsPerDocument: 50,
        maxUnfinishedJobs: v.FREE_MAX_UNFINISHED_JOBS,
        agentCreditsUsd: v.FREE_AGENT_CREDITS_USD,
        libraryPages: v.FREE_LIBRARY_PAGES,
      }),
      pro: tier({
        requestsPerMinute: v.PRO_RATE_PER_MIN,
        retentionSeconds: v.PRO_RETENTION_S,
        elementsPerDocument: 500,
        maxUnfinishedJobs: v.PRO_MAX_UNFINISHED_JOBS,
        agentCreditsUsd: v.PRO_AGENT_CREDITS_USD,
        libraryPages: v.PRO_LIBRARY_PAGES,
      }),
      enterprise: tier({
        requestsPerMinute: v.ENTERPRISE_RATE_PER_MIN,
        retentionSeconds: v.ENTERPRISE_RETENTION_S,
        elementsPerDocument: null,
        maxUnfinishedJobs: v.ENTERPRISE_MAX_UNFINISHED_JOBS,
        agentCreditsUsd: v.ENTERPRISE_AGENT_CREDITS_USD,
        libraryPages: v.ENTERPRISE_LIBRARY_PAGES,
      }),
    },
    pollingPerMinute: v.POLLING_RATE_PER_MIN,
    publicPerMinute: v.PUBLIC_RATE_PER_MIN,
    heartbeatPerMinute: v.HEARTBEAT_RATE_PER_MIN,
    bridgePerMinute: v.BRIDGE_RATE_PER_MIN,
    jobConcurrency: v.JOB_CONCURRENCY,
    workerThreads: v.WORKER_THREADS,
    workerIdleMs: v.WORKER_IDLE_MS,
    jobMaxAttempts: v.JOB_MAX_ATTEMPTS,
    sweepIntervalMs: v.SWEEP_INTERVAL_MS,
    shutdownGraceMs: v.SHUTDOWN_GRACE_MS,
    replica: v.GATEWAY_REPLICA,
    gatewayReplicas: v.GATEWAY_REPLICAS,
    remoteSubgraphs: remoteSubgraphs(v.REMOTE_SUBGRAPHS),
    subgraphRefusedWaitMs: v.SUBGRAPH_REFUSED_WAIT_MS,
    runJobs: v.RUN_JOBS,
    // On outside production unless set: the variable's own default is for production.
    diagnosticJobs: env.DIAGNOSTIC_JOBS ? v.DIAGNOSTIC_JOBS : !production,
    redisUrl: v.REDIS_URL,
    redisPrefix: v.REDIS_PREFIX,
    jobLockMs: v.JOB_LOCK_MS,
    jobRetryDelayMs: v.JOB_RETRY_DELAY_MS,
    jobReconcileMs: v.JOB_RECONCILE_MS,
    memoryClearEnabled: v.MEMORY_CLEAR_ENABLED,
    embedder: embedderFor(v.EMBEDDER, v.EMBEDDINGS_URL),
    codeEmbedder: v.EMBEDDER_CODE
      ? embedderFor(v.EMBEDDER_CODE, v.EMBEDDINGS_URL)
      : v.EMBEDDER || v.EMBEDDINGS_URL
        ? embedderFor(v.EMBEDDER, v.EMBEDDINGS_URL)
        : 'hash',
    embeddingsDimensions: v.EMBEDDINGS_DIMENSIONS,
    embeddingsUrl: v.EMBEDDINGS_URL,
    embeddingsModel: v.EMBEDDINGS_MODEL,
    embeddingsApiKey: v.EMBEDDINGS_API_KEY,
    searchTimeoutMs: v.SEARCH_TIMEOUT_MS,
    publicCacheSeconds: v.PUBLIC_CACHE_S,
    persistedDocumentsFile: v.PERSISTED_DOCUMENTS,
    persistedDocumentsMode: v.PERSISTED_DOCUMENTS_MODE,
    searchCacheSeconds: v.SEARCH_CACHE_S,
    uploadLimitBytes: v.UPLOAD_LIMIT_BYTES,
    jsonLimitBytes: v.JSON_LIMIT_BYTES,
    neo4jUri: v.NEO4J_URI,
    neo4jUser: v.NEO4J_USER,
    neo4jPassword: v.NEO4J_PASSWORD ?? '',
    memoryLlmUrl: v.MEMORY_LLM_URL,
    memoryLlmModel: v.MEMORY_LLM_MODEL,
    memoryLlmApiKey: v.MEMORY_LLM_API_KEY,
    projectLlmUrl: v.PROJECT_LLM_URL,
    projectLlmModel: v.PROJECT_LLM_MODEL,
    projectLlmApiKey: v.PROJECT_LLM_API_KEY,
    projectLlmTimeoutMs: v.PROJECT_LLM_TIMEOUT_MS,
    memoryRerankerUrl: v.MEMORY_RERANKER_URL,
    memoryRerankerModel: v.MEMORY_RERANKER_MODEL,
    memoryRerankerApiKey: v.MEMORY_RERANKER_API_KEY,
    agentLlmUrl: v.AGENT_LLM_URL,
    agentLlmModel: v.AGENT_LLM_MODEL,
    agentLlmApiKey: v.AGENT_LLM_API_KEY,
    agentLlmAllowPrivate: v.AGENT_LLM_ALLOW_PRIVATE,
    agentLlmTimeoutMs: v.AGENT_LLM_TIMEOUT_MS,
    agentToolTimeoutMs: v.AGENT_TOOL_TIMEOUT_MS,
    agentDesktopWaitMs: v.AGENT_DESKTOP_WAIT_MS,
    agentHeartbeatTimeoutMs: v.AGENT_HEARTBEAT_TIMEOUT_MS,
    agentPriceInPerMtok: v.AGENT_PRICE_IN_PER_MTOK,
    agentPriceOutPerMtok: v.AGENT_PRICE_OUT_PER_MTOK,
    agentUsagePeriodS: v.AGENT_USAGE_PERIOD_S,
    oauthPendingTtlMs: v.OAUTH_PENDING_TTL_MS,
    oauthAccessTtlS: v.OAUTH_ACCESS_TTL_S,
    oauthRefreshTtlS: v.OAUTH_REFRESH_TTL_S,
  });
}

/** Settings do not change once read: every nested object is frozen too. */
function deepFreeze<T extends object>(value: T): T {
  for (const inner of Object.values(value)) if (inner && typeof inner === 'object') deepFreeze(inner);
  return Object.freeze(value);
}
