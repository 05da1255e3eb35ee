// The platform's own tools for agents: code search, calculation documents, spreadsheets, memory
// and drawings. Each is a JSON schema the model sees (from zod, as the desktop tools are) and a
// call of the domain function the GraphQL resolver calls, in this process, as the run's account:
// its tier, limits, unfinished-job cap and retention apply as they do to a request.
//
// Rules (each applied below where named):
// - Arguments the schema refuses are the tool's INVALID_ARGUMENTS error naming the field; an
//   error of the domain (FORMULA_PARSE_ERROR, FILE_NOT_FOUND, TOO_MANY_JOBS, …) is the tool's
//   error with its code, message and details. Either way the model reads it and decides: a tool
//   error never stops the run.
// - Jobs are awaited. A tool that creates a job (search, documents, spreadsheets, sheet
//   ingestion) waits for it up to the job's own time limit (JOB_MAX_RUNTIME_MS, the longest the
//   runner lets it run) and answers its result or error; a job still unfinished then is answered
//   as {job_id, status} for the model to report. The one exception is memory ingestion
//   (add_memory): nothing in its result is for the model, so its job id is answered at once.
// - Priced work is charged on success with the spec's prices (PRICES_USD): a code or project
//   search 0.005 USD per query, a Tier 1 drawing 0.02 USD per page (a page read back from the
//   cache too: the price is per page asked for), graph ingestion 0.15 USD per page ingested.
//   Documents, spreadsheets and memory have no price in the spec and cost nothing.
import { z } from 'zod';
import type { Principal } from '../../core/auth/keys.ts';
import { AppError } from '../../core/errors.ts';
import { awaitJob } from '../../core/jobs/await.ts';
import { LIMITS } from '../../core/limits.ts';
import type { JobRecord } from '../../core/jobs/types.ts';
import type { Platform } from '../../core/platform.ts';
import { validationError } from '../../core/validation.ts';
import { DESIGN_STANDARDS } from '../content/codes.ts';
import { prepareSearch } from '../content/search/search-job.ts';
import { prepareCreate } from '../documents/calcdoc/jobs.ts';
import { createSpreadsheetJob } from '../documents/spreadsheet/jobs/handlers.ts';
import { addSheets, requireProject } from '../drawings/projects/projects.ts';
import { PROJECT_SEARCH_JOB } from '../drawings/projects/search.ts';
import { analyzeDrawing } from '../drawings/service.ts';
import { addMessages, searchMemory } from '../memory/operations.ts';

/** The spec's prices for platform work (interface-spec.md, Limits: Prices), USD per unit. */
export const PRICES_USD = {
  search_query: 0.005,
  drawing_page: 0.02,
  graph_ingestion_page: 0.15,
} as const;
export type PricedWork = keyof typeof PRICES_USD;

export interface Charge {
  kind: PricedWork;
  units: number;
}

export interface ToolContext {
  platform: Platform;
  principal: Principal;
  /** Aborted when the run stops: a wait for a job ends (the job itself runs on). */
  signal: AbortSignal;
}

export type PlatformOutcome = { ok: true; result: unknown; charges: Charge[] } | { ok: false; error: { code: string; message: string; details?: Record<string, unknown> } };

interface PlatformTool<S extends z.ZodType = z.ZodType> {
  description: string;
  args: S;
  run(ctx: ToolContext, args: z.output<S>): Promise<{ result: unknown; charges?: Charge[] }>;
}

/** A job the tool waited for failed: its code (a job-only code such as SEARCH_TIMEOUT too) and message reach the model. */
class JobFailed extends Error {
  readonly code: string;
  readonly details: Record<string, unknown> | undefined;
  constructor(error: { code: string; message: string; details?: Record<string, unknown> } | null) {
    super(error?.message ?? 'the job failed');
    this.code = error?.code ?? 'JOB_FAILED';
    this.details = error?.details;
  }
}

const tool = <S extends z.ZodType>(t: PlatformTool<S>): PlatformTool => t as unknown as PlatformTool;

/** Rule "jobs are awaited": the job's result, its error, or {job_id, status} when its time limit passed first. */
async function settle(ctx: ToolContext, job: JobRecord): Promise<{ done: boolean; result: unknown }> {
  const end = await awaitJob(ctx.platform.jobs, ctx.principal, job.id, { timeoutMs: LIMITS.jobMaxRuntimeMs, signal: ctx.signal });
  if (end.status === 'failed') throw new JobFailed(end.error);
  if (end.status !== 'completed') return { done: false, result: { job_id: end.id, status: end.status, note: 'still running; its result will be at job(id) / GET /v1/jobs/{job_id}' } };
  return { done: true, result: { job_id: end.id, ...end.results } };
}

const texts = (refs: { text: string }[]) => refs.map((r) => r.text);

export const PLATFORM_TOOLS = {
  search_codes: tool({
    description:
      'Searches the building codes and standards in the code library (full text and meaning) and answers the best passages with the code, page and a snippet. ' +
      'Cite the code and page of what you use.',
    args: z.object({
      query: z.string().describe('What to look for, in words (e.g. "minimum concrete cover for slabs exposed to weather")'),
      design_standard: z.enum(DESIGN_STANDARDS).optional().describe('Only codes of this design standard'),
      file_ids: z.array(z.string()).max(50).optional().describe('Only these codes (file ids from the code library)'),
      per_page: z.int().min(1).max(20).default(5).describe('How many passages to answer'),
    }),
    async run(ctx, a) {
      const input = await prepareSearch(ctx.platform.db, { query: a.query, designStandard: a.design_standard, fileIds: a.file_ids, perPage: a.per_page });
      const { done, result } = await settle(ctx, await ctx.platform.jobs.create(ctx.principal, 'search', input));
      return { result, charges: done ? [{ kind: 'search_query', units: 1 }] : [] };
    },
  }),

  create_calculation_document: tool({
    description:
      'Writes a calculation document (Mathcad Prime .mcdx) from elements in order and computes its formulas with units; answers the download URL and each formula\'s value. ' +
      'Elements: {type:"text", content, style?: normal|heading1|heading2|heading3}; {type:"variable", name, value, unit?, description?}; ' +
      '{type:"formula", expression (e.g. "M = w*L^2/8"), description?, result_unit?}; {type:"image", url, caption?, width?, height?}.',
    args: z.object({
      document_name: z.string().describe('1 to 200 characters'),
      elements: z.array(z.looseObject({ type: z.string().describe('text, variable, formula or image') })).describe('The elements, in order'),
      metadata: z.object({ author: z.string().optional(), project: z.string().optional(), date: z.string().optional() }).optional(),
      options: z.object({ page_orientation: z.enum(['portrait', 'landscape']).optional() }).optional(),
    }),
    async run(ctx, a) {
      const request = prepareCreate(ctx.platform.config, ctx.principal, a);
      return settle(ctx, await ctx.platform.jobs.create(ctx.principal, 'calcdoc.create_document', request));
    },
  }),

  create_spreadsheet: tool({
    description:
      'Builds an Excel workbook (.xlsx) with tables, live formulas and native charts; answers the download URL. ' +
      'Blocks, in order on each sheet: {type:"header", content}; {type:"data_table", name, headers, rows}; ' +
      '{type:"formula", label, expression (Excel, may use Table[Column] references), format?: general|number|integer|currency|percent|date|scientific|engineering}; ' +
      '{type:"chart", chartType: bar|column|line|pie|scatter|area, title?, dataRange (a table name), xAxis, yAxis (column names), options?}.',
    args: z.object({
      workbook_name: z.string().describe('The file name, without .xlsx'),
      sheets: z.array(z.object({ name: z.string(), blocks: z.array(z.looseObject({ type: z.string() })) })).min(1),
    }),
    async run(ctx, a) {
      return settle(ctx, await ctx.platform.jobs.create(ctx.principal, createSpreadsheetJob.type, { workbookName: a.workbook_name, sheets: a.sheets }));
    },
  }),

  search_memory: tool({
    description: "Searches the user's memory (facts learned from earlier conversations) and answers the facts that match, best first.",
    args: z.object({
      query: z.string().min(1).describe('What to recall'),
      group_ids: z.array(z.string()).max(20).optional().describe('Only these memory groups'),
      max_facts: z.int().min(1).max(50).default(10),
    }),
    async run(ctx, a) {
      const facts = await searchMemory(ctx.platform, ctx.principal, { query: a.query, groupIds: a.group_ids, maxFacts: a.max_facts });
      return { result: { facts: facts.map((f) => ({ fact: f.fact, relation: f.name, valid_at: f.validAt, invalid_at: f.invalidAt, score: f.score })) } };
    },
  }),

  add_memory: tool({
    description: "Adds messages to the user's memory (a group), from which facts are extracted in the background; answers the ingestion job's id.",
    args: z.object({
      group_id: z.string().describe('The memory group (letters, digits, - and _)'),
      messages: z.array(z.object({ content: z.string().min(1), role_type: z.enum(['user', 'assistant', 'system']), role: z.string().optional() })).min(1).max(50),
    }),
    async run(ctx, a) {
      const added = await addMessages(ctx.platform, ctx.principal, a.group_id, a.messages.map((m) => ({ content: m.content, roleType: m.role_type, role: m.role ?? null })));
      return { result: { accepted: added.accepted, job_id: added.jobId } };
    },
  }),

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
          section_tags: an.section_tags.map((s) => ({ id: s.id, texts: texts(s.texts_inside), direction: s.direction })),
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
    description: "Searches a project's drawing set (its graph of sheets, views, callouts and members) and answers the matches with their sheets.",
    args: z.object({
      project_id: z.string(),
      query: z.string().min(1),
      per_page: z.int().min(1).max(20).default(10),
    }),
    async run(ctx, a) {
      await requireProject(ctx.platform, ctx.principal, a.project_id);
      const job = await ctx.platform.jobs.create(ctx.principal, PROJECT_SEARCH_JOB, { projectId: a.project_id, query: a.query, perPage: a.per_page });
      const { done, result } = await settle(ctx, job);
      return { result, charges: done ? [{ kind: 'search_query', units: 1 }] : [] };
    },
  }),

  add_project_sheets: tool({
    description: "Ingests pages of an uploaded drawing PDF (by its file hash) into a project's graph, one job per page; answers each page's outcome.",
    args: z.object({
      project_id: z.string(),
      file_hash: z.string().describe("The uploaded PDF's SHA-256"),
      pages: z.string().describe('Pages, e.g. "1-3,5"'),
    }),
    async run(ctx, a) {
      const created = await addSheets(ctx.platform, ctx.principal, { projectId: a.project_id, fileHash: a.file_hash, pages: a.pages });
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
} satisfies Record<string, PlatformTool>;

export type PlatformToolName = keyof typeof PLATFORM_TOOLS;
export const PLATFORM_TOOL_NAMES = Object.keys(PLATFORM_TOOLS) as PlatformToolName[];

export const isPlatformTool = (name: string): name is PlatformToolName => Object.hasOwn(PLATFORM_TOOLS, name);

/** Chat-completions tool definitions of the given platform tools. */
export function platformToolDefinitions(names: readonly PlatformToolName[]) {
  return names.map((name) => ({
    type: 'function' as const,
    function: { name, description: PLATFORM_TOOLS[name].description, parameters: z.toJSONSchema(PLATFORM_TOOLS[name].args, { io: 'input' }) },
  }));
}

/** Runs one platform tool call: its arguments checked, the domain called as the caller, the outcome as the model reads it. */
export async function runPlatformTool(ctx: ToolContext, name: PlatformToolName, rawArgs: unknown, log: { error(o: object, m: string): void }): Promise<PlatformOutcome> {
  const t = PLATFORM_TOOLS[name];
  const parsed = t.args.safeParse(rawArgs ?? {});
  if (!parsed.success) {
    const e = validationError(parsed.error, rawArgs);
    return { ok: false, error: { code: 'INVALID_ARGUMENTS', message: e.message, details: e.details } };
  }
  try {
    const { result, charges = [] } = await t.run(ctx, parsed.data);
    return { ok: true, result, charges };
  } catch (err) {
    if (err instanceof AppError || err instanceof JobFailed) return { ok: false, error: { code: err.code, message: err.message, ...(err.details ? { details: err.details } : {}) } };
    log.error({ err, tool: name }, 'platform tool failed');
    return { ok: false, error: { code: 'TOOL_FAILED', message: `${name} failed inside the platform` } };
  }
}
