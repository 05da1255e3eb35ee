// The calculation-document domain's entry points. Each takes its request as the schema spells it
// (camelCase: GraphQL's input, REST's body through toCamelKeys, an agent's tool arguments the
// same way) and creates its job, whose type checks it once (jobs/: each handler's parse, run by
// the job service for every surface, createJob included: values, units, formulas, the tier's
// element limit). An append first finds the document, and checks the total against the tier.
// Errors carry the field path as data (core/errors.ts fieldError): the REST edge spells it the
// caller's way (resultUnit → result_unit).
import { toCamelKeys } from '../../../core/case.ts';
import type { Principal } from '../../../core/auth/keys.ts';
import type { Config } from '../../../core/config.ts';
import type { Database } from '../../../core/db/client.ts';
import { AppError } from '../../../core/errors.ts';
import type { JobRecord } from '../../../core/jobs/types.ts';
import type { Platform } from '../../../core/platform.ts';
import { checkElementCount, type CalcElement, type DocumentOptions } from './elements.ts';
import { decodeSource, requireKind } from './source-file.ts';

type Deps = Pick<Platform, 'config' | 'db' | 'jobs'>;
type Input = Record<string, unknown>;

export const createDocument = (platform: Deps, principal: Principal, input: Input): Promise<JobRecord> =>
  platform.jobs.create(principal, 'calcdoc.create_document', input);

export async function appendElements(
  platform: Deps,
  principal: Principal,
  input: { docId: string; elements: unknown },
): Promise<JobRecord> {
  await checkAppend(platform.db, platform.config, principal, input);
  return platform.jobs.create(principal, 'calcdoc.append_elements', input);
}

export const readDocument = (platform: Deps, principal: Principal, input: Input): Promise<JobRecord> =>
  platform.jobs.create(principal, 'calcdoc.read', input);

export const generatePdf = (platform: Deps, principal: Principal, input: Input): Promise<JobRecord> =>
  platform.jobs.create(principal, 'calcdoc.generate_pdf', input);

export const convertWorksheet = (platform: Deps, principal: Principal, input: Input): Promise<JobRecord> =>
  platform.jobs.create(principal, 'calcdoc.convert', input);

export interface AppendInput {
  docId: string;
  elements: CalcElement[];
}

export async function findDocument(db: Database, accountId: string, docId: string) {
  const doc = await db.calcDocument.findUnique({ where: { id: docId } });
  if (!doc || doc.accountId !== accountId || doc.expiresAt.getTime() <= Date.now()) {
    throw new AppError(
      'DOCUMENT_NOT_FOUND',
      `Calculation document ${docId} not found (unknown, another account's, or past its retention)`,
      { doc_id: docId },
    );
  }
  // Rows written before the domain took camelCase spell their fields the spec's way: keys only, so one transform reads both.
  return {
    ...doc,
    elements: toCamelKeys<CalcElement[]>(doc.elements),
    options: toCamelKeys<DocumentOptions>(doc.options),
  };
}

/** What an append's job type cannot check alone (it reads no database): the document exists for this account and the total stays within the tier. */
async function checkAppend(
  db: Database,
  config: Config,
  principal: Principal,
  raw: { docId: string; elements: unknown },
): Promise<void> {
  const doc = await findDocument(db, principal.accountId, raw.docId);
  if (Array.isArray(raw.elements))
    checkElementCount(
      raw.elements.length,
      principal.tier,
      config.tiers[principal.tier].elementsPerDocument,
      doc.elements.length,
    );
}

export interface SourceInput {
  sourceFile: string;
}

export function prepareSource(raw: Record<string, unknown>, allowed: Parameters<typeof requireKind>[1]): SourceInput {
  const bytes = decodeSource(raw.sourceFile);
  requireKind(bytes, allowed);
  return { sourceFile: bytes.toString('base64') };
}

export interface PdfInput extends SourceInput {
  pageNumbers: boolean;
  headersFooters: boolean;
}

export function preparePdf(raw: Record<string, unknown>): PdfInput {
  const options = (raw.options ?? {}) as Record<string, unknown>;
  for (const key of ['pageNumbers', 'headersFooters']) {
    if (options[key] !== undefined && options[key] !== null && typeof options[key] !== 'boolean')
      throw new AppError('VALIDATION_ERROR', `options.${key}: must be a boolean`, { field: `options.${key}` });
  }
  return {
    ...prepareSource(raw, ['mcdx']),
    pageNumbers: options.pageNumbers !== false,
    headersFooters: options.headersFooters !== false,
  };
}
