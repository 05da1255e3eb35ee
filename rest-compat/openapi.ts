// OpenAPI 3.1 document generated from the route table.
import { z } from 'zod';
import { ERROR_TABLE } from '../core/errors.ts';
import type { Route } from './route.ts';

const hostedError = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', enum: Object.keys(ERROR_TABLE) },
        message: { type: 'string' },
        details: { type: 'object' },
      },
    },
  },
};
const detailError = { type: 'object', required: ['detail'], properties: { detail: {} } };

// The two services the routes are served by: the hosted API (gateway port) and the memory service (its own port).
const SERVICES = {
  hosted: {
    title: 'Structural engineering platform — hosted API',
    description:
      'REST compatibility layer over the federated GraphQL gateway (POST /graphql). Drawing coordinates are PDF points, origin at the top-left of the page as displayed (page rotation applied), y down.',
    schemes: { bearer: { type: 'http', scheme: 'bearer' } },
  },
  memory: {
    title: 'Structural engineering platform — memory service',
    description:
      'Per-user memory of conversations (episodes, entities, facts), FastAPI-compatible: X-API-Key auth and {detail} errors.',
    schemes: { apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' } },
  },
} as const;

const schemaOf = (t: z.ZodType) => z.toJSONSchema(t, { io: 'input', unrepresentable: 'any' });

function parameters(route: Route) {
  const out: object[] = [];
  for (const [where, obj] of [
    ['path', route.params],
    ['query', route.query],
  ] as const) {
    if (!obj) continue;
    const json = schemaOf(obj) as { properties?: Record<string, object>; required?: string[] };
    for (const [name, schema] of Object.entries(json.properties ?? {})) {
      out.push({ name, in: where, required: where === 'path' || (json.required ?? []).includes(name), schema });
    }
  }
  return out;
}

/** `extraPaths`: endpoints served outside the route table (the OAuth endpoints), documented where they are served. */
export function openApiDocument(
  routes: Route[],
  serverUrl: string,
  options: { service?: keyof typeof SERVICES; extraPaths?: Record<string, Record<string, object>> } = {},
) {
  const { service = 'hosted', extraPaths = {} } = options;
  const paths: Record<string, Record<string, object>> = {};
  for (const route of routes) {
    const err = route.errors === 'hosted' ? hostedError : detailError;
    const json = (schema: object) => ({ content: { 'application/json': { schema } } });
    const success = route.notImplemented
      ? { description: 'Not available yet' }
      : route.response
        ? {
            description: 'Success',
            ...json(schemaOf(route.response)),
            ...(route.etag ? { headers: { ETag: { schema: { type: 'string' } } } } : {}),
          }
        : // A route without a declared shape still says its answer is a JSON object; its fields are on
          // the capability's page (docs/capabilities/).
          { description: "Success (fields: see the capability's page)", ...json({ type: 'object' }) };
    const responses: Record<string, object> = {
      [String(route.successStatus)]: success,
      '400': { description: 'Malformed request', ...json(err) },
      '422': { description: 'A value cannot be used', ...json(err) },
      '429': { description: 'Rate limited (Retry-After header)', ...json(err) },
    };
    if (route.etag) responses['304'] = { description: 'Not Modified: If-None-Match named the current ETag; no body' };
    // Every route that names a resource in its path answers 404 when it is absent or another account's.
    if (route.path.includes('{') || route.notFound)
      responses['404'] = { description: `${route.notFound ?? 'NOT_FOUND'}: not found`, ...json(err) };
    // Bodies are read under a limit: JSON_LIMIT_BYTES, uploads UPLOAD_LIMIT_BYTES (core/limits.ts).
    if (route.body || route.multipart)
      responses['413'] = { description: 'PAYLOAD_TOO_LARGE: the body is over its limit', ...json(err) };
    if (route.auth !== 'public') responses['401'] = { description: 'Missing or invalid API key', ...json(err) };
    if (route.notImplemented)
      responses['501'] = { description: `${route.notImplemented} is not implemented yet`, ...json(err) };
    paths[route.path] ??= {};
    paths[route.path]![route.method] = {
      summary: route.summary,
      tags: [route.tag],
      ...(route.notImplemented
        ? { 'x-not-implemented': true, description: `Not implemented yet: answers 501 NOT_IMPLEMENTED.` }
        : {}),
      security: route.auth === 'public' ? [] : [{ [route.auth]: [] }],
      parameters: parameters(route),
      ...(route.body
        ? {
            requestBody: {
              required: true,
              content: {
                [route.multipart ? 'multipart/form-data' : 'application/json']: { schema: schemaOf(route.body) },
              },
            },
          }
        : {}),
      responses,
      ...(route.jobResults ? { 'x-job-results': schemaOf(route.jobResults) } : {}),
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: SERVICES[service].title, version: '1.0.0', description: SERVICES[service].description },
    servers: [{ url: serverUrl }],
    components: { securitySchemes: SERVICES[service].schemes },
    paths: { ...paths, ...extraPaths },
  };
}
