// Drawing uploads: multipart bodies (cut short, wrong boundaries, odd field names) around mutated PDFs.
// Waits for an answer as long as the route documents (fuzz/bounds.ts).
import { drawingAnswerMs } from '../bounds.ts';
import { multipartBody, pdfBytes } from '../inputs.ts';
import type { FuzzFamily } from '../family.ts';

export const multipartPdf: FuzzFamily = {
  name: 'multipart-pdf',
  async step(ctx) {
    const { body, contentType } = multipartBody(ctx.r, pdfBytes(ctx.r), { truncated: ctx.truncatedMultipart });
    await ctx.send(
      {
        method: 'POST',
        url: `${ctx.target.url}/v1/drawings`,
        headers: { authorization: `Bearer ${ctx.target.key}`, 'content-type': contentType },
        body,
      },
      { timeoutMs: drawingAnswerMs() },
    );
  },
};
