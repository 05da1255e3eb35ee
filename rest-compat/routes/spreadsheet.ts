// POST /v1/spreadsheet/jobs: the spec's snake_case body → one GraphQL
// mutation (createSpreadsheet or populateTemplate). The edge checks only the
// shape; the documents subgraph validates values for REST and GraphQL alike,
// naming fields its way (chartType), which the router renames (chart_type).
import { z } from 'zod';
import { toCamelKeys } from '../../core/case.ts';
import { ACCEPTED_FIELDS, jobAccepted, jobAcknowledgement } from './jobs.ts';
import type { Route } from '../route.ts';

const cell = z.union([z.number(), z.string(), z.boolean(), z.null()]);
const text = z.string().optional();

const block = z.object({
  type: z.string().describe('header, data_table, formula or chart'),
  content: text,
  name: text,
  headers: z.array(z.string()).optional(),
  rows: z.array(z.array(cell)).optional(),
  label: text,
  expression: text,
  format: text.describe('general, number, integer, currency, percent, date, scientific or engineering'),
  chart_type: text.describe('bar (vertical bars), column (horizontal bars), line, pie, scatter or area'),
  title: text,
  data_range: text,
  x_axis: text,
  y_axis: z.union([z.string(), z.array(z.string())]).optional(),
  options: z
    .object({
      legend_position: text,
      show_data_labels: z.boolean().optional(),
      colors: z.array(z.string()).optional(),
      smooth_lines: z.boolean().optional(),
      show_trendline: z.boolean().optional(),
      show_percentages: z.boolean().optional(),
    })
    .optional(),
});

const createBody = z.object({
  operation: z.literal('create_spreadsheet'),
  workbook_name: z.string(),
  sheets: z.array(z.object({ name: z.string(), blocks: z.array(block) })),
});
const populateBody = z.object({
  operation: z.literal('populate_template'),
  template_file: z.string().describe('base64 .xlsx'),
  data_mappings: z
    .record(z.string(), z.unknown())
    .describe('named range → value, list or list of rows; Sheet!Name for a sheet-scoped name'),
});

export const spreadsheetRoutes: Route[] = [
  {
    method: 'post',
    path: '/v1/spreadsheet/jobs',
    summary:
      'Create a spreadsheet job (create_spreadsheet, populate_template): the workbook arrives on GET /v1/jobs/{job_id}',
    tag: 'spreadsheet',
    auth: 'bearer',
    errors: 'hosted',
    body: z.discriminatedUnion('operation', [createBody, populateBody]),
    successStatus: 202,
    response: jobAcknowledgement,
    async handle({ body }, run) {
      const data =
        body.operation === 'create_spreadsheet'
          ? await run(
              `mutation Create($input: CreateSpreadsheetInput!) { job: createSpreadsheet(input: $input) { ${ACCEPTED_FIELDS} } }`,
              {
                input: toCamelKeys({ workbook_name: body.workbook_name, sheets: body.sheets }),
              },
            )
          : // data_mappings is keyed by the caller's named ranges: data, so its keys are not renamed.
            await run(
              `mutation Populate($input: PopulateTemplateInput!) { job: populateTemplate(input: $input) { ${ACCEPTED_FIELDS} } }`,
              {
                input: { templateFile: body.template_file, dataMappings: body.data_mappings },
              },
            );
      return jobAccepted(data.job);
    },
  },
];
