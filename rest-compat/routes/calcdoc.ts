// The calculation-document routes. The edge checks the body's shape against the spec (zod, naming
// the REST field) and hands it camelCased to the GraphQL mutation; every rule on the values
// (styles, units, formulas, the tier's limit) is the domain's (subgraphs/documents/calcdoc), whose
// errors the router renames to the REST spelling.
import { z } from 'zod';
import { toCamelKeys } from '../../core/case.ts';
import { ACCEPTED_FIELDS, jobAccepted, jobAcknowledgement } from './jobs.ts';
import type { Route } from '../route.ts';

const element = z
  .object({
    type: z.string().describe('text, variable, formula or image'),
    content: z.string().nullish().describe('text: markdown (# headings, **bold**, *italic*, - and 1. lists)'),
    style: z.string().nullish().describe('text: normal, heading1, heading2, heading3'),
    name: z.string().nullish().describe('variable: letters, digits and underscores'),
    value: z.number().nullish().describe('variable: the number'),
    unit: z.string().nullish().describe('variable: unit such as mm, kN/m, ksi, psf, kN*m'),
    description: z.string().nullish(),
    expression: z
      .string()
      .nullish()
      .describe('formula: `M := w*L^2/8` (or `=`), or a bare expression; log is base 10, ln natural'),
    result_unit: z.string().nullish().describe('formula: unit of the shown result'),
    url: z.string().nullish().describe('image: http(s) URL or base64 data URI (PNG or JPEG)'),
    caption: z.string().nullish(),
    width: z.number().nullish().describe('image: pixels'),
    height: z.number().nullish().describe('image: pixels'),
  })
  .describe('fields other than these are dropped');

const fileResult = {
  file_url: z.string().describe('signed download URL, valid until expires_at'),
  file_type: z.string().describe('mcdx or pdf'),
  expires_at: z.string().describe('ISO 8601; the tier retention'),
};
const computed = z.array(
  z.object({
    element_index: z.number(),
    name: z.string().nullable(),
    value: z.number().nullable(),
    unit: z.string().describe('result_unit, else the unit the inputs suggest (kN*m, never kJ)'),
  }),
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
  cached_results: z
    .record(z.string(), z.object({ value: z.number(), unit: z.string() }))
    .describe('results Prime cached, by element index'),
});

const CREATE = `mutation Create($input: CreateDocumentInput!) { createDocument(input: $input) { ${ACCEPTED_FIELDS} } }`;
const READ = `mutation Read($input: ReadDocumentInput!) { readDocument(input: $input) { ${ACCEPTED_FIELDS} } }`;
const PDF = `mutation Pdf($input: GeneratePdfInput!) { generatePdf(input: $input) { ${ACCEPTED_FIELDS} } }`;

const metadata = z.object({
  author: z.string().optional(),
  project: z.string().optional(),
  date: z.string().optional().describe('ISO 8601 date'),
});
const sourceFile = z.string().describe('base64 .mcdx');

export const calcdocRoutes: Route[] = [
  {
    method: 'post',
    path: '/v1/calcdoc/jobs',
    summary:
      'Calculation-document job: create_document (elements → .mcdx), generate_pdf (.mcdx → PDF) or read (.mcdx → elements); the result arrives on GET /v1/jobs/{job_id}',
    tag: 'calcdoc',
    auth: 'bearer',
    errors: 'hosted',
    body: z.discriminatedUnion('operation', [
      z.object({
        operation: z.literal('create_document'),
        document_name: z.string().describe('1 to 200 characters'),
        elements: z.array(element).describe('the elements in document order (free 50, pro 500, enterprise unlimited)'),
        metadata: metadata.optional(),
        options: z
          .object({
            ai_formatting: z
              .boolean()
              .optional()
              .describe(
                'deterministic layout pass: variables in two columns, formulas kept on one page with their definitions',
              ),
            page_orientation: z.string().optional().describe('portrait (default) or landscape'),
          })
          .optional(),
      }),
      z.object({
        operation: z.literal('generate_pdf'),
        source_file: sourceFile,
        options: z
          .object({
            page_numbers: z.boolean().optional().describe('"Page X of Y" footer (default true)'),
            headers_footers: z
              .boolean()
              .optional()
              .describe('header with the document name and metadata (default true)'),
          })
          .optional(),
      }),
      z.object({ operation: z.literal('read'), source_file: sourceFile }),
    ]),
    successStatus: 202,
    response: jobAcknowledgement,
    jobResults: z.union([
      createResults.describe('create_document'),
      readResults.describe('read'),
      z
        .object({ ...fileResult, pages: z.number(), results: computed, not_rendered: z.array(region) })
        .describe('generate_pdf'),
    ]),
    async handle({ body }, run) {
      const { operation, ...input } = body;
      const data = await run(operation === 'create_document' ? CREATE : operation === 'read' ? READ : PDF, {
        input: toCamelKeys(input),
      });
      return jobAccepted(Object.values(data)[0]);
    },
  },
  {
    method: 'post',
    path: '/v1/calcdoc/{doc_id}/elements',
    summary:
      'Append elements to a document made by create_document (a job): a new version of the .mcdx, same validation',
    tag: 'calcdoc',
    auth: 'bearer',
    errors: 'hosted',
    params: z.object({ doc_id: z.string() }),
    body: z.object({ elements: z.array(element) }),
    successStatus: 202,
    response: jobAcknowledgement,
    jobResults: createResults.extend({ appended: z.number() }),
    operation: `mutation Append($docId: ID!, $elements: [CalcElementInput!]!) { appendElements(input: { docId: $docId, elements: $elements }) { ${ACCEPTED_FIELDS} } }`,
    answer: 'job',
  },
  {
    method: 'post',
    path: '/v1/calcdoc/convert',
    summary:
      'Convert a legacy Mathcad 11–15 worksheet (.xmcd, or gzipped .xmcdz) to .mcdx, best effort (a job); the result lists every region it could not convert',
    tag: 'calcdoc',
    auth: 'bearer',
    errors: 'hosted',
    body: z.object({
      source_file: z.string().describe('base64 .xmcd or .xmcdz; binary .mcd is refused with 422 UNSUPPORTED_FORMAT'),
    }),
    successStatus: 202,
    response: jobAcknowledgement,
    jobResults: z.object({
      ...fileResult,
      source_generator: z.string().nullable(),
      converted_elements: z.number(),
      unconverted: z.array(region),
      results: computed,
    }),
    operation: `mutation Convert($sourceFile: String!) { convertWorksheet(input: { sourceFile: $sourceFile }) { ${ACCEPTED_FIELDS} } }`,
    answer: 'job',
  },
];
