import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let key: string;

beforeAll(async () => {
  server = await startTestServer();
  key = (await server.key('pro')).secret;
});
afterAll(() => server.stop());

describe('GET /v1/codes', () => {
  it('lists the 22 codes with every spec field, counted per standard', async () => {
    const res = await server.rest('/v1/codes');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.codes).toHaveLength(22);
    const count = (s: string) => body.codes.filter((c: any) => c.design_standard === s).length;
    expect([count('us'), count('eurocode'), count('aus-nz'), count('canada')]).toEqual([10, 5, 5, 2]);
    for (const code of body.codes) {
      expect(Object.keys(code).sort()).toEqual([
        'added_at',
        'description',
        'design_standard',
        'file_id',
        'filename',
        'indexed',
        'page_count',
        'path',
      ]);
      expect(code.indexed).toBe(false);
      expect(typeof code.added_at).toBe('number');
    }
    expect(body.codes.map((c: any) => c.description).join('\n')).toContain('ACI 318-19');
  });

  it('filters by design_standard', async () => {
    const body = await (await server.rest('/v1/codes?design_standard=aus-nz')).json();
    expect(body.codes).toHaveLength(5);
    expect(new Set(body.codes.map((c: any) => c.design_standard))).toEqual(new Set(['aus-nz']));
  });

  it('lists everything for an empty design_standard, as for none', async () => {
    const all = await (await server.rest('/v1/codes')).json();
    const empty = await server.rest('/v1/codes?design_standard=');
    expect(empty.status).toBe(200);
    expect((await empty.json()).codes).toEqual(all.codes);
    expect(typeof all.codes[0].added_at).toBe('number');
  });

  it('answers 422 naming the allowed values for an unknown design_standard', async () => {
    const res = await server.rest('/v1/codes?design_standard=martian');
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.error.code).toBe('UNPROCESSABLE');
    expect(body.error.message).toContain('design_standard');
    expect(body.error.message).toContain('us, eurocode, aus-nz, canada');
  });

  it('is cacheable for 24 hours and answers a matching ETag with 304', async () => {
    const first = await server.rest('/v1/codes');
    expect(first.headers.get('cache-control')).toBe('public, max-age=86400');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    const second = await server.rest('/v1/codes', { headers: { 'if-none-match': etag } });
    expect(second.status).toBe(304);
    expect(await second.text()).toBe('');
    const other = await server.rest('/v1/codes?design_standard=canada', { headers: { 'if-none-match': etag } });
    expect(other.status).toBe(200);
  });
});

describe('blog', () => {
  const published = '4e3c9a1f-0d57-4d6b-9a43-6f6f0b2a8c21';

  it('serves a published post by id with every spec field', async () => {
    const list = await server.gql('{ blogPosts { nodes { id slug } } }');
    const post = list.body.data.blogPosts.nodes[0];
    const res = await server.rest(`/blogs/${post.id}`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(Object.keys(body).sort()).toEqual(
      [
        'author',
        'content',
        'created_at',
        'description',
        'id',
        'published',
        'slug',
        'tags',
        'thumbnail',
        'title',
        'updated_at',
      ].sort(),
    );
    expect(body.published).toBe(true);
    expect(body.content.length).toBeGreaterThan(500);
    const bySlug = await (await server.rest(`/blogs/slug/${post.slug}`)).json();
    expect(bySlug.id).toBe(post.id);
  });

  it('answers 404 {detail} for unknown, malformed and unpublished ids', async () => {
    const draft = await server.platform.db.blogPost.findFirst({ where: { published: false } });
    expect(draft).not.toBeNull();
    for (const id of [published.replace('4e3c', '0000'), 'not-a-uuid', draft!.id]) {
      const res = await server.rest(`/blogs/${id}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ detail: 'Blog not found' });
    }
    expect((await server.rest(`/blogs/slug/${draft!.slug}`)).status).toBe(404);
    const list = await server.gql('{ blogPosts { nodes { id } } }');
    expect(list.body.data.blogPosts.nodes.map((p: any) => p.id)).not.toContain(draft!.id);
  });
});

describe('hosted API errors', () => {
  it('401 without a key and with a bad key on job lookup', async () => {
    for (const k of [undefined, 'sk_wrong']) {
      const res = await server.rest('/v1/jobs/anything', { key: k });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer /);
      expect((await res.json()).error.code).toBe('UNAUTHORIZED');
    }
  });

  it('GraphQL without a valid key: HTTP 401 with WWW-Authenticate, unless every field is public', async () => {
    for (const k of [undefined, 'sk_wrong']) {
      const res = await server.gql('{ jobs(first: 1) { nodes { id } } }', {}, k);
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer /);
      expect(res.body.errors[0].extensions.code).toBe('UNAUTHORIZED');
      const mixed = await server.gql('{ codes(first: 1) { nodes { fileId } } job(id: "x") { id } }', {}, k);
      expect(mixed.status).toBe(401);
    }
    const pub = await server.gql('{ codes(first: 1) { nodes { fileId } } __typename }');
    expect(pub.status).toBe(200);
    expect(pub.body.data.codes.nodes).toHaveLength(1);
  });

  it('404 JOB_NOT_FOUND for an unknown job', async () => {
    const res = await server.rest('/v1/jobs/00000000-0000-4000-8000-000000000000', { key });
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe('JOB_NOT_FOUND');
  });

  it('project routes need a key', async () => {
    for (const [method, path] of [
      ['GET', '/v1/projects'],
      ['POST', '/v1/projects'],
      ['GET', '/v1/projects/x/entities'],
    ]) {
      const res = await server.rest(path!, {
        method,
        headers: { 'content-type': 'application/json' },
        body: method === 'POST' ? '{}' : undefined,
      });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  it('405 with Allow for a known path and another method', async () => {
    const res = await server.rest('/v1/codes', { method: 'POST', key });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
    expect((await res.json()).error.code).toBe('METHOD_NOT_ALLOWED');
    const job = await server.rest('/v1/jobs/some-id', { method: 'DELETE', key });
    expect([job.status, job.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
    const blog = await server.rest('/blogs/some-id', { method: 'PUT' });
    expect([blog.status, await blog.json()]).toEqual([405, { detail: 'Method Not Allowed' }]);
  });

  it('400 VALIDATION_ERROR for a missing field, alike in calcdoc and spreadsheet (operation absent)', async () => {
    for (const path of ['/v1/calcdoc/jobs', '/v1/spreadsheet/jobs']) {
      const res = await server.rest(path, {
        method: 'POST',
        key,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ source_file: 'x' }),
      });
      expect([path, res.status]).toEqual([path, 400]);
      expect((await res.json()).error).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: expect.stringContaining('operation'),
      });
    }
    // An operation that names none is an unknown enum value: 422 in both, naming the field.
    for (const path of ['/v1/calcdoc/jobs', '/v1/spreadsheet/jobs']) {
      const unknown = await server.rest(path, {
        method: 'POST',
        key,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ operation: 'bake' }),
      });
      expect([path, unknown.status]).toEqual([path, 422]);
      expect((await unknown.json()).error).toMatchObject({
        code: 'UNPROCESSABLE',
        message: expect.stringMatching(/^operation: must be one of /),
      });
    }
  });

  it('404 envelope for a path in no table', async () => {
    const res = await server.rest('/v1/nothing-here', { key });
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe('NOT_FOUND');
  });

  it('400 VALIDATION_ERROR for malformed JSON on GraphQL', async () => {
    const res = await server.rest('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"query": ',
    });
    expect(res.status).toBe(400);
  });

  it('echoes X-Request-Id, or makes one', async () => {
    const echoed = await server.rest('/v1/codes', { headers: { 'x-request-id': 'abc-123' } });
    expect(echoed.headers.get('x-request-id')).toBe('abc-123');
    const made = await server.rest('/v1/codes');
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('OpenAPI', () => {
  it('describes every route of the table', async () => {
    const doc = await (await server.rest('/openapi.json')).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/v1/codes'].get.parameters[0].name).toBe('design_standard');
    expect(doc.paths['/v1/jobs/{job_id}'].get.responses['401']).toBeDefined();
    expect(doc.paths['/v1/projects'].get['x-not-implemented']).toBeUndefined();
    expect(doc.paths['/v1/projects/{project_id}/search/jobs'].post['x-job-results']).toBeDefined();
    expect(doc.paths['/blogs/{blog_id}'].get).toBeDefined();
  });
});
