// Every limit on what a caller sends, in one place: each parser of caller input imports its bound
// from here. A limit an operator may need to move for their hardware or their clients' files is an
// environment variable, declared with its reason in core/env/limit-variables.ts (and listed in
// docs/reference/configuration.md); the rest are properties of the formats, with their reason here.
//
// Read once at start, checked by the variables' schemas: changing one needs a restart, like every setting.
// Not frozen: tests lower a limit in-process to reach its refusal quickly.
import { readVariables } from './env/read.ts';

const v = readVariables(process.env);
const KiB = 1024;
const MiB = 1024 * KiB;

export const LIMITS = {
  // --- Zip containers (.xlsx templates, .mcdx sources): core/zip.ts -------------------------
  zipMaxEntries: v.ZIP_MAX_ENTRIES,
  zipMaxInflatedBytes: v.ZIP_MAX_INFLATED_BYTES,
  zipMaxRatio: v.ZIP_MAX_RATIO,
  /** Entries smaller than this once inflated are exempt from the ratio (a tiny part of repeated spaces is harmless). */
  zipRatioFloorBytes: 1 * MiB,
  // --- Spreadsheet templates: subgraphs/documents/spreadsheet/template/ ---------------------
  templateMaxDefinedNames: v.TEMPLATE_MAX_DEFINED_NAMES,
  // --- Formulas (calculation documents): subgraphs/documents/calcdoc/ ----------------------
  formulaMaxChars: v.FORMULA_MAX_CHARS,
  formulaMaxTerms: v.FORMULA_MAX_TERMS,
  /** Bracket nesting of one formula: the parser and the tree walks recurse once per level. */
  formulaMaxNesting: 32,
  formulaMaxTermsPerRequest: v.FORMULA_MAX_TERMS_PER_REQUEST,
  // --- Code search: subgraphs/content/search/ ----------------------------------------------
  searchMaxQueryChars: v.SEARCH_MAX_QUERY_CHARS,
  searchMaxQueryTerms: v.SEARCH_MAX_QUERY_TERMS,
  // --- Memory: subgraphs/memory/ -----------------------------------------------------------
  memoryMaxMessageChars: v.MEMORY_MAX_MESSAGE_CHARS,
  memoryMaxFactsPerMessage: v.MEMORY_MAX_FACTS_PER_MESSAGE,
  memoryFactsPerWrite: v.MEMORY_FACTS_PER_WRITE,
  /** Characters of one sentence the extractor's patterns run over: longer sentences are cut (no real sentence is this long). */
  memoryMaxSentenceChars: 2_000,
  // --- PDFs (drawings): subgraphs/drawings/pdf/ --------------------------------------------
  pdfMaxOperators: v.PDF_MAX_OPERATORS,
  drawingTimeoutMs: v.DRAWING_TIMEOUT_MS,
  drawingQueueWaitMs: v.DRAWING_QUEUE_WAIT_MS,
  letteringMaxRegions: v.LETTERING_MAX_REGIONS,
  letteringCpuMs: v.LETTERING_CPU_MS,
  letteringTextLayerRegions: v.LETTERING_TEXT_LAYER_REGIONS,
  // --- Jobs: core/jobs/runner.ts -----------------------------------------------------------
  jobMaxRuntimeMs: v.JOB_MAX_RUNTIME_MS,
  jobWatchIntervalMs: v.JOB_WATCH_INTERVAL_MS,
  // --- Worker threads: core/jobs/worker-pool.ts --------------------------------------------
  workerTaskTimeoutMs: v.WORKER_TASK_TIMEOUT_MS,
  workerWallFactor: v.WORKER_WALL_FACTOR,
  workerMaxHeapMb: v.WORKER_MAX_HEAP_MB,
  // --- Outbound fetches (calculation-document images): core/net/ ---------------------------
  fetchMaxBytes: v.FETCH_MAX_BYTES,
  fetchTimeoutMs: v.FETCH_TIMEOUT_MS,
  /** Redirects followed (each one checked like the first address). */
  fetchMaxRedirects: 3,
  // --- GraphQL operations (HTTP and graphql-ws alike): gateway/operation-limits.ts ---------
  graphqlMaxTokens: v.GRAPHQL_MAX_TOKENS,
  graphqlMaxDepth: v.GRAPHQL_MAX_DEPTH,
  graphqlMaxAliases: v.GRAPHQL_MAX_ALIASES,
  graphqlMaxDirectives: v.GRAPHQL_MAX_DIRECTIVES,
  graphqlMaxCost: v.GRAPHQL_MAX_COST,
  anonymousBodyBytes: v.ANONYMOUS_BODY_BYTES,
  httpKeepAliveMs: v.HTTP_KEEP_ALIVE_MS,
  // --- Memory service requests: rest-compat/memory-service.ts ------------------------------
  memoryMaxMessagesPerRequest: v.MEMORY_MAX_MESSAGES_PER_REQUEST,
  // --- Agent runs: subgraphs/agents/ (issue 29, findings 5 and 17) ---------------------------
  agentMaxToolCallsPerAnswer: v.AGENT_MAX_TOOL_CALLS_PER_ANSWER,
  agentMaxToolArgumentBytes: v.AGENT_MAX_TOOL_ARGUMENT_BYTES,
  agentMaxToolResultBytes: v.AGENT_MAX_TOOL_RESULT_BYTES,
  agentReserveCompletionTokens: v.AGENT_RESERVE_COMPLETION_TOKENS,
  // --- Subscriptions: gateway/subscriptions.ts ----------------------------------------------
  subscriptionAuthRecheckMs: v.SUBSCRIPTION_AUTH_RECHECK_MS,
  // --- graphql-ws sockets: gateway/graphql-ws.ts, edge/socket-limits.ts ---------------------
  // The key is checked at connection_init, before any subscribe message is parsed; every
  // subscribe spends one point of the key's budget before it is parsed (core/rate-limit.ts).
  wsConnectionInitTimeoutMs: v.WS_CONNECTION_INIT_TIMEOUT_MS,
  wsMaxSocketsPerAddress: v.WS_MAX_SOCKETS_PER_ADDRESS,
  wsMaxSocketsPerKey: v.WS_MAX_SOCKETS_PER_KEY,
  wsMaxMessagesPerMinute: v.WS_MAX_MESSAGES_PER_MINUTE,
  wsMaxSubscriptionsPerSocket: v.WS_MAX_SUBSCRIPTIONS_PER_SOCKET,
  wsMaxMessageBytes: v.WS_MAX_MESSAGE_BYTES,
  // --- Memory search: subgraphs/memory/service.ts --------------------------------------------
  memoryMaxGroupIds: v.MEMORY_MAX_GROUP_IDS,
} as const;

export type LimitName = keyof typeof LIMITS;
