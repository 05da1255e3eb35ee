// What the calculation-document job types share: building a worksheet in the worker pool and
// storing it for download under the job's retention.
import type { JobContext } from '../../../../core/jobs/types.ts';
import type { CreateDocumentRequest } from '../elements.ts';
import { loadImages } from '../images.ts';
import { runTask } from '../task.ts';

const MCDX_TYPE = 'application/vnd.mathsoft.mcdx';

export interface Built {
  mcdx: Uint8Array;
  results: unknown[];
  warnings: string[];
}

export async function build(ctx: JobContext<unknown>, req: CreateDocumentRequest): Promise<Built> {
  const images = await loadImages(req.elements, ctx.signal);
  await ctx.progress(20);
  return runTask<Built>(
    ctx.workers,
    {
      op: 'create',
      documentName: req.documentName,
      elements: req.elements,
      metadata: req.metadata,
      options: req.options,
      images: [...images],
      now: Date.now(),
    },
    ctx.signal,
  );
}

const fileName = (name: string, ext: string) => `${name.replace(/[^\w.-]+/g, '_').slice(0, 100) || 'document'}.${ext}`;

export async function saveMcdx(ctx: JobContext<unknown>, name: string, built: Built) {
  return ctx.files.save({
    accountId: ctx.job.accountId,
    jobId: ctx.job.id,
    data: built.mcdx,
    contentType: MCDX_TYPE,
    downloadName: fileName(name, 'mcdx'),
    expiresAt: ctx.job.expiresAt,
  });
}
