// calcdoc.read: the elements a .mcdx holds, the regions it could not map and the results Prime cached.
import { toSnakeKeys } from '../../../../core/case.ts';
import type { JobHandler } from '../../../../core/jobs/types.ts';
import { prepareSource, type SourceInput } from '../service.ts';
import { runTask } from '../task.ts';

export const readDocumentJob: JobHandler<SourceInput> = {
  type: 'calcdoc.read',
  title: 'Calculation document reading',
  description: 'Reads the elements of a .mcdx worksheet.',
  // The spec gives no duration for this job: it shares the calculation document's.
  typicalSeconds: [5, 15],
  operation: { mutation: 'readDocument', route: 'POST /v1/calcdoc/jobs' },
  parse: (input) => prepareSource(input as Record<string, unknown>, ['mcdx']),
  async run(ctx) {
    return toSnakeKeys(
      await runTask<Record<string, unknown>>(
        ctx.workers,
        { op: 'read', source: Buffer.from(ctx.input.sourceFile, 'base64') },
        ctx.signal,
      ),
    );
  },
};
