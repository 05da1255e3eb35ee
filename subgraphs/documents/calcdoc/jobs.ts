// The calculation-document job types and what their resolvers call at
// request time. Validation happens before a job exists; the handlers fetch
// images (I/O), hand the CPU work to the worker pool, store the file and the
// document row (doc_id) and report the result.
import { randomUUID } from 'node:crypto';
import type { Principal } from '../../../core/auth/keys.ts';
import type { Config } from '../../../core/config.ts';
import type { Database } from '../../../core/db/client.ts';
import { AppError } from '../../../core/errors.ts';
import type { JobContext, JobHandler } from '../../../core/jobs/types.ts';
import { validateCreateDocument, validateElements, type CalcElement, type CreateDocumentRequest } from './elements.ts';
import { loadImages } from './images.ts';
import { decodeSource, requireKind } from './source-file.ts';
import { runTask } from './task.ts';

const MCDX_TYPE = 'application/vnd.mathsoft.mcdx';
const limitOf = (config: Config, principal: Principal) => config.tiers[principal.tier].elementsPerDocument;

/** Request-time checks of create_document (REST and GraphQL both come here). */
export function prepareCreate(config: Config, principal: Principal, raw: Record<string, unknown>): CreateDocumentRequest {
  return validateCreateDocument(raw, principal.tier, limitOf(config, principal));
}

export interface AppendInput {
  doc_id: string;
  elements: CalcElement[];
}

async function findDocument(db: Database, accountId: string, docId: string) {
  const doc = await db.calcDocument.findUnique({ where: { id: docId } });
  if (!doc || doc.accountId !== accountId || doc.expiresAt.getTime() <= Date.now()) {
    throw new AppError('DOCUMENT_NOT_FOUND', `Calculation document ${docId} not found (unknown, another account's, or past its retention)`, { doc_id: docId });
  }
  return doc;
}

/** Request-time checks of an append: the document exists for this account and the total stays within the tier. */
export async function prepareAppend(db: Database, config: Config, principal: Principal, docId: string, raw: unknown): Promise<AppendInput> {
  const doc = await findDocument(db, principal.accountId, docId);
  const existing = (doc.elements as unknown as CalcElement[]).length;
  return { doc_id: docId, elements: validateElements(raw, principal.tier, limitOf(config, principal), existing) };
}

export function prepareSource(raw: Record<string, unknown>, allowed: Parameters<typeof requireKind>[1]): { source_file: string } {
  const bytes = decodeSource(raw.source_file);
  requireKind(bytes, allowed);
  return { source_file: bytes.toString('base64') };
}

interface Built {
  mcdx: Uint8Array;
  results: unknown[];
  warnings: string[];
}

async function build(ctx: JobContext<unknown>, req: CreateDocumentRequest): Promise<Built> {
  const images = await loadImages(req.elements, ctx.signal);
  await ctx.progress(20);
  return runTask<Built>(
    ctx.workers,
    {
      op: 'create',
      documentName: req.document_name,
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

async function saveMcdx(ctx: JobContext<unknown>, name: string, built: Built) {
  return ctx.files.save({
    accountId: ctx.job.accountId,
    jobId: ctx.job.id,
    data: built.mcdx,
    contentType: MCDX_TYPE,
    downloadName: fileName(name, 'mcdx'),
    expiresAt: ctx.job.expiresAt,
  });
}

export const createDocumentJob: JobHandler<CreateDocumentRequest> = {
  type: 'calcdoc.create_document',
  title: 'Calculation document',
  description: 'Builds a .mcdx worksheet from elements.',
  typicalSeconds: [5, 15],
  operation: { mutation: 'createDocument', route: 'POST /v1/calcdoc/jobs' },
  // Re-checks the stored input; the tier limit was checked by the resolver.
  parse: (input, principal) => validateCreateDocument(input as Record<string, unknown>, principal.tier, null),
  async run(ctx) {
    const req = ctx.input;
    const built = await build(ctx, req);
    await ctx.progress(80);
    const saved = await saveMcdx(ctx, req.document_name, built);
    const docId = randomUUID();
    await ctx.db.calcDocument.deleteMany({ where: { expiresAt: { lte: new Date() } } });
    await ctx.db.calcDocument.create({
      data: {
        id: docId,
        accountId: ctx.job.accountId,
        name: req.document_name,
        version: 1,
        elements: req.elements as object[],
        metadata: req.metadata as object,
        options: req.options as object,
        fileId: saved.fileId,
        expiresAt: ctx.job.expiresAt,
      },
    });
    return {
      doc_id: docId,
      version: 1,
      file_url: saved.fileUrl,
      file_type: 'mcdx',
      expires_at: saved.expiresAt.toISOString(),
      element_count: req.elements.length,
      results: built.results,
      warnings: built.warnings,
    };
  },
};

export const appendElementsJob: JobHandler<AppendInput> = {
  type: 'calcdoc.append_elements',
  title: 'Calculation document update',
  description: 'Appends elements to a calculation document, as a new version.',
  // The spec gives no duration for this job: it shares the calculation document's.
  typicalSeconds: [5, 15],
  operation: { mutation: 'appendElements', route: 'POST /v1/calcdoc/{doc_id}/elements' },
  parse: (input, principal) => {
    const raw = input as { doc_id?: unknown; elements?: unknown };
    if (typeof raw.doc_id !== 'string') throw new AppError('VALIDATION_ERROR', 'doc_id: is required', { field: 'doc_id' });
    return { doc_id: raw.doc_id, elements: validateElements(raw.elements, principal.tier, null) };
  },
  async run(ctx) {
    const doc = await findDocument(ctx.db, ctx.job.accountId, ctx.input.doc_id);
    const elements = [...(doc.elements as unknown as CalcElement[]), ...ctx.input.elements];
    const req = { document_name: doc.name, elements, metadata: doc.metadata as CreateDocumentRequest['metadata'], options: doc.options as unknown as CreateDocumentRequest['options'] };
    const built = await build(ctx, req);
    await ctx.progress(80);
    const saved = await saveMcdx(ctx, doc.name, built);
    const version = doc.version + 1;
    await ctx.db.calcDocument.update({ where: { id: doc.id }, data: { version, elements: elements as object[], fileId: saved.fileId, expiresAt: ctx.job.expiresAt } });
    return {
      doc_id: doc.id,
      version,
      file_url: saved.fileUrl,
      file_type: 'mcdx',
      expires_at: saved.expiresAt.toISOString(),
      element_count: elements.length,
      appended: ctx.input.elements.length,
      results: built.results,
      warnings: built.warnings,
    };
  },
};

export const readDocumentJob: JobHandler<{ source_file: string }> = {
  type: 'calcdoc.read',
  title: 'Calculation document reading',
  description: 'Reads the elements of a .mcdx worksheet.',
  // The spec gives no duration for this job: it shares the calculation document's.
  typicalSeconds: [5, 15],
  operation: { mutation: 'readDocument', route: 'POST /v1/calcdoc/jobs' },
  parse: (input) => prepareSource(input as Record<string, unknown>, ['mcdx']),
  async run(ctx) {
    const doc = await runTask<Record<string, unknown>>(ctx.workers, { op: 'read', source: Buffer.from(ctx.input.source_file, 'base64') }, ctx.signal);
    return doc;
  },
};

export interface PdfInput {
  source_file: string;
  page_numbers: boolean;
  headers_footers: boolean;
}

export function preparePdf(raw: Record<string, unknown>): PdfInput {
  const options = (raw.options ?? {}) as Record<string, unknown>;
  for (const key of ['page_numbers', 'headers_footers']) {
    if (options[key] !== undefined && options[key] !== null && typeof options[key] !== 'boolean') throw new AppError('VALIDATION_ERROR', `options.${key}: must be a boolean`, { field: `options.${key}` });
  }
  return { ...prepareSource(raw, ['mcdx']), page_numbers: options.page_numbers !== false, headers_footers: options.headers_footers !== false };
}

export const generatePdfJob: JobHandler<PdfInput> = {
  type: 'calcdoc.generate_pdf',
  title: 'Calculation PDF',
  description: 'Renders a .mcdx worksheet to PDF.',
  typicalSeconds: [10, 30],
  operation: { mutation: 'generatePdf', route: 'POST /v1/calcdoc/jobs' },
  parse: (input) => {
    const raw = input as Record<string, unknown>;
    return preparePdf({ source_file: raw.source_file, options: { page_numbers: raw.page_numbers, headers_footers: raw.headers_footers } });
  },
  async run(ctx) {
    const out = await runTask<{ pdf: Uint8Array; pages: number; unmapped: unknown[]; results: unknown[] }>(
      ctx.workers,
      { op: 'pdf', source: Buffer.from(ctx.input.source_file, 'base64'), pageNumbers: ctx.input.page_numbers, headersFooters: ctx.input.headers_footers },
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
    return { file_url: saved.fileUrl, file_type: 'pdf', expires_at: saved.expiresAt.toISOString(), pages: out.pages, results: out.results, not_rendered: out.unmapped };
  },
};

export const convertJob: JobHandler<{ source_file: string }> = {
  type: 'calcdoc.convert',
  title: 'Worksheet conversion',
  description: 'Converts a Mathcad .xmcd worksheet to .mcdx.',
  // The spec gives no duration for this job: it shares the calculation document's.
  typicalSeconds: [5, 15],
  operation: { mutation: 'convertWorksheet', route: 'POST /v1/calcdoc/convert' },
  parse: (input) => prepareSource(input as Record<string, unknown>, ['xmcd', 'xmcdz']),
  async run(ctx) {
    const out = await runTask<{ mcdx: Uint8Array; documentName: string; generator: string | null; converted: number; unconverted: unknown[]; results: unknown[] }>(
      ctx.workers,
      { op: 'convert', source: Buffer.from(ctx.input.source_file, 'base64'), now: Date.now() },
      ctx.signal,
    );
    await ctx.progress(90);
    const saved = await saveMcdx(ctx, out.documentName, { mcdx: out.mcdx, results: [], warnings: [] });
    return {
      file_url: saved.fileUrl,
      file_type: 'mcdx',
      expires_at: saved.expiresAt.toISOString(),
      source_generator: out.generator,
      converted_elements: out.converted,
      unconverted: out.unconverted,
      results: out.results,
    };
  },
};

export const calcdocJobHandlers: JobHandler<any>[] = [createDocumentJob, appendElementsJob, readDocumentJob, generatePdfJob, convertJob];
