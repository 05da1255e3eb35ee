// calcdoc.create_document: elements → a new .mcdx with its formulas computed, and the document row (doc_id) appends build on.
import { randomUUID } from 'node:crypto';
import { toSnakeKeys } from '../../../../core/case.ts';
import type { JobHandler } from '../../../../core/jobs/types.ts';
import { validateCreateDocument, type CreateDocumentRequest } from '../elements.ts';
import { build, saveMcdx } from './mcdx-file.ts';

export const createDocumentJob: JobHandler<CreateDocumentRequest> = {
  type: 'calcdoc.create_document',
  title: 'Calculation document',
  description: 'Builds a .mcdx worksheet from elements.',
  typicalSeconds: [5, 15],
  operation: { mutation: 'createDocument', route: 'POST /v1/calcdoc/jobs' },
  parse: (input, principal, limits) =>
    validateCreateDocument(input as Record<string, unknown>, principal.tier, limits.elementsPerDocument),
  async run(ctx) {
    const req = ctx.input;
    const built = await build(ctx, req);
    await ctx.progress(80);
    const saved = await saveMcdx(ctx, req.documentName, built);
    const docId = randomUUID();
    await ctx.db.calcDocument.deleteMany({ where: { expiresAt: { lte: new Date() } } });
    await ctx.db.calcDocument.create({
      data: {
        id: docId,
        accountId: ctx.job.accountId,
        name: req.documentName,
        version: 1,
        elements: req.elements as object[],
        metadata: req.metadata as object,
        options: req.options as object,
        fileId: saved.fileId,
        expiresAt: ctx.job.expiresAt,
      },
    });
    return toSnakeKeys({
      docId,
      version: 1,
      fileUrl: saved.fileUrl,
      fileType: 'mcdx',
      expiresAt: saved.expiresAt.toISOString(),
      elementCount: req.elements.length,
      results: built.results,
      warnings: built.warnings,
    });
  },
};
