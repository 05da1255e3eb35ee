// PDF generators with inherited resources and shared objects (issue 29, finding 4): form nesting
// bombs whose forms draw each other by names from the page's resources, in every stream encoding,
// beside harmless ones, uploaded to Tier 1 (a drawing). Tier 2 reads pages through the same
// extractPage, with the same pre-scan (test/security/pdf-inherited-resources.test.ts).
import { nestedFormPdf, type StreamEncoding } from '../../test/security/hostile-files.ts';
import type { FuzzFamily } from '../family.ts';
import { drawingAnswerMs } from '../bounds.ts';

const ENCODINGS: StreamEncoding[] = ['none', 'LZW', 'ASCII85', 'ASCIIHex', 'RunLength', 'Flate+PNG'];

export const pdfInherited: FuzzFamily = {
  name: 'pdf-inherited',
  concurrency: 2,
  async step(ctx) {
    const { r, target } = ctx;
    const bomb = r() < 0.7;
    const pdf = nestedFormPdf(
      bomb ? 8 + Math.floor(r() * 3) : 2,
      bomb ? 10 : 2,
      ENCODINGS[Math.floor(r() * ENCODINGS.length)]!,
      { inheritResources: r() < 0.8 },
    );
    const form = new FormData();
    form.append('page', '1');
    form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'sheet.pdf');
    const request = new Request(`${target.url}/v1/drawings`, { method: 'POST', body: form });
    const body = Buffer.from(await request.arrayBuffer());
    const answer = await ctx.send(
      {
        method: 'POST',
        url: request.url,
        headers: { authorization: `Bearer ${target.key}`, 'content-type': request.headers.get('content-type')! },
        body,
      },
      { timeoutMs: drawingAnswerMs() },
    );
    if (bomb && answer.status === 200)
      ctx.fail('a nested-forms bomb was analysed instead of refused', {
        method: 'POST',
        path: '/v1/drawings',
        status: 200,
      });
  },
};
