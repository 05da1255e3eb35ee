// calcdoc.generate_pdf: a PDF of any .mcdx for checking, recomputing what can be recomputed.
import { toSnakeKeys } from '../../../../core/case.ts';
import type { JobHandler } from '../../../../core/jobs/types.ts';
import { preparePdf, type PdfInput } from '../service.ts';
import { runTask } from '../task.ts';

export const generatePdfJob: JobHandler<PdfInput> = {
  type: 'calcdoc.generate_pdf',
  title: 'Calculation PDF',
  description: 'Renders a .mcdx worksheet to PDF.',
  typicalSeconds: [10, 30],
  operation: { mutation: 'generatePdf', route: 'POST /v1/calcdoc/jobs' },
  parse: (input) => preparePdf(input as Record<string, unknown>),
  async run(ctx) {
    const out = await runTask<{ pdf: Uint8Array; pages: number; unmapped: unknown[]; results: unknown[] }>(
      ctx.workers,
      {
        op: 'pdf',
        source: Buffer.from(ctx.input.sourceFile, 'base64'),
        pageNumbers: ctx.input.pageNumbers,
        headersFooters: ctx.input.headersFooters,
      },
      ctx.signal,
    );
    await ctx.progress(90);
    const saved = await ctx.files.save({
      accountId: ctx.job.accountId,
      jobId: ctx.job.id,
      data: out.pdf,
      contentType: 'application/pdf',
      downloadName: `calculation-${ctx.job.id.slice(0, 8)}.pdf`,
      expiresAt: ctx.job.expiresAt,
    });
    return toSnakeKeys({
      fileUrl: saved.fileUrl,
      fileType: 'pdf',
      expiresAt: saved.expiresAt.toISOString(),
      pages: out.pages,
      results: out.results,
      notRendered: out.unmapped,
    });
  },
};
