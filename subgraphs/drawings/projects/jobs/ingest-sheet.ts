// The ingestion job of one sheet: Tier 1 analysis and the project's reading
// of the page in a worker thread, then the sheet's entities stored, its links
// resolved (and the links that waited for it), and, once the project's last
// pending page is in, its communities recomputed.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../../../../core/errors.ts';
import { readStream } from '../../../../core/files/read-stream.ts';
import type { JobHandler } from '../../../../core/jobs/types.ts';
import { LIMITS } from '../../../../core/limits.ts';
import { parseInput } from '../../../../core/validation.ts';
import { computeCommunities } from '../communities.ts';
import type { Entity, Relationship, Sheet } from '../model.ts';
import type { SheetDraft } from '../extract.ts';
import type { PageTaskResult } from './ingest-sheet-task.ts';
import type { SheetWrite } from '../store/project-graph-store.ts';
import { INGEST_SHEET_JOB, sheetIndexCheck } from '../service.ts';

const PAGE_TASK = new URL('./ingest-sheet-task.ts', import.meta.url);

const inputSchema = z.object({
  projectId: z.string().min(1),
  fileHash: z.string().regex(/^[0-9a-f]{64}$/),
  page: z.number().int().min(1),
});

export const ingestSheetJob: JobHandler<z.output<typeof inputSchema>> = {
  type: INGEST_SHEET_JOB,
  title: 'Sheet ingestion',
  description: 'Reads one page of a drawing set into a project graph: entities, relationships and cross-sheet links.',
  // The spec gives no durations for projects; a sheet takes Tier 1's analysis of the page and a little more.
  typicalSeconds: [1, 30],
  operation: { mutation: 'addProjectSheets', route: 'POST /v1/projects/{project_id}/sheets' },
  internal: { why: 'addProjectSheets stores the PDF and checks the pages first, one job per page' },
  parse: (input) => parseInput(inputSchema, input),
  async run(ctx) {
    const { store, embedder, sheetNumbers, summarizer } = ctx.services.drawings;
    const { projectId, fileHash, page } = ctx.input;
    const project = await store.getProject(ctx.job.accountId, projectId);
    if (!project)
      throw new AppError('PROJECT_NOT_FOUND', `Project ${projectId} was deleted before its sheet was ingested`, {
        project_id: projectId,
      });
    await store.updateIngestion(ctx.job.id, 'in_progress', null, null);
    try {
      const existing = await store.sheetAt(projectId, fileHash, page);
      if (existing) {
        await store.updateIngestion(ctx.job.id, 'completed', existing.id, null);
        return { ...sheetResult(existing), unchanged: true };
      }
      const file = await store.getFile(projectId, fileHash);
      if (!file)
        throw new AppError('FILE_NOT_FOUND', `The project's file ${fileHash} is gone`, { file_hash: fileHash });
      const bytes = await readStream(ctx.blobs.read(file.storageKey), Infinity);
      const outcome = await ctx.workers.run<PageTaskResult>(
        PAGE_TASK,
        { bytes, page, options: sheetNumbers },
        ctx.signal,
        { timeoutMs: LIMITS.drawingTimeoutMs },
      );
      await ctx.progress(70);

      const { sheet, entities, relationships, links } = toSheetWrite(outcome.draft, {
        projectId,
        fileHash,
        page,
        width: outcome.width,
        height: outcome.height,
      });
      let embeddings: Map<string, Float32Array> | undefined;
      if (embedder) {
        const vectors = await embedder.embed(entities.map((e) => `${e.type} ${e.label} ${e.text}`));
        embeddings = new Map(entities.map((e, i) => [e.id, vectors[i]!]));
      }
      await store.writeSheet({ sheet, entities, relationships, links, embeddings, embeddingModel: embedder?.model });
      await store.updateIngestion(ctx.job.id, 'completed', sheet.id, null);
      await store.recordUsage(ctx.job.accountId, projectId, 'page_ingested', 1, new Date().toISOString());
      const communities =
        (await store.unfinishedIngestions(projectId)) === 0
          ? await computeCommunities(store, projectId, ctx.workers, summarizer)
          : null;
      const linkRows = await store.linksOf(
        projectId,
        links.map((l) => l.calloutId),
      );
      // The set's index, as far as it is in: this sheet against it, and its rows no sheet answers yet.
      const indexCheck = await sheetIndexCheck({ store }, projectId);
      const ownCheck = indexCheck.sheets.get(sheet.id) ?? null;
      return {
        ...sheetResult(sheet),
        unchanged: false,
        entity_count: entities.length,
        relationship_count: relationships.length,
        links: {
          resolved: linkRows.filter((l) => l.status === 'resolved').length,
          dangling: linkRows.filter((l) => l.status === 'dangling').length,
        },
        index_check: ownCheck && {
          status: ownCheck.status,
          index_number: ownCheck.index?.number ?? null,
          index_title: ownCheck.index?.title ?? null,
          note: ownCheck.note,
          unmatched_rows: indexCheck.unmatchedRows.length,
        },
        community_count: communities?.count ?? null,
        // Null unless this job recomputed the communities with a model configured.
        llm_summaries: communities?.llm ?? null,
        tier1_ms: Math.round(outcome.tier1Ms),
        processing_ms: Math.round(outcome.totalMs),
      };
    } catch (err) {
      if (!ctx.signal.aborted)
        await store.updateIngestion(ctx.job.id, 'failed', null, err instanceof Error ? err.message : String(err));
      throw err;
    }
  },
};

/** A sheet draft with project ids: what the store writes. */
export function toSheetWrite(
  draft: SheetDraft,
  at: { projectId: string; fileHash: string; page: number; width: number; height: number },
): SheetWrite {
  const { projectId, fileHash, page } = at;
  const ids = new Map(draft.entities.map((e) => [e.key, randomUUID()]));
  const sheet: Sheet = {
    id: randomUUID(),
    projectId,
    fileHash,
    page,
    number: draft.number,
    normNumber: draft.normNumber,
    title: draft.title,
    discipline: draft.discipline,
    width: at.width,
    height: at.height,
    createdAt: new Date().toISOString(),
  };
  const entities: Entity[] = draft.entities.map((e) => ({
    id: ids.get(e.key)!,
    projectId,
    sheetId: sheet.id,
    type: e.type,
    label: e.label,
    text: e.text,
    page,
    bbox: e.bbox,
    provenance: e.provenance,
    props: e.props,
    sameKey: e.sameKey,
    viewKey: e.viewKey,
    communityId: null,
  }));
  const relationships: Relationship[] = draft.relationships.map((r) => ({
    id: randomUUID(),
    projectId,
    type: r.type,
    sourceId: ids.get(r.source)!,
    targetId: ids.get(r.target)!,
    props: r.props ?? {},
  }));
  const links = draft.links.map((l) => ({
    calloutId: ids.get(l.callout)!,
    projectId,
    sheetId: sheet.id,
    targetSheet: l.targetSheet,
    targetSheetNorm: l.targetSheetNorm,
    targetView: l.targetView,
  }));
  return { sheet, entities, relationships, links };
}

const sheetResult = (s: Sheet) => ({
  project_id: s.projectId,
  sheet_id: s.id,
  sheet_number: s.number,
  sheet_title: s.title,
  discipline: s.discipline,
  file_hash: s.fileHash,
  page: s.page,
});
