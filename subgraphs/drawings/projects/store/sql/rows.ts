// The project tables' rows as the model's objects, and the columns an entity is written with.
import type { BBox } from '../../../../../core/geometry/types.ts';
import type {
  Community,
  Entity,
  EntityType,
  Link,
  Project,
  RelationshipType,
  Relationship,
  Sheet,
} from '../../model.ts';
import type { Row } from './dialect.ts';

export const ph = (n: number) => Array.from({ length: n }, () => '?').join(',');
export const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
export const num = (v: unknown) => Number(v ?? 0);
/**
 * Rows per multi-row INSERT: 13 columns × 500 stays far under SQLite's 32,766 parameters (and
 * PostgreSQL's 65,535). Each
 * statement costs the main thread a few ms through the adapter whatever its size, so a sheet's
 * entities go in one statement where they can.
 */
export const BATCH = 500;
/** Ids per IN (…) list. */
export const CHUNK = 400;

export const toProject = (r: Row): Project => ({
  id: String(r.id),
  accountId: String(r.accountId),
  name: String(r.name),
  description: str(r.description),
  createdAt: String(r.createdAt),
  updatedAt: String(r.updatedAt),
});

export const toSheet = (r: Row): Sheet => ({
  id: String(r.id),
  projectId: String(r.projectId),
  fileHash: String(r.fileHash),
  page: num(r.page),
  number: str(r.number),
  normNumber: str(r.normNumber),
  title: str(r.title),
  discipline: str(r.discipline),
  width: num(r.width),
  height: num(r.height),
  createdAt: String(r.createdAt),
});

export const ENTITY_COLUMNS = `e."id", e."projectId", e."sheetId", e."type", e."label", e."text", e."page", e."bbox", e."provenance", e."props", e."sameKey", e."viewKey", e."communityId"`;

export const toEntity = (r: Row): Entity => ({
  id: String(r.id),
  projectId: String(r.projectId),
  sheetId: String(r.sheetId),
  type: String(r.type) as EntityType,
  label: String(r.label),
  text: String(r.text),
  page: num(r.page),
  bbox: JSON.parse(String(r.bbox)) as BBox,
  provenance: String(r.provenance),
  props: JSON.parse(String(r.props)) as Record<string, unknown>,
  sameKey: str(r.sameKey),
  viewKey: str(r.viewKey),
  communityId: str(r.communityId),
});

export const toRel = (r: Row): Relationship => ({
  id: String(r.id),
  projectId: String(r.projectId),
  type: String(r.type) as RelationshipType,
  sourceId: String(r.sourceId),
  targetId: String(r.targetId),
  props: JSON.parse(String(r.props)) as Record<string, unknown>,
});

export const toLink = (r: Row): Link => ({
  calloutId: String(r.calloutId),
  projectId: String(r.projectId),
  sheetId: String(r.sheetId),
  targetSheet: str(r.targetSheet),
  targetSheetNorm: str(r.targetSheetNorm),
  targetView: str(r.targetView),
  status: String(r.status) as Link['status'],
  reason: str(r.reason) as Link['reason'],
  resolvedSheetId: str(r.resolvedSheetId),
  resolvedViewId: str(r.resolvedViewId),
});

export const toCommunity = (r: Row): Community => {
  // The model's summary rides in details beside the lists (no column of its own: it is shown, never queried).
  const { llmSummary, ...d } = JSON.parse(String(r.details)) as Pick<
    Community,
    'sheets' | 'disciplines' | 'topMembers' | 'topGrids'
  > & { llmSummary?: string | null };
  return {
    id: String(r.id),
    projectId: String(r.projectId),
    index: num(r.idx),
    title: String(r.title),
    summary: String(r.summary),
    llmSummary: llmSummary ?? null,
    size: num(r.size),
    rank: num(r.rank),
    ...d,
  };
};

export const ENTITY_WRITE_COLUMNS = [
  'id',
  'projectId',
  'sheetId',
  'type',
  'label',
  'text',
  'page',
  'bbox',
  'provenance',
  'props',
  'sameKey',
  'viewKey',
];
export const entityRow = (e: Entity, projectId: string, sheetId: string) => [
  e.id,
  projectId,
  sheetId,
  e.type,
  e.label,
  e.text,
  e.page,
  JSON.stringify(e.bbox),
  e.provenance,
  JSON.stringify(e.props),
  e.sameKey,
  e.viewKey,
];
