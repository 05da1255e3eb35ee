import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, waitFor, type TestServer } from '../helpers/server.ts';
import { codePdf } from '../helpers/code-pdf.ts';
import { ingestCode } from '../../subgraphs/content/search/ingest.ts';
import { passageIndexFor } from '../../subgraphs/content/search/index-for.ts';
import { createLocalEmbedder } from '../../core/embedding/embed.ts';
import { extractCodeText } from '../../subgraphs/content/search/extract-text.ts';

const queries: string[] = [];
let server: TestServer;
let key: string;

async function ingest(s: TestServer) {
  const deps = {
    db: s.platform.db,
    index: passageIndexFor(s.platform.db),
    embedder: createLocalEmbedder(),
    extract: (b: Uint8Array) => extractCodeText(b),
  };
  await ingestCode(
    deps,
    'aci-318-19',
    await codePdf([
      [
        '22.5.1.1 Nominal one-way shear strength',
        'The nominal shear strength shall be the sum of the concrete and steel contributions.',
      ],
      [
        '25.4.2.1 Development of deformed bars',
        'Deformed bars in tension shall be developed over the length given in the table.',
      ],
    ]),
  );
  await ingestCode(
    deps,
    'asce-7-22',
    await codePdf([
      ['26.10.2 Velocity pressure', 'The velocity pressure at height z is calculated from the basic wind speed.'],
    ]),
  );
}

async function finished(id: string, k = key) {
  return waitFor(async () => {
    const job = await (await server.rest(`/v1/jobs/${id}`, { key: k })).json();
    return ['completed', 'failed'].includes(job.status) && job;
  });
}

const post = (body: unknown, k: string | undefined = key) =>
  server.rest('/v1/search/jobs', {
    method: 'POST',
    key: k,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  server = await startTestServer({}, { onQuery: (q) => queries.push(q) });
  key = (await server.key('enterprise')).secret;
  await ingest(server);
});
afterAll(() => server.stop());

describe('search jobs', () => {
  it('POST /v1/search/jobs answers 202 and the job completes with every spec field', async () => {
    const res = await post({ query: 'shear strength of concrete' });
    expect(res.status).toBe(202);
    const created = await res.json();
    expect(created).toMatchObject({ status: 'pending' });
    expect(Object.keys(created).sort()).toEqual(['created_at', 'job_id', 'status']);
    const job = await finished(created.job_id);
    expect(job.status).toBe('completed');
    expect(job.results).toMatchObject({ page: 1, per_page: 10 });
    expect(job.results.total).toBeGreaterThan(0);
    const top = job.results.matches[0];
    expect(Object.keys(top).sort()).toEqual(
      [
        'content_type',
        'context',
        'description',
        'design_standard',
        'file_id',
        'filename',
        'page_label',
        'page_number',
        'relevance_score',
        'snippet',
      ].sort(),
    );
    expect(job.results.warnings).toBeUndefined();
    expect(top).toMatchObject({
      file_id: 'aci-318-19',
      page_number: 1,
      page_label: '1',
      context: '22.5.1.1 Nominal one-way shear strength',
      design_standard: 'us',
      content_type: 'text',
    });
    expect(top.snippet).toContain('<mark>shear</mark>');
  });

  it('targets codes by file_ids and design_standard, and answers clause references first', async () => {
    const only = await finished(
      (await (await post({ query: 'pressure strength', file_ids: ['asce-7-22'] })).json()).job_id,
    );
    expect(only.results.matches.every((m: any) => m.file_id === 'asce-7-22')).toBe(true);
    const euro = await finished((await (await post({ query: 'shear', design_standard: 'eurocode' })).json()).job_id);
    expect(euro.results.total).toBe(0);
    // The empty state says why: the requested codes have nothing indexed.
    expect(euro.results.warnings).toEqual([
      expect.objectContaining({ code: 'CODE_NOT_INDEXED', file_ids: expect.arrayContaining(['en-1992-1-1-2004']) }),
    ]);
    const unindexed = await finished(
      (await (await post({ query: 'shear', file_ids: ['aci-318-19', 'as-3600-2018'] })).json()).job_id,
    );
    expect(unindexed.results.warnings).toEqual([
      expect.objectContaining({ code: 'CODE_NOT_INDEXED', file_ids: ['as-3600-2018'] }),
    ]);
    const clause = await finished((await (await post({ query: 'ACI 318 25.4.2.1' })).json()).job_id);
    expect(clause.results.matches[0]).toMatchObject({
      page_number: 2,
      relevance_score: 1,
      context: '25.4.2.1 Development of deformed bars',
    });
  });

  it('refuses bad requests with the field named', async () => {
    const bad = async (body: unknown, status: number, mention: string) => {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect((await res.json()).error.message).toContain(mention);
    };
    await bad({ query: '   ' }, 400, 'query');
    await bad({}, 400, 'query');
    await bad({ query: 'x', file_ids: ['aci-318-19', 'nope-1'] }, 422, 'nope-1');
    await bad({ query: 'x', design_standard: 'martian' }, 422, 'design_standard');
    await bad({ query: 'x', per_page: 51 }, 422, 'per_page');
    // The range is the search domain's rule, written once; REST names the field as it was sent.
    const res = await post({ query: 'x', per_page: 0 });
    expect(res.status).toBe(422);
    const { error } = await res.json();
    expect(error.message).toMatch(/^per_page: /);
    expect(error.details.fields[0].field).toBe('per_page');
    expect((await post({ query: 'x' }, '')).status).toBe(401);
  });

  it('answers the job as created, pending, in REST and GraphQL alike (the record, not a later read)', async () => {
    for (let i = 0; i < 5; i++) {
      const rest = await (await post({ query: 'wind speed' })).json();
      expect(rest.status).toBe('pending');
      const gql = await server.gql(
        `mutation { createSearchJob(input: { query: "wind speed" }) { id status createdAt } }`,
        {},
        key,
      );
      expect(gql.body.data.createSearchJob).toMatchObject({
        status: 'PENDING',
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
    }
  });

  it('GraphQL: createSearchJob, and typed searchResults on the Job from the content subgraph', async () => {
    const created = await server.gql(
      `mutation { createSearchJob(input: { query: "wind speed", perPage: 1 }) { id } }`,
      {},
      key,
    );
    const id = created.body.data.createSearchJob.id;
    await finished(id);
    const res = await server.gql(
      `query($id: ID!) { job(id: $id) { status kind { title } searchResults { total perPage totalPages warnings { code fileIds } matches { fileId designStandard pageNumber pageLabel relevanceScore } } } }`,
      { id },
      key,
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.job).toMatchObject({
      status: 'COMPLETED',
      kind: { title: 'Code search' },
      searchResults: {
        perPage: 1,
        warnings: [],
        matches: [{ fileId: 'asce-7-22', designStandard: 'US', pageLabel: '1' }],
      },
    });
  });

  it('the same search within the cache window answers without touching the index', async () => {
    const first = await finished((await (await post({ query: 'velocity pressure height' })).json()).job_id);
    const before = queries.filter((q) => q.includes('CodePassageFts')).length;
    const second = await finished((await (await post({ query: 'velocity pressure height' })).json()).job_id);
    expect(second.results).toEqual(first.results);
    expect(queries.filter((q) => q.includes('CodePassageFts')).length).toBe(before);
  });

  it('the catalogue shows which codes are indexed and their pages', async () => {
    const codes = (await (await server.rest('/v1/codes')).json()).codes;
    expect(codes.find((c: any) => c.file_id === 'aci-318-19')).toMatchObject({ indexed: true, page_count: 2 });
    expect(codes.find((c: any) => c.file_id === 'as-3600-2018')).toMatchObject({ indexed: false, page_count: null });
  });
});

describe('time limit', () => {
  let strict: TestServer;
  beforeAll(async () => {
    strict = await startTestServer({ SEARCH_TIMEOUT_MS: '0' });
    await ingest(strict);
  });
  afterAll(() => strict.stop());

  it('a search past its limit fails with SEARCH_TIMEOUT naming the query and the limit', async () => {
    const k = (await strict.key('pro')).secret;
    const res = await strict.rest('/v1/search/jobs', {
      method: 'POST',
      key: k,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'shear' }),
    });
    const { job_id } = await res.json();
    const job = await waitFor(async () => {
      const j = await (await strict.rest(`/v1/jobs/${job_id}`, { key: k })).json();
      return j.status === 'failed' && j;
    });
    expect(job.error).toEqual({
      code: 'SEARCH_TIMEOUT',
      message: expect.stringContaining('0 ms'),
      details: { query: 'shear', timeout_ms: 0 },
    });
  });
});

describe('loading codes through GraphQL', () => {
  it('ingestCode takes a PDF upload from an admin key, and refuses other keys', async () => {
    const upload = async (k: string) => {
      const form = new FormData();
      form.append(
        'operations',
        JSON.stringify({
          query:
            'mutation($f: Upload!) { ingestCode(fileId: "as-3600-2018", file: $f) { fileId pages passages seconds } }',
          variables: { f: null },
        }),
      );
      form.append('map', JSON.stringify({ 0: ['variables.f'] }));
      const pdf = await codePdf([
        [
          '8.2.4 Shear strength of beams',
          'The shear strength of a beam shall be taken as the sum of the contributions.',
        ],
      ]);
      form.append('0', new Blob([pdf as unknown as BlobPart], { type: 'application/pdf' }), 'as3600.pdf');
      const res = await fetch(`${server.url}/graphql`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${k}`, 'apollo-require-preflight': 'true' },
      });
      return res.json();
    };
    const refused = await upload(key);
    expect(refused.errors[0].extensions.code).toBe('FORBIDDEN');
    const admin = (await server.platform.keys.create({ name: 'operator', tier: 'enterprise', admin: true })).secret;
    const done = await upload(admin);
    expect(done.errors).toBeUndefined();
    expect(done.data.ingestCode).toMatchObject({ fileId: 'as-3600-2018', pages: 1, passages: 1 });
    const codes = (await (await server.rest('/v1/codes?design_standard=aus-nz')).json()).codes;
    expect(codes.find((c: any) => c.file_id === 'as-3600-2018')).toMatchObject({ indexed: true, page_count: 1 });
  });
});
