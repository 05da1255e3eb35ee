// The drawings subgraph's tools for agents (core/platform-tools.ts): a drawing's analysis and a
// project's search and ingestion, charged with the spec's prices: a Tier 1 drawing 0.02 USD per
// page (a page read back from the cache too: the price is per page asked for), a project search
// 0.005 USD per query, graph ingestion 0.15 USD per page ingested. A tool runs in whichever
// process serves the agent, so it builds the project collaborators from that platform.
import { z } from 'zod';
import { AppError } from '../../core/errors.ts';
import { JobFailed, settle, tool } from '../../core/platform-tools.ts';
import { addSheets, createSearchJob } from './projects/service.ts';
import { analyzeDrawing } from './service.ts';

const texts = (refs: { text: string }[]) => refs.map((r) => r.text);

export const drawingsTools = {
  analyze_drawing: tool({
    description:
      'Reads one page of a construction drawing the user uploaded (by its file hash): the title block (sheet number and title), section and detail tags, leaders and revision marks with the text they hold.',
    args: z.object({
      file_hash: z.string().describe("The uploaded PDF's SHA-256 (64 hexadecimal characters)"),
      page: z.int().min(1).describe('Page number, from 1'),
    }),
    async run(ctx, a) {
      const d = await analyzeDrawing(ctx.platform, ctx.principal, { fileHash: a.file_hash, page: a.page });
      const an = d.annotations;
      // The text the model can use; the geometry stays at drawing(id) for whoever draws it.
      return {
        result: {
          drawing_id: d.id,
          page: d.page,
          sheet_number: d.titleblock.sheet_number,
          sheet_title: d.titleblock.sheet_title,
          section_tags: an.section_tags.map((s) => ({
            id: s.id,
            texts: texts(s.texts_inside),
            direction: s.direction,
          })),
          detail_tags: an.detail_tags.map((t) => ({ id: t.id, texts: texts(t.texts_inside) })),
          leaders: an.leaders.map((l) => ({ id: l.id, texts: texts(l.texts_inside) })),
          revision_triangles: an.revision_triangles.map((t) => ({ id: t.id, text: t.text })),
          revision_clouds: an.revision_clouds.length,
        },
        charges: [{ kind: 'drawing_page', units: 1 }],
      };
    },
  }),

  search_project: tool({
    description:
      "Searches a project's drawing set (its graph of sheets, views, callouts and members) and answers the matches with their sheets.",
    args: z.object({
      project_id: z.string(),
      query: z.string().min(1),
      per_page: z.int().min(1).max(20).default(10),
    }),
    async run(ctx, a) {
      const job = await createSearchJob(ctx.platform, ctx.platform.services.drawings, ctx.principal, a.project_id, {
        query: a.query,
        perPage: a.per_page,
      });
      const { done, result } = await settle(ctx, job);
      return { result, charges: done ? [{ kind: 'search_query', units: 1 }] : [] };
    },
  }),

  add_project_sheets: tool({
    description:
      "Ingests pages of an uploaded drawing PDF (by its file hash) into a project's graph, one job per page; answers each page's outcome.",
    args: z.object({
      project_id: z.string(),
      file_hash: z.string().describe("The uploaded PDF's SHA-256"),
      pages: z.string().describe('Pages, e.g. "1-3,5"'),
    }),
    async run(ctx, a) {
      const created = await addSheets(ctx.platform, ctx.platform.services.drawings, ctx.principal, {
        projectId: a.project_id,
        fileHash: a.file_hash,
        pages: a.pages,
      });
      // The pages' jobs are awaited together, so the wait is one job's limit, not one per page.
      const pages = await Promise.all(
        created.map(async ({ page, job }) => {
          try {
            const { done, result } = await settle(ctx, job);
            return { page, status: done ? 'completed' : 'unfinished', result };
          } catch (err) {
            if (!(err instanceof AppError || err instanceof JobFailed)) throw err;
            return { page, status: 'failed', error: { code: err.code, message: err.message } };
          }
        }),
      );
      const ingested = pages.filter((p) => p.status === 'completed').length;
      return { result: { pages }, charges: ingested ? [{ kind: 'graph_ingestion_page', units: ingested }] : [] };
    },
  }),
};
