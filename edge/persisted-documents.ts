// Refuses, before Apollo Server reads it, a GraphQL request the persisted-documents mode does not
// allow (gateway/persisted-documents.ts): in allowlist mode a document that is not listed, in
// require-id mode any document sent as text. Here, and not in an Apollo plugin: a plugin's error
// before the operation resolves becomes a 500, and the point is to refuse before parsing.
import type { RequestHandler } from 'express';
import { AppError, statusOf } from '../core/errors.ts';

interface GraphQLParams {
  query?: unknown;
  extensions?: unknown;
}

/** The document text and persisted hash of one request, as POST JSON, multipart operations or GET parameters carry them. */
function paramsOf(raw: GraphQLParams): { query?: string; hash?: string } {
  let extensions = raw.extensions;
  if (typeof extensions === 'string') {
    try {
      extensions = JSON.parse(extensions);
    } catch {
      extensions = undefined; // Apollo Server answers the malformed parameter itself
    }
  }
  const hash = (extensions as { persistedQuery?: { sha256Hash?: unknown } } | undefined)?.persistedQuery?.sha256Hash;
  return {
    query: typeof raw.query === 'string' ? raw.query : undefined,
    hash: typeof hash === 'string' ? hash : undefined,
  };
}

/** What the edge asks of the persisted documents (gateway/persisted-documents.ts): may this request run? Throws AppError if not. */
export interface PersistedCheck {
  check(request: { query?: string; hash?: string }): void;
}

export function persistedDocumentsOnly(persisted: PersistedCheck): RequestHandler {
  return (req, res, next) => {
    const body: unknown = req.method === 'GET' ? req.query : req.body;
    const requests = (Array.isArray(body) ? body : [body]).filter(
      (r): r is GraphQLParams => !!r && typeof r === 'object',
    );
    try {
      for (const request of requests) persisted.check(paramsOf(request));
      next();
    } catch (err) {
      if (!(err instanceof AppError)) return next(err);
      res.status(statusOf(err.code)).json({ errors: [err.toGraphQLError().toJSON()] });
    }
  };
}
