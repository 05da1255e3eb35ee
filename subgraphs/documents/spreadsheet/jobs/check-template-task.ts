// Worker-thread entry of populate_template's request-time check: opening the
// caller's template (inflating its parts, reading workbook.xml) and planning
// the writes is work on caller bytes, so it runs off the event loop under the
// worker pool's time and memory limits, never on the thread that answers.
import { planWrites, type PopulateInput } from '../template/mappings.ts';
import { openTemplate } from '../template/open-template.ts';
import { templateTaskError } from './populate-task.ts';

export type CheckTemplateResult = { ok: true } | { ok: false; code: string; message: string; details?: Record<string, unknown> };

export default function task(input: PopulateInput): CheckTemplateResult {
  try {
    planWrites(openTemplate(input.templateFile), input.dataMappings);
    return { ok: true };
  } catch (err) {
    return templateTaskError(err);
  }
}
