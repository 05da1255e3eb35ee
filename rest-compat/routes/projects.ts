// Projects (drawing analysis Tier 2): the spec's four routes and the browsing
// and search routes a client of a project graph needs. Each runs one GraphQL
// operation of the drawings subgraph and maps its camelCase answer to the
// spec's snake_case here, and only here.
import { z } from 'zod';
import { toCamelKeys, toSnakeKeys } from '../../core/case.ts';
import { AppError } from '../../core/errors.ts';
import { readDrawingUpload } from '../drawing-upload.ts';
import type { Route } from '../route.ts';
import { uploadOf } from './drawings.ts';
import { ACCEPTED_FIELDS, jobAccepted, jobAcknowledgement } from './jobs.ts';

const PROJECT = 'id name description createdAt';
// In the order the spec lists the detail's fields (the REST body keeps the selection's order).
const DETAIL = `${PROJECT} sheetCount entityCount relCount communityCount pageCount
  ingestions { pending inProgress completed failed } links { resolved dangling } usage { pagesIngested searches } updatedAt`;
const SHEET = 'id fileHash page number title discipline width height createdAt';
const ENTITY = 'id type label text sheetId page bbox provenance props communityId';
const REL = 'id type sourceId targetId props';

const restProject = toSnakeKeys;
const restSheet = toSnakeKeys;
const restLink = toSnakeKeys;
/** An entity's or relationship's props and provenance are data, named by what was read: only the fields around them are renamed. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- GraphQL answers are JSON the route reads field by field
const withData = ({ props, provenance, ...fields }: Record<string, any>) => ({
  ...toSnakeKeys(fields),
  ...(provenance !== undefined ? { provenance } : {}),
  props,
});
const restEntity = withData;
const restRel = withData;

const notFound = (id: string) => new AppError('PROJECT_NOT_FOUND', `Project ${id} not found`, { project_id: id });

const projectParams = z.object({ project_id: z.string().min(1).max(200) });
const paging = {
  limit: z.coerce.number().int().min(1).max(200).optional().describe('Page size (default 50)'),
  cursor: z.string().max(200).optional().describe('next_cursor of the previous page'),
};
const pageVars = (q: { limit?: number; cursor?: string }) => ({ first: q.limit ?? 50, after: q.cursor ?? null });
const nextCursor = (c: { pageInfo: { endCursor: string | null; hasNextPage: boolean } }) =>
  c.pageInfo.hasNextPage ? c.pageInfo.endCursor : null;
const CONNECTION = 'totalCount pageInfo { endCursor hasNextPage }';

/** A nested list of the project as the REST page `{<name>: [...], total, next_cursor}`; PROJECT_NOT_FOUND when the project is not the caller's. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- GraphQL answers are JSON the route reads field by field
function listBody(data: Record<string, any>, projectId: string, field: string, name: string, map: (n: any) => unknown) {
  if (!data.project) throw notFound(projectId);
  const c = data.project[field];
  return { body: { [name]: c.nodes.map(map), total: c.totalCount, next_cursor: nextCursor(c) } };
}

const route = (r: Omit<Route, 'auth' | 'errors' | 'tag'>): Route => ({
  auth: 'bearer',
  errors: 'hosted',
  tag: 'projects',
  ...r,
});

export const projectRoutes: Route[] = [
  route({
    method: 'post',
    path: '/v1/projects',
    summary: 'Create a project',
    body: z.object({ name: z.string().describe('1 to 200 characters'), description: z.string().nullable().optional() }),
    successStatus: 201,
    async handle({ body }, run) {
      const data = await run(
        `mutation Create($input: CreateProjectInput!) { createProject(input: $input) { ${PROJECT} } }`,
        { input: { name: body.name, description: body.description ?? null } },
      );
      return { body: restProject(data.createProject) };
    },
  }),
  route({
    method: 'get',
    path: '/v1/projects',
    summary: "The caller's projects, newest first ({projects, next_cursor})",
    query: z.object(paging),
    successStatus: 200,
    async handle({ query }, run) {
      const data = await run(
        `query Projects($first: Int!, $after: String) { projects(first: $first, after: $after) { nodes { ${PROJECT} } pageInfo { endCursor hasNextPage } } }`,
        pageVars(query),
      );
      return { body: { projects: data.projects.nodes.map(restProject), next_cursor: nextCursor(data.projects) } };
    },
  }),
  route({
    method: 'get',
    path: '/v1/projects/{project_id}',
    summary:
      'Project detail: sheet_count, entity_count, rel_count, community_count, page_count, ingestions by status, links, usage, updated_at',
    params: projectParams,
    successStatus: 200,
    operation: `query Project($projectId: ID!) { project(id: $projectId) { ${DETAIL} } }`,
    notFound: 'PROJECT_NOT_FOUND',
  }),
  route({
    method: 'delete',
    path: '/v1/projects/{project_id}',
    summary: 'Delete a project, its graph and its files; answers {id, deleted: true}',
    params: projectParams,
    successStatus: 200,
    async handle({ params }, run) {
      const data = await run(`mutation Delete($id: ID!) { deleteProject(id: $id) }`, { id: params.project_id });
      if (!data.deleteProject) throw notFound(params.project_id);
      return { body: { id: params.project_id, deleted: true } };
    },
  }),
  route({
    method: 'post',
    path: '/v1/projects/{project_id}/sheets',
    summary: 'Ingest pages of a PDF as sheets: one job per page ({jobs: [{job_id, status, page}]})',
    params: projectParams,
    multipart: true,
    body: z.object({
      file: z.string().optional().describe('The PDF (at most 50 MB); send this or file_hash'),
      file_hash: z.string().optional().describe('SHA-256 (hex) of a PDF this account uploaded before'),
      page: z.string().describe('A page ("3"), a range ("1-10"), or several ("1-3,7")'),
    }),
    successStatus: 202,
    async handle({ params, request }, run, ctx) {
      const { fields, file, hash } = await readDrawingUpload(request, ctx.platform.config.uploadLimitBytes);
      if (fields.page === undefined)
        throw new AppError('VALIDATION_ERROR', 'page: required, a page ("3") or a range ("1-10")', { field: 'page' });
      const data = await run(
        `mutation Add($projectId: ID!, $file: Upload, $fileHash: String, $pages: String!) {
          addProjectSheets(projectId: $projectId, file: $file, fileHash: $fileHash, pages: $pages) { jobs { page job { ${ACCEPTED_FIELDS} } } } }`,
        {
          projectId: params.project_id,
          file: file ? uploadOf(file) : null,
          fileHash: hash ?? null,
          pages: fields.page,
        },
      );
      return {
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- GraphQL answers are JSON the route reads field by field
        body: { jobs: data.addProjectSheets.jobs.map((j: any) => ({ ...jobAccepted(j.job).body, page: j.page })) },
      };
    },
  }),
  route({
    method: 'get',
    path: '/v1/projects/{project_id}/sheets',
    summary: 'Sheets of a project, by sheet number ({sheets, total, next_cursor})',
    params: projectParams,
    query: z.object(paging),
    successStatus: 200,
    async handle({ params, query }, run) {
      const data = await run(
        `query Sheets($id: ID!, $first: Int!, $after: String) { project(id: $id) { sheets(first: $first, after: $after) { nodes { ${SHEET} } ${CONNECTION} } } }`,
        { id: params.project_id, ...pageVars(query) },
      );
      return listBody(data, params.project_id, 'sheets', 'sheets', restSheet);
    },
  }),
  route({
    method: 'get',
    path: '/v1/projects/{project_id}/entities',
    summary: 'Entities of a project, filtered by type, sheet (id or number) and words ({entities, total, next_cursor})',
    params: projectParams,
    query: z.object({
      type: z
        .string()
        .max(40)
        .optional()
        .describe('Sheet, View, Callout, GridLine, Level, MemberMark, Keynote, Note, Revision or Room'),
      sheet: z.string().max(200).optional().describe('A sheet id or number'),
      q: z.string().max(1000).optional().describe('Words the entity holds'),
      ...paging,
    }),
    successStatus: 200,
    async handle({ params, query }, run) {
      const data = await run(
        `query Entities($id: ID!, $type: String, $sheet: String, $q: String, $first: Int!, $after: String) {
          project(id: $id) { entities(type: $type, sheet: $sheet, q: $q, first: $first, after: $after) { nodes { ${ENTITY} } ${CONNECTION} } } }`,
        {
          id: params.project_id,
          type: query.type || null,
          sheet: query.sheet || null,
          q: query.q || null,
          ...pageVars(query),
        },
      );
      return listBody(data, params.project_id, 'entities', 'entities', restEntity);
    },
  }),
  route({
    method: 'get',
    path: '/v1/projects/{project_id}/entities/{entity_id}',
    summary: 'One entity with its sheet, relationships and (for a callout) its link',
    params: z.object({ project_id: z.string().min(1).max(200), entity_id: z.string().min(1).max(200) }),
    successStatus: 200,
    async handle({ params }, run) {
      const data = await run(
        `query Entity($id: ID!, $entity: ID!) { project(id: $id) { entity(id: $entity) { entity { ${ENTITY} } sheet { ${SHEET} } relationships { ${REL} }
          link { targetSheet targetView status reason resolvedSheetId resolvedViewId } } } }`,
        { id: params.project_id, entity: params.entity_id },
      );
      if (!data.project) throw notFound(params.project_id);
      const d = data.project.entity;
      if (!d)
        throw new AppError('ENTITY_NOT_FOUND', `Entity ${params.entity_id} not found in project ${params.project_id}`, {
          entity_id: params.entity_id,
        });
      return {
        body: {
          ...restEntity(d.entity),
          sheet: d.sheet && restSheet(d.sheet),
          relationships: d.relationships.map(restRel),
          link: restLink(d.link),
        },
      };
    },
  }),
  route({
    method: 'get',
    path: '/v1/projects/{project_id}/communities',
    summary: 'Communities of the project graph with their summaries ({communities, total, next_cursor})',
    params: projectParams,
    query: z.object(paging),
    successStatus: 200,
    async handle({ params, query }, run) {
      const data = await run(
        `query Communities($id: ID!, $first: Int!, $after: String) { project(id: $id) { communities(first: $first, after: $after) {
          nodes { id index title summary llmSummary size rank sheets disciplines topMembers topGrids } ${CONNECTION} } } }`,
        { id: params.project_id, ...pageVars(query) },
      );
      return listBody(data, params.project_id, 'communities', 'communities', (n) => ({
        id: n.id,
        index: n.index,
        title: n.title,
        summary: n.summary,
        llm_summary: n.llmSummary,
        size: n.size,
        rank: n.rank,
        sheets: n.sheets,
        disciplines: n.disciplines,
        top_members: n.topMembers,
        top_grids: n.topGrids,
      }));
    },
  }),
  route({
    method: 'post',
    path: '/v1/projects/{project_id}/search/jobs',
    summary: 'Natural-language search in a project (a job): results arrive on GET /v1/jobs/{job_id}',
    params: projectParams,
    body: z.object({
      query: z.string().describe('A question, e.g. "where is the W12x26 at grid C/4 detailed?"'),
      // Their ranges are the project search's rule (subgraphs/drawings/projects/jobs/search.ts), named here in REST spelling.
      page: z.number().int().optional().describe('1 to 10,000 (default 1)'),
      per_page: z.number().int().optional().describe('1 to 50 (default 10)'),
    }),
    successStatus: 202,
    response: jobAcknowledgement,
    jobResults: z.object({
      query: z.string(),
      total: z.number().int(),
      page: z.number().int(),
      per_page: z.number().int(),
      total_pages: z.number().int(),
      matches: z.array(
        z.object({
          entity: z.object({
            id: z.string(),
            type: z.string(),
            label: z.string(),
            text: z.string(),
            sheet_id: z.string(),
            page: z.number().int(),
            bbox: z.array(z.number()),
            provenance: z.string(),
            props: z.record(z.string(), z.unknown()),
            community_id: z.string().nullable(),
          }),
          sheet_number: z.string().nullable(),
          sheet_title: z.string().nullable(),
          snippet: z.string(),
          bbox: z.array(z.number()),
          relevance_score: z.number(),
          via: z.enum(['text', 'vector', 'graph']),
        }),
      ),
    }),
    async handle({ params, body }, run) {
      const data = await run(
        `mutation Search($projectId: ID!, $input: ProjectSearchInput!) { createProjectSearchJob(projectId: $projectId, input: $input) { ${ACCEPTED_FIELDS} } }`,
        {
          projectId: params.project_id,
          input: toCamelKeys(body),
        },
      );
      return jobAccepted(data.createProjectSearchJob);
    },
  }),
];
