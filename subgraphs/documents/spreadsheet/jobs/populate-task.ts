// Worker-thread entry of populate_template: unzipping, patching and zipping the template.
import { AppError } from '../../../../core/errors.ts';
import { ZipFormatError } from '../../../../core/zip.ts';
import type { PopulateInput } from '../template/mappings.ts';
import { fillTemplate } from '../template/fill.ts';

export type PopulateTaskResult = { ok: true; bytes: Uint8Array } | { ok: false; code: string; message: string; details?: Record<string, unknown> };

/** A template error as plain data (errors cross the thread boundary so, and keep their code); a package the zip reader refuses is the caller's file. */
export function templateTaskError(err: unknown): Extract<PopulateTaskResult, { ok: false }> {
  if (err instanceof AppError) return { ok: false, code: err.code, message: err.message, details: err.details };
  if (err instanceof ZipFormatError) return { ok: false, code: 'UNSUPPORTED_FORMAT', message: `template_file: ${err.message}`, details: { field: 'template_file' } };
  throw err;
}

export default function task(input: PopulateInput): PopulateTaskResult {
  try {
    return { ok: true, bytes: fillTemplate(input) };
  } catch (err) {
    return templateTaskError(err);
  }
}
