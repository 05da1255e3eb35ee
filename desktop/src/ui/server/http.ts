// The UI server's requests and answers: a JSON body read under a size limit, string fields
// checked, a JSON answer, and every error the app raises mapped to the status and envelope the
// page reads (the page reads the code, not the status).
import type http from 'node:http';
import { PlatformError } from '../../platform/api.ts';
import { PythonDownloadUnavailable } from '../../python/find.ts';
import { FolderError } from '../../settings/folders.ts';
import { SettingsError } from '../../settings/store.ts';
import { UpdateError } from '../../updates/updater.ts';

export const MAX_BODY_BYTES = 256 * 1024;
/** A calculation record with its tables and picture: a 5,625-member building's is a few MB. */
export const MAX_RECORD_BYTES = 32 * 1024 * 1024;

export class HttpError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** Platform error codes → the status the UI's request answers (the UI reads the code, not the status). */
const PLATFORM_STATUS: Record<string, number> = {
  OFFLINE: 503,
  UNAUTHORIZED: 401,
  OUT_OF_CREDITS: 402,
  AGENT_LOCKED: 409,
  RUN_STATE_CONFLICT: 409,
  NOT_FOUND: 404,
  CONVERSATION_NOT_FOUND: 404,
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON body; each route validates the fields it reads
export async function body(req: http.IncomingMessage, maxBytes = MAX_BODY_BYTES): Promise<Record<string, any>> {
  if (!/^application\/json\b/i.test(req.headers['content-type'] ?? ''))
    throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'send JSON (content-type: application/json)');
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) throw new HttpError(413, 'TOO_LARGE', `the body is over ${maxBytes} bytes`);
    chunks.push(chunk as Buffer);
  }
  if (!size) return {};
  try {
    const value = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('not an object');
    return value;
  } catch {
    throw new HttpError(400, 'BAD_REQUEST', 'the body is not a JSON object');
  }
}

export const str = (v: unknown, field: string, max = 100_000, optional = false): string | null => {
  if (optional && (v === undefined || v === null || v === '')) return null;
  if (typeof v !== 'string' || !v.length || v.length > max)
    throw new HttpError(422, 'UNPROCESSABLE', `${field}: 1 to ${max} characters`);
  return v;
};

export const send = (res: http.ServerResponse, status: number, value: unknown) =>
  res
    .writeHead(status, {
      'content-type': 'application/json',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    })
    .end(JSON.stringify(value ?? null));

/** An error's status, code, message and details as the page reads them. */
export function errorAnswer(err: unknown): [number, string, string, Record<string, unknown>?] {
  if (err instanceof HttpError) return [err.status, err.code, err.message];
  if (err instanceof PlatformError) return [PLATFORM_STATUS[err.code] ?? 502, err.code, err.message, err.details];
  if (err instanceof SettingsError)
    return [422, 'UNPROCESSABLE', err.message.slice(err.field.length + 2), { field: err.field }];
  if (err instanceof FolderError) return [422, 'FOLDER', err.message];
  if (err instanceof UpdateError) return [409, err.code, err.message];
  if (err instanceof PythonDownloadUnavailable) return [503, 'NOT_AVAILABLE_OFFLINE', err.message];
  return [500, 'INTERNAL_ERROR', (err as Error).message];
}
