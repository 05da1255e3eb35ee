// The ingest job of one private library document (../library.ts): its PDF read in page shares on
// the worker threads, under their CPU and heap limits, then indexed with the same engine as the
// public codes. A document deleted while its job runs is left deleted: its passages are removed
// again once the job has written them.
import { z } from 'zod';
import { AppError } from '../../../core/errors.ts';
import { readStream } from '../../../core/files/read-stream.ts';
import type { JobHandler } from '../../../core/jobs/types.ts';
import { parseInput } from '../../../core/validation.ts';
import { checkLibraryRoom, LIBRARY_INGEST_JOB } from '../library.ts';
import { extractWithWorkers } from '../search/extract-text.ts';
import { passageIndexFor } from '../search/index-for.ts';
import { ingestCode } from '../search/ingest.ts';

const inputSchema = z.object({ fileId: z.string().regex(/^doc-[0-9a-f]{24}$/) });

export const libraryIngestJob: JobHandler<z.output<typeof inputSchema>> = {
  type: LIBRARY_INGEST_JOB,
  title: 'Private document indexing',
  description: "Reads one of an account's own PDFs into its private code library, searchable by its file_id.",
  // A code reads at 50-130 pages/s on one thread; a 100-page specification takes a few seconds.
  typicalSeconds: [1, 30],
  operation: { mutation: 'uploadLibraryDocument', route: 'POST /v1/documents' },
  internal: { why: 'uploadLibraryDocument stores the PDF and its library entry first' },
  parse: (input) => parseInput(inputSchema, input),
  async run(ctx) {
    const { fileId } = ctx.input;
    const { accountId, tier } = ctx.job;
    const entry = await ctx.db.codeEntry.findFirst({ where: { fileId, accountId } });
    if (!entry)
      throw new AppError('DOCUMENT_NOT_FOUND', `Document ${fileId} was deleted before it was indexed`, {
        file_id: fileId,
      });
    const index = passageIndexFor(ctx.db, { signal: ctx.signal });
    try {
      const bytes = await readStream(ctx.blobs.read(entry.path), Infinity);
      await ctx.progress(5);
      const summary = await ingestCode(
        {
          db: ctx.db,
          index,
          // Code search's embedder, as the public codes' (a search ranks only passages of its own model): the
          // platform's text embedder is memory's, by default the model: 41 s of CPU for the 444 passages of a
          // 100-page document, against 0.15 s.
          embedder: ctx.codeEmbedder,
          extract: (b) => extractWithWorkers(ctx.workers, b, ctx.config.workerThreads, ctx.signal),
          admit: (extracted) => checkLibraryRoom(ctx, { accountId, tier }, extracted.pageCount, fileId),
        },
        fileId,
        bytes,
        (stage) => void ctx.progress(stage === 'embedding' ? 60 : 80),
      );
      const after = await ctx.db.codeEntry.findFirst({ where: { fileId, accountId } });
      if (!after) {
        await passageIndexFor(ctx.db).replaceFile(fileId, []);
        throw new AppError('DOCUMENT_NOT_FOUND', `Document ${fileId} was deleted while it was indexed`, {
          file_id: fileId,
        });
      }
      return {
        file_id: fileId,
        page_count: summary.pages,
        passages: summary.passages,
        designations: after.designations,
        seconds: Number(summary.seconds.toFixed(3)),
      };
    } catch (err) {
      // NO_TEXT_LAYER is recorded by ingestCode; any other failure leaves the document failed (never half indexed).
      if (!(err instanceof AppError && (err.code === 'NO_TEXT_LAYER' || err.code === 'DOCUMENT_NOT_FOUND'))) {
        await ctx.db.codeEntry.updateMany({ where: { fileId, accountId }, data: { indexStatus: 'failed' } });
      }
      throw err;
    }
  },
};
