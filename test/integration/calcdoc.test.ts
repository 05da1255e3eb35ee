// Calculation documents over real HTTP: REST and GraphQL create jobs, the
// request-time validation codes, use-before-define and unit clashes as failed
// jobs, the download of the .mcdx, read back, append.
import { gzipSync } from 'node:zlib';
import { createCanvas } from '@napi-rs/canvas';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, waitFor, type TestServer } from '../helpers/server.ts';
import { fixture } from '../helpers/samples.ts';
import { qpdfProblems } from '../helpers/readers.ts';

// Each test follows jobs to their end: on a loaded machine (a newcomer's full npm test, load 20) a
// first job waited more than 20 s for a worker thread. Waits, not speed bounds (bench/calcdoc.ts).
vi.setConfig({ testTimeout: 150_000 });

let server: TestServer;
let key: string;
let freeKey: string;

async function finished(id: string, k = key) {
  return waitFor(async () => {
    const job = await (await server.rest(`/v1/jobs/${id}`, { key: k })).json();
    return ['completed', 'failed'].includes(job.status) && job;
  }, 120_000);
}

const post = (path: string, body: unknown, k: string = key) =>
  server.rest(path, {
    method: 'POST',
    key: k,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const beam = [
  { type: 'text', content: 'Beam check', style: 'heading1' },
  { type: 'text', content: 'A **simply supported** beam with a *uniform* load.' },
  { type: 'variable', name: 'w', value: 12, unit: 'kN/m', description: 'Uniform load' },
  { type: 'variable', name: 'L', value: 6, unit: 'm', description: 'Span' },
  { type: 'formula', expression: 'M := w*L^2/8', description: 'Midspan moment' },
  { type: 'formula', expression: 'M_us := w*L^2/8', result_unit: 'kip*ft' },
];

beforeAll(async () => {
  // These tests follow every job by polling every 50 ms with one key; on a loaded machine a job
  // takes seconds and the polls passed the key's 120 a minute, so a finished job went unseen behind
  // 429s. The polling allowance itself is tested in jobs.test.ts.
  server = await startTestServer({ POLLING_RATE_PER_MIN: '100000' });
  key = (await server.key('pro')).secret;
  freeKey = (await server.key('free')).secret;
});
afterAll(() => server.stop());

describe('create_document', () => {
  it('REST: 202, then a completed job with the .mcdx, doc_id and results in the inputs’ units', async () => {
    const res = await post('/v1/calcdoc/jobs', {
      operation: 'create_document',
      document_name: 'Beam B1',
      elements: beam,
      metadata: { author: 'A. Engineer', project: 'P-7', date: '2026-11-22' },
    });
    expect(res.status).toBe(202);
    const created = await res.json();
    expect(Object.keys(created).sort()).toEqual(['created_at', 'job_id', 'status']);
    const job = await finished(created.job_id);
    expect(job.status).toBe('completed');
    expect(job.results).toMatchObject({ file_type: 'mcdx', version: 1, element_count: 6 });
    expect(job.results.doc_id).toMatch(/^[0-9a-f-]{36}$/);
    const [m, mUs] = job.results.results;
    expect(m).toMatchObject({ element_index: 4, name: 'M', unit: 'kN*m' });
    expect(m.value).toBeCloseTo(54, 10);
    expect(mUs.unit).toBe('kip*ft');
    expect(mUs.value).toBeCloseTo(39.828356, 5);
    const file = await fetch(job.results.file_url);
    expect(file.status).toBe(200);
    const bytes = new Uint8Array(await file.arrayBuffer());
    expect([bytes[0], bytes[1]]).toEqual([0x50, 0x4b]);

    // read gives the same elements back
    const read = await finished(
      (
        await (
          await post('/v1/calcdoc/jobs', { operation: 'read', source_file: Buffer.from(bytes).toString('base64') })
        ).json()
      ).job_id,
    );
    expect(read.status).toBe('completed');
    expect(read.results.elements).toEqual(beam);
    expect(read.results.unmapped).toEqual([]);
    expect(read.results.metadata).toEqual({ author: 'A. Engineer', project: 'P-7', date: '2026-11-22' });
    expect(read.results.document_name).toBe('Beam B1');

    // append: a new version with the same validation
    const more = [{ type: 'formula', expression: 'V := w*L/2', result_unit: 'kN' }];
    const appended = await finished(
      (await (await post(`/v1/calcdoc/${job.results.doc_id}/elements`, { elements: more })).json()).job_id,
    );
    expect(appended.status).toBe('completed');
    expect(appended.results).toMatchObject({ doc_id: job.results.doc_id, version: 2, element_count: 7, appended: 1 });
    expect(appended.results.results.at(-1)).toMatchObject({ name: 'V', value: 36, unit: 'kN' });
    const v2 = new Uint8Array(await (await fetch(appended.results.file_url)).arrayBuffer());
    const reread = await finished(
      (
        await (
          await post('/v1/calcdoc/jobs', { operation: 'read', source_file: Buffer.from(v2).toString('base64') })
        ).json()
      ).job_id,
    );
    // A result_unit equal to the unit the inputs give (kN here) is stored as Prime stores that unit
    // for every formula, so it reads back as absent: the worksheet shows the same unit either way.
    expect(reread.results.elements).toEqual([...beam, { type: 'formula', expression: 'V := w*L/2' }]);

    const bad = await post(`/v1/calcdoc/${job.results.doc_id}/elements`, { elements: [{ type: 'chart' }] });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.code).toBe('INVALID_ELEMENT');
    const other = await post(`/v1/calcdoc/${job.results.doc_id}/elements`, { elements: more }, freeKey);
    expect(other.status).toBe(404);
    expect((await other.json()).error.code).toBe('DOCUMENT_NOT_FOUND');
  });

  it('GraphQL: createDocument makes the same job', async () => {
    const { body } = await server.gql(
      `mutation($input: CreateDocumentInput!) { createDocument(input: $input) { id status type } }`,
      {
        input: {
          documentName: 'G',
          elements: [
            { type: 'variable', name: 'b', value: 300, unit: 'mm' },
            { type: 'formula', expression: 'A := b^2', resultUnit: 'cm^2' },
          ],
          options: { aiFormatting: true, pageOrientation: 'landscape' },
        },
      },
      key,
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.createDocument).toMatchObject({ status: 'PENDING', type: 'calcdoc.create_document' });
    const job = await finished(body.data.createDocument.id);
    expect(job.results.results[0]).toMatchObject({ name: 'A', value: 900, unit: 'cm^2' });
  });

  it('validates at request time, in REST and GraphQL alike', async () => {
    const expectError = async (body: unknown, status: number, code: string) => {
      const res = await post('/v1/calcdoc/jobs', {
        operation: 'create_document',
        document_name: 'x',
        ...(body as object),
      });
      const json = await res.json();
      expect([res.status, json.error.code]).toEqual([status, code]);
      return json.error;
    };
    const invalid = await expectError(
      { elements: [{ type: 'text', content: 'a' }, { type: 'chart' }] },
      400,
      'INVALID_ELEMENT',
    );
    expect((await expectError({ elements: [{ content: 'no type' }] }, 400, 'VALIDATION_ERROR')).message).toContain(
      'elements[0].type',
    );
    expect(invalid.message).toContain('Element 1');
    expect(invalid.details.element_index).toBe(1);
    const parse = await expectError(
      { elements: [{ type: 'formula', expression: 'y := (2 +' }] },
      422,
      'FORMULA_PARSE_ERROR',
    );
    expect(parse.details).toEqual({ element_index: 0, expression: 'y := (2 +' });
    expect(
      (await expectError({ elements: [{ type: 'variable', name: 'a', value: '3' }] }, 400, 'VALIDATION_ERROR')).message,
    ).toContain('elements[0].value');
    expect(
      (await expectError({ elements: [{ type: 'variable', value: 3 }] }, 400, 'VALIDATION_ERROR')).message,
    ).toContain('elements[0].name');
    expect(
      (await expectError({ elements: [{ type: 'variable', name: 'a-b', value: 3 }] }, 422, 'UNPROCESSABLE')).message,
    ).toContain('elements[0].name');
    expect((await expectError({ document_name: '', elements: [] }, 422, 'UNPROCESSABLE')).message).toContain(
      'document_name',
    );
    expect(
      (await expectError({ document_name: 'x'.repeat(201), elements: [] }, 422, 'UNPROCESSABLE')).message,
    ).toContain('document_name');
    expect(
      (
        await expectError(
          { elements: [{ type: 'variable', name: 'a', value: 1, unit: 'furlongs_per_fortnight' }] },
          422,
          'UNPROCESSABLE',
        )
      ).message,
    ).toContain('elements[0].unit');
    // Values are checked once, by the domain: a bad style or orientation is 422 naming the field in
    // each caller's spelling, not a GraphQL validation error for REST callers.
    expect(
      await expectError({ elements: [{ type: 'text', content: 'a', style: 'title' }] }, 422, 'UNPROCESSABLE'),
    ).toMatchObject({
      message: 'elements[0].style: must be one of normal, heading1, heading2, heading3',
      details: { field: 'elements[0].style' },
    });
    expect(
      (await expectError({ elements: [], options: { page_orientation: 'sideways' } }, 422, 'UNPROCESSABLE')).details,
    ).toEqual({ field: 'options.page_orientation' });
    expect(
      (
        await expectError(
          { elements: [{ type: 'formula', expression: 'y := 2', result_unit: 'parsecs_per_hour' }] },
          422,
          'UNPROCESSABLE',
        )
      ).details,
    ).toMatchObject({ field: 'elements[0].result_unit' });
    const mutation = `mutation($input: CreateDocumentInput!) { createDocument(input: $input) { id } }`;
    const gqlStyle = await server.gql(
      mutation,
      { input: { documentName: 'x', elements: [{ type: 'text', content: 'a', style: 'title' }] } },
      key,
    );
    expect(gqlStyle.body.errors[0]).toMatchObject({
      message: 'elements[0].style: must be one of normal, heading1, heading2, heading3',
      extensions: { code: 'UNPROCESSABLE' },
    });
    const gqlUnit = await server.gql(
      mutation,
      {
        input: {
          documentName: 'x',
          elements: [{ type: 'formula', expression: 'y := 2', resultUnit: 'parsecs_per_hour' }],
        },
      },
      key,
    );
    expect(gqlUnit.body.errors[0].extensions.details).toMatchObject({ field: 'elements[0].resultUnit' });

    const tooMany = Array.from({ length: 51 }, (_, i) => ({ type: 'variable', name: `v${i}`, value: i }));
    const limit = await post(
      '/v1/calcdoc/jobs',
      { operation: 'create_document', document_name: 'x', elements: tooMany },
      freeKey,
    );
    expect(limit.status).toBe(422);
    expect((await limit.json()).error).toMatchObject({
      code: 'ELEMENT_LIMIT_EXCEEDED',
      details: { limit: 50, tier: 'free' },
    });

    const gql = await server.gql(
      `mutation($input: CreateDocumentInput!) { createDocument(input: $input) { id } }`,
      { input: { documentName: 'x', elements: [{ type: 'table' }] } },
      key,
    );
    expect(gql.body.errors[0].extensions).toMatchObject({ code: 'INVALID_ELEMENT', details: { element_index: 0 } });
    const gqlParse = await server.gql(
      `mutation($input: CreateDocumentInput!) { createDocument(input: $input) { id } }`,
      { input: { documentName: 'x', elements: [{ type: 'formula', expression: '3 +* 4' }] } },
      key,
    );
    expect(gqlParse.body.errors[0].extensions).toMatchObject({
      code: 'FORMULA_PARSE_ERROR',
      details: { element_index: 0, expression: '3 +* 4' },
    });
    const gqlLimit = await server.gql(
      `mutation($input: CreateDocumentInput!) { createDocument(input: $input) { id } }`,
      { input: { documentName: 'x', elements: tooMany } },
      freeKey,
    );
    expect(gqlLimit.body.errors[0].extensions).toMatchObject({
      code: 'ELEMENT_LIMIT_EXCEEDED',
      details: { limit: 50, tier: 'free' },
    });
    // The generic path holds the same tier limit as the typed ones.
    const generic = await post(
      '/v1/jobs',
      { type: 'calcdoc.create_document', input: { documentName: 'x', elements: tooMany } },
      freeKey,
    );
    expect(generic.status).toBe(422);
    expect((await generic.json()).error).toMatchObject({
      code: 'ELEMENT_LIMIT_EXCEEDED',
      details: { limit: 50, tier: 'free' },
    });
    const genericAppend = await post(
      '/v1/jobs',
      { type: 'calcdoc.append_elements', input: { docId: '00000000-0000-4000-8000-000000000000', elements: tooMany } },
      freeKey,
    );
    expect((await genericAppend.json()).error).toMatchObject({
      code: 'ELEMENT_LIMIT_EXCEEDED',
      details: { limit: 50, tier: 'free' },
    });
  });

  it('fails the job on use before define and on clashing units, naming the element', async () => {
    const undef = await finished(
      (
        await (
          await post('/v1/calcdoc/jobs', {
            operation: 'create_document',
            document_name: 'x',
            elements: [
              { type: 'formula', expression: 'y := A*L' },
              { type: 'variable', name: 'A', value: 2 },
            ],
          })
        ).json()
      ).job_id,
    );
    expect(undef.status).toBe('failed');
    expect(undef.error).toMatchObject({ code: 'UNDEFINED_VARIABLE', details: { element_index: 0, names: ['A', 'L'] } });
    expect(undef.error.message).toContain('A (defined at element 1, after its use at element 0)');
    expect(undef.error.message).toContain('L (mathjs would read it as the unit L)');
    const clash = await finished(
      (
        await (
          await post('/v1/calcdoc/jobs', {
            operation: 'create_document',
            document_name: 'x',
            elements: [{ type: 'formula', expression: 'y := 2 m + 3 s' }],
          })
        ).json()
      ).job_id,
    );
    expect(clash.status).toBe('failed');
    expect(clash.error).toMatchObject({ code: 'UNIT_MISMATCH', details: { element_index: 0, units: ['m', 's'] } });
  });

  it('generate_pdf: a PDF of the created document, from REST and GraphQL', async () => {
    const created = await finished(
      (
        await (
          await post('/v1/calcdoc/jobs', { operation: 'create_document', document_name: 'Beam B2', elements: beam })
        ).json()
      ).job_id,
    );
    const mcdx = Buffer.from(await (await fetch(created.results.file_url)).arrayBuffer()).toString('base64');
    const res = await post('/v1/calcdoc/jobs', {
      operation: 'generate_pdf',
      source_file: mcdx,
      options: { page_numbers: true },
    });
    expect(res.status).toBe(202);
    const job = await finished((await res.json()).job_id);
    expect(job.status).toBe('completed');
    expect(job.results).toMatchObject({ file_type: 'pdf', pages: 1, not_rendered: [] });
    const pdf = Buffer.from(await (await fetch(job.results.file_url)).arrayBuffer());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(qpdfProblems(pdf)).toBe('');
    const { body } = await server.gql(
      `mutation($input: GeneratePdfInput!) { generatePdf(input: $input) { id type } }`,
      { input: { sourceFile: mcdx, options: { pageNumbers: false } } },
      key,
    );
    expect(body.data.generatePdf.type).toBe('calcdoc.generate_pdf');
    expect((await finished(body.data.generatePdf.id)).status).toBe('completed');
    const notMcdx = await post('/v1/calcdoc/jobs', {
      operation: 'generate_pdf',
      source_file: Buffer.from('<?xml version="1.0"?><worksheet/>').toString('base64'),
    });
    expect(notMcdx.status).toBe(422);
    expect((await notMcdx.json()).error.code).toBe('UNSUPPORTED_FORMAT');
  });

  it('convert: .xmcd → .mcdx job listing unconverted regions; binary .mcd is a 422', async () => {
    const xmcd = fixture('calc/xmcd/calcpadfork_cpptest.xmcd');
    const res = await post('/v1/calcdoc/convert', { source_file: gzipSync(xmcd).toString('base64') });
    expect(res.status).toBe(202);
    const job = await finished((await res.json()).job_id);
    expect(job.status).toBe('completed');
    expect(job.results).toMatchObject({ file_type: 'mcdx', source_generator: 'Mathcad Professional 14.1' });
    expect(job.results.unconverted.length).toBeGreaterThan(0);
    expect(job.results.unconverted[0]).toMatchObject({
      kind: expect.any(String),
      region_id: expect.any(String),
      reason: expect.any(String),
    });
    expect((await fetch(job.results.file_url)).status).toBe(200);

    const ole = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]).toString('base64');
    const mcd = await post('/v1/calcdoc/convert', { source_file: ole });
    expect(mcd.status).toBe(422);
    expect((await mcd.json()).error).toMatchObject({
      code: 'UNSUPPORTED_FORMAT',
      message: expect.stringMatching(/binary Mathcad files/),
    });
    const gql = await server.gql(
      `mutation($input: ConvertWorksheetInput!) { convertWorksheet(input: $input) { id } }`,
      { input: { sourceFile: ole } },
      key,
    );
    expect(gql.body.errors[0].extensions.code).toBe('UNSUPPORTED_FORMAT');
    const viaGql = await server.gql(
      `mutation($input: ConvertWorksheetInput!) { convertWorksheet(input: $input) { id type kind { title } } }`,
      { input: { sourceFile: xmcd.toString('base64') } },
      key,
    );
    expect(viaGql.body.data.convertWorksheet).toMatchObject({
      type: 'calcdoc.convert',
      kind: { title: 'Worksheet conversion' },
    });
  });

  it('images: JPEG data URIs become PNG parts; private and loopback URLs are refused', async () => {
    const canvas = createCanvas(8, 4);
    canvas.getContext('2d').fillRect(0, 0, 8, 4);
    const jpeg = `data:image/jpeg;base64,${canvas.toBuffer('image/jpeg').toString('base64')}`;
    const job = await finished(
      (
        await (
          await post('/v1/calcdoc/jobs', {
            operation: 'create_document',
            document_name: 'img',
            elements: [{ type: 'image', url: jpeg, caption: 'Plan' }],
          })
        ).json()
      ).job_id,
    );
    expect(job.status).toBe('completed');
    const files = unzipSync(new Uint8Array(await (await fetch(job.results.file_url)).arrayBuffer()));
    const png = Object.entries(files).find(([name]) => name.startsWith('mathcad/media/'))!;
    expect(png[0]).toMatch(/\.png$/);
    expect([...png[1].subarray(1, 4)].map((c) => String.fromCharCode(c)).join('')).toBe('PNG');
    for (const url of [
      'http://127.0.0.1:9/x.png',
      'http://localhost/x.png',
      'http://10.1.2.3/x.png',
      'http://[::1]/x.png',
    ]) {
      const failed = await finished(
        (
          await (
            await post('/v1/calcdoc/jobs', {
              operation: 'create_document',
              document_name: 'img',
              elements: [
                { type: 'text', content: 'x' },
                { type: 'image', url },
              ],
            })
          ).json()
        ).job_id,
      );
      expect(failed.error, url).toMatchObject({ code: 'IMAGE_FETCH_FAILED', details: { element_index: 1 } });
      expect(failed.error.message).toMatch(/the URL could not be fetched \(only public http\(s\) addresses/);
    }
  });

  it('publishes the payloads and job results in the OpenAPI document', async () => {
    const doc = await (await server.rest('/openapi.json')).json();
    const jobs = doc.paths['/v1/calcdoc/jobs'].post;
    expect(jobs['x-not-implemented']).toBeUndefined();
    expect(JSON.stringify(jobs['x-job-results'])).toContain('unmapped');
    expect(doc.paths['/v1/calcdoc/convert'].post['x-job-results'].properties.unconverted).toBeDefined();
    expect(doc.paths['/v1/calcdoc/{doc_id}/elements'].post.requestBody).toBeDefined();
  });

  it('read refuses what is not an .mcdx with 422 UNSUPPORTED_FORMAT', async () => {
    const ole = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]).toString('base64');
    const res = await post('/v1/calcdoc/jobs', { operation: 'read', source_file: ole });
    expect(res.status).toBe(422);
    const { error } = await res.json();
    expect(error.code).toBe('UNSUPPORTED_FORMAT');
    expect(error.message).toMatch(/binary Mathcad files/);
  });
});
