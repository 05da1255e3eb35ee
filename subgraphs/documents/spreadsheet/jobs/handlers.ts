// The two spreadsheet job types. Input is validated when the job is created
// (a bad request never becomes a job); the work runs in the worker pool and
// the workbook is stored for download under the tier's retention.
import type { JobContext, JobHandler } from '../../../../core/jobs/types.ts';
import { validateWorkbook, type WorkbookSpec } from '../blocks/validate.ts';
import { parsePopulateInput, type PopulateInput } from '../template/mappings.ts';

const CREATE_TASK = new URL('./create-task.ts', import.meta.url);
const POPULATE_TASK = new URL('./populate-task.ts', import.meta.url);
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function saveWorkbook(ctx: JobContext<unknown>, bytes: Uint8Array, name: string): Promise<Record<string, unknown>> {
  const saved = await ctx.files.save({
    accountId: ctx.job.accountId,
    jobId: ctx.job.id,
    data: bytes,
    contentType: XLSX,
    downloadName: `${name.replace(/[^\w.\- ]+/g, '_').trim() || 'workbook'}.xlsx`,
    expiresAt: ctx.job.expiresAt,
  });
  return { file_url: saved.fileUrl, file_type: 'xlsx', expires_at: saved.expiresAt.toISOString() };
}

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
