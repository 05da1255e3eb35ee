// Issue 11, items 2 and 6: a few-KB .xlsx template must not freeze the
// server (the defined-names parser) and a zip bomb must be refused fast with
// bounded memory; both are read off the event loop.
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../core/limits.ts';
import { entryBytes, inflateBudget, readZip, ZipLimitError } from '../../core/zip.ts';
import { parseDefinedNames } from '../../subgraphs/documents/spreadsheet/template/defined-names.ts';
import { serverWithKey, waitFor } from '../helpers/server.ts';
import { definedNamesBomb, xlsxBomb, xlsxWith } from './hostile-files.ts';
import { whileServing } from './responsive.ts';
import { threadCpuMs } from '../helpers/cpu.ts';

const SHEETS = [{ name: 'Sheet1', index: 0, part: 'xl/worksheets/sheet1.xml' }];

describe('defined names are read by a linear scan', () => {
  it('reads ordinary names (prefixed, scoped, self-closing)', () => {
    const xml =
      '<definedNames><definedName name="A" localSheetId="0">Sheet1!$A$1</definedName><x:definedName name="B">0.2</x:definedName><definedName name="C"/><definedName name="D">&apos;My &amp; Sheet&apos;!$B$2</definedName></definedNames>';
    expect(parseDefinedNames(xml, SHEETS)).toEqual([
      { name: 'A', scope: 'Sheet1', formula: 'Sheet1!$A$1' },
      { name: 'B', scope: null, formula: '0.2' },
      { name: 'D', scope: null, formula: "'My & Sheet'!$B$2" },
    ]);
  });

  it.each([
    ['60,000 unclosed <definedName ', '<definedName '.repeat(60_000)],
    ['60,000 start tags without an end tag', '<definedName name="x">'.repeat(60_000)],
    ['one 1 MB start tag', `<definedName ${'a'.repeat(1_000_000)}`],
    ['200,000 bare words definedName', 'definedName '.repeat(200_000)],
  ])("worst case %s: under 2 s of this thread's CPU", (_, tail) => {
    const xml = `<definedNames><definedName name="A">Sheet1!$A$1</definedName>${tail}`;
    const t = threadCpuMs();
    const names = parseDefinedNames(xml, SHEETS);
    // This thread's CPU, which a busy machine does not stretch: a linear scan is milliseconds, a
    // quadratic one of these inputs is far beyond 2 s.
    expect(threadCpuMs() - t).toBeLessThan(2_000);
    expect(names[0]).toEqual({ name: 'A', scope: null, formula: 'Sheet1!$A$1' });
  });

  it(`refuses more than ${LIMITS.templateMaxDefinedNames} names with 422 naming template_file`, () => {
    const xml = '<definedName name="n">1</definedName>'.repeat(LIMITS.templateMaxDefinedNames + 1);
    expect(() => parseDefinedNames(xml, SHEETS)).toThrow(
      expect.objectContaining({ code: 'UNPROCESSABLE', details: expect.objectContaining({ field: 'templateFile' }) }),
    );
  });
});

describe('zip entries inflate under an output cap and a ratio limit', () => {
  it('stops a 2 GB bomb after a few MB of output, whatever size it declares', () => {
    for (const declared of [4_096, 2 * 1024 ** 3 - 1]) {
      const entry = readZip(xlsxBomb(2 * 1024 ** 3, declared)).find((e) => e.name === 'xl/workbook.xml')!;
      const rss = process.memoryUsage().rss;
      const t = threadCpuMs();
      expect(() => entryBytes(entry)).toThrow(ZipLimitError);
      // This thread's CPU: stopped after a few MB it is milliseconds; inflating 2 GB takes seconds.
      expect(threadCpuMs() - t).toBeLessThan(2_000);
      expect(process.memoryUsage().rss - rss).toBeLessThan(200 * 1024 ** 2);
    }
  });

  it('charges every entry of a package against one budget', () => {
    const entries = readZip(xlsxWith('<definedName name="A">Sheet1!$A$1</definedName>'));
    const budget = inflateBudget(600);
    expect(() => entries.forEach((e) => entryBytes(e, budget))).toThrow(ZipLimitError);
  });

  it('refuses a directory of more entries than the limit before reading any', () => {
    const zip = xlsxWith('');
    const eocd = zip.length - 22;
    zip.writeUInt16LE(Math.min(0xfffe, LIMITS.zipMaxEntries + 1), eocd + 10);
    expect(() => readZip(zip)).toThrow(/entries/);
  });
});

describe('populate_template on a real server', () => {
  const s = serverWithKey('enterprise', { PUBLIC_RATE_PER_MIN: '100000' });

  const populate = (template: Buffer) =>
    s.server.rest('/v1/spreadsheet/jobs', {
      key: s.key,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        operation: 'populate_template',
        template_file: template.toString('base64'),
        data_mappings: { A: 1 },
      }),
    });

  it('the 3 KB defined-names template (60,000 unclosed tags) is answered at once; the server keeps answering', async () => {
    const template = definedNamesBomb();
    expect(template.length).toBeLessThan(4_000);
    const r = await whileServing(s.server, populate(template));
    console.log(
      `defined-names template: ${r.value.status} in ${r.ms.toFixed(0)} ms; ${r.probes} probes, max ${r.maxMs.toFixed(0)} ms`,
    );
    expect(r.value.status).toBe(202); // name A exists: the template is valid, the bomb is just text after it
    // Was 48 s of frozen event loop. The scan itself takes milliseconds (above): the loop's CPU while
    // any one probe waited stays far below the freeze it guards against (the healthy figure is tens of ms).
    expect(r.maxProbeCpuMs).toBeLessThan(5_000);
  });

  it('a template whose workbook.xml inflates to 2 GB is refused with 422 naming template_file, fast, RSS bounded', async () => {
    const template = xlsxBomb();
    const rss = process.memoryUsage().rss;
    const r = await whileServing(s.server, populate(template));
    const body = await r.value.json();
    console.log(
      `2 GB zip bomb (${(template.length / 1024).toFixed(0)} KB): ${r.value.status} in ${r.ms.toFixed(0)} ms; ${r.probes} probes, max ${r.maxMs.toFixed(0)} ms`,
    );
    expect(r.value.status).toBe(422);
    expect(body.error.message).toMatch(/template_file/);
    expect(r.cpuMs).toBeLessThan(5_000); // the inflate stops at the limit; inflating 2 GB would take tens of seconds
    expect(process.memoryUsage().rss - rss).toBeLessThan(500 * 1024 ** 2);
  });

  it('a template whose worksheet inflates to 2 GB (read only by the job) fails its job with UNSUPPORTED_FORMAT, fast', async () => {
    const res = await populate(xlsxBomb(2 * 1024 ** 3, 4_096, 'xl/worksheets/sheet1.xml'));
    expect(res.status).toBe(202);
    const { job_id } = await res.json();
    const t = performance.now();
    const job = await waitFor(async () => {
      const j = await (await s.server.rest(`/v1/jobs/${job_id}`, { key: s.key })).json();
      return j.status === 'failed' || j.status === 'completed' ? j : null;
    }, 20_000);
    console.log(
      `worksheet zip bomb: job ${job.status} ${job.error?.code} ${(performance.now() - t).toFixed(0)} ms after 202`,
    );
    expect(job.error).toMatchObject({ code: 'UNSUPPORTED_FORMAT' });
    expect(job.error.message).toMatch(/inflates past the limits/);
  });
});
