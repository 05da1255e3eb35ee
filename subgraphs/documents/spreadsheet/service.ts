// The spreadsheet domain's entry points: each takes its request as the schema spells it
// (camelCase), checks it once (values, names, formulas; a template is opened in a worker) and
// creates its job. Errors name the field in this spelling; the REST edge renames it.
import type { Principal } from '../../../core/auth/keys.ts';
import type { JobRecord } from '../../../core/jobs/types.ts';
import type { Platform } from '../../../core/platform.ts';
import { parsePopulateInput } from './template/mappings.ts';

type Deps = Pick<Platform, 'jobs' | 'workers'>;

const CHECK_TASK = new URL('./jobs/check-template-task.ts', import.meta.url);

/** The job type's parse (validateWorkbook) is the check: it runs as the job is created. */
export const createSpreadsheet = (platform: Deps, principal: Principal, input: unknown): Promise<JobRecord> =>
  platform.jobs.create(principal, 'spreadsheet.create_spreadsheet', input);

/** populate_template's request-time check (in a worker): the template opens, every key names a range, every value fits. */
export async function populateTemplate(platform: Deps, principal: Principal, input: unknown): Promise<JobRecord> {
  const parsed = parsePopulateInput(input);
  await platform.workers.run<null>(CHECK_TASK, parsed);
  return platform.jobs.create(principal, 'spreadsheet.populate_template', parsed);
}
