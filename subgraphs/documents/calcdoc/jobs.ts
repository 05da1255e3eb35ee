// The calculation-document job types and the request-time checks of their inputs (camelCase, as
// GraphQL spells them). Validation happens before a job exists; the handlers fetch images (I/O),
// hand the CPU work to the worker pool, store the file and the document row (doc_id) and report
// the result in the spec's shape (snake_case, converted once by toSnakeKeys).
import { randomUUID } from 'node:crypto';
import { toCamelKeys, toSnakeKeys } from '../../../core/case.ts';
import type { Principal } from '../../../core/auth/keys.ts';
import type { Config } from '../../../core/config.ts';
import type { Database } from '../../../core/db/client.ts';
import { AppError } from '../../../core/errors.ts';
import type { JobContext, JobHandler } from '../../../core/jobs/types.ts';
import { validateCreateDocument, validateElements, type CalcElement, type CreateDocumentRequest, type DocumentOptions } from './elements.ts';
import { loadImages } from './images.ts';
import { decodeSource, requireKind } from './source-file.ts';
import { runTask } from './task.ts';

const MCDX_TYPE = 'application/vnd.mathsoft.mcdx';
const limitOf = (config: Config, principal: Principal) => config.tiers[principal.tier].elementsPerDocument;

/** Request-time checks of create_document (every surface comes here), the tier's element limit included. */
export function prepareCreate(config: Config, principal: Principal, raw: Record<string, unknown>): CreateDocumentRequest {
  return validateCreateDocument(raw, principal.tier, limitOf(config, principal));
}

export interface AppendInput {
  docId: string;
  elements: CalcElement[];
}

async function findDocument(db: Database, accountId: string, docId: string) {
  const doc = await db.calcDocument.findUnique({ where: { id: docId } });
  if (!doc || doc.accountId !== accountId || doc.expiresAt.getTime() <= Date.now()) {
    throw new AppError('DOCUMENT_NOT_FOUND', `Calculation document ${docId} not found (unknown, another account's, or past its retention)`, { doc_id: docId });
  }
  // Rows written before the domain took camelCase spell their fields the spec's way: keys only, so one transform reads both.
  return { ...doc, elements: toCamelKeys<CalcElement[]>(doc.elements), options: toCamelKeys<DocumentOptions>(doc.options) };
}

/** Request-time checks of an append: the document exists for this account and the total stays within the tier. */
export async function prepareAppend(db: Database, config: Config, principal: Principal, raw: { docId: string; elements: unknown }): Promise<AppendInput> {
  const doc = await findDocument(db, principal.accountId, raw.docId);
  return { docId: raw.docId, elements: validateElements(raw.elements, principal.tier, limitOf(config, principal), doc.elements.length) };
}

export interface SourceInput {
  sourceFile: string;
}

export function prepareSource(raw: Record<string, unknown>, allowed: Parameters<typeof requireKind>[1]): SourceInput {
  const bytes = decodeSource(raw.sourceFile);
  requireKind(bytes, allowed);
  return { sourceFile: bytes.toString('base64') };
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

export const appendElementsJob: JobHandler<AppendInput> = {
  type: 'calcdoc.append_elements',
  title: 'Calculation document update',
  description: 'Appends elements to a calculation document, as a new version.',
  // The spec gives no duration for this job: it shares the calculation document's.
  typicalSeconds: [5, 15],
  operation: { mutation: 'appendElements', route: 'POST /v1/calcdoc/{doc_id}/elements' },
  parse: (input, principal) => {
    const raw = input as { docId?: unknown; elements?: unknown };
    if (typeof raw.docId !== 'string') throw new AppError('VALIDATION_ERROR', 'docId: is required', { field: 'docId' });
    return { docId: raw.docId, elements: validateElements(raw.elements, principal.tier, null) };
  },
  async run(ctx) {
    const doc = await findDocument(ctx.db, ctx.job.accountId, ctx.input.docId);
    const elements = [...doc.elements, ...ctx.input.elements];
    const req = { documentName: doc.name, elements, metadata: doc.metadata as CreateDocumentRequest['metadata'], options: doc.options };
    const built = await build(ctx, req);
    await ctx.progress(80);
    const saved = await saveMcdx(ctx, doc.name, built);
    const version = doc.version + 1;
    await ctx.db.calcDocument.update({ where: { id: doc.id }, data: { version, elements: elements as object[], fileId: saved.fileId, expiresAt: ctx.job.expiresAt } });
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

export const readDocumentJob: JobHandler<SourceInput> = {
  type: 'calcdoc.read',
  title: 'Calculation document reading',
  description: 'Reads the elements of a .mcdx worksheet.',
  // The spec gives no duration for this job: it shares the calculation document's.
  typicalSeconds: [5, 15],
  operation: { mutation: 'readDocument', route: 'POST /v1/calcdoc/jobs' },
  parse: (input) => prepareSource(input as Record<string, unknown>, ['mcdx']),
  async run(ctx) {
    return toSnakeKeys(await runTask<Record<string, unknown>>(ctx.workers, { op: 'read', source: Buffer.from(ctx.input.sourceFile, 'base64') }, ctx.signal));
  },
};

export interface PdfInput extends SourceInput {
  pageNumbers: boolean;
  headersFooters: boolean;
}

export function preparePdf(raw: Record<string, unknown>): PdfInput {
  const options = (raw.options ?? {}) as Record<string, unknown>;
  for (const key of ['pageNumbers', 'headersFooters']) {
    if (options[key] !== undefined && options[key] !== null && typeof options[key] !== 'boolean') throw new AppError('VALIDATION_ERROR', `options.${key}: must be a boolean`, { field: `options.${key}` });
  }
  return { ...prepareSource(raw, ['mcdx']), pageNumbers: options.pageNumbers !== false, headersFooters: options.headersFooters !== false };
}

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
      { op: 'pdf', source: Buffer.from(ctx.input.sourceFile, 'base64'), pageNumbers: ctx.input.pageNumbers, headersFooters: ctx.input.headersFooters },
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
    return toSnakeKeys({ fileUrl: saved.fileUrl, fileType: 'pdf', expiresAt: saved.expiresAt.toISOString(), pages: out.pages, results: out.results, notRendered: out.unmapped });
  },
};

export const convertJob: JobHandler<SourceInput> = {
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

export const calcdocJobHandlers: JobHandler<any>[] = [createDocumentJob, appendElementsJob, readDocumentJob, generatePdfJob, convertJob];
