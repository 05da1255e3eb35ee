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

export const LIMITS = {
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

  // --- Memory service requests: rest-compat/memory-service.ts ------------------------------
  /** Messages in one memory request: a conversation turn is a handful; each message is one episode and its SQL rows. */
  memoryMaxMessagesPerRequest: envNumber('MEMORY_MAX_MESSAGES_PER_REQUEST', 1_000),

  // --- Subscriptions: gateway/subscriptions.ts ----------------------------------------------
  /** How often an open subscription re-checks its key between events: a revoked key stops streaming within this. */
  subscriptionAuthRecheckMs: envNumber('SUBSCRIPTION_AUTH_RECHECK_MS', 30_000),
} as const;

export type LimitName = keyof typeof LIMITS;
