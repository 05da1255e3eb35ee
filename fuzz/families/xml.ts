// Mathcad 12–15 worksheets to convert: mutated XML, entity declarations, deep nesting.
import { jsonBody, xmlText } from '../inputs.ts';
import type { FuzzFamily } from '../family.ts';

export const xml: FuzzFamily = {
  name: 'xml',
  async step(ctx) {
    const body = jsonBody(ctx.r, { source_file: xmlText(ctx.r).toString('base64') });
    await ctx.send({
      method: 'POST',
      url: `${ctx.target.url}/v1/calcdoc/convert`,
      headers: { authorization: `Bearer ${ctx.target.key}`, 'content-type': 'application/json' },
      body,
    });
  },
};
