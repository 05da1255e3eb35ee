// The one table that maps every error code to its HTTP status, its GraphQL extensions.code and when
// it is answered. REST routes, GraphQL resolvers and the job runner all read it; the reference page
// docs/reference/errors.md is generated from it (npm run docs).
import { GraphQLError } from 'graphql';

/** One error code: its HTTP status, its GraphQL extensions.code, and when it is answered (docs/reference/errors.md is generated from it). */
export interface ErrorRow {
  status: number;
  graphql: string;
  when: string;
}

export const ERROR_TABLE = {
  // Requests
  VALIDATION_ERROR: {
    status: 400,
    graphql: 'VALIDATION_ERROR',
    when: "The request's shape is wrong: malformed JSON, a missing field, a value of the wrong type. An absent field is always 400, whatever its type (`core/validation.ts`); `details.field` names the field as the caller spelled it.",
  },
  UNPROCESSABLE: {
    status: 422,
    graphql: 'UNPROCESSABLE',
    when: 'The shape is right but a value cannot be used: out of range, an unknown enum value, a file that is not what it says. `details.field` names the field.',
  },
  INVALID_ELEMENT: {
    status: 400,
    graphql: 'INVALID_ELEMENT',
    when: "A calculation document's element is not one of the element types, or lacks what its type needs; `details.field` names it (`elements[2].type`).",
  },
  BAD_USER_INPUT: {
    status: 400,
    graphql: 'BAD_USER_INPUT',
    when: "A GraphQL variable or argument does not fit its declared type (Apollo's own code, kept so GraphQL clients recognise it).",
  },
  PAYLOAD_TOO_LARGE: {
    status: 413,
    graphql: 'PAYLOAD_TOO_LARGE',
    when: "A body over its limit (`JSON_LIMIT_BYTES`; uploads `UPLOAD_LIMIT_BYTES`), refused while it streams; `details.field` names the upload's field.",
  },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    graphql: 'UNSUPPORTED_MEDIA_TYPE',
    when: 'A body in a content type the route does not read.',
  },
  METHOD_NOT_ALLOWED: {
    status: 405,
    graphql: 'METHOD_NOT_ALLOWED',
    when: 'A known path with another method; the `Allow` header lists the methods it has.',
  },
  NOT_FOUND: { status: 404, graphql: 'NOT_FOUND', when: 'A path in no route table.' },
  RATE_LIMITED: {
    status: 429,
    graphql: 'RATE_LIMITED',
    when: 'Over a rate limit of the key or the address; `Retry-After` says when to try again.',
  },
  REQUEST_CANCELLED: {
    status: 499,
    graphql: 'REQUEST_CANCELLED',
    when: "The client closed its connection before the answer (nginx's 499): work done only for that answer stops. Nobody reads this status; it is logged.",
  },
  // GraphQL
  GRAPHQL_PARSE_FAILED: { status: 400, graphql: 'GRAPHQL_PARSE_FAILED', when: 'The GraphQL document does not parse.' },
  GRAPHQL_VALIDATION_FAILED: {
    status: 400,
    graphql: 'GRAPHQL_VALIDATION_FAILED',
    when: 'The GraphQL document parses but does not validate against the schema (an unknown field, a missing argument).',
  },
  QUERY_TOO_COMPLEX: {
    status: 400,
    graphql: 'QUERY_TOO_COMPLEX',
    when: 'A GraphQL operation past a cost limit (`edge/operation-limits.ts`); `extensions.limit` names it: `tokens`, `depth`, `aliases`, `directives` or `cost`.',
  },
  // Persisted documents (gateway/persisted-documents.ts). An unknown hash is Apollo's own
  // PERSISTED_QUERY_NOT_FOUND (HTTP 200 or 404 as its protocol says).
  QUERY_NOT_IN_SAFELIST: {
    status: 400,
    graphql: 'QUERY_NOT_IN_SAFELIST',
    when: "A GraphQL document that is not on the operator's list of persisted documents (`PERSISTED_DOCUMENTS_MODE=allowlist`).",
  },
  PERSISTED_QUERY_ID_REQUIRED: {
    status: 400,
    graphql: 'PERSISTED_QUERY_ID_REQUIRED',
    when: "A GraphQL document sent as text where the server accepts only a persisted document's hash (`PERSISTED_DOCUMENTS_MODE=require-id`).",
  },
  SUBSCRIPTION_OVER_HTTP: {
    status: 400,
    graphql: 'SUBSCRIPTION_OVER_HTTP',
    when: 'A subscription sent over HTTP: `jobUpdated` is served over `graphql-ws` only.',
  },
  // Keys and downloads
  UNAUTHORIZED: {
    status: 401,
    graphql: 'UNAUTHORIZED',
    when: 'A missing, unknown or revoked key; every 401 carries `WWW-Authenticate`.',
  },
  FORBIDDEN: {
    status: 403,
    graphql: 'FORBIDDEN',
    when: 'The key is valid but may not do this: an operator-only operation (loading codes, clearing memory) or one disabled on this server (diagnostic jobs, `/clear` without `MEMORY_CLEAR_ENABLED`).',
  },
  SIGNATURE_INVALID: {
    status: 403,
    graphql: 'SIGNATURE_INVALID',
    when: 'A download URL whose signature does not match its path and expiry (tampered or truncated).',
  },
  URL_EXPIRED: {
    status: 410,
    graphql: 'URL_EXPIRED',
    when: 'A signed download URL past its expiry: ask the job again for a fresh one.',
  },
  // Resources
  JOB_NOT_FOUND: {
    status: 404,
    graphql: 'JOB_NOT_FOUND',
    when: "An unknown, expired or another account's job (never told apart).",
  },
  FILE_NOT_FOUND: {
    status: 404,
    graphql: 'FILE_NOT_FOUND',
    when: "An unknown, expired or another account's uploaded file (`file_hash`).",
  },
  DRAWING_NOT_FOUND: { status: 404, graphql: 'DRAWING_NOT_FOUND', when: "An unknown or another account's drawing." },
  PROJECT_NOT_FOUND: {
    status: 404,
    graphql: 'PROJECT_NOT_FOUND',
    when: "An unknown or another account's project (never told apart).",
  },
  ENTITY_NOT_FOUND: {
    status: 404,
    graphql: 'ENTITY_NOT_FOUND',
    when: 'An entity (sheet, member, link) that is not in the project named.',
  },
  DOCUMENT_NOT_FOUND: {
    status: 404,
    graphql: 'DOCUMENT_NOT_FOUND',
    when: "An unknown or another account's calculation document, or one past its retention.",
  },
  LIBRARY_FULL: {
    status: 422,
    graphql: 'LIBRARY_FULL',
    when: "A private code library (subgraphs/content/library.ts) would hold more pages than the account's tier allows (`FREE_LIBRARY_PAGES`, `PRO_LIBRARY_PAGES`, `ENTERPRISE_LIBRARY_PAGES`).",
  },
  TOO_MANY_JOBS: {
    status: 429,
    graphql: 'TOO_MANY_JOBS',
    when: 'The account has as many unfinished jobs as its tier allows (`core/jobs/service.ts`); `details {limit, unfinished}`.',
  },
  // Documents and files
  FORMULA_PARSE_ERROR: {
    status: 422,
    graphql: 'FORMULA_PARSE_ERROR',
    when: 'A spreadsheet or calculation formula that does not parse; `details.field` names the cell or element.',
  },
  NAMED_RANGE_NOT_FOUND: {
    status: 422,
    graphql: 'NAMED_RANGE_NOT_FOUND',
    when: '`populate_template` names a range the template does not define.',
  },
  ELEMENT_LIMIT_EXCEEDED: {
    status: 422,
    graphql: 'ELEMENT_LIMIT_EXCEEDED',
    when: 'A calculation document with more elements than its tier allows; `details {limit, tier, count}`.',
  },
  UNSUPPORTED_FORMAT: {
    status: 422,
    graphql: 'UNSUPPORTED_FORMAT',
    when: 'An uploaded file in a format the capability does not read (a binary Mathcad `.mcd`, a package that is not a zip, a part that is not XML).',
  },
  INVALID_PDF: { status: 422, graphql: 'INVALID_PDF', when: 'A file sent as a PDF that pdf.js cannot open.' },
  ENCRYPTED_PDF: { status: 422, graphql: 'ENCRYPTED_PDF', when: 'A PDF that needs a password.' },
  PAGE_OUT_OF_RANGE: {
    status: 422,
    graphql: 'PAGE_OUT_OF_RANGE',
    when: "A page number past the document's last page; `details {page, page_count}`.",
  },
  NO_TEXT_LAYER: {
    status: 422,
    graphql: 'NO_TEXT_LAYER',
    when: 'A code PDF with no searchable text layer (a scan): it needs OCR before it is loaded.',
  },
  IMAGE_FETCH_FAILED: {
    status: 422,
    graphql: 'IMAGE_FETCH_FAILED',
    when: "A calculation document's image could not be fetched or decoded; `details.element_index` names the element.",
  },
  UNDEFINED_VARIABLE: {
    status: 422,
    graphql: 'UNDEFINED_VARIABLE',
    when: 'Job only: a calculation formula uses a name not defined above it.',
  },
  UNIT_MISMATCH: {
    status: 422,
    graphql: 'UNIT_MISMATCH',
    when: 'Job only: a calculation adds or compares quantities whose units clash.',
  },
  CALCULATION_ERROR: {
    status: 422,
    graphql: 'CALCULATION_ERROR',
    when: 'Job only: a calculation element cannot be evaluated (a function outside its domain, a matrix of the wrong size).',
  },
  RESOURCE_LIMIT: {
    status: 422,
    graphql: 'RESOURCE_LIMIT',
    when: 'The input needs more time or memory than a task may take (`core/limits.ts`): the work was stopped; `details.limit` names the limit.',
  },
  SEARCH_TIMEOUT: {
    status: 504,
    graphql: 'SEARCH_TIMEOUT',
    when: 'A code search past its time limit; `details.timeout_ms` says which.',
  },
  // Jobs
  JOB_INTERRUPTED: {
    status: 500,
    graphql: 'JOB_INTERRUPTED',
    when: 'Job only: the process running the job stopped under it and its attempts are spent.',
  },
  JOB_HANDLER_FAILED: {
    status: 500,
    graphql: 'JOB_HANDLER_FAILED',
    when: "Job only: the job's handler failed on an error that is not one of these codes.",
  },
  JOB_CANCELLED: {
    status: 409,
    graphql: 'JOB_CANCELLED',
    when: 'Job only: the job was stopped because nobody can use its result any more (every key of its account was revoked, `core/jobs/runner.ts`); `details.reason`.',
  },
  // Agents
  CONVERSATION_NOT_FOUND: {
    status: 404,
    graphql: 'CONVERSATION_NOT_FOUND',
    when: "An unknown or another account's conversation.",
  },
  TOOL_CALL_NOT_FOUND: {
    status: 404,
    graphql: 'TOOL_CALL_NOT_FOUND',
    when: "A tool call the account does not have (unknown, another account's, or already answered).",
  },
  AGENT_LOCKED: {
    status: 409,
    graphql: 'AGENT_LOCKED',
    when: 'The agent of a conversation is fixed at its first message: start a new conversation to switch.',
  },
  RUN_STATE_CONFLICT: {
    status: 409,
    graphql: 'RUN_STATE_CONFLICT',
    when: '`resumeRun` of a run that is not paused, `retryRun` of one that was not interrupted.',
  },
  OUT_OF_CREDITS: {
    status: 402,
    graphql: 'OUT_OF_CREDITS',
    when: "The account's agent usage for this period is spent; `details.reset_at` says when it refills.",
  },
  AGENT_MODEL_NOT_CONFIGURED: {
    status: 503,
    graphql: 'AGENT_MODEL_NOT_CONFIGURED',
    when: 'No `AGENT_LLM_URL`: runs are refused rather than faked.',
  },
  MODEL_ERROR: {
    status: 502,
    graphql: 'MODEL_ERROR',
    when: "A run's reason code, never an HTTP answer: the model endpoint failed.",
  },
  DESKTOP_UNAVAILABLE: {
    status: 503,
    graphql: 'DESKTOP_UNAVAILABLE',
    when: "A run's reason code: no desktop came back within the wait.",
  },
  DESKTOP_TIMEOUT: {
    status: 504,
    graphql: 'DESKTOP_TIMEOUT',
    when: "A desktop tool call not answered within `AGENT_TOOL_TIMEOUT_MS` (the step's tool result).",
  },
  RUN_INTERRUPTED: {
    status: 500,
    graphql: 'RUN_INTERRUPTED',
    when: "A run's reason code: the server restarted under the run.",
  },
  // Server
  INTERNAL_ERROR: {
    status: 500,
    graphql: 'INTERNAL_SERVER_ERROR',
    when: 'An unexpected failure; the body carries no driver or stack text, the log has it under the request id.',
  },
  NOT_IMPLEMENTED: {
    status: 501,
    graphql: 'NOT_IMPLEMENTED',
    when: 'A specification route whose capability is not built yet.',
  },
  SERVICE_UNAVAILABLE: {
    status: 503,
    graphql: 'SERVICE_UNAVAILABLE',
    when: "The server cannot take the work now: every worker thread stayed busy past the queue's wait, or a dependency does not answer. Try again shortly.",
  },
} as const satisfies Record<string, ErrorRow>;

export type ErrorCode = keyof typeof ERROR_TABLE;

/**
 * The WWW-Authenticate challenge every 401 carries (RFC 9110 §11.6.1): Bearer for the hosted
 * API and GraphQL, the X-API-Key header for the memory service.
 */
export const AUTH_CHALLENGE = {
  bearer: 'Bearer realm="api"',
  apiKey: 'APIKey realm="memory", header="X-API-Key"',
} as const;

const byGraphqlCode = new Map<string, ErrorCode>(
  Object.entries(ERROR_TABLE).map(([code, row]) => [row.graphql, code as ErrorCode]),
);

/** The table row for a GraphQL extensions.code; unknown codes are internal errors. */
export function codeFromGraphql(graphqlCode: unknown): ErrorCode {
  return (typeof graphqlCode === 'string' && byGraphqlCode.get(graphqlCode)) || 'INTERNAL_ERROR';
}

export function statusOf(code: ErrorCode): number {
  return ERROR_TABLE[code].status;
}

/**
 * Where a message names one field, as data: the message reads `${before}${path}: ${reason}`. A
 * surface that spells fields its own way (REST's snake_case) builds the same message from these
 * parts in its spelling, never by rewriting the text.
 */
export interface FieldMention {
  path: string;
  reason: string;
  before: string;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: Record<string, unknown> | undefined;
  readonly field: FieldMention | undefined;
  constructor(code: ErrorCode, message: string, details?: Record<string, unknown>, field?: FieldMention) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
    this.field = field;
  }

  /** graphql-js copies an original error's extensions into the GraphQLError it wraps it in. */
  get extensions(): Record<string, unknown> {
    return {
      code: ERROR_TABLE[this.code].graphql,
      ...(this.details ? { details: this.details } : {}),
      ...(this.field ? { field: this.field } : {}),
    };
  }

  toGraphQLError(): GraphQLError {
    return new GraphQLError(this.message, { extensions: this.extensions });
  }

  /** The hosted API envelope. */
  toEnvelope(): { error: { code: string; message: string; details?: Record<string, unknown> } } {
    return { error: { code: this.code, message: this.message, ...(this.details ? { details: this.details } : {}) } };
  }
}

/**
 * An error about the field at `path` (elements[2].resultUnit), its message `${before}${path}: ${reason}`
 * and `details` (by default { field: path }) with the path as data (FieldMention).
 */
export function fieldError(
  code: ErrorCode,
  path: string,
  reason: string,
  details: Record<string, unknown> = { field: path },
  before = '',
): AppError {
  return new AppError(code, fieldMessage({ path, reason, before }), details, { path, reason, before });
}

/** The message a field error prints: the text before, the field's path, its reason. */
export const fieldMessage = (m: FieldMention): string => `${m.before}${m.path}: ${m.reason}`;

/** A GraphQL error's FieldMention (extensions.field), when it carries a well-formed one. */
export function fieldMentionOf(value: unknown): FieldMention | undefined {
  const m = value as Partial<FieldMention> | null | undefined;
  return m && typeof m.path === 'string' && typeof m.reason === 'string' && typeof m.before === 'string'
    ? { path: m.path, reason: m.reason, before: m.before }
    : undefined;
}

export const notImplemented = (what: string): AppError =>
  new AppError('NOT_IMPLEMENTED', `${what} is not implemented yet`);
