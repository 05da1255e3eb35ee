// The documents subgraph's tools for agents (core/platform-tools.ts): calculation documents and
// spreadsheets. Neither has a price in the spec: they cost nothing.
import { z } from 'zod';
import { toCamelKeys } from '../../core/case.ts';
import { settle, tool } from '../../core/platform-tools.ts';
import { createDocument } from './calcdoc/service.ts';
import { createSpreadsheet } from './spreadsheet/service.ts';

export const documentsTools = {
  create_calculation_document: tool({
    description:
      "Writes a calculation document (Mathcad Prime .mcdx) from elements in order and computes its formulas with units; answers the download URL and each formula's value. " +
      'Elements: {type:"text", content, style?: normal|heading1|heading2|heading3}; {type:"variable", name, value, unit?, description?}; ' +
      '{type:"formula", expression (e.g. "M = w*L^2/8"), description?, result_unit?}; {type:"image", url, caption?, width?, height?}.',
    args: z.object({
      document_name: z.string().describe('1 to 200 characters'),
      elements: z
        .array(z.looseObject({ type: z.string().describe('text, variable, formula or image') }))
        .describe('The elements, in order'),
      metadata: z
        .object({ author: z.string().optional(), project: z.string().optional(), date: z.string().optional() })
        .optional(),
      options: z.object({ page_orientation: z.enum(['portrait', 'landscape']).optional() }).optional(),
    }),
    async run(ctx, a) {
      // The model writes the spec's spelling (result_unit); the domain takes the schema's.
      return settle(ctx, await createDocument(ctx.platform, ctx.principal, toCamelKeys(a)));
    },
  }),

  create_spreadsheet: tool({
    description:
      'Builds an Excel workbook (.xlsx) with tables, live formulas and native charts; answers the download URL. ' +
      'Blocks, in order on each sheet: {type:"header", content}; {type:"data_table", name, headers, rows}; ' +
      '{type:"formula", label, expression (Excel, may use Table[Column] references), format?: general|number|integer|currency|percent|date|scientific|engineering}; ' +
      '{type:"chart", chartType: bar|column|line|pie|scatter|area, title?, dataRange (a table name), xAxis, yAxis (column names), options?}.',
    args: z.object({
      workbook_name: z.string().describe('The file name, without .xlsx'),
      sheets: z.array(z.object({ name: z.string(), blocks: z.array(z.looseObject({ type: z.string() })) })).min(1),
    }),
    async run(ctx, a) {
      return settle(
        ctx,
        await createSpreadsheet(ctx.platform, ctx.principal, { workbookName: a.workbook_name, sheets: a.sheets }),
      );
    },
  }),
};
