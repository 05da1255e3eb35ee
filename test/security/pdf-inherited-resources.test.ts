// Issue 29, finding 4: the nested-forms PDF bomb got past the pre-scan when its forms had no
// resources of their own and drew each other by names from the page's resources, which pdf.js lends
// them. A 2 KB file pinned a worker 120 s in Tier 1 and, in a project (Tier 2), other accounts'
// ingestion waited 228 s. The pre-scan now resolves inherited names too (form-prescan.ts), and both
// tiers read pages through extractPage, which runs it before pdf.js expands anything.
import { describe, expect, it } from 'vitest';
import { largestFormExpansion } from '../../subgraphs/drawings/pdf/form-prescan.ts';
import { extractPage } from '../../subgraphs/drawings/pdf/extract-page.ts';
import { LIMITS } from '../../core/limits.ts';
import { nestedFormPdf } from './hostile-files.ts';
import { serverWithKey } from '../helpers/server.ts';

const bomb = nestedFormPdf(9, 10, 'none', { inheritResources: true });

describe('forms that inherit the page resources', () => {
  it('are expanded by the pre-scan: 10^9 operators from a 4 KB file', () => {
    expect(bomb.length).toBeLessThan(5_000);
    expect(largestFormExpansion(bomb)).toBeGreaterThanOrEqual(1e9);
    // Inheriting or not, the same forms expand to the same count.
    expect(largestFormExpansion(bomb)).toBe(largestFormExpansion(nestedFormPdf(9, 10)));
  });

  it('a page of it is refused before pdf.js runs (the extraction both tiers use)', async () => {
    await expect(extractPage(bomb, 1)).rejects.toMatchObject({ code: 'RESOURCE_LIMIT', details: { limit: 'pdf_max_operators' } });
  });

  it("a harmless file whose forms inherit resources is not refused", () => {
    expect(largestFormExpansion(nestedFormPdf(3, 3, 'none', { inheritResources: true }))).toBeLessThan(LIMITS.pdfMaxOperators);
  });
});

describe('Tier 1 over HTTP', () => {
  const a = serverWithKey('pro');
  it('answers the upload 422 RESOURCE_LIMIT pdf_max_operators, and another account\'s upload after it is analysed', async () => {
    const upload = (file: Buffer, key: string) => {
      const form = new FormData();
      form.append('page', '1');
      form.append('file', new Blob([new Uint8Array(file)], { type: 'application/pdf' }), 'sheet.pdf');
      return a.server.rest('/v1/drawings', { method: 'POST', body: form, key });
    };
    const refused = await upload(bomb, a.key);
    expect(refused.status).toBe(422);
    expect((await refused.json()).error).toMatchObject({ code: 'RESOURCE_LIMIT', details: { limit: 'pdf_max_operators' } });
    const other = (await a.server.key('pro')).secret;
    expect((await upload(nestedFormPdf(2, 2), other)).status).toBe(200);
  }, 120_000);
});
