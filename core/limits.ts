// Every limit on what a caller sends, in one place: each parser of caller
// input imports its bound from here, so an operator can read (and the README
// lists) what the platform accepts. A limit an operator may need to move for
// their hardware or their clients' files has an environment override; the
// rest are properties of the formats. Each line says why the bound exists.
//
// Read once at start: changing a variable needs a restart, like every setting.

function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`Environment variable ${name} must be a positive number, got "${raw}"`);
  return value;
}

const KiB = 1024;
const MiB = 1024 * KiB;

export const LIMITS = {
  // --- Zip containers (.xlsx templates, .mcdx sources): core/zip.ts -------------------------
  /** Entries in one package: real workbooks and worksheets have tens to a few thousand parts; more is a directory bomb. */
  zipMaxEntries: envNumber('ZIP_MAX_ENTRIES', 10_000),
  /** Bytes all entries of one package may inflate to: a 50-sheet workbook of 100,000 rows is well under it; a zip bomb is not. */
  zipMaxInflatedBytes: envNumber('ZIP_MAX_INFLATED_BYTES', 256 * MiB),
  /** Inflated ÷ compressed size of one entry: XML compresses 5–50×, very repetitive sheets ~150×; a bomb thousands of times. */
  zipMaxRatio: envNumber('ZIP_MAX_RATIO', 200),
  /** Entries smaller than this once inflated are exempt from the ratio (a tiny part of repeated spaces is harmless). */
  zipRatioFloorBytes: 1 * MiB,

  // --- Spreadsheet templates: subgraphs/documents/spreadsheet/template/ ---------------------
  /** Defined names in one workbook: Excel's own books rarely hold more than a few hundred. */
  templateMaxDefinedNames: envNumber('TEMPLATE_MAX_DEFINED_NAMES', 10_000),

  // --- Formulas (calculation documents): subgraphs/documents/calcdoc/ ----------------------
  /** Characters of one formula: an engineering formula is a line, rarely 200 characters. */
  formulaMaxChars: envNumber('FORMULA_MAX_CHARS', 2_000),
  /** Terms (numbers, names, operators) of one formula: keeps parsing and the tree's depth (recursion) small. */
  formulaMaxTerms: envNumber('FORMULA_MAX_TERMS', 400),
  /** Bracket nesting of one formula: the parser and the tree walks recurse once per level. */
  formulaMaxNesting: 32,
  /** Formula terms of one request in all: request-time validation parses them on the request thread (~20 µs a term). */
  formulaMaxTermsPerRequest: envNumber('FORMULA_MAX_TERMS_PER_REQUEST', 10_000),

  // --- Code search: subgraphs/content/search/ ----------------------------------------------
  /** Characters of a search query: a question or a clause reference, not a document. */
  searchMaxQueryChars: envNumber('SEARCH_MAX_QUERY_CHARS', 1_000),
  /** Distinct words of a query sent to full-text search: each is one more FTS5 posting list to merge. */
  searchMaxQueryTerms: envNumber('SEARCH_MAX_QUERY_TERMS', 64),

  // --- Memory: subgraphs/memory/ -----------------------------------------------------------
  /** Characters of one message the extractor reads: a chat message, not a book; longer fails its episode with RESOURCE_LIMIT. */
  memoryMaxMessageChars: envNumber('MEMORY_MAX_MESSAGE_CHARS', 100_000),
  /** Facts kept from one message: a chat turn states a handful; 970 from one near-cap message took seconds of synchronous writes (issue 29, finding 3). The first ones are kept. */
  memoryMaxFactsPerMessage: envNumber('MEMORY_MAX_FACTS_PER_MESSAGE', 32),
  /** Facts written per database transaction while a group's queue is drained: the embedded database writes on the event loop, so writes are cut into transactions of about this many facts with a yield between them. */
  memoryFactsPerWrite: envNumber('MEMORY_FACTS_PER_WRITE', 48),
  /** Characters of one sentence the extractor's patterns run over: longer sentences are cut (no real sentence is this long). */
  memoryMaxSentenceChars: 2_000,

  // --- PDFs (drawings): subgraphs/drawings/pdf/ --------------------------------------------
  /** Operators of one page after form XObjects are expanded: the densest real sheets have ~1 million; a nesting bomb has billions. */
  pdfMaxOperators: envNumber('PDF_MAX_OPERATORS', 10_000_000),

  /** CPU time of one page analysis on its thread, which the caller's HTTP request waits for: the densest real sheets take 1–2 s; a loaded machine slows the wall clock, not this. */
  drawingTimeoutMs: envNumber('DRAWING_TIMEOUT_MS', 60_000),
  /** How long an upload waits for a free worker thread before it is answered 503 to retry: with the run's wall-clock backstop (WORKER_WALL_FACTOR × the limit above) an upload is answered within 270 s, inside the 300 s clients commonly wait for headers. */
  drawingQueueWaitMs: envNumber('DRAWING_QUEUE_WAIT_MS', 150_000),
  /** Regions of one page the lettering reader recognises (subgraphs/drawings/lettering/): a sheet without a text layer has tens of tags and note blocks; each costs 20–80 ms of CPU. */
  letteringMaxRegions: envNumber('LETTERING_MAX_REGIONS', 400),
  /** Thread CPU time the lettering reader may spend recognising one page's regions: the target for a whole sheet without a text layer is 4 s; regions left past it get no reading. */
  letteringCpuMs: envNumber('LETTERING_CPU_MS', 2_500),

  // --- Jobs: core/jobs/runner.ts -----------------------------------------------------------
  /** Wall-clock time of one job from its claim, all its worker tasks included: past it the job is stopped and fails with RESOURCE_LIMIT. */
  jobMaxRuntimeMs: envNumber('JOB_MAX_RUNTIME_MS', 600_000),
  /** How often the runner checks that its running jobs are still wanted (not deleted, not re-claimed, their account still has a key). */
  jobWatchIntervalMs: envNumber('JOB_WATCH_INTERVAL_MS', 2_000),

  // --- Worker threads: core/jobs/worker-pool.ts --------------------------------------------
  /** CPU time of one worker task on its thread; past it the task fails with RESOURCE_LIMIT and the thread is replaced. */
  workerTaskTimeoutMs: envNumber('WORKER_TASK_TIMEOUT_MS', 120_000),
  /** Wall-clock backstop of a worker task, as a multiple of its CPU limit: stops a task that waits without working. */
  workerWallFactor: envNumber('WORKER_WALL_FACTOR', 2),
  /** V8 old-space heap of one worker thread: one task cannot take the machine's memory. */
  workerMaxHeapMb: envNumber('WORKER_MAX_HEAP_MB', 1_536),

  // --- Outbound fetches (calculation-document images): core/net/ ---------------------------
  /** Bytes of one fetched body. */
  fetchMaxBytes: envNumber('FETCH_MAX_BYTES', 10 * MiB),
  /** Time of one fetch, redirects included. */
  fetchTimeoutMs: envNumber('FETCH_TIMEOUT_MS', 10_000),
  /** Redirects followed (each one checked like the first address). */
  fetchMaxRedirects: 3,

  // --- GraphQL operations (HTTP and graphql-ws alike): gateway/operation-limits.ts ---------
  /** Lexical tokens of one GraphQL document: the largest operation our REST layer sends is ~300; parsing stops here, before any recursion gets deep. */
  graphqlMaxTokens: envNumber('GRAPHQL_MAX_TOKENS', 3_000),
  /** Nesting depth of selections (fragments flattened): the deepest real selection (a job's typed results) is 6. */
  graphqlMaxDepth: envNumber('GRAPHQL_MAX_DEPTH', 12),
  /** Aliases in one operation: a client renames a few fields; thousands are one request doing the work of thousands. */
  graphqlMaxAliases: envNumber('GRAPHQL_MAX_ALIASES', 15),
  /** Directives in one operation (@include/@skip): a few per operation is normal. */
  graphqlMaxDirectives: envNumber('GRAPHQL_MAX_DIRECTIVES', 50),
  /** graphql-armor's cost (objects 2, scalars 1, multiplied by depth): bounds the total fields one operation resolves. */
  graphqlMaxCost: envNumber('GRAPHQL_MAX_COST', 5_000),
  /** Body bytes a request without an API key may send: public operations (codes, blog) are a few hundred bytes. */
  anonymousBodyBytes: envNumber('ANONYMOUS_BODY_BYTES', 64 * KiB),
  /**
   * How long an idle keep-alive connection stays open. Node's 5 s default races clients that
   * reuse a connection just as the server closes it: the request is sent, the socket ends
   * unanswered ("other side closed"), as the eighth upload of bench/drawings.ts met when key
   * creation kept its connection idle ~5 s. 65 s is above the 60 s idle time of common proxies
   * and clients, so they close first.
   */
  httpKeepAliveMs: envNumber('HTTP_KEEP_ALIVE_MS', 65_000),

  // --- Memory service requests: rest-compat/memory-service.ts ------------------------------
  /** Messages in one memory request: a conversation turn is a handful; each message is one episode and its SQL rows. */
  memoryMaxMessagesPerRequest: envNumber('MEMORY_MAX_MESSAGES_PER_REQUEST', 1_000),

  // --- Agent runs: subgraphs/agents/ (issue 29, findings 5 and 17) ---------------------------
  /** Tool calls of one model answer that are run: a step needs a few; 200 search_memory calls froze the platform 8 s and 30,000 unknown ones 6 s. The rest are not run and the model is told so. */
  agentMaxToolCallsPerAnswer: envNumber('AGENT_MAX_TOOL_CALLS_PER_ANSWER', 32),
  /** Bytes of one tool call's arguments (JSON): a model fills a schema's few fields; a larger call is answered INVALID_ARGUMENTS and its arguments are not kept in the history the model is sent again. */
  agentMaxToolArgumentBytes: envNumber('AGENT_MAX_TOOL_ARGUMENT_BYTES', 64 * KiB),
  /** Bytes of one tool result (JSON) kept and sent to the model: a 13.6 MB result stalled the platform and made every later model request 15 MB. A larger result is refused with TOO_LARGE, which the model reads. */
  agentMaxToolResultBytes: envNumber('AGENT_MAX_TOOL_RESULT_BYTES', 256 * KiB),
  /** Model output tokens one model call is reserved credits for (with its prompt, priced): credits are reserved before the call and settled after, so concurrent runs cannot spend past the limit. */
  agentReserveCompletionTokens: envNumber('AGENT_RESERVE_COMPLETION_TOKENS', 4_096),

  // --- Subscriptions: gateway/subscriptions.ts ----------------------------------------------
  /** How often an open subscription re-checks its key between events: a revoked key stops streaming within this. */
  subscriptionAuthRecheckMs: envNumber('SUBSCRIPTION_AUTH_RECHECK_MS', 30_000),

  // --- graphql-ws sockets: gateway/graphql-ws.ts, edge/socket-limits.ts ---------------------
  // The key is checked at connection_init, before any subscribe message is parsed; every
  // subscribe spends one point of the key's budget before it is parsed (core/rate-limit.ts).
  /** How long a socket may stay open before its connection_init: a client sends it at once; an idle socket only holds memory and a descriptor. */
  wsConnectionInitTimeoutMs: envNumber('WS_CONNECTION_INIT_TIMEOUT_MS', 3_000),
  /** Sockets open at once from one client address, credentials or not (refused with HTTP 429 at the upgrade): an office behind one address runs a few desktops and browsers, not hundreds. */
  wsMaxSocketsPerAddress: envNumber('WS_MAX_SOCKETS_PER_ADDRESS', 100),
  /** Sockets open at once under one API key (its OAuth tokens included): a desktop holds one, a browser tab one; past it the socket is closed with 4429. */
  wsMaxSocketsPerKey: envNumber('WS_MAX_SOCKETS_PER_KEY', 32),
  /** Messages one socket may send in a minute, pings included, counted before graphql-ws reads them: a client sends a subscribe per job and a ping every few seconds; past it the socket is closed with 4429. */
  wsMaxMessagesPerMinute: envNumber('WS_MAX_MESSAGES_PER_MINUTE', 120),
  /** Subscriptions open at once on one socket: each holds a listener and re-reads its job on every event. */
  wsMaxSubscriptionsPerSocket: envNumber('WS_MAX_SUBSCRIPTIONS_PER_SOCKET', 50),
  /** Bytes of one socket message (ws closes the socket with 1009 past it): a subscription document is under GRAPHQL_MAX_TOKENS, a few KB. */
  wsMaxMessageBytes: envNumber('WS_MAX_MESSAGE_BYTES', 64 * KiB),

  // --- Memory search: subgraphs/memory/service.ts --------------------------------------------
  /** group_ids of one memory search: each is one SQL parameter (SQLite allows 32,766 a statement); a user has tens of groups. */
  memoryMaxGroupIds: envNumber('MEMORY_MAX_GROUP_IDS', 1_000),
} as const;

export type LimitName = keyof typeof LIMITS;
