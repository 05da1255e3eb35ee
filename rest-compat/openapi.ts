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
      properties: { code: { type: 'string', enum: Object.keys(ERROR_TABLE) }, message: { type: 'string' }, details: { type: 'object' } },
    },
  },
};
const detailError = { type: 'object', required: ['detail'], properties: { detail: {} } };

const schemaOf = (t: z.ZodType) => z.toJSONSchema(t, { io: 'input', unrepresentable: 'any' });

function parameters(route: Route) {
  const out: object[] = [];
  for (const [where, obj] of [['path', route.params], ['query', route.query]] as const) {
    if (!obj) continue;
    const json = schemaOf(obj) as { properties?: Record<string, object>; required?: string[] };
    for (const [name, schema] of Object.entries(json.properties ?? {})) {
      out.push({ name, in: where, required: where === 'path' || (json.required ?? []).includes(name), schema });
    }
  }
  return out;
}

/** `extraPaths`: endpoints served outside the route table (the OAuth endpoints), documented where they are served. */
export function openApiDocument(routes: Route[], serverUrl: string, extraPaths: Record<string, Record<string, object>> = {}) {
  const paths: Record<string, Record<string, object>> = {};
  for (const route of routes) {
    const err = route.errors === 'hosted' ? hostedError : detailError;
    const responses: Record<string, object> = {
      [String(route.successStatus)]: { description: route.notImplemented ? 'Not available yet' : 'Success' },
      '400': { description: 'Malformed request', content: { 'application/json': { schema: err } } },
      '422': { description: 'A value cannot be used', content: { 'application/json': { schema: err } } },
      '429': { description: 'Rate limited (Retry-After header)', content: { 'application/json': { schema: err } } },
    };
    if (route.auth === 'bearer') responses['401'] = { description: 'Missing or invalid API key', content: { 'application/json': { schema: err } } };
    if (route.notImplemented) responses['501'] = { description: `${route.notImplemented} is not implemented yet`, content: { 'application/json': { schema: err } } };
    paths[route.path] ??= {};
    paths[route.path]![route.method] = {
      summary: route.summary,
      tags: [route.tag],
      ...(route.notImplemented ? { 'x-not-implemented': true, description: `Not implemented yet: answers 501 NOT_IMPLEMENTED.` } : {}),
      ...(route.auth === 'bearer' ? { security: [{ bearer: [] }] } : { security: [] }),
      parameters: parameters(route),
      ...(route.body
        ? { requestBody: { required: true, content: { [route.multipart ? 'multipart/form-data' : 'application/json']: { schema: schemaOf(route.body) } } } }
        : {}),
      responses,
      ...(route.jobResults ? { 'x-job-results': schemaOf(route.jobResults) } : {}),
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Structural engineering platform — hosted API',
      version: '1.0.0',
      description:
        'REST compatibility layer over the federated GraphQL gateway (POST /graphql). Drawing coordinates are PDF points, origin at the top-left of the page as displayed (page rotation applied), y down.',
    },
    servers: [{ url: serverUrl }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths: { ...paths, ...extraPaths },
  };
}
