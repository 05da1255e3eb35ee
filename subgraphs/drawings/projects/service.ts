// Projects for an account: create, list, read with statistics, delete, add
// sheets (one ingestion job per page) and browse the graph. Domain functions:
// camelCase in and out; rest-compat maps the spec's snake_case. Each takes the
// project collaborators (ProjectServices), built once when the subgraph starts
// (../index.ts) and passed in; jobs and tools build theirs from their context.
import { createHash, randomUUID } from 'node:crypto';
import type { Principal } from '../../../core/auth/keys.ts';
import { AppError, fieldError } from '../../../core/errors.ts';
import { readStream } from '../../../core/files/read-stream.ts';
import type { JobRecord } from '../../../core/jobs/types.ts';
import type { Embedder } from '../../../core/embedding/embed.ts';
import type { Platform, ServiceBase } from '../../../core/platform.ts';
import { MAX_DRAWING_BYTES } from '../service.ts';
import { createLlmSummarizer, type CommunitySummarizer } from './community-summaries.ts';
import {
  ENTITY_TYPES,
  type Entity,
  type Link,
  type Page,
  type Project,
  type ProjectStats,
  type Relationship,
  type Sheet,
} from './model.ts';
import { checkPagesInDocument, parsePages } from './pages.ts';
import { ftsMatch } from './search.ts';
import { checkSetAgainstIndex, type IndexRow, type SetIndexCheck, type SheetOfSet } from '../titleblock/sheet-index.ts';
import { normaliseSheetNumber, sheetNumberOptions, type SheetNumberOptions } from './sheet-number.ts';
import { createLibsqlProjectStore } from './store/libsql-store.ts';
import { createPostgresProjectStore } from './store/postgres-store.ts';
import type { ProjectGraphStore } from './store/project-graph-store.ts';

export const INGEST_SHEET_JOB = 'project.ingest_sheet';
export const PROJECT_SEARCH_JOB = 'project.search';
const PDF_INFO_TASK = new URL('./pdf-info-task.ts', import.meta.url);
const HASH = /^[0-9a-f]{64}$/;
/** Bounds of a project's name and description (the spec: name 1–200 characters). */
export const NAME_MAX = 200;
export const DESCRIPTION_MAX = 5_000;

/**
 * A project graph's collaborators: the store (libSQL's or PostgreSQL's, as the database's
 * engine); when EMBEDDINGS_URL names an OpenAI-compatible endpoint, the embedder whose vectors
 * search adds to full text; when PROJECT_LLM_URL names one, the model that writes community
 * summaries.
 */
export interface ProjectServices {
  store: ProjectGraphStore;
  /** Null without an embeddings endpoint: search is then full text plus graph expansion. */
  embedder: Embedder | null;
  sheetNumbers: SheetNumberOptions;
  /** Null without PROJECT_LLM_URL: communities keep their deterministic summaries only. */
  summarizer: CommunitySummarizer | null;
}

declare module '../../../core/subgraph-services.ts' {
  interface SubgraphServices {
    drawings: ProjectServices;
  }
}

/**
 * Builds the project collaborators, once per process when the platform is created
 * (SubgraphModule.services): resolvers, job types and tools read them at services.drawings.
 */
export function createProjectServices(base: ServiceBase): ProjectServices {
  const { db, config } = base;
  const store = db.engine === 'postgresql' ? createPostgresProjectStore(db) : createLibsqlProjectStore(db);
  base.onClose(() => store.close());
  return {
    store,
    embedder: config.embeddingsUrl ? base.embedder : null,
    sheetNumbers: sheetNumberOptions(),
    summarizer: config.projectLlmUrl
      ? createLlmSummarizer({
          url: config.projectLlmUrl,
          model: config.projectLlmModel,
          apiKey: config.projectLlmApiKey ?? undefined,
          timeoutMs: config.projectLlmTimeoutMs,
        })
      : null,
  };
}

export async function createProject(
  services: ProjectServices,
  principal: Principal,
  input: { name: string; description?: string | null },
): Promise<Project> {
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  if (!name) throw new AppError('VALIDATION_ERROR', 'name: required, 1 to 200 characters', { field: 'name' });
  if (name.length > NAME_MAX)
    throw fieldError('UNPROCESSABLE', 'name', `at most ${NAME_MAX} characters`, { field: 'name' });
  const description = input.description ?? null;
  if (description !== null && description.length > DESCRIPTION_MAX)
    throw fieldError('UNPROCESSABLE', 'description', `at most ${DESCRIPTION_MAX} characters`, { field: 'description' });
  const now = new Date().toISOString();
  return services.store.createProject({
    id: randomUUID(),
    accountId: principal.accountId,
    name,
    description,
    createdAt: now,
    updatedAt: now,
  });
}

export async function listProjects(
  services: ProjectServices,
  principal: Principal,
  offset: number,
  limit: number,
): Promise<Project[]> {
  return services.store.listProjects(principal.accountId, offset, limit);
}

/** The caller's project, or PROJECT_NOT_FOUND (another account's project is not told apart from none). */
export async function requireProject(services: ProjectServices, principal: Principal, id: string): Promise<Project> {
  const project = await services.store.getProject(principal.accountId, id);
  if (!project) throw new AppError('PROJECT_NOT_FOUND', `Project ${id} not found`, { project_id: id });
  return project;
}

export async function findProject(
  services: ProjectServices,
  principal: Principal,
  id: string,
): Promise<Project | null> {
  return services.store.getProject(principal.accountId, id);
}

export const projectStats = (services: ProjectServices, project: Project): Promise<ProjectStats> =>
  services.store.stats(project);

/** Deletes the project, its graph and its files (the bytes in the platform's blob storage). */
export async function deleteProject(
  platform: Pick<Platform, 'blobs'>,
  services: ProjectServices,
  principal: Principal,
  id: string,
): Promise<boolean> {
  const keys = await services.store.deleteProject(principal.accountId, id);
  if (!keys) return false;
  for (const k of keys) await platform.blobs.delete(k);
  return true;
}

export interface AddSheetsInput {
  projectId: string;
  bytes?: Uint8Array;
  fileHash?: string;
  pages: string;
}

/** Stores the PDF with the project (once per hash) and creates one ingestion job per page. */
export async function addSheets(
  platform: Platform,
  services: ProjectServices,
  principal: Principal,
  input: AddSheetsInput,
): Promise<{ page: number; job: JobRecord }[]> {
  const project = await requireProject(services, principal, input.projectId);
  const { store } = services;
  if ((input.bytes === undefined) === (input.fileHash === undefined))
    throw new AppError('VALIDATION_ERROR', 'send exactly one of file and file_hash', { fields: ['file', 'file_hash'] });
  const pages = parsePages(input.pages);

  let file;
  if (input.fileHash !== undefined) {
    const hash = input.fileHash.toLowerCase();
    if (!HASH.test(hash))
      throw new AppError('VALIDATION_ERROR', 'file_hash must be the SHA-256 of a PDF, as 64 hexadecimal characters', {
        field: 'file_hash',
      });
    file = await store.getFile(project.id, hash);
    if (!file) {
      // A PDF this account uploaded for Tier 1 analysis joins the project without uploading again.
      const drawing = await platform.db.drawingFile.findUnique({
        where: { accountId_hash: { accountId: principal.accountId, hash } },
      });
      if (!drawing || drawing.expiresAt <= new Date())
        throw new AppError('FILE_NOT_FOUND', `No uploaded file with file_hash ${hash}`, { file_hash: hash });
      const bytes = await readStream(platform.blobs.read(drawing.storageKey), Infinity);
      file = {
        projectId: project.id,
        hash,
        size: bytes.byteLength,
        pageCount: drawing.pageCount,
        storageKey: `projects/${project.id}/${hash}.pdf`,
      };
      checkPagesInDocument(pages, file.pageCount);
      await platform.blobs.put(file.storageKey, bytes);
      await store.putFile(file);
    }
  } else {
    const bytes = input.bytes!;
    if (bytes.byteLength > MAX_DRAWING_BYTES)
      throw new AppError('PAYLOAD_TOO_LARGE', `file exceeds the limit of ${MAX_DRAWING_BYTES} bytes`, {
        field: 'file',
      });
    const hash = createHash('sha256').update(bytes).digest('hex');
    file = await store.getFile(project.id, hash);
    if (!file) {
      const info = await platform.workers
        .run<{ pageCount: number }>(PDF_INFO_TASK, { bytes }, undefined, { timeoutMs: 30_000 })
        .catch((err) => {
          // The file is the caller's: name the field.
          throw err instanceof AppError ? new AppError(err.code, err.message, { field: 'file', ...err.details }) : err;
        });
      file = {
        projectId: project.id,
        hash,
        size: bytes.byteLength,
        pageCount: info.pageCount,
        storageKey: `projects/${project.id}/${hash}.pdf`,
      };
      checkPagesInDocument(pages, file.pageCount);
      await platform.blobs.put(file.storageKey, bytes);
      await store.putFile(file);
    }
  }
  checkPagesInDocument(pages, file.pageCount);

  // All or nothing: a request that would pass the tier's unfinished-job cap creates no job.
  const cap = platform.config.tiers[principal.tier].maxUnfinishedJobs;
  const unfinished = await platform.jobs.store.countUnfinished(principal.accountId);
  if (unfinished + pages.length > cap) {
    throw new AppError(
      'TOO_MANY_JOBS',
      `${pages.length} page(s) would make ${unfinished + pages.length} unfinished jobs, more than the ${principal.tier} tier's ${cap}`,
      { limit: cap, unfinished },
    );
  }
  const out = [];
  for (const page of pages) {
    const job = await platform.jobs.create(principal, INGEST_SHEET_JOB, {
      projectId: project.id,
      fileHash: file.hash,
      page,
    });
    await store.recordIngestion({ jobId: job.id, projectId: project.id, fileHash: file.hash, page, status: 'pending' });
    out.push({ page, job });
  }
  return out;
}

export interface Paging {
  offset: number;
  limit: number;
}

export async function listSheets(services: ProjectServices, project: Project, paging: Paging): Promise<Page<Sheet>> {
  return services.store.listSheets(project.id, paging.offset, paging.limit);
}

/**
 * Each sheet against the set's sheet index (identity/sheet-index.ts, rule index-check), computed
 * from the Sheet entities as stored: what each title block printed and the index a cover prints.
 */
export async function sheetIndexCheck(
  services: Pick<ProjectServices, 'store'>,
  projectId: string,
): Promise<SetIndexCheck> {
  const sheets: SheetOfSet[] = [];
  for (let offset = 0; ; offset += 500) {
    const page = await services.store.listEntities(projectId, { type: 'Sheet' }, offset, 500);
    for (const e of page.items) {
      const p = e.props as { number?: string | null; title?: string | null; sheetIndex?: IndexRow[] };
      sheets.push({ id: e.sheetId, number: p.number ?? null, title: p.title ?? null, index: p.sheetIndex ?? [] });
    }
    if (page.items.length < 500) break;
  }
  return checkSetAgainstIndex(sheets);
}

export interface EntityQuery {
  type?: string | null;
  /** A sheet id or a sheet number ("A-501" finds A501). */
  sheet?: string | null;
  q?: string | null;
}

export async function listEntities(
  services: ProjectServices,
  project: Project,
  query: EntityQuery,
  paging: Paging,
): Promise<Page<Entity>> {
  const { store, sheetNumbers } = services;
  if (query.type && !(ENTITY_TYPES as readonly string[]).includes(query.type)) {
    throw fieldError('UNPROCESSABLE', 'type', `must be one of ${ENTITY_TYPES.join(', ')}`, {
      field: 'type',
      allowed: ENTITY_TYPES,
    });
  }
  let sheetId: string | null = null;
  if (query.sheet) {
    const byId = (await store.sheetsByIds([query.sheet])).find((s) => s.projectId === project.id);
    const sheet = byId ?? (await store.sheetByNumber(project.id, normaliseSheetNumber(query.sheet, sheetNumbers)));
    if (!sheet) return { items: [], total: 0 };
    sheetId = sheet.id;
  }
  const match = query.q ? ftsMatch(query.q) : null;
  if (query.q && !match) return { items: [], total: 0 };
  return store.listEntities(project.id, { type: query.type ?? null, sheetId, match }, paging.offset, paging.limit);
}

export interface EntityDetail {
  entity: Entity;
  sheet: Sheet | null;
  relationships: Relationship[];
  /** The callout's link (resolved or dangling with its reason); null for other entities. */
  link: Link | null;
}

export async function getEntity(services: ProjectServices, project: Project, id: string): Promise<EntityDetail | null> {
  const { store } = services;
  const [entity] = await store.entitiesByIds(project.id, [id]);
  if (!entity) return null;
  const [sheet] = await store.sheetsByIds([entity.sheetId]);
  const relationships = await store.relationshipsOf(project.id, [id]);
  if (entity.communityId)
    relationships.push({
      id: `${id}:community`,
      projectId: project.id,
      type: 'IN_COMMUNITY',
      sourceId: id,
      targetId: entity.communityId,
      props: {},
    });
  const [link] = entity.type === 'Callout' ? await store.linksOf(project.id, [id]) : [];
  return { entity, sheet: sheet ?? null, relationships, link: link ?? null };
}

export async function listRelationships(
  services: ProjectServices,
  project: Project,
  type: string | null,
  paging: Paging,
): Promise<Page<Relationship>> {
  return services.store.listRelationships(project.id, type, paging.offset, paging.limit);
}

export async function listCommunities(services: ProjectServices, project: Project, paging: Paging) {
  return services.store.listCommunities(project.id, paging.offset, paging.limit);
}

/** A search job over the caller's project (jobs/search.ts runs it): the project is checked first, so another account's is 404. */
export async function createSearchJob(
  platform: Pick<Platform, 'jobs'>,
  services: ProjectServices,
  principal: Principal,
  projectId: string,
  input: { query: string; page?: number | null; perPage?: number | null },
): Promise<JobRecord> {
  await requireProject(services, principal, projectId);
  return platform.jobs.create(principal, PROJECT_SEARCH_JOB, {
    projectId,
    query: input.query,
    page: input.page ?? undefined,
    perPage: input.perPage ?? undefined,
  });
}
