// Archives with shared entries (issue 29, finding 9): .mcdx files whose text regions point at inner
// packages that share one entry, and .xlsx templates whose directory names one deflated entry many
// times. The inflate limit must count every inflated byte.
import { sharedPackageMcdx, zipWithAliases } from '../inputs.ts';
import type { FuzzFamily } from '../family.ts';

export const zipShared: FuzzFamily = {
  name: 'zip-shared',
  concurrency: 2,
  async step(ctx) {
    const { r, target } = ctx;
    const json = { authorization: `Bearer ${target.key}`, 'content-type': 'application/json' };
    if (r() < 0.6) {
      const file = sharedPackageMcdx({
        regions: 1 + Math.floor(r() * 60),
        packages: 1 + Math.floor(r() * 40),
        innerEntries: 1 + Math.floor(r() * 300),
      });
      await ctx.send({
        method: 'POST',
        url: `${target.url}/v1/calcdoc/jobs`,
        headers: json,
        body: Buffer.from(
          JSON.stringify({ operation: r() < 0.5 ? 'read' : 'generate_pdf', source_file: file.toString('base64') }),
        ),
      });
      return;
    }
    const template = zipWithAliases(
      [{ name: 'xl/workbook.xml', data: Buffer.alloc(1_000_000, 32) }],
      Array.from({ length: 1 + Math.floor(r() * 2_000) }, (_, i) => ({
        name: `xl/worksheets/sheet${i}.xml`,
        of: 'xl/workbook.xml',
      })),
    );
    await ctx.send({
      method: 'POST',
      url: `${target.url}/v1/spreadsheet/jobs`,
      headers: json,
      body: Buffer.from(
        JSON.stringify({
          operation: 'populate_template',
          template_file: template.toString('base64'),
          data_mappings: { A1: 1 },
        }),
      ),
    });
  },
};
