// The calculation-document domain's entry points. Each takes its request as the schema spells it
// (camelCase: GraphQL's input, REST's body through toCamelKeys, an agent's tool arguments the
// same way), checks it once, here (values, units, formulas, the tier's element limit, the
// document's existence), and creates its job. Errors name the field in this spelling; the REST
// edge renames it to the caller's (resultUnit → result_unit). The job types (jobs/) parse their
// stored input with the same checks.
import { toCamelKeys } from '../../../core/case.ts';
import type { Principal } from '../../../core/auth/keys.ts';
import type { Config } from '../../../core/config.ts';
import type { Database } from '../../../core/db/client.ts';
import { AppError } from '../../../core/errors.ts';
import type { JobRecord } from '../../../core/jobs/types.ts';
import type { Platform } from '../../../core/platform.ts';
import { validateCreateDocument, validateElements, type CalcElement, type CreateDocumentRequest, type DocumentOptions } from './elements.ts';
import { decodeSource, requireKind } from './source-file.ts';

type Deps = Pick<Platform, 'config' | 'db' | 'jobs'>;
type Input = Record<string, unknown>;

export const createDocument = (platform: Deps, principal: Principal, input: Input): Promise<JobRecord> =>
  platform.jobs.create(principal, 'calcdoc.create_document', prepareCreate(platform.config, principal, input));

export async function appendElements(platform: Deps, principal: Principal, input: { docId: string; elements: unknown }): Promise<JobRecord> {
  return platform.jobs.create(principal, 'calcdoc.append_elements', await prepareAppend(platform.db, platform.config, principal, input));
}

export const readDocument = (platform: Deps, principal: Principal, input: Input): Promise<JobRecord> =>
  platform.jobs.create(principal, 'calcdoc.read', prepareSource(input, ['mcdx']));

export const generatePdf = (platform: Deps, principal: Principal, input: Input): Promise<JobRecord> =>
  platform.jobs.create(principal, 'calcdoc.generate_pdf', preparePdf(input));

export const convertWorksheet = (platform: Deps, principal: Principal, input: Input): Promise<JobRecord> =>
  platform.jobs.create(principal, 'calcdoc.convert', prepareSource(input, ['xmcd', 'xmcdz']));

const limitOf = (config: Config, principal: Principal) => config.tiers[principal.tier].elementsPerDocument;

/** Request-time checks of create_document (every surface comes here), the tier's element limit included. */
export function prepareCreate(config: Config, principal: Principal, raw: Record<string, unknown>): CreateDocumentRequest {
  return validateCreateDocument(raw, principal.tier, limitOf(config, principal));
}

export interface AppendInput {
  docId: string;
  elements: CalcElement[];
}

export async function findDocument(db: Database, accountId: string, docId: string) {
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

