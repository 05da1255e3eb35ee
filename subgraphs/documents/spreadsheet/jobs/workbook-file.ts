// What the spreadsheet job types share: storing the workbook for download under the job's retention.
import type { JobContext } from '../../../../core/jobs/types.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export async function saveWorkbook(
  ctx: JobContext<unknown>,
  bytes: Uint8Array,
  name: string,
): Promise<Record<string, unknown>> {
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
