import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { encryptedPdf } from '../helpers/pdf-samples.ts';
import { fixture } from '../helpers/samples.ts';
import { nestedFormPdf } from '../security/hostile-files.ts';

const SAMPLE = fixture('drawings/va-stcloud-bldg28-AF101-AF600.pdf');
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

let server: TestServer;
let key: string;
let other: string;

beforeAll(async () => {
  server = await startTestServer();
  key = (await server.key('pro')).secret;
  other = (await server.key('pro')).secret;
});
afterAll(() => server.stop());

function post(fields: Record<string, string>, file?: { bytes: Uint8Array; name?: string; field?: string }, k = key) {
  const form = new FormData();
  for (const [n, v] of Object.entries(fields)) form.append(n, v);
  if (file)
    form.append(
      file.field ?? 'file',
      new Blob([file.bytes as unknown as BlobPart], { type: 'application/pdf' }),
      file.name ?? 'sheet.pdf',
    );
  return server.rest('/v1/drawings', { method: 'POST', body: form, key: k });
}

const storedFiles = () => server.platform.db.drawingFile.count();

describe('POST /v1/drawings', () => {
  let first: any;

  it('analyses an uploaded page and answers the spec Drawing result', async () => {
    const res = await post({ page: '2' }, { bytes: SAMPLE });
    expect(res.status).toBe(200);
    first = await res.json();
    expect(Object.keys(first).sort()).toEqual([
      'annotations',
      'dimensions',
      'file_hash',
      'id',
      'page',
      'processing_ms',
      'titleblock',
    ]);
    expect(first.page).toBe(2);
    expect(first.file_hash).toBe(sha(SAMPLE));
    expect(first.dimensions).toEqual({ width: 3024, height: 2160 });
    expect(Number.isInteger(first.processing_ms)).toBe(true);
    expect(Object.keys(first.annotations).sort()).toEqual([
      'detail_tags',
      'leaders',
      'revision_clouds',
      'revision_triangles',
      'section_tags',
    ]);
    // AF600 carries two revision clouds and two deltas beside them.
    expect(first.annotations.revision_clouds).toHaveLength(2);
    expect(first.annotations.revision_triangles).toHaveLength(2);
    expect(first.titleblock).toMatchObject({ sheet_number: 'AF600', sheet_title: 'MATERIAL AND ROOM FINISH SCHEDULE' });
    expect(first.titleblock.bounds).toHaveLength(4);
    expect(first.titleblock.viewport).toHaveLength(4);
  });

  it('returns the stored result for the same file and page without analysing again', async () => {
    const again = await (await post({ page: '2' }, { bytes: SAMPLE })).json();
    expect(again).toEqual(first);
    expect(await server.platform.db.drawing.count({ where: { fileHash: first.file_hash, page: 2 } })).toBe(1);
  });

  it('analyses another page by file_hash, and the cache lists both pages', async () => {
    const res = await post({ page: '1', file_hash: first.file_hash });
    expect(res.status).toBe(200);
    const page1 = await res.json();
    expect(page1.titleblock.sheet_number).toBe('AF101');
    const cache = await (await server.rest(`/v1/drawings/cache/${first.file_hash}`, { key })).json();
    expect(cache).toMatchObject({
      file_hash: first.file_hash,
      size: SAMPLE.length,
      page_count: 2,
      analysed_pages: [1, 2],
    });
    expect(Date.parse(cache.uploaded_at)).toBeGreaterThan(0);
  });

  it('GET and DELETE by id; other accounts see nothing', async () => {
    const got = await (await server.rest(`/v1/drawings/${first.id}`, { key })).json();
    expect(got).toEqual(first);
    expect((await server.rest(`/v1/drawings/${first.id}`, { key: other })).status).toBe(404);
    expect((await server.rest(`/v1/drawings/cache/${first.file_hash}`, { key: other })).status).toBe(404);
    expect((await post({ page: '1', file_hash: first.file_hash }, undefined, other)).status).toBe(404);
    expect((await server.rest(`/v1/drawings/${first.id}`, { method: 'DELETE', key: other })).status).toBe(404);
    const del = await server.rest(`/v1/drawings/${first.id}`, { method: 'DELETE', key });
    expect(await del.json()).toEqual({ id: first.id, deleted: true });
    const gone = await server.rest(`/v1/drawings/${first.id}`, { key });
    expect(gone.status).toBe(404);
    expect((await gone.json()).error.code).toBe('DRAWING_NOT_FOUND');
  });

  // The fuzz's pdf-inherited#11 (issue 29): two uploads of one new PDF in flight at once both
  // stored its bytes under the same key, and the later one answered 500.
  it('answers every one of several uploads of the same new PDF at once, storing it once', async () => {
    const pdf = nestedFormPdf(2, 2, 'none');
    const answers = await Promise.all(Array.from({ length: 6 }, () => post({ page: '1' }, { bytes: pdf })));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    const ids = new Set((await Promise.all(answers.map((a) => a.json()))).map((d: { id: string }) => d.id));
    expect(ids.size).toBe(1);
    expect(await server.platform.db.drawingFile.count({ where: { hash: sha(pdf) } })).toBe(1);
  });
});

describe('bad input loses nothing and gets a clear error', () => {
  it('answers each defect with its status and code, storing no file', async () => {
    const before = await storedFiles();
    const expectError = async (res: Response, status: number, code: string, mention?: string) => {
      expect(res.status, code).toBe(status);
      const body = await res.json();
      expect(body.error.code).toBe(code);
      if (mention) expect(body.error.message).toContain(mention);
      return body.error;
    };
    await expectError(
      await post({ page: '1' }, { bytes: new TextEncoder().encode('just some text') }),
      422,
      'INVALID_PDF',
    );
    await expectError(await post({ page: '1' }, { bytes: SAMPLE.subarray(0, 5000) }), 422, 'INVALID_PDF');
    await expectError(await post({ page: '1' }, { bytes: encryptedPdf() }), 422, 'ENCRYPTED_PDF');
    const beyond = await expectError(await post({ page: '9' }, { bytes: SAMPLE }), 422, 'PAGE_OUT_OF_RANGE');
    expect(beyond.details.page_count).toBe(2);
    await expectError(
      await post({ page: '1', file_hash: 'a'.repeat(64) }, { bytes: SAMPLE }),
      400,
      'VALIDATION_ERROR',
      'file_hash',
    );
    await expectError(await post({ page: '1' }), 400, 'VALIDATION_ERROR', 'file');
    await expectError(await post({}, { bytes: SAMPLE }), 400, 'VALIDATION_ERROR', 'page');
    await expectError(await post({ page: 'two' }, { bytes: SAMPLE }), 400, 'VALIDATION_ERROR', 'page');
    await expectError(await post({ page: '1.5' }, { bytes: SAMPLE }), 400, 'VALIDATION_ERROR', 'page');
    await expectError(await post({ page: '0' }, { bytes: SAMPLE }), 422, 'UNPROCESSABLE', 'page');
    await expectError(await post({ page: '1', file_hash: 'b'.repeat(64) }), 404, 'FILE_NOT_FOUND');
    await expectError(
      await server.rest('/v1/drawings', {
        method: 'POST',
        key,
        headers: { 'content-type': 'application/json' },
        body: '{"page": 1}',
      }),
      400,
      'VALIDATION_ERROR',
      'multipart',
    );
    const huge = new Uint8Array(50 * 1024 * 1024 + 10);
    huge.set(new TextEncoder().encode('%PDF-1.7\n'));
    await expectError(await post({ page: '1' }, { bytes: huge }), 413, 'PAYLOAD_TOO_LARGE');
    expect(await storedFiles()).toBe(before);
    expect((await server.rest('/v1/codes')).status).toBe(200);
  });

  it('needs a key', async () => {
    const res = await post({ page: '1' }, { bytes: SAMPLE }, '');
    expect(res.status).toBe(401);
  });
});

describe('GraphQL', () => {
  it('analyzeDrawing takes an Upload and fileHash', async () => {
    const form = new FormData();
    form.append(
      'operations',
      JSON.stringify({
        query:
          'mutation($f: Upload, $p: Int!) { analyzeDrawing(file: $f, page: $p) { id page fileHash titleblock { sheetNumber } annotations { revisionClouds { bbox } } } }',
        variables: { f: null, p: 2 },
      }),
    );
    form.append('map', JSON.stringify({ 0: ['variables.f'] }));
    form.append('0', new Blob([SAMPLE as unknown as BlobPart], { type: 'application/pdf' }), 'a.pdf');
    const res = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${key}`, 'apollo-require-preflight': 'true' },
    });
    const body = await res.json();
    expect(body.errors).toBeUndefined();
    expect(body.data.analyzeDrawing).toMatchObject({
      page: 2,
      fileHash: sha(SAMPLE),
      titleblock: { sheetNumber: 'AF600' },
    });
    expect(body.data.analyzeDrawing.annotations.revisionClouds).toHaveLength(2);
  });
});
