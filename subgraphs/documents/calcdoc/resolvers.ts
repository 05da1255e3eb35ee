// GraphQL mutations of calculation documents: map the camelCase input to the
// domain's (REST) shape, validate at request time, create the job.
import { requirePrincipal, type RequestContext } from '../../../core/context.ts';
import { calcdocJobHandlers, prepareAppend, prepareCreate, preparePdf } from './jobs.ts';

type Input = Record<string, any>;

/** CalcElementInput → the element shape of the spec (snake_case), dropping unset fields. */
export function elementFromGraphql(e: Input): Record<string, unknown> {
  const { resultUnit, ...rest } = e;
  const out: Record<string, unknown> = { ...rest, ...(resultUnit !== undefined ? { result_unit: resultUnit } : {}) };
  for (const k of Object.keys(out)) if (out[k] === null || out[k] === undefined) delete out[k];
  return out;
}

const elementsFromGraphql = (elements: unknown) => (Array.isArray(elements) ? elements.map((e) => (e && typeof e === 'object' ? elementFromGraphql(e) : e)) : elements);

export const calcdocMutations = {
  createDocument: (_: unknown, args: { input: Input }, ctx: RequestContext) => {
    const principal = requirePrincipal(ctx);
    const { documentName, elements, metadata, options } = args.input;
    const request = prepareCreate(ctx.platform.config, principal, {
      document_name: documentName,
      elements: elementsFromGraphql(elements),
      metadata: metadata ?? undefined,
      options: options ? { ai_formatting: options.aiFormatting ?? undefined, page_orientation: options.pageOrientation ?? undefined } : undefined,
    });
    return ctx.platform.jobs.create(principal, 'calcdoc.create_document', request);
  },
  appendElements: async (_: unknown, args: { input: Input }, ctx: RequestContext) => {
    const principal = requirePrincipal(ctx);
    const request = await prepareAppend(ctx.platform.db, ctx.platform.config, principal, args.input.docId, elementsFromGraphql(args.input.elements));
    return ctx.platform.jobs.create(principal, 'calcdoc.append_elements', request);
  },
  readDocument: (_: unknown, args: { input: Input }, ctx: RequestContext) =>
    ctx.platform.jobs.create(requirePrincipal(ctx), 'calcdoc.read', { source_file: args.input.sourceFile }),
  generatePdf: (_: unknown, args: { input: Input }, ctx: RequestContext) => {
    const principal = requirePrincipal(ctx);
    const { sourceFile, options } = args.input;
    const input = preparePdf({ source_file: sourceFile, options: { page_numbers: options?.pageNumbers, headers_footers: options?.headersFooters } });
    return ctx.platform.jobs.create(principal, 'calcdoc.generate_pdf', input);
  },
  convertWorksheet: (_: unknown, args: { input: Input }, ctx: RequestContext) =>
    ctx.platform.jobs.create(requirePrincipal(ctx), 'calcdoc.convert', { source_file: args.input.sourceFile }),
};

export const calcdocModule = { jobHandlers: calcdocJobHandlers, mutations: calcdocMutations };
