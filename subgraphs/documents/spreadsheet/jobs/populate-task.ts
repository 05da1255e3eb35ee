// Worker-thread entry of populate_template: unzipping, patching and zipping the template.
import { fieldError } from '../../../../core/errors.ts';
import { defineTask } from '../../../../core/jobs/task.ts';
import { ZipFormatError } from '../../../../core/zip.ts';
import type { PopulateInput } from '../template/mappings.ts';
import { fillTemplate } from '../template/fill.ts';

/** A package the zip reader refuses is the caller's file: an UNSUPPORTED_FORMAT naming templateFile. */
export function asTemplateError(err: unknown): unknown {
  return err instanceof ZipFormatError
    ? fieldError('UNSUPPORTED_FORMAT', 'templateFile', err.message, { field: 'templateFile' })
    : err;
}

export default defineTask((input: PopulateInput): Uint8Array => {
  try {
    return fillTemplate(input);
  } catch (err) {
    throw asTemplateError(err);
  }
});
