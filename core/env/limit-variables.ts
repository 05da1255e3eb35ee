// The limits on caller input an operator may move, each with its reason (core/limits.ts reads them).
// Declared here, beside the other variables (core/env/variables.ts), so that each is read, checked and
// documented once.
import { decimal, limit } from './define.ts';

const KiB = 1024;
const MiB = 1024 * KiB;

export const LIMIT_VARIABLES = {
  // --- Zip containers (.xlsx templates, .mcdx sources): core/zip.ts -------------------------
  ZIP_MAX_ENTRIES: limit(
    10_000,
    'Entries in one package: real workbooks and worksheets have tens to a few thousand parts; more is a directory bomb.',
  ),
  ZIP_MAX_INFLATED_BYTES: limit(
    256 * MiB,
    'Bytes all entries of one package may inflate to: a 50-sheet workbook of 100,000 rows is well under it; a zip bomb is not.',
  ),
  ZIP_MAX_RATIO: limit(
    200,
    'Inflated ÷ compressed size of one entry: XML compresses 5–50×, very repetitive sheets ~150×; a bomb thousands of times.',
  ),
  // --- Spreadsheet templates: subgraphs/documents/spreadsheet/template/ ---------------------
  TEMPLATE_MAX_DEFINED_NAMES: limit(
    10_000,
    "Defined names in one workbook: Excel's own books rarely hold more than a few hundred.",
  ),
  // --- Formulas (calculation documents): subgraphs/documents/calcdoc/ ----------------------
  FORMULA_MAX_CHARS: limit(
    2_000,
    'Characters of one formula: an engineering formula is a line, rarely 200 characters.',
  ),
  FORMULA_MAX_TERMS: limit(
    400,
    "Terms (numbers, names, operators) of one formula: keeps parsing and the tree's depth (recursion) small.",
  ),
  FORMULA_MAX_TERMS_PER_REQUEST: limit(
    10_000,
    'Formula terms of one request in all: request-time validation parses them on the request thread (~20 µs a term).',
  ),
  // --- Code search: subgraphs/content/search/ ----------------------------------------------
  SEARCH_MAX_QUERY_CHARS: limit(
    1_000,
    'Characters of a search query: a question or a clause reference, not a document.',
  ),
  SEARCH_MAX_QUERY_TERMS: limit(
    64,
    'Distinct words of a query sent to full-text search: each is one more FTS5 posting list to merge.',
  ),
  // --- Memory: subgraphs/memory/ -----------------------------------------------------------
  MEMORY_MAX_MESSAGE_CHARS: limit(
    100_000,
    'Characters of one message the extractor reads: a chat message, not a book; longer fails its episode with RESOURCE_LIMIT.',
  ),
  MEMORY_MAX_FACTS_PER_MESSAGE: limit(
    32,
    'Facts kept from one message: a chat turn states a handful; 970 from one near-cap message took seconds of synchronous writes (issue 29, finding 3). The first ones are kept.',
  ),
  MEMORY_FACTS_PER_WRITE: limit(
    48,
    "Facts written per database transaction while a group's queue is drained: the embedded database writes on the event loop, so writes are cut into transactions of about this many facts with a yield between them.",
  ),
  // --- PDFs (drawings): subgraphs/drawings/pdf/ --------------------------------------------
  PDF_MAX_OPERATORS: limit(
    10_000_000,
    'Operators of one page after form XObjects are expanded: the densest real sheets have ~1 million; a nesting bomb has billions.',
  ),
  DRAWING_TIMEOUT_MS: limit(
    60_000,
    "CPU time of one page analysis on its thread, which the caller's HTTP request waits for: the densest real sheets take 1–2 s; a loaded machine slows the wall clock, not this.",
  ),
  DRAWING_QUEUE_WAIT_MS: limit(
    150_000,
    "How long an upload waits for a free worker thread before it is answered 503 to retry: with the run's wall-clock backstop (WORKER_WALL_FACTOR × the limit above) an upload is answered within 270 s, inside the 300 s clients commonly wait for headers.",
  ),
  LETTERING_MAX_REGIONS: limit(
    400,
    'Regions of one page the lettering reader recognises (subgraphs/drawings/lettering/): a sheet without a text layer, or the stroked notes of one whose text layer holds only its title block, has tens of tags and note blocks; each costs 20–80 ms of CPU. A hostile page of thousands of arrows to stroke clusters stops here.',
  ),
  LETTERING_TEXT_LAYER_REGIONS: limit(
    8,
    "Stroked notes the lettering reader reads on one page that has a text layer (REGION WITHOUT A TEXT LAYER, subgraphs/drawings/detect/lettering-pass.ts): there the notes are in the text layer and a stroked one is the exception (an SHX note beside it); the real sheets measured have 0–6. At 20–80 ms a region, 8 keep the reader within about half a second, which the speed target (a text-layer page within 3× pdf.js's own parse) can carry; the leaders of the notes past it are left out.",
  ),
  LETTERING_CPU_MS: limit(
    2_500,
    "Thread CPU time the lettering reader may spend recognising one page's regions, in the analysis's worker: the issue's target for a whole sheet without a text layer is 4 s; regions left past it get no reading (a leader to an unread stroked note on a text-layer page is then left out).",
  ),
  // --- Jobs: core/jobs/runner.ts -----------------------------------------------------------
  JOB_MAX_RUNTIME_MS: limit(
    600_000,
    'Wall-clock time of one job from its claim, all its worker tasks included: past it the job is stopped and fails with RESOURCE_LIMIT.',
  ),
  JOB_WATCH_INTERVAL_MS: limit(
    2_000,
    'How often the runner checks that its running jobs are still wanted (not deleted, not re-claimed, their account still has a key).',
  ),
  // --- Worker threads: core/jobs/worker-pool.ts --------------------------------------------
  WORKER_TASK_TIMEOUT_MS: limit(
    120_000,
    'CPU time of one worker task on its thread; past it the task fails with RESOURCE_LIMIT and the thread is replaced.',
  ),
  WORKER_WALL_FACTOR: decimal(
    2,
    'Wall-clock backstop of a worker task, as a multiple of its CPU limit: stops a task that waits without working.',
    { min: 1 },
  ),
  WORKER_MAX_HEAP_MB: limit(
    1_536,
    "V8 old-space heap of one worker thread: one task cannot take the machine's memory.",
  ),
  // --- Outbound fetches (calculation-document images): core/net/ ---------------------------
  FETCH_MAX_BYTES: limit(10 * MiB, 'Bytes of one fetched body.'),
  FETCH_TIMEOUT_MS: limit(10_000, 'Time of one fetch, redirects included.'),
  // --- GraphQL operations (HTTP and graphql-ws alike): gateway/operation-limits.ts ---------
  GRAPHQL_MAX_TOKENS: limit(
    3_000,
    'Lexical tokens of one GraphQL document: the largest operation our REST layer sends is ~300; parsing stops here, before any recursion gets deep.',
  ),
  GRAPHQL_MAX_DEPTH: limit(
    12,
    "Nesting depth of selections (fragments flattened): the deepest real selection (a job's typed results) is 6.",
  ),
  GRAPHQL_MAX_ALIASES: limit(
    15,
    'Aliases in one operation: a client renames a few fields; thousands are one request doing the work of thousands.',
  ),
  GRAPHQL_MAX_DIRECTIVES: limit(50, 'Directives in one operation (@include/@skip): a few per operation is normal.'),
  GRAPHQL_MAX_COST: limit(
    5_000,
    "graphql-armor's cost (objects 2, scalars 1, multiplied by depth): bounds the total fields one operation resolves.",
  ),
  ANONYMOUS_BODY_BYTES: limit(
    64 * KiB,
    'Body bytes a request without an API key may send: public operations (codes, blog) are a few hundred bytes.',
  ),
  HTTP_KEEP_ALIVE_MS: limit(
    65_000,
    'How long an idle keep-alive connection stays open. Node\'s 5 s default races clients that reuse a connection just as the server closes it: the request is sent, the socket ends unanswered ("other side closed"), as the eighth upload of bench/drawings.ts met when key creation kept its connection idle ~5 s. 65 s is above the 60 s idle time of common proxies and clients, so they close first.',
  ),
  // --- Memory service requests: rest-compat/memory-service.ts ------------------------------
  MEMORY_MAX_MESSAGES_PER_REQUEST: limit(
    1_000,
    'Messages in one memory request: a conversation turn is a handful; each message is one episode and its SQL rows.',
  ),
  // --- Agent runs: subgraphs/agents/ (issue 29, findings 5 and 17) ---------------------------
  AGENT_MAX_TOOL_CALLS_PER_ANSWER: limit(
    32,
    'Tool calls of one model answer that are run: a step needs a few; 200 search_memory calls froze the platform 8 s and 30,000 unknown ones 6 s. The rest are not run and the model is told so.',
  ),
  AGENT_MAX_TOOL_ARGUMENT_BYTES: limit(
    64 * KiB,
    "Bytes of one tool call's arguments (JSON): a model fills a schema's few fields; a larger call is answered INVALID_ARGUMENTS and its arguments are not kept in the history the model is sent again.",
  ),
  AGENT_MAX_TOOL_RESULT_BYTES: limit(
    256 * KiB,
    'Bytes of one tool result (JSON) kept and sent to the model: a 13.6 MB result stalled the platform and made every later model request 15 MB. A larger result is refused with TOO_LARGE, which the model reads.',
  ),
  AGENT_RESERVE_COMPLETION_TOKENS: limit(
    4_096,
    'Model output tokens one model call is reserved credits for (with its prompt, priced): credits are reserved before the call and settled after, so concurrent runs cannot spend past the limit.',
  ),
  // --- Subscriptions: gateway/subscriptions.ts ----------------------------------------------
  SUBSCRIPTION_AUTH_RECHECK_MS: limit(
    30_000,
    'How often an open subscription re-checks its key between events: a revoked key stops streaming within this.',
  ),
  // --- graphql-ws sockets: gateway/graphql-ws.ts, edge/socket-limits.ts ---------------------
  // The key is checked at connection_init, before any subscribe message is parsed; every
  // subscribe spends one point of the key's budget before it is parsed (core/rate-limit.ts).
  WS_CONNECTION_INIT_TIMEOUT_MS: limit(
    3_000,
    'How long a socket may stay open before its connection_init: a client sends it at once; an idle socket only holds memory and a descriptor.',
  ),
  WS_MAX_SOCKETS_PER_ADDRESS: limit(
    100,
    'Sockets open at once from one client address, credentials or not (refused with HTTP 429 at the upgrade): an office behind one address runs a few desktops and browsers, not hundreds.',
  ),
  WS_MAX_SOCKETS_PER_KEY: limit(
    32,
    'Sockets open at once under one API key (its OAuth tokens included): a desktop holds one, a browser tab one; past it the socket is closed with 4429.',
  ),
  WS_MAX_MESSAGES_PER_MINUTE: limit(
    120,
    'Messages one socket may send in a minute, pings included, counted before graphql-ws reads them: a client sends a subscribe per job and a ping every few seconds; past it the socket is closed with 4429.',
  ),
  WS_MAX_SUBSCRIPTIONS_PER_SOCKET: limit(
    50,
    'Subscriptions open at once on one socket: each holds a listener and re-reads its job on every event.',
  ),
  WS_MAX_MESSAGE_BYTES: limit(
    64 * KiB,
    'Bytes of one socket message (ws closes the socket with 1009 past it): a subscription document is under GRAPHQL_MAX_TOKENS, a few KB.',
  ),
  // --- Memory search: subgraphs/memory/service.ts --------------------------------------------
  MEMORY_MAX_GROUP_IDS: limit(
    1_000,
    'group_ids of one memory search: each is one SQL parameter (SQLite allows 32,766 a statement); a user has tens of groups.',
  ),
};
