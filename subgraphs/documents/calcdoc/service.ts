// The calculation-document domain's entry points. Each takes its request as the schema spells it
// (camelCase: GraphQL's input, REST's body through toCamelKeys, an agent's tool arguments the
// same way), checks it once, here (values, units, formulas, the tier's element limit, the
// document's existence), and creates its job. Errors name the field in this spelling; the REST
// edge renames it to the caller's (resultUnit → result_unit).
import type { Principal } from '../../../core/auth/keys.ts';
import type { JobRecord } from '../../../core/jobs/types.ts';
import type { Platform } from '../../../core/platform.ts';
import { prepareAppend, prepareCreate, preparePdf, prepareSource } from './jobs.ts';

type Deps = Pick<Platform, 'config' | 'db' | 'jobs'>;
type Input = Record<string, unknown>;

export const createDocument = (platform: Deps, principal: Principal, input: Input): Promise<JobRecord> =>
  platform.jobs.create(principal, 'calcdoc.create_document', prepareCreate(platform.config, principal, input));

export async function appendElements(platform: Deps, principal: Principal, input: { docId: string; elements: unknown }): Promise<JobRecord> {
  return platform.jobs.create(principal, 'calcdoc.append_elements', await prepareAppend(platform.db, platform.config, principal, input));
}

export const readDocument = (platform: Deps, principal: Principal, input: Input): Promise<JobRecord> =>
  platform.jobs.create(principal, 'calcdoc.read', prepareSource(input, ['mcdx']));

export const generatePdf = (platform: Deps, principal: Principal, input: Input): Promise<JobRecord> =>
  platform.jobs.create(principal, 'calcdoc.generate_pdf', preparePdf(input));

export const convertWorksheet = (platform: Deps, principal: Principal, input: Input): Promise<JobRecord> =>
  platform.jobs.create(principal, 'calcdoc.convert', prepareSource(input, ['xmcd', 'xmcdz']));
