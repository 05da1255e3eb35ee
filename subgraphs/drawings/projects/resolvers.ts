// GraphQL resolvers of projects: each parses its arguments, calls one domain
// function (service.ts) and returns the domain's camelCase objects. Made over the
// project collaborators the subgraph builds when it starts (../index.ts).
import type { Readable } from 'node:stream';
import { loader, requirePrincipal, type RequestContext } from '../../../core/context.ts';
import { connection, offsetOf, pageSize } from '../../../core/graphql/pagination.ts';
import { readUpload } from '../service.ts';
import type { Page, Project, ProjectStats, Sheet } from './model.ts';
import type { SetIndexCheck } from '../titleblock/sheet-index.ts';
import type { ProjectSearchJobResult } from './search.ts';
import {
  addSheets,
  createProject,
  createSearchJob,
  deleteProject,
  findProject,
  getEntity,
  listCommunities,
  listEntities,
  listProjects,
  listRelationships,
  listSheets,
  PROJECT_SEARCH_JOB,
  projectStats,
  sheetIndexCheck,
  type ProjectServices,
} from './service.ts';

type FileUpload = Promise<{ createReadStream(): Readable }>;
type PageArgs = { first: number; after?: string | null };

/** A page of a list the store pages itself: one more than asked tells hasNextPage. */
async function paged<T>(args: PageArgs, max: number, fetch: (offset: number, limit: number) => Promise<Page<T>>) {
  const first = pageSize(args.first, max);
  const offset = offsetOf(args.after);
  const page = await fetch(offset, first + 1);
  return { ...connection(page.items, offset, first), totalCount: page.total };
}

export function projectResolvers(services: ProjectServices) {
  /** A project's statistics, read once per request however many of its count fields are asked for. */
  const stats = (ctx: RequestContext, project: Project): Promise<ProjectStats> =>
    loader<Project, ProjectStats>(ctx, 'projectStats', (projects) =>
      Promise.all(projects.map((p) => projectStats(services, p))),
    ).load(project);

  /** The set's index check, computed once per request for all the sheets asked. */
  const indexChecks = (ctx: RequestContext, projectId: string): Promise<SetIndexCheck> =>
    loader<string, SetIndexCheck>(ctx, 'sheetIndexCheck', (ids) =>
      Promise.all(ids.map((id) => sheetIndexCheck(services, id))),
    ).load(projectId);

  const stat = (pick: (s: ProjectStats) => unknown) => async (p: Project, _: unknown, ctx: RequestContext) =>
    pick(await stats(ctx, p));

  return {
    Query: {
      projects: async (_: unknown, args: PageArgs, ctx: RequestContext) => {
        const principal = requirePrincipal(ctx);
        const first = pageSize(args.first, 100);
        const offset = offsetOf(args.after);
        return connection(await listProjects(services, principal, offset, first + 1), offset, first);
      },
      project: (_: unknown, args: { id: string }, ctx: RequestContext) =>
        findProject(services, requirePrincipal(ctx), args.id),
    },
    Mutation: {
      createProject: (
        _: unknown,
        args: { input: { name: string; description?: string | null } },
        ctx: RequestContext,
      ) => createProject(services, requirePrincipal(ctx), args.input),
      deleteProject: (_: unknown, args: { id: string }, ctx: RequestContext) =>
        deleteProject(ctx.platform, services, requirePrincipal(ctx), args.id),
      addProjectSheets: async (
        _: unknown,
        args: { projectId: string; file?: FileUpload | null; fileHash?: string | null; pages: string },
        ctx: RequestContext,
      ) => {
        const principal = requirePrincipal(ctx);
        const bytes = args.file ? await readUpload((await args.file).createReadStream()) : undefined;
        const jobs = await addSheets(ctx.platform, services, principal, {
          projectId: args.projectId,
          bytes,
          fileHash: args.fileHash ?? undefined,
          pages: args.pages,
        });
        return { jobs };
      },
      createProjectSearchJob: (
        _: unknown,
        args: { projectId: string; input: { query: string; page?: number | null; perPage?: number | null } },
        ctx: RequestContext,
      ) => createSearchJob(ctx.platform, services, requirePrincipal(ctx), args.projectId, args.input),
    },
    Project: {
      __resolveReference: (ref: { id: string }, ctx: RequestContext) =>
        findProject(services, requirePrincipal(ctx), ref.id),
      sheetCount: stat((s) => s.sheetCount),
      entityCount: stat((s) => s.entityCount),
      relCount: stat((s) => s.relCount),
      communityCount: stat((s) => s.communityCount),
      pageCount: stat((s) => s.pageCount),
      ingestions: stat((s) => ({
        pending: s.ingestions.pending ?? 0,
        inProgress: s.ingestions.in_progress ?? 0,
        completed: s.ingestions.completed ?? 0,
        failed: s.ingestions.failed ?? 0,
      })),
      links: stat((s) => s.links),
      usage: stat((s) => s.usage),
      sheets: (p: Project, args: PageArgs) =>
        paged(args, 200, (offset, limit) => listSheets(services, p, { offset, limit })),
      entities: (p: Project, args: PageArgs & { type?: string | null; sheet?: string | null; q?: string | null }) =>
        paged(args, 200, (offset, limit) =>
          listEntities(services, p, { type: args.type, sheet: args.sheet, q: args.q }, { offset, limit }),
        ),
      entity: (p: Project, args: { id: string }) => getEntity(services, p, args.id),
      relationships: (p: Project, args: PageArgs & { type?: string | null }) =>
        paged(args, 500, (offset, limit) => listRelationships(services, p, args.type ?? null, { offset, limit })),
      communities: (p: Project, args: PageArgs) =>
        paged(args, 200, (offset, limit) => listCommunities(services, p, { offset, limit })),
    },
    ProjectSheet: {
      indexCheck: async (sheet: Sheet, _: unknown, ctx: RequestContext) => {
        const check = (await indexChecks(ctx, sheet.projectId)).sheets.get(sheet.id);
        return check
          ? {
              status: check.status.toUpperCase(),
              indexNumber: check.index?.number ?? null,
              indexTitle: check.index?.title ?? null,
              note: check.note,
            }
          : null;
      },
    },
    Job: {
      projectSearchResults: searchResultsOf,
    },
    JobStatus: { PENDING: 'pending', IN_PROGRESS: 'in_progress', COMPLETED: 'completed', FAILED: 'failed' },
  };
}

/** A project search job's stored results (REST's snake_case, from the documents subgraph) in the graph's camelCase. */
function searchResultsOf(job: { type: string; results: ProjectSearchJobResult | null }) {
  const r = job.results;
  if (job.type !== PROJECT_SEARCH_JOB || !r) return null;
  return {
    query: r.query,
    total: r.total,
    page: r.page,
    perPage: r.per_page,
    totalPages: r.total_pages,
    matches: r.matches.map((m) => ({
      entity: { ...m.entity, sheetId: m.entity.sheet_id, communityId: m.entity.community_id },
      sheetNumber: m.sheet_number,
      sheetTitle: m.sheet_title,
      snippet: m.snippet,
      bbox: m.bbox,
      relevanceScore: m.relevance_score,
      via: m.via.toUpperCase(),
    })),
  };
}
