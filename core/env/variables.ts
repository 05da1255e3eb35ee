// Every environment variable the platform reads, declared once: its kind, default and meaning.
// core/config.ts builds the settings from them and core/limits.ts the limits on caller input;
// `npm run docs` writes docs/reference/configuration.md and .env.example from this file,
// and test/core/env/variables.test.ts fails when either is stale or when code reads a variable
// not declared here. The desktop program (desktop/) is a product of its own with its own settings.
import {
  countOrUnlimited,
  decimal,
  flag,
  integer,
  oneOf,
  oneOfOrUnset,
  secret,
  text,
  url,
  type Variable,
} from './define.ts';
import { LIMIT_VARIABLES } from './limit-variables.ts';

export const PERSISTED_MODES = ['accept', 'allowlist', 'require-id'] as const;
export const EMBEDDERS = ['use-lite', 'hash', 'openai'] as const;
const HTTP = ['http', 'https'] as const;

const server = {
  NODE_ENV: text(
    null,
    'Only `development` (what `npm start` sets) is development; anything else, unset included, is production: no Sandbox, introspection, suggestions or diagnostic jobs, and a signing secret of your own is required.',
  ),
  HOST: text('127.0.0.1', 'The address the gateway and the memory service listen on.'),
  PORT: integer(4000, 'The gateway port (0 picks a free port).', { max: 65_535 }),
  MEMORY_PORT: integer(8000, 'The memory service port (0 picks a free port).', { max: 65_535 }),
  PUBLIC_URL: text(null, 'Base of signed download links.', 'http://localhost:$PORT'),
  DATA_DIR: text('data', 'Where the embedded database and the files live.'),
  DATABASE_URL: text(
    null,
    'The database: a file (embedded libSQL), or postgres://… for PostgreSQL with pgvector (docs/operations/storage.md).',
    'file:$DATA_DIR/platform.db',
  ),
  SIGNING_SECRET: secret(
    'HMAC key of download links: a development value in development only; required otherwise, with at least 32 bytes of entropy (openssl rand -base64 32).',
  ),
  LOG_LEVEL: oneOf(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
    'info',
    'pino level; logs are JSON lines with the request id.',
  ),
  SHUTDOWN_GRACE_MS: integer(
    10_000,
    'How long running jobs and requests in flight may finish on SIGTERM; a process still stopping 10 s past it exits anyway.',
  ),
  SWEEP_INTERVAL_MS: integer(60_000, 'Period of the expiry sweeper.', { min: 1 }),
  UPLOAD_LIMIT_BYTES: integer(50 * 1024 * 1024, 'Largest multipart upload.', { min: 1 }),
  JSON_LIMIT_BYTES: integer(60 * 1024 * 1024, 'Largest JSON body.', { min: 1 }),
};

const tiers = {
  FREE_RATE_PER_MIN: integer(10, 'Requests per minute of a free key.', { min: 1 }),
  PRO_RATE_PER_MIN: integer(60, 'Requests per minute of a pro key.', { min: 1 }),
  ENTERPRISE_RATE_PER_MIN: integer(600, 'Requests per minute of an enterprise key.', { min: 1 }),
  FREE_RETENTION_S: integer(3_600, 'How long a free account’s jobs and files are kept.', { min: 1 }),
  PRO_RETENTION_S: integer(86_400, 'How long a pro account’s jobs and files are kept.', { min: 1 }),
  ENTERPRISE_RETENTION_S: integer(7 * 86_400, 'How long an enterprise account’s jobs and files are kept.', { min: 1 }),
  FREE_MAX_UNFINISHED_JOBS: integer(
    10,
    'Jobs of a free account pending or running at once (429 TOO_MANY_JOBS past it).',
    { min: 1 },
  ),
  PRO_MAX_UNFINISHED_JOBS: integer(60, 'Jobs of a pro account pending or running at once.', { min: 1 }),
  ENTERPRISE_MAX_UNFINISHED_JOBS: integer(600, 'Jobs of an enterprise account pending or running at once.', { min: 1 }),
  FREE_AGENT_CREDITS_USD: decimal(
    1,
    'Agent usage a free account may spend per usage period, in USD (OUT_OF_CREDITS past it).',
  ),
  PRO_AGENT_CREDITS_USD: decimal(20, 'Agent usage a pro account may spend per usage period, in USD.'),
  ENTERPRISE_AGENT_CREDITS_USD: decimal(200, 'Agent usage an enterprise account may spend per usage period, in USD.'),
  FREE_LIBRARY_PAGES: countOrUnlimited(
    300,
    'Pages of its own PDFs a free account may keep in its private code library at once (LIBRARY_FULL past it); "unlimited" for no limit.',
  ),
  PRO_LIBRARY_PAGES: countOrUnlimited(10_000, 'Pages a pro account may keep in its private code library.'),
  ENTERPRISE_LIBRARY_PAGES: countOrUnlimited(null, 'Pages an enterprise account may keep in its private code library.'),
  POLLING_RATE_PER_MIN: integer(120, 'Job-status polling allowance per key and minute.', { min: 1 }),
  PUBLIC_RATE_PER_MIN: integer(120, 'The code library and blog, per client address and minute.', { min: 1 }),
  HEARTBEAT_RATE_PER_MIN: integer(30, 'Desktop heartbeats per key and minute (a machine beats 3 times a minute).', {
    min: 1,
  }),
  BRIDGE_RATE_PER_MIN: integer(300, 'Desktop answers to tool calls (submitToolResult) per key and minute.', { min: 1 }),
};

const jobs = {
  JOB_CONCURRENCY: integer(4, 'Jobs run at once by one process.', { min: 1 }),
  WORKER_THREADS: integer(2, 'CPU worker threads of one process.', { min: 1 }),
  WORKER_IDLE_MS: integer(
    15 * 60_000,
    'How long an idle worker thread stays loaded (a new one spends 0.3–1.3 s loading the PDF and math libraries).',
    { min: 1 },
  ),
  JOB_MAX_ATTEMPTS: integer(2, 'Attempts of a job interrupted by crashes before it fails.', { min: 1 }),
  RUN_JOBS: flag(
    true,
    'Whether this process runs jobs: those of the subgraphs it serves (a remote subgraph’s process runs its own).',
  ),
  DIAGNOSTIC_JOBS: {
    ...flag(false, 'The test job type; when unset, on outside production and off in production.'),
    shown: 'on outside production',
  },
  SEARCH_TIMEOUT_MS: integer(
    30_000,
    'A search job fails with SEARCH_TIMEOUT past this (0: every search does, for tests).',
  ),
  SEARCH_CACHE_S: integer(300, 'How long identical searches answer from memory.'),
};

const scaleOut = {
  REMOTE_SUBGRAPHS: text(null, 'name=url,…: subgraphs served by other processes; the rest run in-process.'),
  SUBGRAPH_REFUSED_WAIT_MS: integer(
    10_000,
    'How long a request waits for a remote subgraph that refuses connections (its process restarting).',
  ),
  REDIS_URL: url(
    'A Redis server: jobs go through BullMQ queues, job events through pub/sub, rate limits and the search cache are shared (docs/operations/scaling.md).',
    ['redis', 'rediss'],
  ),
  REDIS_PREFIX: text('platform', 'Namespace of every Redis key and channel (deployments sharing one Redis).'),
  JOB_LOCK_MS: integer(30_000, 'With Redis: a dead worker’s job is handed on after its lock lapses.', { min: 1 }),
  JOB_RETRY_DELAY_MS: integer(1_000, 'With Redis: first retry delay of a failed job (doubling).', { min: 1 }),
  JOB_RECONCILE_MS: integer(5_000, 'With Redis: how often workers re-queue jobs Redis lost.', { min: 1 }),
  GATEWAY_REPLICA: text(
    '',
    'The slot this gateway process fills in a cluster; a replica restarted into the same slot interrupts only its own agent runs.',
  ),
  GATEWAY_REPLICAS: integer(
    1,
    'Gateways sharing one Redis: while Redis is away each allows 1/N of a budget. npm run start:cluster starts 2 when unset.',
    { min: 1 },
  ),
  JOB_WORKERS: integer(2, 'npm run start:cluster: worker processes.', { min: 1 }),
  SUBGRAPH_PORT: integer(4101, 'npm run start:cluster: first subgraph port (0: free ports).', { max: 65_535 }),
};

const gateway = {
  PUBLIC_CACHE_S: integer(
    30,
    'Seconds the gateway keeps the answer of a public query (the code library, the blog), for any caller; 0 turns it off. Keyed queries, mutations and failed answers are never kept (docs/operations/gateway-performance.md).',
  ),
  PERSISTED_DOCUMENTS: text(
    null,
    'A JSON list of GraphQL documents by SHA-256 (hash → text, or Apollo’s persisted query manifest): listed hashes are answered without parsing.',
  ),
  PERSISTED_DOCUMENTS_MODE: oneOf(
    PERSISTED_MODES,
    'accept',
    'accept (listed hashes and any document), allowlist (listed documents only: QUERY_NOT_IN_SAFELIST) or require-id (hashes only: PERSISTED_QUERY_ID_REQUIRED).',
  ),
};

const models = {
  EMBEDDER: oneOfOrUnset(
    EMBEDDERS,
    'The text embedder of memory and projects (core/embedding/): use-lite (Universal Sentence Encoder lite, shipped in an npm package, run in a worker thread), hash (the hashing embedder, no model) or openai (EMBEDDINGS_URL).',
    'use-lite; openai when EMBEDDINGS_URL is set',
  ),
  EMBEDDER_CODE: oneOfOrUnset(
    EMBEDDERS,
    'Code search’s embedder: hash measured better than the model on code search (docs/capabilities/code-search.md).',
    'EMBEDDER when set, else hash',
  ),
  EMBEDDINGS_DIMENSIONS: integer(
    512,
    'The vector width asked of EMBEDDINGS_URL (the stores take any width: a change re-embeds, core/embedding/README.md).',
    { min: 1 },
  ),
  EMBEDDINGS_URL: url(
    'An OpenAI-compatible embeddings API (EMBEDDER=openai), for memory, projects and code search, at EMBEDDINGS_DIMENSIONS.',
    HTTP,
  ),
  EMBEDDINGS_MODEL: text('text-embedding-3-small', 'The model asked of EMBEDDINGS_URL.'),
  EMBEDDINGS_API_KEY: secret('The key sent to EMBEDDINGS_URL.'),
  MEMORY_LLM_URL: url(
    'An OpenAI-compatible chat completions API for memory fact extraction; unset uses the deterministic extractor.',
    HTTP,
  ),
  MEMORY_LLM_MODEL: text('gpt-4o-mini', 'The model asked of MEMORY_LLM_URL.'),
  MEMORY_LLM_API_KEY: secret('The key sent to MEMORY_LLM_URL.'),
  MEMORY_RERANKER_URL: url(
    'A reranking API (Cohere/Jina-style POST /rerank) for reranker=cross_encoder; unset uses the local pairwise scorer.',
    HTTP,
  ),
  MEMORY_RERANKER_MODEL: text('rerank-english-v3.0', 'The model asked of MEMORY_RERANKER_URL.'),
  MEMORY_RERANKER_API_KEY: secret('The key sent to MEMORY_RERANKER_URL.'),
  PROJECT_LLM_URL: url(
    'An OpenAI-compatible chat completions API that writes project community summaries; unset keeps the deterministic ones only.',
    HTTP,
  ),
  PROJECT_LLM_MODEL: text('gpt-4o-mini', 'The model asked of PROJECT_LLM_URL.'),
  PROJECT_LLM_API_KEY: secret('The key sent to PROJECT_LLM_URL.'),
  PROJECT_LLM_TIMEOUT_MS: integer(30_000, 'One summary call may take this long.', { min: 1 }),
};

const memory = {
  NEO4J_URI: url('A Neo4j server for the memory graph; unset keeps it in the platform database.', [
    'bolt',
    'neo4j',
    'bolt+s',
    'neo4j+s',
  ]),
  NEO4J_USER: text('neo4j', 'The Neo4j user.'),
  NEO4J_PASSWORD: secret('The Neo4j password.'),
  MEMORY_CLEAR_ENABLED: flag(
    false,
    'Allows the memory service’s POST /clear (operator keys only, the caller’s account only).',
  ),
};

const projects = {
  PROJECT_SHEET_DOTS: oneOf(
    ['drop', 'keep'],
    'drop',
    'keep: a dot in a sheet number is significant when links compare numbers (A5.01 ≠ A501); by default it is a separator like -.',
  ),
};

const agents = {
  AGENT_LLM_URL: url(
    'The OpenAI-compatible chat completions API agent runs use; unset refuses runs (AGENT_MODEL_NOT_CONFIGURED).',
    HTTP,
  ),
  AGENT_LLM_MODEL: text('gpt-4o', 'The model asked of AGENT_LLM_URL.'),
  AGENT_LLM_API_KEY: secret('The key sent to AGENT_LLM_URL.'),
  AGENT_LLM_ALLOW_PRIVATE: flag(
    false,
    'Lets AGENT_LLM_URL be on a private or loopback address (a model served on the local network).',
  ),
  AGENT_LLM_TIMEOUT_MS: integer(120_000, 'One model call (the whole streamed answer) may take this long.', { min: 1 }),
  AGENT_TOOL_TIMEOUT_MS: integer(
    300_000,
    'A desktop tool call not answered within this fails its step with DESKTOP_TIMEOUT.',
    { min: 1 },
  ),
  AGENT_DESKTOP_WAIT_MS: integer(
    120_000,
    'How long a run waits for a disconnected desktop before DESKTOP_UNAVAILABLE.',
    { min: 1 },
  ),
  AGENT_HEARTBEAT_TIMEOUT_MS: integer(
    60_000,
    'A desktop without a heartbeat this long counts as gone (the client beats every 20 s).',
    { min: 1 },
  ),
  AGENT_PRICE_IN_PER_MTOK: decimal(
    2.5,
    'Model price, USD per million input tokens (the spec gives none; set your model’s).',
  ),
  AGENT_PRICE_OUT_PER_MTOK: decimal(10, 'Model price, USD per million output tokens.'),
  AGENT_USAGE_PERIOD_S: integer(
    86_400,
    'Length of the agent usage period; periods start at multiples of it since the Unix epoch (a day: at 00:00 UTC).',
    { min: 1 },
  ),
};

const oauth = {
  OAUTH_PENDING_TTL_MS: integer(
    5 * 60_000,
    'How long a pending native-app sign-in (the browser step, a device code) lasts.',
    { min: 1 },
  ),
  OAUTH_ACCESS_TTL_S: integer(3_600, 'Lifetime of an access token.', { min: 1 }),
  OAUTH_REFRESH_TTL_S: integer(30 * 86_400, 'Lifetime of a refresh token.', { min: 1 }),
};

/** The groups, in the order the reference page lists them. */
export const VARIABLE_GROUPS = {
  Server: server,
  'Tiers and rate limits': tiers,
  Jobs: jobs,
  'Past one process': scaleOut,
  Gateway: gateway,
  'Model endpoints': models,
  Memory: memory,
  Projects: projects,
  Agents: agents,
  'Native-app sign-in': oauth,
  'Limits on caller input (core/limits.ts)': LIMIT_VARIABLES,
} as const;

export const VARIABLES = {
  ...server,
  ...tiers,
  ...jobs,
  ...scaleOut,
  ...gateway,
  ...models,
  ...memory,
  ...projects,
  ...agents,
  ...oauth,
  ...LIMIT_VARIABLES,
} satisfies Record<string, Variable<unknown>>;

export type VariableName = keyof typeof VARIABLES;
