import { describe, expect, it } from 'vitest';
import { countOperators, largestFormExpansion } from '../../../../subgraphs/drawings/pdf/form-prescan.ts';
import { nestedFormPdf } from '../../../security/hostile-files.ts';

describe('form pre-scan', () => {
  it('counts operators and the names drawn with Do, skipping strings, arrays and inline image data', () => {
    const content = 'q 1 0 0 1 0 0 cm /F1 Do Q [(a) -20 (b)] TJ (x Do y) Tj BI /W 1 /H 1 ID \x00EI\xff EI /F2 Do';
    expect(countOperators(content)).toEqual({ operators: 8, drawn: ['F1', 'F2'] });
  });

  it('computes a form\'s expanded size over the form graph', () => {
    // Depth 3, fanout 10: the leaf has 3 operators; each level 10 × (q cm Do Q) around the next.
    expect(largestFormExpansion(nestedFormPdf(3, 10))).toBe(7_440);
    expect(largestFormExpansion(nestedFormPdf(9, 10))).toBeGreaterThan(7e9);
  });

  it.each([
    ['digits before obj', '%PDF-1.4\n' + '1 '.repeat(2_500_000) + 'obj'],
    ['obj keywords', '%PDF-1.4\n' + '1 0 obj '.repeat(600_000)],
    ['open brackets in a dictionary', '%PDF-1.4\n1 0 obj <<' + '['.repeat(5_000_000)],
    ['nested dictionaries', '%PDF-1.4\n1 0 obj ' + '<< /A '.repeat(800_000)],
    ['an unterminated string', '%PDF-1.4\n1 0 obj << /A (' + '('.repeat(5_000_000)],
  ])('reads 5 MB of %s in linear time', (_, text) => {
    const t = performance.now();
    expect(largestFormExpansion(Buffer.from(text, 'latin1'))).toBe(0);
    expect(performance.now() - t).toBeLessThan(10_000); // quadratic would be hours; linear is about 1 s idle
  });

  it('counts 5 MB of content operators in linear time', () => {
    const t = performance.now();
    expect(countOperators('0 0 m '.repeat(800_000)).operators).toBe(800_000);
    expect(countOperators('BI ID '.repeat(800_000)).operators).toBeGreaterThan(0);
    expect(performance.now() - t).toBeLessThan(10_000); // quadratic would be hours; linear is about 1 s idle
  });
});
