// spreadsheet.populate_template: an .xlsx template with its named ranges filled, in the worker pool.
import type { JobHandler } from '../../../../core/jobs/types.ts';
import { parsePopulateInput, type PopulateInput } from '../template/mappings.ts';
import { saveWorkbook } from './workbook-file.ts';

const POPULATE_TASK = new URL('./populate-task.ts', import.meta.url);

export const populateTemplateJob: JobHandler<PopulateInput> = {
  type: 'spreadsheet.populate_template',
  title: 'Template filling',
  description: 'Fills an .xlsx template through named ranges.',
  typicalSeconds: [3, 10],
  operation: { mutation: 'populateTemplate', route: 'POST /v1/spreadsheet/jobs' },
  parse: (input) => parsePopulateInput(input),
  async run(ctx) {
    const bytes = await ctx.workers.run<Uint8Array>(POPULATE_TASK, ctx.input, ctx.signal);
    await ctx.progress(90);
    return saveWorkbook(ctx, bytes, 'filled-template');
  },
};
