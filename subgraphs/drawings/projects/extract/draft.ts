// The sheet draft every extraction rule adds to: entities with local keys ("e12"), their
// relationships and the callouts' links, capped at MAX_ENTITIES_PER_SHEET.
import { containsBox } from '../../../../core/geometry/bbox.ts';
import type { BBox, Point } from '../../../../core/geometry/types.ts';
import type { EntityType, RelationshipType } from '../model.ts';
import type { SheetNumberOptions } from '../sheet-number.ts';
import type { TextLine } from '../text-lines.ts';

export interface GridBubble {
  label: string;
  center: Point;
  radius: number;
}

export interface DraftEntity {
  key: string;
  type: EntityType;
  label: string;
  text: string;
  bbox: BBox;
  provenance: string;
  props: Record<string, unknown>;
  sameKey: string | null;
  viewKey: string | null;
}

export interface DraftRelationship {
  type: RelationshipType;
  source: string;
  target: string;
  props?: Record<string, unknown>;
}

/** A callout's target as read on the sheet; resolved against the project by the store. */
export interface DraftLink {
  callout: string;
  targetSheet: string | null;
  targetSheetNorm: string | null;
  targetView: string | null;
}

export interface SheetDraft {
  number: string | null;
  normNumber: string | null;
  title: string | null;
  discipline: string | null;
  /** The title block's bounds on the page, null when none was found. */
  titleblock: BBox | null;
  entities: DraftEntity[];
  relationships: DraftRelationship[];
  links: DraftLink[];
}

/** Entities one page may yield: a dense sheet has a few thousand; more is hostile input, cut off. */
export const MAX_ENTITIES_PER_SHEET = 20_000;

export interface Draft {
  entities: DraftEntity[];
  relationships: DraftRelationship[];
  links: DraftLink[];
  /** Adds an entity with the next local key; null once the sheet holds MAX_ENTITIES_PER_SHEET. */
  add(e: Omit<DraftEntity, 'key'>): DraftEntity | null;
  rel(type: RelationshipType, source: string, target: string, props?: Record<string, unknown>): void;
}

export function createDraft(): Draft {
  const entities: DraftEntity[] = [];
  const relationships: DraftRelationship[] = [];
  let n = 0;
  return {
    entities,
    relationships,
    links: [],
    add(e) {
      if (entities.length >= MAX_ENTITIES_PER_SHEET) return null;
      const entity = { key: `e${++n}`, ...e };
      entities.push(entity);
      return entity;
    },
    rel(type, source, target, props) {
      relationships.push({ type, source, target, props });
    },
  };
}

/** What every rule reads about the sheet it works on. */
export interface SheetContext {
  draft: Draft;
  /** The Sheet entity. */
  sheet: DraftEntity;
  number: string | null;
  normNumber: string | null;
  title: string | null;
  discipline: string | null;
  page: number;
  options: SheetNumberOptions;
  titleblock: BBox | null;
  /** Every text line of the page. */
  lines: TextLine[];
  /** The lines outside the title block: the title block is the sheet's own furniture. */
  drawingLines: TextLine[];
}

/** Whether a box lies in the title block (where only revision rows are read). */
export function inTitleblock(ctx: Pick<SheetContext, 'titleblock'>, b: BBox): boolean {
  return ctx.titleblock ? containsBox(ctx.titleblock, b, 2) : false;
}
