// The project search job: a question over one project graph (../search.ts), run as a job
// so that REST and GraphQL callers follow it like every other.
import { z } from 'zod';
import { AppError } from '../../../../core/errors.ts';
import type { JobHandler } from '../../../../core/jobs/types.ts';
import { parseInput } from '../../../../core/validation.ts';
import { MAX_PER_PAGE, searchJobResult, searchProject } from '../search.ts';
import { PROJECT_SEARCH_JOB } from '../service.ts';

const QUERY_MAX = 1_000;

const inputSchema = z.object({
  projectId: z.string().min(1),
  query: z.string().trim().max(QUERY_MAX),
  page: z.number().int().min(1).max(10_000).default(1),
  perPage: z.number().int().min(1).max(MAX_PER_PAGE).default(10),
});

export const projectSearchJob: JobHandler<z.output<typeof inputSchema>> = {
  type: PROJECT_SEARCH_JOB,
  title: 'Project search',
  description: 'Searches a project graph in plain language.',
  typicalSeconds: [0, 3],
  operation: { mutation: 'createProjectSearchJob', route: 'POST /v1/projects/{project_id}/search/jobs' },
  internal: { why: "createProjectSearchJob checks that the project is the caller's first" },
  parse: (input) => {
    const parsed = parseInput(inputSchema, input);
    // An empty question is a missing one (400), as code search answers.
    if (!parsed.query)
      throw new AppError('VALIDATION_ERROR', 'query: required, the question to answer', { field: 'query' });
    return parsed;
  },
  async run(ctx) {
    const services = ctx.services.drawings;
    const { projectId, query, page, perPage } = ctx.input;
    if (!(await services.store.getProject(ctx.job.accountId, projectId)))
      throw new AppError('PROJECT_NOT_FOUND', `Project ${projectId} not found`, { project_id: projectId });
    const r = await searchProject(services, projectId, query, page, perPage);
    await services.store.recordUsage(ctx.job.accountId, projectId, 'search', 1, new Date().toISOString());
    return searchJobResult(query, r);
  },
};
