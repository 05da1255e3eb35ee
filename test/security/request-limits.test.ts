// Issue 11, items 2 and 11: request-time validation of what a caller sends is
// bounded before any heavy work: a 2 MB search query (257 s of FTS5 before),
// 500 formulas of 1,500 terms (16 s of mathjs parsing) and a flat 3,000-term
// formula (a stack overflow, 500) are refused with 422 naming the field, at
// once, while the server keeps answering.
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../core/limits.ts';
import { formulaSize } from '../../subgraphs/documents/calcdoc/expression.ts';
import { serverWithKey, waitFor } from '../helpers/server.ts';
import { whileServing } from './responsive.ts';
import { threadCpuMs } from '../helpers/cpu.ts';

const sum = (terms: number) => `x := ${Array.from({ length: Math.ceil(terms / 2) }, (_, i) => `a${i}`).join(' + ')}`;

describe('formula size is measured by one linear pass', () => {
  it('counts terms and nesting', () => {
    expect(formulaSize('M := w*L^2/8')).toEqual({ terms: 10, nesting: 0 }); // ":" and "=" count apart
    expect(formulaSize('sqrt((a + b) * c)')).toEqual({ terms: 6, nesting: 2 });
  });
  it("5 MB of brackets in under 2 s of this thread's CPU", () => {
    const t = threadCpuMs();
    expect(formulaSize('('.repeat(5_000_000)).nesting).toBe(5_000_000);
    expect(threadCpuMs() - t).toBeLessThan(2_000); // linear: tens of ms; a parser's recursion or a quadratic scan: far more
  });
});

describe('on a real server', () => {
  const s = serverWithKey('enterprise', { PUBLIC_RATE_PER_MIN: '100000' });

  const post = (path: string, body: unknown) =>
    s.server.rest(path, {
      key: s.key,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('a 2 MB search query is refused with 422 naming query, at once', async () => {
    const r = await whileServing(
      s.server,
      post('/v1/search/jobs', { query: 'shear strength of concrete '.repeat(80_000) }),
    );
    const body = await r.value.json();
    console.log(`2 MB search query: ${r.value.status} in ${r.ms.toFixed(0)} ms; max probe ${r.maxMs.toFixed(0)} ms`);
    expect(r.value.status).toBe(422);
    expect(body.error).toMatchObject({ code: 'UNPROCESSABLE', details: { field: 'query' } });
    // Refused by the edge's checks: milliseconds of the loop's CPU; parsing each term would take seconds.
    expect(r.cpuMs).toBeLessThan(3_000);
  });

  it(`a query of more than ${LIMITS.searchMaxQueryTerms} distinct words is refused; one at the limit runs to completion`, async () => {
    const words = Array.from({ length: LIMITS.searchMaxQueryTerms + 1 }, (_, i) => `w${i}x`);
    const over = await post('/v1/search/jobs', { query: words.join(' ') });
    expect(over.status).toBe(422);
    expect((await over.json()).error.message).toMatch(/^query: /);
    const at = await post('/v1/search/jobs', { query: words.slice(1).join(' ') });
    expect(at.status).toBe(202);
    const { job_id } = await at.json();
    const job = await waitFor(async () => {
      const j = await (await s.server.rest(`/v1/jobs/${job_id}`, { key: s.key })).json();
      return ['completed', 'failed'].includes(j.status) && j;
    });
    expect(job.status).toBe('completed');
  });

  it('500 formulas of 1,500 terms are refused with 422 naming the element, at once', async () => {
    const elements = Array.from({ length: 500 }, () => ({ type: 'formula', expression: sum(1_500) }));
    const r = await whileServing(
      s.server,
      post('/v1/calcdoc/jobs', { operation: 'create_document', document_name: 'Bomb', elements }),
    );
    const body = await r.value.json();
    console.log(
      `500 formulas × 1,500 terms: ${r.value.status} in ${r.ms.toFixed(0)} ms; max probe ${r.maxMs.toFixed(0)} ms`,
    );
    expect(r.value.status).toBe(422);
    expect(body.error.details.field).toBe('elements[0].expression');
    // Refused by the edge's checks: milliseconds of the loop's CPU; parsing each term would take seconds.
    expect(r.cpuMs).toBeLessThan(3_000);
  });

  it('formulas within each limit but over the per-request total are refused naming elements', async () => {
    const per = LIMITS.formulaMaxTerms - 2;
    const elements = Array.from({ length: Math.ceil(LIMITS.formulaMaxTermsPerRequest / per) + 1 }, () => ({
      type: 'formula',
      expression: sum(per - 2),
    }));
    const res = await post('/v1/calcdoc/jobs', { operation: 'create_document', document_name: 'Many', elements });
    expect(res.status).toBe(422);
    expect((await res.json()).error.details.field).toBe('elements');
  });

  it.each([
    ['a flat 3,000-term formula', sum(3_000)],
    ['3,000 nested brackets', `x := ${'('.repeat(3_000)}1${')'.repeat(3_000)}`],
  ])('%s is a 422 naming the expression, not a 500', async (_, expression) => {
    const res = await post('/v1/calcdoc/jobs', {
      operation: 'create_document',
      document_name: 'Deep',
      elements: [{ type: 'formula', expression }],
    });
    expect(res.status).toBe(422);
    expect((await res.json()).error.details.field).toBe('elements[0].expression');
  });
});
