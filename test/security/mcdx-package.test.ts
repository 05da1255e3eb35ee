// Issue 29, findings 9 and 16, on the .mcdx reader.
// 9: a text region's XAML is a package inside the package; each was inflated with a fresh 256 MB
//    budget, so many regions pointing at one inner package (13 KB) inflated about 10 GB. Now one
//    budget counts every inflated byte of the source file, inner packages included.
// 16: a worksheet.xml that is not well-formed failed its job with the message "[object Object]"
//    (xmldom's ParseError is no native Error and lost itself crossing the worker thread).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { zipWithAliases, sharedPackageMcdx } from '../../fuzz/inputs.ts';
import { defineTask, runInline } from '../../core/jobs/task.ts';
import { startTestServer, waitFor, type TestServer } from '../helpers/server.ts';

vi.setConfig({ testTimeout: 150_000 });

describe('finding 9: one inflate budget for the file and every package inside it', () => {
  it('regions pointing at inner packages that share one entry are refused once the file has inflated its limit', async () => {
    // A 16 MB limit for this file's reads (the default is 256 MB): 12 MB an inner package, 10 of them.
    const saved = process.env.ZIP_MAX_INFLATED_BYTES;
    process.env.ZIP_MAX_INFLATED_BYTES = String(16 * 2 ** 20);
    vi.resetModules();
    const { readMcdx } = await import('../../subgraphs/documents/calcdoc/mcdx/reader.ts');
    if (saved === undefined) delete process.env.ZIP_MAX_INFLATED_BYTES;
    else process.env.ZIP_MAX_INFLATED_BYTES = saved;
    // 20 inner packages whose XAML is 1 MB each: 20 MB read.
    const file = sharedPackageMcdx({ regions: 20, packages: 20, innerEntries: 12 });
    expect(file.length).toBeLessThan(64 * 1024);
    await expect(readMcdx(file)).rejects.toMatchObject({
      code: 'UNSUPPORTED_FORMAT',
      message: expect.stringMatching(/inflates past the limits/),
    });
    // Many regions on one inner package read it once: within the limit, the file reads.
    await expect(readMcdx(sharedPackageMcdx({ regions: 40, packages: 1, innerEntries: 12 }))).resolves.toMatchObject({
      elements: [],
    });
    // Parts the reader never reads are never inflated: 299 more names of the inner package's 1 MB
    // part cost nothing (inflated up front, they were 300 MB, refused, and up to the whole budget
    // of buffers alive on the worker thread: issue 29, round 5, the fuzz's RSS).
    await expect(readMcdx(sharedPackageMcdx({ regions: 1, packages: 1, innerEntries: 300 }))).resolves.toMatchObject({
      elements: [],
    });
  });
});

describe('finding 16: a malformed part is named in the job error', () => {
  let server: TestServer;
  let key: string;
  beforeAll(async () => {
    server = await startTestServer({ POLLING_RATE_PER_MIN: '100000' });
    key = (await server.key('pro')).secret;
  });
  afterAll(() => server.stop());

  it('read of an .mcdx whose worksheet.xml is not well-formed fails saying so', async () => {
    const file = zipWithAliases([
      { name: 'mathcad/worksheet.xml', data: Buffer.from('<worksheet><regions><region></worksheet>') },
    ]);
    const res = await server.rest('/v1/calcdoc/jobs', {
      method: 'POST',
      key,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ operation: 'read', source_file: file.toString('base64') }),
    });
    expect(res.status).toBe(202);
    const { job_id } = await res.json();
    const job = await waitFor(async () => {
      const j = await (await server.rest(`/v1/jobs/${job_id}`, { key })).json();
      return j.status === 'failed' && j;
    }, 120_000);
    const text = JSON.stringify(job.error);
    expect(text).not.toContain('[object Object]');
    expect(job.error.message).toMatch(/worksheet\.xml is not well-formed XML \(Opening and ending tag mismatch/);
  });

  it('a task that throws something other than a native Error still gives its message', async () => {
    class LibraryError {
      message = 'what went wrong';
    }
    Object.setPrototypeOf(LibraryError.prototype, Error.prototype);
    const task = defineTask(() => {
      throw new LibraryError();
    });
    await expect(runInline(task, {})).rejects.toThrow('what went wrong');
    await expect(task({}).catch((e) => structuredClone(e))).resolves.toMatchObject({ message: 'what went wrong' });
  });
});
