// spreadsheet.create_spreadsheet: content blocks → an .xlsx workbook, built in the worker pool.
import type { JobHandler } from '../../../../core/jobs/types.ts';
import { validateWorkbook, type WorkbookSpec } from '../blocks/validate.ts';
import { saveWorkbook } from './workbook-file.ts';

const CREATE_TASK = new URL('./create-task.ts', import.meta.url);

export const createSpreadsheetJob: JobHandler<WorkbookSpec> = {
  type: 'spreadsheet.create_spreadsheet',
  title: 'Spreadsheet',
  description: 'Builds an .xlsx workbook from content blocks.',
  typicalSeconds: [3, 10],
  operation: { mutation: 'createSpreadsheet', route: 'POST /v1/spreadsheet/jobs' },
  parse: (input) => validateWorkbook(input),
  async run(ctx) {
    const bytes = await ctx.workers.run<Uint8Array>(CREATE_TASK, ctx.input, ctx.signal);
    await ctx.progress(90);
    return saveWorkbook(ctx, bytes, ctx.input.workbookName);
  },
};
