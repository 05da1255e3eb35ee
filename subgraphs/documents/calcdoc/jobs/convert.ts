// calcdoc.convert: a Mathcad 11–15 worksheet (.xmcd/.xmcdz) → .mcdx, best effort, listing what did not convert.
import { toSnakeKeys } from '../../../../core/case.ts';
import type { JobHandler } from '../../../../core/jobs/types.ts';
import { prepareSource, type SourceInput } from '../service.ts';
import { runTask } from '../task.ts';
import { saveMcdx } from './mcdx-file.ts';

export const convertJob: JobHandler<SourceInput> = {
  type: 'calcdoc.convert',
  title: 'Worksheet conversion',
  description: 'Converts a Mathcad .xmcd worksheet to .mcdx.',
  // The spec gives no duration for this job: it shares the calculation document's.
  typicalSeconds: [5, 15],
  operation: { mutation: 'convertWorksheet', route: 'POST /v1/calcdoc/convert' },
  parse: (input) => prepareSource(input as Record<string, unknown>, ['xmcd', 'xmcdz']),
  async run(ctx) {
    const out = await runTask<{
      mcdx: Uint8Array;
      documentName: string;
      generator: string | null;
      converted: number;
      unconverted: unknown[];
      results: unknown[];
    }>(
      ctx.workers,
      { op: 'convert', source: Buffer.from(ctx.input.sourceFile, 'base64'), now: Date.now() },
      ctx.signal,
    );
    await ctx.progress(90);
    const saved = await saveMcdx(ctx, out.documentName, { mcdx: out.mcdx, results: [], warnings: [] });
    return toSnakeKeys({
      fileUrl: saved.fileUrl,
      fileType: 'mcdx',
      expiresAt: saved.expiresAt.toISOString(),
      sourceGenerator: out.generator,
      convertedElements: out.converted,
      unconverted: out.unconverted,
      results: out.results,
    });
  },
};
