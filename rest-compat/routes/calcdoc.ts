import { z } from 'zod';
import { AppError } from '../../core/errors.ts';
import { validateCreateDocument, validateElements } from '../../subgraphs/documents/calcdoc/elements.ts';
import { ACCEPTED_FIELDS, jobAccepted } from './jobs.ts';
import type { Route, Run } from '../route.ts';

const element = z
  .object({
    type: z.string().describe('text, variable, formula or image'),
    content: z.string().nullish().describe('text: markdown (# headings, **bold**, *italic*, - and 1. lists)'),
    style: z.string().nullish().describe('text: normal, heading1, heading2, heading3'),
    name: z.string().nullish().describe('variable: letters, digits and underscores'),
    value: z.number().nullish().describe('variable: the number'),
    unit: z.string().nullish().describe('variable: unit such as mm, kN/m, ksi, psf, kN*m'),
    description: z.string().nullish(),
    expression: z.string().nullish().describe('formula: `M := w*L^2/8` (or `=`), or a bare expression; log is base 10, ln natural'),
    result_unit: z.string().nullish().describe('formula: unit of the shown result'),
    url: z.string().nullish().describe('image: http(s) URL or base64 data URI (PNG or JPEG)'),
    caption: z.string().nullish(),
    width: z.number().nullish().describe('image: pixels'),
    height: z.number().nullish().describe('image: pixels'),
  })
  .loose();

const fileResult = {
  file_url: z.string().describe('signed download URL, valid until expires_at'),
  file_type: z.string().describe('mcdx or pdf'),
  expires_at: z.string().describe('ISO 8601; the tier retention'),
};
const computed = z.array(
  z.object({ element_index: z.number(), name: z.string().nullable(), value: z.number().nullable(), unit: z.string().describe('result_unit, else the unit the inputs suggest (kN*m, never kJ)') }),
);
const region = z.object({
  kind: z.string().describe('plot, program, matrix, function, solveblock, spec-table, picture, math…'),
  region_id: z.string(),
  top: z.number().describe('1/96 in from the top of the worksheet'),
  left: z.number(),
  element_position: z.number().describe('index the next mapped element has: where the region sat among the elements'),
  reason: z.string(),
});
const createResults = z.object({
  ...fileResult,
  doc_id: z.string().describe('for POST /v1/calcdoc/{doc_id}/elements'),
  version: z.number(),
  element_count: z.number(),
  results: computed,
  warnings: z.array(z.string()),
});
const readResults = z.object({
  document_name: z.string().nullable().describe('docProps/core.xml title'),
  metadata: z.object({ author: z.string().optional(), project: z.string().optional(), date: z.string().optional() }),
  options: z.object({ ai_formatting: z.boolean(), page_orientation: z.string() }),
  app_version: z.string().nullable().describe('Mathcad Prime version that saved the file'),
  elements: z.array(element).describe('the same shapes create_document takes; images come back as PNG data URIs'),
  unmapped: z.array(region).describe('regions no element shape can express'),
  cached_results: z.record(z.string(), z.object({ value: z.number(), unit: z.string() })).describe('results Prime cached, by element index'),
});

/** A REST element → CalcElementInput (only the fields it has). */
const toGraphql = (e: Record<string, unknown>) => {
  const { result_unit, style, ...rest } = e;
  return {
    ...rest,
    ...(result_unit !== undefined ? { resultUnit: result_unit } : {}),
    // GraphQL's TextStyle values are upper case (NORMAL, HEADING1…); the domain check ran on the REST spelling.
    ...(typeof style === 'string' ? { style: style.toUpperCase() } : style !== undefined ? { style } : {}),
  };
};


async function createDocument(body: Record<string, any>, run: Run) {
  // The domain check first, so the errors name REST fields and element indices (the tier limit is checked by the resolver).
  const req = validateCreateDocument(body, 'enterprise', null);
  const data = await run(`mutation Create($input: CreateDocumentInput!) { createDocument(input: $input) { ${ACCEPTED_FIELDS} } }`, {
    input: {
      documentName: req.document_name,
      elements: req.elements.map((e) => toGraphql(e as unknown as Record<string, unknown>)),
      metadata: req.metadata,
      options: { aiFormatting: req.options.ai_formatting, pageOrientation: req.options.page_orientation.toUpperCase() },
    },
  });
  return jobAccepted(data.createDocument);
}

export const calcdocRoutes: Route[] = [
  {
    method: 'post',
    path: '/v1/calcdoc/jobs',
    summary: 'Calculation-document job: create_document (elements → .mcdx), generate_pdf (.mcdx → PDF) or read (.mcdx → elements); the result arrives on GET /v1/jobs/{job_id}',
    tag: 'calcdoc',
    auth: 'bearer',
    errors: 'hosted',
    body: z
      .object({
        operation: z.enum(['create_document', 'generate_pdf', 'read']),
        document_name: z.string().optional().describe('create_document: 1 to 200 characters'),
        elements: z.array(element).optional().describe('create_document: the elements in document order (free 50, pro 500, enterprise unlimited)'),
        metadata: z.object({ author: z.string().optional(), project: z.string().optional(), date: z.string().optional().describe('ISO 8601 date') }).loose().optional(),
        options: z
          .object({
            ai_formatting: z.boolean().optional().describe('deterministic layout pass: variables in two columns, formulas kept on one page with their definitions'),
            page_orientation: z.string().optional().describe('portrait (default) or landscape'),
            page_numbers: z.boolean().optional().describe('generate_pdf: "Page X of Y" footer (default true)'),
            headers_footers: z.boolean().optional().describe('generate_pdf: header with the document name and metadata (default true)'),
          })
          .loose()
          .optional(),
        source_file: z.string().optional().describe('generate_pdf and read: base64 .mcdx'),
      })
      .loose(),
    successStatus: 202,
    jobResults: z.union([
      createResults.describe('create_document'),
      readResults.describe('read'),
      z.object({ ...fileResult, pages: z.number(), results: computed, not_rendered: z.array(region) }).describe('generate_pdf'),
    ]),
    async handle({ body }, run) {
      switch (body.operation) {
        case 'create_document':
          return createDocument(body, run);
        case 'read': {
          if (typeof body.source_file !== 'string') throw new AppError('VALIDATION_ERROR', 'source_file: is required for read', { field: 'source_file' });
          const data = await run(`mutation Read($input: ReadDocumentInput!) { readDocument(input: $input) { ${ACCEPTED_FIELDS} } }`, { input: { sourceFile: body.source_file } });
          return jobAccepted(data.readDocument);
        }
        default: {
          if (typeof body.source_file !== 'string') throw new AppError('VALIDATION_ERROR', 'source_file: is required for generate_pdf', { field: 'source_file' });
          const data = await run(`mutation Pdf($input: GeneratePdfInput!) { generatePdf(input: $input) { ${ACCEPTED_FIELDS} } }`, {
            input: { sourceFile: body.source_file, options: { pageNumbers: body.options?.page_numbers ?? true, headersFooters: body.options?.headers_footers ?? true } },
          });
          return jobAccepted(data.generatePdf);
        }
      }
    },
  },
  {
    method: 'post',
    path: '/v1/calcdoc/{doc_id}/elements',
    summary: 'Append elements to a document made by create_document (a job): a new version of the .mcdx, same validation',
    tag: 'calcdoc',
    auth: 'bearer',
    errors: 'hosted',
    params: z.object({ doc_id: z.string() }),
    body: z.object({ elements: z.array(element) }),
    successStatus: 202,
    jobResults: createResults.extend({ appended: z.number() }),
    async handle({ params, body }, run) {
      const elements = validateElements(body.elements, 'enterprise', null);
      const data = await run(`mutation Append($input: AppendElementsInput!) { appendElements(input: $input) { ${ACCEPTED_FIELDS} } }`, {
        input: { docId: params.doc_id, elements: elements.map((e) => toGraphql(e as unknown as Record<string, unknown>)) },
      });
      return jobAccepted(data.appendElements);
    },
  },
  {
    method: 'post',
    path: '/v1/calcdoc/convert',
    summary: 'Convert a legacy Mathcad 11–15 worksheet (.xmcd, or gzipped .xmcdz) to .mcdx, best effort (a job); the result lists every region it could not convert',
    tag: 'calcdoc',
    auth: 'bearer',
    errors: 'hosted',
    body: z.object({ source_file: z.string().describe('base64 .xmcd or .xmcdz; binary .mcd is refused with 422 UNSUPPORTED_FORMAT') }),
    successStatus: 202,
    jobResults: z.object({
      ...fileResult,
      source_generator: z.string().nullable(),
      converted_elements: z.number(),
      unconverted: z.array(region),
      results: computed,
    }),
    async handle({ body }, run) {
      const data = await run(`mutation Convert($input: ConvertWorksheetInput!) { convertWorksheet(input: $input) { ${ACCEPTED_FIELDS} } }`, { input: { sourceFile: body.source_file } });
      return jobAccepted(data.convertWorksheet);
    },
  },
];
