// Projects for an account: create, list, read with statistics, delete, add
// sheets (one ingestion job per page) and browse the graph. Domain functions:
// camelCase in and out; rest-compat maps the spec's snake_case.
import { createHash, randomUUID } from 'node:crypto';
import type { Principal } from '../../../core/auth/keys.ts';
import { AppError } from '../../../core/errors.ts';
import { readStream } from '../../../core/files/read-stream.ts';
import type { JobRecord } from '../../../core/jobs/types.ts';
import type { Platform } from '../../../core/platform.ts';
import { MAX_DRAWING_BYTES } from '../service.ts';
import { ENTITY_TYPES, type Entity, type Link, type Page, type Project, type ProjectStats, type Relationship, type Sheet } from './model.ts';
import { checkPagesInDocument, parsePages } from './pages.ts';
import { ftsMatch } from './search.ts';
import { projectServices } from './services.ts';
import { normaliseSheetNumber } from './sheet-number.ts';

export const INGEST_SHEET_JOB = 'project.ingest_sheet';
const PDF_INFO_TASK = new URL('./pdf-info-task.ts', import.meta.url);
const HASH = /^[0-9a-f]{64}$/;
/** Bounds of a project's name and description (the spec: name 1–200 characters). */
export const NAME_MAX = 200;
export const DESCRIPTION_MAX = 5_000;

const services = (platform: Platform) => projectServices(platform.db, platform.config);

export async function createProject(platform: Platform, principal: Principal, input: { name: string; description?: string | null }): Promise<Project> {
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  if (!name) throw new AppError('VALIDATION_ERROR', 'name: required, 1 to 200 characters', { field: 'name' });
  if (name.length > NAME_MAX) throw new AppError('UNPROCESSABLE', `name: at most ${NAME_MAX} characters`, { field: 'name' });
  const description = input.description ?? null;
  if (description !== null && description.length > DESCRIPTION_MAX) throw new AppError('UNPROCESSABLE', `description: at most ${DESCRIPTION_MAX} characters`, { field: 'description' });
  const now = new Date().toISOString();
  return services(platform).store.createProject({ id: randomUUID(), accountId: principal.accountId, name, description, createdAt: now, updatedAt: now });
}

export async function listProjects(platform: Platform, principal: Principal, offset: number, limit: number): Promise<Project[]> {
  return services(platform).store.listProjects(principal.accountId, offset, limit);
}

/** The caller's project, or PROJECT_NOT_FOUND (another account's project is not told apart from none). */
export async function requireProject(platform: Platform, principal: Principal, id: string): Promise<Project> {
  const project = await services(platform).store.getProject(principal.accountId, id);
  if (!project) throw new AppError('PROJECT_NOT_FOUND', `Project ${id} not found`, { project_id: id });
  return project;
}

export async function findProject(platform: Platform, principal: Principal, id: string): Promise<Project | null> {
  return services(platform).store.getProject(principal.accountId, id);
}

export const projectStats = (platform: Platform, project: Project): Promise<ProjectStats> => services(platform).store.stats(project);

export async function deleteProject(platform: Platform, principal: Principal, id: string): Promise<boolean> {
  const keys = await services(platform).store.deleteProject(principal.accountId, id);
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
export async function addSheets(platform: Platform, principal: Principal, input: AddSheetsInput): Promise<{ page: number; job: JobRecord }[]> {
  const project = await requireProject(platform, principal, input.projectId);
  const { store } = services(platform);
  if ((input.bytes === undefined) === (input.fileHash === undefined)) throw new AppError('VALIDATION_ERROR', 'send exactly one of file and file_hash', { fields: ['file', 'file_hash'] });
  const pages = parsePages(input.pages);

  let file;
  if (input.fileHash !== undefined) {
    const hash = input.fileHash.toLowerCase();
    if (!HASH.test(hash)) throw new AppError('VALIDATION_ERROR', 'file_hash must be the SHA-256 of a PDF, as 64 hexadecimal characters', { field: 'file_hash' });
    file = await store.getFile(project.id, hash);
    if (!file) {
      // A PDF this account uploaded for Tier 1 analysis joins the project without uploading again.
      const drawing = await platform.db.drawingFile.findUnique({ where: { accountId_hash: { accountId: principal.accountId, hash } } });
      if (!drawing || drawing.expiresAt <= new Date()) throw new AppError('FILE_NOT_FOUND', `No uploaded file with file_hash ${hash}`, { file_hash: hash });
      const bytes = await readStream(platform.blobs.read(drawing.storageKey), Infinity);
      file = { projectId: project.id, hash, size: bytes.byteLength, pageCount: drawing.pageCount, storageKey: `projects/${project.id}/${hash}.pdf` };
      checkPagesInDocument(pages, file.pageCount);
      await platform.blobs.put(file.storageKey, bytes);
      await store.putFile(file);
    }
  } else {
    const bytes = input.bytes!;
    if (bytes.byteLength > MAX_DRAWING_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', `file exceeds the limit of ${MAX_DRAWING_BYTES} bytes`, { field: 'file' });
    const hash = createHash('sha256').update(bytes).digest('hex');
    file = await store.getFile(project.id, hash);
    if (!file) {
      const info = await platform.workers
        .run<{ pageCount: number }>(PDF_INFO_TASK, { bytes }, undefined, { timeoutMs: 30_000 })
        .catch((err) => {
          // The file is the caller's: name the field.
          throw err instanceof AppError ? new AppError(err.code, err.message, { field: 'file', ...err.details }) : err;
        });
      file = { projectId: project.id, hash, size: bytes.byteLength, pageCount: info.pageCount, storageKey: `projects/${project.id}/${hash}.pdf` };
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
    throw new AppError('TOO_MANY_JOBS', `${pages.length} page(s) would make ${unfinished + pages.length} unfinished jobs, more than the ${principal.tier} tier's ${cap}`, { limit: cap, unfinished });
  }
  const out = [];
  for (const page of pages) {
    const job = await platform.jobs.create(principal, INGEST_SHEET_JOB, { projectId: project.id, fileHash: file.hash, page });
    await store.recordIngestion({ jobId: job.id, projectId: project.id, fileHash: file.hash, page, status: 'pending' });
    out.push({ page, job });
  }
  return out;
}

export interface Paging {
  offset: number;
  limit: number;
}

export async function listSheets(platform: Platform, project: Project, paging: Paging): Promise<Page<Sheet>> {
  return services(platform).store.listSheets(project.id, paging.offset, paging.limit);
}

export interface EntityQuery {
  type?: string | null;
  /** A sheet id or a sheet number ("A-501" finds A501). */
  sheet?: string | null;
  q?: string | null;
}

export async function listEntities(platform: Platform, project: Project, query: EntityQuery, paging: Paging): Promise<Page<Entity>> {
  const { store, sheetNumbers } = services(platform);
  if (query.type && !(ENTITY_TYPES as readonly string[]).includes(query.type)) {
    throw new AppError('UNPROCESSABLE', `type: must be one of ${ENTITY_TYPES.join(', ')}`, { field: 'type', allowed: ENTITY_TYPES });
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

export async function getEntity(platform: Platform, project: Project, id: string): Promise<EntityDetail | null> {
  const { store } = services(platform);
  const [entity] = await store.entitiesByIds(project.id, [id]);
  if (!entity) return null;
  const [sheet] = await store.sheetsByIds([entity.sheetId]);
  const relationships = await store.relationshipsOf(project.id, [id]);
  if (entity.communityId) relationships.push({ id: `${id}:community`, projectId: project.id, type: 'IN_COMMUNITY', sourceId: id, targetId: entity.communityId, props: {} });
  const [link] = entity.type === 'Callout' ? await store.linksOf(project.id, [id]) : [];
  return { entity, sheet: sheet ?? null, relationships, link: link ?? null };
}

export async function listRelationships(platform: Platform, project: Project, type: string | null, paging: Paging): Promise<Page<Relationship>> {
  return services(platform).store.listRelationships(project.id, type, paging.offset, paging.limit);
}

export async function listCommunities(platform: Platform, project: Project, paging: Paging) {
  return services(platform).store.listCommunities(project.id, paging.offset, paging.limit);
}
