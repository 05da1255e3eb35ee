// A REST route of the spec: its contract (validated at the edge and published
// in /openapi.json) and a handler that runs one GraphQL operation.
import type { IncomingMessage } from 'node:http';
import type { z } from 'zod';
import type { RequestContext } from '../core/context.ts';
import type { ErrorCode } from '../core/errors.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- GraphQL answers and request parts are JSON that each route reads field by field
export type Run = <T = Record<string, any>>(query: string, variables?: Record<string, unknown>) => Promise<T>;

export interface RestInput {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- GraphQL answers and request parts are JSON that each route reads field by field
  params: Record<string, any>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- GraphQL answers and request parts are JSON that each route reads field by field
  query: Record<string, any>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- GraphQL answers and request parts are JSON that each route reads field by field
  body: any;
  headers: Record<string, string | undefined>;
  /** The request itself, for multipart routes, which read their own body. */
  request: IncomingMessage;
}

export interface RestResult {
  status?: number;
  body?: unknown;
  /** The body already serialized (when the route hashed it for an ETag). */
  json?: string;
  headers?: Record<string, string>;
}

export interface Route {
  method: 'get' | 'post' | 'delete';
  /** OpenAPI style: /v1/jobs/{job_id} */
  path: string;
  summary: string;
  tag: string;
  /** bearer: hosted API key; apiKey: the memory service's X-API-Key (or a bearer key); public: no key. */
  auth: 'bearer' | 'apiKey' | 'public';
  /** hosted: {error: {code, message, details}}; detail: {detail: ...} (blog); fastapi: the memory service's {detail} with pydantic's items. */
  errors: 'hosted' | 'detail' | 'fastapi';
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** multipart/form-data instead of JSON (documented only until the route is built). */
  multipart?: boolean;
  successStatus: number;
  /**
   * The success body's shape, published in OpenAPI. Routes that create a job (successStatus 202
   * with `answer: 'job'` or a `jobResults`) publish the acknowledgement without saying so.
   */
  response?: z.ZodType;
  /** The route answers 304 Not Modified to a matching If-None-Match (it sends an ETag). */
  etag?: boolean;
  /** For job routes: the shape of the job's `results` once completed (published in OpenAPI as x-job-results). */
  jobResults?: z.ZodType;
  /** Set while the capability is not built: the route answers 501 NOT_IMPLEMENTED. */
  notImplemented?: string;
  /**
   * The GraphQL operation a declared route runs. Its variables are the route's checked path, query
   * and body fields in camelCase (drawing_id → $drawingId); its answer is the operation's root
   * field in snake_case, and null answers `notFound`. A route that needs more writes `handle`.
   */
  operation?: string;
  notFound?: ErrorCode;
  /** 'job': the root field is a created job, answered as the spec's acknowledgement {job_id, status, created_at}. */
  answer?: 'job';
  handle?(input: RestInput, run: Run, ctx: RequestContext): Promise<RestResult>;
  /** Maps an error to a {detail} body for `errors: 'detail'` routes. */
  detailFor?(code: string, message: string): { status: number; detail: string };
}
