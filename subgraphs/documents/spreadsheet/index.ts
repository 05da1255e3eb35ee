// Spreadsheet capability of the documents subgraph: its mutations and job types.
import { requirePrincipal, type RequestContext } from '../../../core/context.ts';
import { createSpreadsheetJob, populateTemplateJob } from './jobs/handlers.ts';
import { parsePopulateInput } from './template/mappings.ts';

const CHECK_TASK = new URL('./jobs/check-template-task.ts', import.meta.url);

/** populate_template's request-time check (in a worker): the template opens, every key names a range, every value fits. */
async function checkTemplateRequest(ctx: RequestContext, input: unknown) {
  const parsed = parsePopulateInput(input);
  await ctx.platform.workers.run<null>(CHECK_TASK, parsed);
  return parsed;
}

export const spreadsheetJobHandlers = [createSpreadsheetJob, populateTemplateJob];

export const spreadsheetMutations = {
  createSpreadsheet: (_: unknown, args: { input: unknown }, ctx: RequestContext) => {
    const principal = requirePrincipal(ctx);
    return ctx.platform.jobs.create(principal, createSpreadsheetJob.type, args.input);
  },
  populateTemplate: async (_: unknown, args: { input: unknown }, ctx: RequestContext) => {
    const principal = requirePrincipal(ctx);
    return ctx.platform.jobs.create(principal, populateTemplateJob.type, await checkTemplateRequest(ctx, args.input));
  },
};
