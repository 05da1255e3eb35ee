// The one table that maps every error code to its HTTP status and GraphQL
// extensions.code. REST routes, GraphQL resolvers and the job runner all read it.
import { GraphQLError } from 'graphql';

export const ERROR_TABLE = {
  VALIDATION_ERROR: { status: 400, graphql: 'VALIDATION_ERROR' },
  INVALID_ELEMENT: { status: 400, graphql: 'INVALID_ELEMENT' },
  GRAPHQL_PARSE_FAILED: { status: 400, graphql: 'GRAPHQL_PARSE_FAILED' },
  GRAPHQL_VALIDATION_FAILED: { status: 400, graphql: 'GRAPHQL_VALIDATION_FAILED' },
  BAD_USER_INPUT: { status: 400, graphql: 'BAD_USER_INPUT' },
  // A GraphQL operation past a cost limit (tokens, depth, aliases, directives, cost): gateway/operation-limits.ts.
  QUERY_TOO_COMPLEX: { status: 400, graphql: 'QUERY_TOO_COMPLEX' },
  // Persisted documents (gateway/persisted-documents.ts): a document that is not on the operator's list
  // (PERSISTED_DOCUMENTS_MODE=allowlist), or text where only a hash is accepted (require-id). An unknown
  // hash is Apollo's own PERSISTED_QUERY_NOT_FOUND (HTTP 200 or 404 as its protocol says).
  QUERY_NOT_IN_SAFELIST: { status: 400, graphql: 'QUERY_NOT_IN_SAFELIST' },
  PERSISTED_QUERY_ID_REQUIRED: { status: 400, graphql: 'PERSISTED_QUERY_ID_REQUIRED' },
  // A subscription sent over HTTP: jobUpdated is served over graphql-ws only.
  SUBSCRIPTION_OVER_HTTP: { status: 400, graphql: 'SUBSCRIPTION_OVER_HTTP' },
  UNAUTHORIZED: { status: 401, graphql: 'UNAUTHORIZED' },
  FORBIDDEN: { status: 403, graphql: 'FORBIDDEN' },
  SIGNATURE_INVALID: { status: 403, graphql: 'SIGNATURE_INVALID' },
  NOT_FOUND: { status: 404, graphql: 'NOT_FOUND' },
  JOB_NOT_FOUND: { status: 404, graphql: 'JOB_NOT_FOUND' },
  BLOG_NOT_FOUND: { status: 404, graphql: 'BLOG_NOT_FOUND' },
  FILE_NOT_FOUND: { status: 404, graphql: 'FILE_NOT_FOUND' },
  DRAWING_NOT_FOUND: { status: 404, graphql: 'DRAWING_NOT_FOUND' },
  // An unknown project, or another account's (never told apart), and an entity not in the project.
  PROJECT_NOT_FOUND: { status: 404, graphql: 'PROJECT_NOT_FOUND' },
  ENTITY_NOT_FOUND: { status: 404, graphql: 'ENTITY_NOT_FOUND' },
  METHOD_NOT_ALLOWED: { status: 405, graphql: 'METHOD_NOT_ALLOWED' },
  URL_EXPIRED: { status: 410, graphql: 'URL_EXPIRED' },
  PAYLOAD_TOO_LARGE: { status: 413, graphql: 'PAYLOAD_TOO_LARGE' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, graphql: 'UNSUPPORTED_MEDIA_TYPE' },
  UNPROCESSABLE: { status: 422, graphql: 'UNPROCESSABLE' },
  FORMULA_PARSE_ERROR: { status: 422, graphql: 'FORMULA_PARSE_ERROR' },
  NAMED_RANGE_NOT_FOUND: { status: 422, graphql: 'NAMED_RANGE_NOT_FOUND' },
  ELEMENT_LIMIT_EXCEEDED: { status: 422, graphql: 'ELEMENT_LIMIT_EXCEEDED' },
  UNSUPPORTED_FORMAT: { status: 422, graphql: 'UNSUPPORTED_FORMAT' },
  INVALID_PDF: { status: 422, graphql: 'INVALID_PDF' },
  ENCRYPTED_PDF: { status: 422, graphql: 'ENCRYPTED_PDF' },
  PAGE_OUT_OF_RANGE: { status: 422, graphql: 'PAGE_OUT_OF_RANGE' },
  NO_TEXT_LAYER: { status: 422, graphql: 'NO_TEXT_LAYER' },
  RATE_LIMITED: { status: 429, graphql: 'RATE_LIMITED' },
  // The account has as many unfinished jobs as its tier allows (core/jobs/service.ts).
  TOO_MANY_JOBS: { status: 429, graphql: 'TOO_MANY_JOBS' },
  // Agent runs (subgraphs/agents/).
  CONVERSATION_NOT_FOUND: { status: 404, graphql: 'CONVERSATION_NOT_FOUND' },
  TOOL_CALL_NOT_FOUND: { status: 404, graphql: 'TOOL_CALL_NOT_FOUND' },
  // The agent of a conversation is fixed at its first message: start a new conversation to switch.
  AGENT_LOCKED: { status: 409, graphql: 'AGENT_LOCKED' },
  // resumeRun of a run that is not paused, retryRun of one that was not interrupted.
  RUN_STATE_CONFLICT: { status: 409, graphql: 'RUN_STATE_CONFLICT' },
  // The account's agent usage for this period is spent; details.reset_at says when it refills.
  OUT_OF_CREDITS: { status: 402, graphql: 'OUT_OF_CREDITS' },
  // No AGENT_LLM_URL: runs are refused rather than faked.
  AGENT_MODEL_NOT_CONFIGURED: { status: 503, graphql: 'AGENT_MODEL_NOT_CONFIGURED' },
  // Reasons a run ends interrupted (a run's reasonCode, never an HTTP status of their own): the
  // model endpoint failed, no desktop came back within the wait, the server restarted under it.
  MODEL_ERROR: { status: 502, graphql: 'MODEL_ERROR' },
  DESKTOP_UNAVAILABLE: { status: 503, graphql: 'DESKTOP_UNAVAILABLE' },
  // A desktop tool call not answered within AGENT_TOOL_TIMEOUT_MS (the step's tool result).
  DESKTOP_TIMEOUT: { status: 504, graphql: 'DESKTOP_TIMEOUT' },
  RUN_INTERRUPTED: { status: 500, graphql: 'RUN_INTERRUPTED' },
  INTERNAL_ERROR: { status: 500, graphql: 'INTERNAL_SERVER_ERROR' },
  NOT_IMPLEMENTED: { status: 501, graphql: 'NOT_IMPLEMENTED' },
  SERVICE_UNAVAILABLE: { status: 503, graphql: 'SERVICE_UNAVAILABLE' },
  // Job-only codes: they appear in a failed job's error, never as an HTTP status of their own.
  JOB_INTERRUPTED: { status: 500, graphql: 'JOB_INTERRUPTED' },
  JOB_HANDLER_FAILED: { status: 500, graphql: 'JOB_HANDLER_FAILED' },
  // The job was stopped because nobody can use its result any more: every key of its account was revoked (core/jobs/runner.ts).
  JOB_CANCELLED: { status: 409, graphql: 'JOB_CANCELLED' },
  SEARCH_TIMEOUT: { status: 504, graphql: 'SEARCH_TIMEOUT' },
  // The input needs more time or memory than a task may take (core/limits.ts): the work was stopped.
  RESOURCE_LIMIT: { status: 422, graphql: 'RESOURCE_LIMIT' },
  // Calculation documents (job-only): a formula uses a name not defined above it, units clash, or evaluation fails.
  UNDEFINED_VARIABLE: { status: 422, graphql: 'UNDEFINED_VARIABLE' },
  UNIT_MISMATCH: { status: 422, graphql: 'UNIT_MISMATCH' },
  CALCULATION_ERROR: { status: 422, graphql: 'CALCULATION_ERROR' },
  DOCUMENT_NOT_FOUND: { status: 404, graphql: 'DOCUMENT_NOT_FOUND' },
  IMAGE_FETCH_FAILED: { status: 422, graphql: 'IMAGE_FETCH_FAILED' },
  // The client closed its connection before the answer (nginx's 499): work done only for that answer stops; nobody reads the status.
  REQUEST_CANCELLED: { status: 499, graphql: 'REQUEST_CANCELLED' },
} as const satisfies Record<string, { status: number; graphql: string }>;

export type ErrorCode = keyof typeof ERROR_TABLE;

/**
 * The WWW-Authenticate challenge every 401 carries (RFC 9110 §11.6.1): Bearer for the hosted
 * API and GraphQL, the X-API-Key header for the memory service.
 */
export const AUTH_CHALLENGE = { bearer: 'Bearer realm="api"', apiKey: 'APIKey realm="memory", header="X-API-Key"' } as const;

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

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: Record<string, unknown> | undefined;
  constructor(code: ErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }

  /** graphql-js copies an original error's extensions into the GraphQLError it wraps it in. */
  get extensions(): Record<string, unknown> {
    return { code: ERROR_TABLE[this.code].graphql, ...(this.details ? { details: this.details } : {}) };
  }

  toGraphQLError(): GraphQLError {
    return new GraphQLError(this.message, { extensions: this.extensions });
  }

  /** The hosted API envelope. */
  toEnvelope(): { error: { code: string; message: string; details?: Record<string, unknown> } } {
    return { error: { code: this.code, message: this.message, ...(this.details ? { details: this.details } : {}) } };
  }
}

export const notImplemented = (what: string): AppError =>
  new AppError('NOT_IMPLEMENTED', `${what} is not implemented yet`);
