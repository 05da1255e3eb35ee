// The OpenAPI documents (hosted API and memory service) describe what the routes answer: every
// operation has a success response with a JSON schema, the 404 of a route that names a resource, the
// 413 of a route that reads a body, the 304 of a route that sends an ETag; and the real server's
// answers validate against the schemas the document publishes (ajv, JSON Schema 2020-12 as OpenAPI
// 3.1 uses it).
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../../rest-compat/openapi.ts';
import { memoryRoutes } from '../../rest-compat/routes/memory.ts';
import { ROUTES } from '../../rest-compat/table.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

type Operation = { responses: Record<string, { content?: Record<string, { schema: object }> }> };
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

const ajv = new Ajv2020({ strict: false, allErrors: true });

describe('the documents', () => {
  const hosted = openApiDocument(ROUTES, 'http://localhost') as unknown as Document;
  const memory = openApiDocument(memoryRoutes, '/', { service: 'memory' }) as unknown as Document;

  it.each([...ROUTES, ...memoryRoutes].map((r) => [`${r.method.toUpperCase()} ${r.path}`, r] as const))(
    '%s: success, 404, 413 and 304 as the route answers them',
    (_, route) => {
      const doc = memoryRoutes.includes(route) ? memory : hosted;
      const { responses } = doc.paths[route.path]![route.method]!;
      const success = responses[String(route.successStatus)]!;
      if (!route.notImplemented) {
        const schema = success.content?.['application/json']?.schema;
        expect(schema, 'success schema').toBeDefined();
        expect(() => ajv.compile(schema!)).not.toThrow();
      }
      expect(responses['404'] !== undefined).toBe(route.path.includes('{') || route.notFound !== undefined);
      expect(responses['413'] !== undefined).toBe(Boolean(route.body || route.multipart));
      expect(responses['304'] !== undefined).toBe(Boolean(route.etag));
      for (const [status, r] of Object.entries(responses)) {
        if (r.content)
          expect(() => ajv.compile(r.content!['application/json']!.schema), `${status} schema`).not.toThrow();
      }
    },
  );
});

describe('real answers validate against the served documents', () => {
  let server: TestServer;
  let secret: string;
  let doc: Document;
  const schemaOf = (d: Document, p: string, method: string, status: number) =>
    d.paths[p]![method]!.responses[String(status)]!.content!['application/json']!.schema;
  const expectValid = (schema: object, body: unknown) => {
    const validate = ajv.compile(schema);
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
  };

  beforeAll(async () => {
    // A 1 MB JSON limit (60 MB by default), so the 413 below needs only a 2 MB body.
    server = await startTestServer({ JSON_LIMIT_BYTES: String(1024 ** 2) });
    secret = (await server.key('pro')).secret;
    doc = await (await server.rest('/openapi.json')).json();
  });
  afterAll(() => server?.stop());

  it('GET /v1/codes: 200 in its schema with an ETag, then 304 for that ETag', async () => {
    const res = await server.rest('/v1/codes');
    expect(res.status).toBe(200);
    expectValid(schemaOf(doc, '/v1/codes', 'get', 200), await res.json());
    const etag = res.headers.get('etag')!;
    expect(doc.paths['/v1/codes']!.get!.responses['304']).toBeDefined();
    expect((await server.rest('/v1/codes', { headers: { 'If-None-Match': etag } })).status).toBe(304);
  });

  it('POST /v1/search/jobs: 202 acknowledgement; GET /v1/jobs/{job_id}: 200 record; an unknown job: the documented 404', async () => {
    const created = await server.rest('/v1/search/jobs', {
      method: 'POST',
      key: secret,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'shear wall' }),
    });
    expect(created.status).toBe(202);
    const ack = await created.json();
    expectValid(schemaOf(doc, '/v1/search/jobs', 'post', 202), ack);
    const job = await server.rest(`/v1/jobs/${ack.job_id}`, { key: secret });
    expect(job.status).toBe(200);
    expectValid(schemaOf(doc, '/v1/jobs/{job_id}', 'get', 200), await job.json());
    const missing = await server.rest('/v1/jobs/00000000-0000-0000-0000-000000000000', { key: secret });
    expect(missing.status).toBe(404);
    expectValid(schemaOf(doc, '/v1/jobs/{job_id}', 'get', 404), await missing.json());
  });

  it('a body over the limit: the documented 413', async () => {
    const big = JSON.stringify({ query: 'x'.repeat(2 * 1024 ** 2) });
    const res = await server.rest('/v1/search/jobs', {
      method: 'POST',
      key: secret,
      headers: { 'content-type': 'application/json' },
      body: big,
    });
    expect(res.status).toBe(413);
    expectValid(schemaOf(doc, '/v1/search/jobs', 'post', 413), await res.json());
  });

  it('the memory service documents and answers GET /healthcheck', async () => {
    const memoryDoc: Document = await (await fetch(`${server.memoryUrl}/openapi.json`)).json();
    const res = await fetch(`${server.memoryUrl}/healthcheck`);
    expect(res.status).toBe(200);
    expectValid(schemaOf(memoryDoc, '/healthcheck', 'get', 200), await res.json());
  });
});
