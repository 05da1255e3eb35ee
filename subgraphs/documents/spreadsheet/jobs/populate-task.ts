// Worker-thread entry of populate_template: unzipping, patching and zipping the template.
import { AppError } from '../../../../core/errors.ts';
import type { PopulateInput } from '../template/mappings.ts';
import { fillTemplate } from '../template/fill.ts';

export type PopulateTaskResult = { ok: true; bytes: Uint8Array } | { ok: false; code: string; message: string; details?: Record<string, unknown> };

export default function task(input: PopulateInput): PopulateTaskResult {
  try {
    return { ok: true, bytes: fillTemplate(input) };
  } catch (err) {
    // Errors cross the thread boundary as plain data so their code survives.
    if (err instanceof AppError) return { ok: false, code: err.code, message: err.message, details: err.details };
    throw err;
  }
}
