// One place where an error becomes a response, in each of the three styles the platform answers
// in: the hosted API's envelope, FastAPI's {detail} (the memory service and the blog), and a
// GraphQL error carrying its HTTP status. The status always comes from the error table
// (core/errors.ts); the styles differ only in the body and the headers.
import type { Response } from 'express';
import { HeaderMap } from '@apollo/server';
import { GraphQLError } from 'graphql';
import { AppError, AUTH_CHALLENGE, statusOf } from '../core/errors.ts';

/** hosted: {error: {code, message, details}}; fastapi: the memory service's {detail}; detail: a route's own {detail} texts (the blog). */
export type ErrorStyle =
  | { style: 'hosted' }
  | { style: 'fastapi' }
  | { style: 'detail'; detailFor(code: string, message: string): { status: number; detail: string } };

export interface RenderedError {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** One item of FastAPI's (pydantic v1) validation answer. */
export interface DetailItem {
  loc: (string | number)[];
  msg: string;
  type: string;
  ctx?: Record<string, unknown>;
}

/**
 * Anything that is not an AppError is a bug: it is answered as a bare internal error (and logged
 * by the caller). So is an INTERNAL_ERROR, whatever its message: one built from a lower layer's
 * error (a subgraph's answer, a driver's message quoting SQL, ids and file paths) must not reach
 * the caller.
 */
const asAppError = (err: unknown): AppError =>
  err instanceof AppError && err.code !== 'INTERNAL_ERROR'
    ? err
    : new AppError('INTERNAL_ERROR', 'Internal server error');

function headersOf(err: AppError, style: ErrorStyle['style']): Record<string, string> {
  if (err.code === 'RATE_LIMITED') return { 'Retry-After': String(err.details?.retry_after_s ?? 60) };
  if (err.code === 'UNAUTHORIZED')
    return { 'WWW-Authenticate': style === 'fastapi' ? AUTH_CHALLENGE.apiKey : AUTH_CHALLENGE.bearer };
  return {};
}

/** "body.messages[0].content" or "messages.0.content" → ['body', 'messages', 0, 'content'] */
function locOf(field: string): (string | number)[] {
  const parts = field
    .split(/[.[\]]+/)
    .filter(Boolean)
    .map((p) => (/^\d+$/.test(p) ? Number(p) : p));
  return parts[0] === 'body' || parts[0] === 'query' || parts[0] === 'path' ? parts : ['body', ...parts];
}

// FastAPI's fixed texts for the errors it raises itself; a domain error keeps its own message.
const FASTAPI_TEXT: Partial<Record<string, string>> = {
  UNAUTHORIZED: 'Invalid or missing API key',
  RATE_LIMITED: 'Rate limit exceeded',
  METHOD_NOT_ALLOWED: 'Method Not Allowed',
  INTERNAL_ERROR: 'Internal Server Error',
  PAYLOAD_TOO_LARGE: 'Request body too large',
};

function fastapiBody(err: AppError): { status: number; body: unknown } {
  if (err.code === 'VALIDATION_ERROR' || err.code === 'UNPROCESSABLE' || err.code === 'BAD_USER_INPUT') {
    // A request the edge checked carries pydantic's items; a body that is not JSON gets FastAPI's
    // own answer; a domain check names one field.
    const position = err.details?.json_position;
    const items = Array.isArray(err.details?.detail)
      ? (err.details.detail as DetailItem[])
      : typeof position === 'number'
        ? [
            {
              loc: ['body', position],
              msg: 'Expecting value',
              type: 'value_error.jsondecode',
              ctx: { msg: 'Expecting value', pos: position },
            },
          ]
        : [
            {
              loc: err.details?.field ? locOf(String(err.details.field)) : ['body'],
              msg: err.message.replace(/^[\w.[\]]+: /, ''),
              type: 'value_error',
            },
          ];
    return { status: 422, body: { detail: items } };
  }
  return { status: statusOf(err.code), body: { detail: FASTAPI_TEXT[err.code] ?? err.message } };
}

export function renderError(err: unknown, how: ErrorStyle): RenderedError {
  const appError = asAppError(err);
  const headers = headersOf(appError, how.style);
  switch (how.style) {
    case 'hosted':
      return { status: statusOf(appError.code), headers, body: appError.toEnvelope() };
    case 'fastapi':
      return { headers, ...fastapiBody(appError) };
    case 'detail': {
      const { status, detail } = how.detailFor(appError.code, appError.message);
      return { status, headers, body: { detail } };
    }
  }
}

export function sendError(res: Response, err: unknown, how: ErrorStyle = { style: 'hosted' }): void {
  const { status, headers, body } = renderError(err, how);
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.status(status).json(body);
}

/** For Apollo plugins: a GraphQL error whose HTTP answer has the table's status and the same headers. */
export function graphqlHttpError(err: AppError): GraphQLError {
  // Apollo Server reads http.headers as a HeaderMap. Typed loosely because
  // another GraphQL server's types in the same program (Hive Gateway's, in
  // bench/) declare http.headers as a plain record.
  const extensions: Record<string, unknown> = {
    ...err.extensions,
    http: {
      status: statusOf(err.code),
      headers: new HeaderMap(Object.entries(headersOf(err, 'hosted')).map(([k, v]) => [k.toLowerCase(), v])),
    },
  };
  return new GraphQLError(err.message, { extensions });
}

/** Express's body parsers fail with their own error objects: the same errors in the table's terms. */
export function bodyParserError(
  err: { type?: string; status?: number; message?: string },
  limitBytes: number,
): AppError | null {
  if (err?.type === 'entity.parse.failed') {
    const position = Number(/position (\d+)/.exec(String(err.message))?.[1] ?? 0);
    return new AppError('VALIDATION_ERROR', `Malformed JSON body: ${err.message}`, { json_position: position });
  }
  if (err?.type === 'entity.too.large' || err?.status === 413)
    return new AppError('PAYLOAD_TOO_LARGE', `Request body exceeds the limit of ${limitBytes} bytes`);
  if (err?.status === 415) return new AppError('UNSUPPORTED_MEDIA_TYPE', String(err.message));
  if (typeof err?.status === 'number' && err.status >= 400 && err.status < 500)
    return new AppError('VALIDATION_ERROR', String(err.message));
  return null;
}
