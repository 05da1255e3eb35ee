// The project graph's domain shapes (camelCase; REST maps them in rest-compat/routes/projects.ts).
import type { BBox } from '../../../core/geometry/types.ts';

export const ENTITY_TYPES = [
  'Sheet',
  'View',
  'Callout',
  'GridLine',
  'Level',
  'MemberMark',
  'Keynote',
  'Note',
  'Revision',
  'Room',
] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

export const RELATIONSHIP_TYPES = [
  'ON_SHEET',
  'REFERENCES',
  'SHOWN_ON',
  'POINTS_TO',
  'MENTIONS',
  'REVISED_IN',
  'SAME_AS',
  'IN_COMMUNITY',
] as const;
export type RelationshipType = (typeof RELATIONSHIP_TYPES)[number];

export interface Project {
  id: string;
  accountId: string;
  name: string;
  description: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface ProjectStats {
  sheetCount: number;
  entityCount: number;
  relCount: number;
  communityCount: number;
  pageCount: number;
  /** Ingestion jobs of the project by status (pending, in_progress, completed, failed). */
  ingestions: Record<string, number>;
  links: { resolved: number; dangling: number };
  usage: { pagesIngested: number; searches: number };
}

export interface ProjectFile {
  projectId: string;
  hash: string;
  size: number;
  pageCount: number;
  storageKey: string;
}

export interface Sheet {
  id: string;
  projectId: string;
  fileHash: string;
  page: number;
  /** As printed in the title block; null when none was read. */
  number: string | null;
  /** The number as links compare it (sheet-number.ts). */
  normNumber: string | null;
  title: string | null;
  discipline: string | null;
  width: number;
  height: number;
  createdAt: string;
}

/** Where an entity came from: a Tier 1 detector (`tier1:detail_tags`) or a named text rule of extract.ts (`text:member-mark`). */
export type Provenance = string;

export interface Entity {
  id: string;
  projectId: string;
  sheetId: string;
  type: EntityType;
  /** Short name: the sheet number, "3/A501", "W12x26", "GRID C". */
  label: string;
  /** The words searched and shown: title, note text, description. */
  text: string;
  page: number;
  bbox: BBox;
  provenance: Provenance;
  /** Type-specific fields: a callout's target, a view's scale, a revision's date. */
  props: Record<string, unknown>;
  /** Entities with the same key on different sheets are SAME_AS (grid lines, levels, member marks). */
  sameKey: string | null;
  /** For views: the view id as callouts name it (normalised); else null. */
  viewKey: string | null;
  communityId: string | null;
}

export interface Relationship {
  id: string;
  projectId: string;
  type: RelationshipType;
  sourceId: string;
  targetId: string;
  props: Record<string, unknown>;
}

export type LinkStatus = 'resolved' | 'dangling';
/** Why a link waits: its sheet is not in the project, the view is not on that sheet, or the tag's sheet could not be read. */
export type DanglingReason = 'sheet_not_ingested' | 'view_not_found' | 'target_unreadable';

export interface Link {
  calloutId: string;
  projectId: string;
  sheetId: string;
  targetSheet: string | null;
  targetSheetNorm: string | null;
  targetView: string | null;
  status: LinkStatus;
  reason: DanglingReason | null;
  resolvedSheetId: string | null;
  resolvedViewId: string | null;
}

export interface Community {
  id: string;
  projectId: string;
  index: number;
  title: string;
  /** Deterministic: its sheets, entity counts, members and grids. */
  summary: string;
  /** Written by the configured language model (PROJECT_LLM_URL); null without one, beyond the largest communities, or when the call failed. */
  llmSummary: string | null;
  size: number;
  rank: number;
  sheets: string[];
  disciplines: string[];
  topMembers: string[];
  topGrids: string[];
}

export interface Page<T> {
  items: T[];
  total: number;
}
