// Spreadsheet templates: mutated .xlsx packages, some with an entry inflating ~1,000:1.
import { jsonBody, zipBytes } from '../inputs.ts';
import type { FuzzFamily } from '../family.ts';

export const zipOoxml: FuzzFamily = {
  name: 'zip-ooxml',
  async step(ctx) {
    const body = jsonBody(ctx.r, {
      operation: 'populate_template',
      template_file: zipBytes(ctx.r).toString('base64'),
      data_mappings: { A: 1 },
    });
    await ctx.send({
      method: 'POST',
      url: `${ctx.target.url}/v1/spreadsheet/jobs`,
      headers: { authorization: `Bearer ${ctx.target.key}`, 'content-type': 'application/json' },
      body,
    });
  },
};
