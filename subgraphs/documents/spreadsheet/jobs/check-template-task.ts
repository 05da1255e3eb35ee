// Worker-thread entry of populate_template's request-time check: opening the
// caller's template (inflating its parts, reading workbook.xml) and planning
// the writes is work on caller bytes, so it runs off the event loop under the
// worker pool's time and memory limits, never on the thread that answers.
import { defineTask } from '../../../../core/jobs/task.ts';
import { planWrites, type PopulateInput } from '../template/mappings.ts';
import { openTemplate } from '../template/open-template.ts';
import { asTemplateError } from './populate-task.ts';

export default defineTask((input: PopulateInput): null => {
  try {
    planWrites(openTemplate(input.templateFile), input.dataMappings);
    return null;
  } catch (err) {
    throw asTemplateError(err);
  }
});
