// calcdoc.append_elements: a new version of a created document with elements added at the end.
import { toSnakeKeys } from '../../../../core/case.ts';
import { AppError } from '../../../../core/errors.ts';
import type { JobHandler } from '../../../../core/jobs/types.ts';
import { validateElements, type CreateDocumentRequest } from '../elements.ts';
import { findDocument, type AppendInput } from '../service.ts';
import { build, saveMcdx } from './mcdx-file.ts';

export const appendElementsJob: JobHandler<AppendInput> = {
  type: 'calcdoc.append_elements',
  title: 'Calculation document update',
  description: 'Appends elements to a calculation document, as a new version.',
  // The spec gives no duration for this job: it shares the calculation document's.
  typicalSeconds: [5, 15],
  operation: { mutation: 'appendElements', route: 'POST /v1/calcdoc/{doc_id}/elements' },
  parse: (input, principal, limits) => {
    const raw = input as { docId?: unknown; elements?: unknown };
    if (typeof raw.docId !== 'string') throw new AppError('VALIDATION_ERROR', 'docId: is required', { field: 'docId' });
    return { docId: raw.docId, elements: validateElements(raw.elements, principal.tier, limits.elementsPerDocument) };
  },
  async run(ctx) {
    const doc = await findDocument(ctx.db, ctx.job.accountId, ctx.input.docId);
    // The typed mutation checked the total against the tier before creating the job; a job created
    // through createJob could not read the document then, so the total is checked here as well.
    validateElements(
      ctx.input.elements,
      ctx.job.tier,
      ctx.config.tiers[ctx.job.tier].elementsPerDocument,
      doc.elements.length,
    );
    const elements = [...doc.elements, ...ctx.input.elements];
    const req = {
      documentName: doc.name,
      elements,
      metadata: doc.metadata as CreateDocumentRequest['metadata'],
      options: doc.options,
    };
    const built = await build(ctx, req);
    await ctx.progress(80);
    const saved = await saveMcdx(ctx, doc.name, built);
    const version = doc.version + 1;
    await ctx.db.calcDocument.update({
      where: { id: doc.id },
      data: { version, elements: elements as object[], fileId: saved.fileId, expiresAt: ctx.job.expiresAt },
    });
    return toSnakeKeys({
      docId: doc.id,
      version,
      fileUrl: saved.fileUrl,
      fileType: 'mcdx',
      expiresAt: saved.expiresAt.toISOString(),
      elementCount: elements.length,
      appended: ctx.input.elements.length,
      results: built.results,
      warnings: built.warnings,
    });
  },
};
