// Spreadsheet capability of the documents subgraph: its mutations and job types.
import { requirePrincipal, type RequestContext } from '../../../core/context.ts';
import { createSpreadsheetJob, populateTemplateJob } from './jobs/handlers.ts';
import { parsePopulateInput, planWrites } from './template/mappings.ts';
import { openTemplate } from './template/open-template.ts';

/** populate_template's request-time check: the template opens, every key names a range, every value fits. */
function checkTemplateRequest(input: unknown) {
  const parsed = parsePopulateInput(input);
  planWrites(openTemplate(parsed.templateFile), parsed.dataMappings);
  return parsed;
}

export const spreadsheetJobHandlers = [createSpreadsheetJob, populateTemplateJob];

export const spreadsheetMutations = {
  createSpreadsheet: (_: unknown, args: { input: unknown }, ctx: RequestContext) => {
    const principal = requirePrincipal(ctx);
    return ctx.platform.jobs.create(principal, createSpreadsheetJob.type, args.input);
  },
  populateTemplate: (_: unknown, args: { input: unknown }, ctx: RequestContext) => {
    const principal = requirePrincipal(ctx);
    return ctx.platform.jobs.create(principal, populateTemplateJob.type, checkTemplateRequest(args.input));
  },
};
