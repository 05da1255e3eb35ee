import { z } from 'zod';
import { toCamelKeys } from '../../core/case.ts';
import { designStandardParam, toGraphqlStandard } from '../design-standard.ts';
import { ACCEPTED_FIELDS, jobAccepted, jobAcknowledgement } from './jobs.ts';
import type { Route } from '../route.ts';

export const searchRoutes: Route[] = [
  {
    method: 'post',
    path: '/v1/search/jobs',
    summary: 'Search the code library (a job): results arrive on GET /v1/jobs/{job_id}',
    tag: 'search',
    auth: 'bearer',
    errors: 'hosted',
    body: z.object({
      query: z
        .string()
        .describe('What to look for; a clause reference such as "ACI 318 22.5.1.1" goes straight to the clause'),
      file_ids: z.array(z.string()).optional().describe('Target specific codes (file_id from /v1/codes)'),
      design_standard: designStandardParam.optional(),
      // Their ranges are the search domain's rule (subgraphs/content/search/search-job.ts), named here in REST spelling.
      page: z.number().int().optional().describe('1 or more (default 1)'),
      per_page: z.number().int().optional().describe('1 to 50 (default 10)'),
    }),
    successStatus: 202,
    response: jobAcknowledgement,
    async handle({ body }, run) {
      const data = await run(
        `mutation Search($input: SearchJobInput!) { createSearchJob(input: $input) { ${ACCEPTED_FIELDS} } }`,
        {
          input: {
            ...toCamelKeys<Record<string, unknown>>(body),
            designStandard: body.design_standard ? toGraphqlStandard(body.design_standard) : null,
          },
        },
      );
      return jobAccepted(data.createSearchJob);
    },
  },
];
