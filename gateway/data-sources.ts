// How the gateway reaches each subgraph: in-process (no network hop) by
// default, over HTTP for subgraphs configured in REMOTE_SUBGRAPHS.
import { RemoteGraphQLDataSource, type GraphQLDataSource, type GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import { execute, parse, validate, type DocumentNode, type GraphQLSchema } from 'graphql';
import Upload from 'graphql-upload/Upload.mjs';
import type { RequestContext } from '../core/context.ts';
import { createHttpPoster, type HttpAnswer } from './http-post.ts';

type GatewayGraphQLResponse = Awaited<ReturnType<GraphQLDataSource<RequestContext>['process']>>;

/**
 * Executes subgraph fetches in-process. Unlike LocalGraphQLDataSource it parses
 * and validates each distinct fetch document once: the gateway sends the same
 * few documents (one per query plan node) over and over.
 */
export class InProcessDataSource implements GraphQLDataSource<RequestContext> {
  private readonly documents = new Map<string, DocumentNode | { errors: readonly Error[] }>();
  private readonly schema: GraphQLSchema;
  private readonly maxDocuments: number;

  constructor(schema: GraphQLSchema, maxDocuments = 1000) {
    this.schema = schema;
    this.maxDocuments = maxDocuments;
  }

  private document(query: string): DocumentNode | { errors: readonly Error[] } {
    let doc = this.documents.get(query);
    if (!doc) {
      try {
        const parsed = parse(query);
        const errors = validate(this.schema, parsed);
        doc = errors.length ? { errors } : parsed;
      } catch (err) {
        doc = { errors: [err as Error] };
      }
      if (this.documents.size >= this.maxDocuments) this.documents.delete(this.documents.keys().next().value!);
      this.documents.set(query, doc);
    }
    return doc;
  }

  async process({
    request,
    context,
  }: GraphQLDataSourceProcessOptions<RequestContext>): Promise<GatewayGraphQLResponse> {
    const doc = this.document(request.query!);
    if ('errors' in doc) return { errors: doc.errors.map((e) => ({ message: e.message })) };
    const result = await execute({
      schema: this.schema,
      document: doc,
      variableValues: request.variables,
      operationName: request.operationName,
      contextValue: context,
    });
    return result as GatewayGraphQLResponse;
  }
}

type UploadLike = Pick<Upload, 'promise'>;

// Matched by shape as well: a test runner may load a second copy of the Upload class.
const isUpload = (value: unknown): value is UploadLike =>
  value instanceof Upload ||
  (!!value && typeof value === 'object' && typeof (value as UploadLike).promise?.then === 'function');

/** Whether an Upload is among the variables: a scan that allocates nothing, for the requests (nearly all) without one. */
export function hasUpload(value: unknown): boolean {
  if (isUpload(value)) return true;
  if (Array.isArray(value)) return value.some(hasUpload);
  const proto = value && typeof value === 'object' ? Object.getPrototypeOf(value) : undefined;
  if (proto !== Object.prototype && proto !== null) return false;
  for (const key in value as object) if (hasUpload((value as Record<string, unknown>)[key])) return true;
  return false;
}

/** Paths (as in the multipart request spec's `map`) of the Upload values among the variables. */
export function findUploads(value: unknown, path: string, found: Map<string, UploadLike>): unknown {
  if (isUpload(value)) {
    found.set(path, value);
    return null;
  }
  if (Array.isArray(value)) return value.map((v, i) => findUploads(v, `${path}.${i}`, found));
  const proto = value && typeof value === 'object' ? Object.getPrototypeOf(value) : undefined;
  if (proto === Object.prototype || proto === null) {
    return Object.fromEntries(
      Object.entries(value as object).map(([k, v]) => [k, findUploads(v, `${path}.${k}`, found)]),
    );
  }
  return value;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

// The gateway prints every subgraph fetch with its operation keyword, or as a `{…}` shorthand query.
const isRead = (query: string) => /^\s*(?:query\b|\{)/.test(query);

/**
 * Reaches a subgraph in another process. Forwards the caller's key and request
 * id (the subgraph authenticates the key itself), and re-sends uploaded files
 * as a multipart request, which RemoteGraphQLDataSource cannot do.
 *
 * Identical reads in flight at once share one subgraph fetch: many clients polling the same job
 * or listing the same codes cost the subgraph one execution instead of one each. "Identical" is
 * the same document, variables and Authorization header, so two accounts never share an answer;
 * a mutation is never shared. Each waiter parses the shared body text itself, so the gateway
 * merges into objects no other request holds.
 *
 * The POST is node:http's with a plain header object (./http-post.ts says why not fetch):
 * RemoteGraphQLDataSource's default path builds node-fetch Headers and Request objects and passes
 * make-fetch-happen's HTTP cache layer on every fetch, which a POST never uses.
 */
export class ForwardingDataSource extends RemoteGraphQLDataSource<RequestContext> {
  /** How long a fetch waits for a subgraph process that refuses connections (restarting) before failing. */
  readonly refusedWaitMs: number;
  private readonly inFlight = new Map<string, Promise<HttpAnswer>>();
  private readonly http = createHttpPoster();

  constructor(
    options: ConstructorParameters<typeof RemoteGraphQLDataSource<RequestContext>>[0] & { refusedWaitMs?: number },
  ) {
    super(options);
    this.refusedWaitMs = options?.refusedWaitMs ?? 0;
  }

  override async process(options: GraphQLDataSourceProcessOptions<RequestContext>): Promise<GatewayGraphQLResponse> {
    const context = 'context' in options ? options.context : undefined;
    const { query, operationName } = options.request;
    if (!query) throw new Error('Missing query');
    if (hasUpload(options.request.variables)) {
      const uploads = new Map<string, UploadLike>();
      const variables = findUploads(options.request.variables, 'variables', uploads) as Record<string, unknown>;
      return this.sendMultipart(query, operationName, variables, uploads, context);
    }

    const headers = forwardedHeaders(context, 'application/json');
    const body = JSON.stringify({ query, operationName, variables: options.request.variables });
    const read = isRead(query);
    const answer = await this.whileRefused(() =>
      read ? this.shared(headers, body) : this.http.post(this.url!, headers, body, { idempotent: false }),
    );
    if (answer.status < 200 || answer.status > 299) {
      throw await this.errorFromResponse(
        new Response(answer.body, {
          status: answer.status,
          statusText: answer.statusText,
          headers: answer.headers,
        }) as never,
      );
    }
    return JSON.parse(answer.body) as GatewayGraphQLResponse;
  }

  private shared(headers: Record<string, string>, body: string): Promise<HttpAnswer> {
    const key = `${headers.authorization ?? ''}\n${body}`;
    let answer = this.inFlight.get(key);
    if (!answer) {
      answer = this.http.post(this.url!, headers, body, { idempotent: true }).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, answer);
    }
    return answer;
  }

  private async sendMultipart(
    query: string,
    operationName: string | undefined,
    variables: Record<string, unknown>,
    uploads: Map<string, UploadLike>,
    context: Parameters<typeof forwardedHeaders>[0],
  ): Promise<GatewayGraphQLResponse> {
    const form = new FormData();
    form.append('operations', JSON.stringify({ query, operationName, variables }));
    form.append('map', JSON.stringify(Object.fromEntries([...uploads.keys()].map((path, i) => [String(i), [path]]))));
    let i = 0;
    for (const upload of uploads.values()) {
      const file = await upload.promise;
      form.append(
        String(i++),
        new Blob([(await readAll(file.createReadStream())) as unknown as BlobPart], { type: file.mimetype }),
        file.filename,
      );
    }
    const response = await this.whileRefused(() =>
      fetch(this.url!, { method: 'POST', body: form, headers: forwardedHeaders(context) }),
    );
    return (await response.json()) as GatewayGraphQLResponse;
  }

  /**
   * A refused connection means the request never reached the subgraph (its process is down,
   * restarting under a supervisor), so any operation, a mutation too, is safe to send again: it
   * waits, retrying every 200 ms, up to refusedWaitMs. A connection that breaks after the request
   * was sent is not retried: the subgraph may have acted on it.
   */
  private async whileRefused<T>(send: () => Promise<T>): Promise<T> {
    const until = Date.now() + this.refusedWaitMs;
    for (;;) {
      try {
        return await send();
      } catch (err) {
        if (!refused(err) || Date.now() >= until) throw err;
        await new Promise((r) => setTimeout(r, 200));
      }
    }
  }
}

/** The caller's key and request id, and the CSRF preflight header our subgraphs require. */
function forwardedHeaders(
  context: Partial<Pick<RequestContext, 'authorization' | 'requestId'>> | undefined,
  contentType?: string,
): Record<string, string> {
  const headers: Record<string, string> = { 'apollo-require-preflight': 'true' };
  if (contentType) headers['content-type'] = contentType;
  if (context?.authorization) headers.authorization = context.authorization;
  if (context?.requestId) headers['x-request-id'] = context.requestId;
  return headers;
}

/** Whether an error (or one it was caused by) is a refused TCP connection. */
function refused(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; cause?: unknown; message?: unknown } | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    if (e.code === 'ECONNREFUSED' || (typeof e.message === 'string' && e.message.includes('ECONNREFUSED'))) return true;
  }
  return false;
}
