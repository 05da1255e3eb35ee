// Calculation-document sources: mutated .mcdx-like packages to read and generate_pdf.
import { jsonBody, zipBytes } from '../inputs.ts';
import type { FuzzFamily } from '../family.ts';

export const zipMcdx: FuzzFamily = {
  name: 'zip-mcdx',
  async step(ctx) {
    const operation = ctx.r() < 0.5 ? 'read' : 'generate_pdf';
    const body = jsonBody(ctx.r, { operation, source_file: zipBytes(ctx.r).toString('base64') });
    await ctx.send({
      method: 'POST',
      url: `${ctx.target.url}/v1/calcdoc/jobs`,
      headers: { authorization: `Bearer ${ctx.target.key}`, 'content-type': 'application/json' },
      body,
    });
  },
};
