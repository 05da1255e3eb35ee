/**
 * The ground-truth schema and the single mapping from layout space into it.
 * Truth is in displayed page coordinates (rotation applied, origin top-left,
 * y down) because that is what pdf.js's viewport gives a detector; every
 * coordinate goes through viewport ∘ layoutToUser, never a shortcut.
 */
import { apply, boxOf, compose, corners, round } from './geometry.ts';
import type { Box, Matrix, Point, Rotation } from './geometry.ts';
import type { Arrowhead, CloudColor, SheetSpec, TagOutline } from './styles.ts';
import type { TextRun } from './text.ts';

export type Direction = 'left' | 'right' | 'up' | 'down';

export interface TextTruth {
  id: string;
  text: string;
  /** Generous box of the run (cap height to descender, advance width). */
  bbox: Box;
}

export interface CircleTruth {
  center: Point;
  radius: number;
}

export interface LeaderTruth {
  id: string;
  arrow_tip: Point;
  arrowhead: Arrowhead;
  /** Leader polyline from the note to the tip. */
  vertices: Point[];
  /** Leader line plus arrowhead. */
  bbox: Box;
  /** The note text block. */
  text_bbox: Box;
  texts_inside: TextTruth[];
}

export interface SectionTagTruth {
  id: string;
  /** The circle through the outline's corners (the circle itself for a circle). */
  circle: CircleTruth;
  /** Absent for a circle. */
  outline?: TagOutline;
  /** Where the direction marker points, on the displayed page. */
  direction: Direction;
  /** Section id first, then the sheet number. */
  texts_inside: TextTruth[];
  section_line: { start: Point; end: Point };
  /** Circle plus direction marker. */
  bbox: Box;
}

export interface DetailTagTruth {
  id: string;
  circle: CircleTruth;
  /** Absent for a circle. */
  outline?: TagOutline;
  texts_inside: TextTruth[];
  has_dashed_bbox: boolean;
  /** The dashed boundary around the detailed area, when there is one. */
  dashed_bbox: Box | null;
  /** The circle. */
  bbox: Box;
}

export interface RevisionTriangleTruth {
  id: string;
  vertices: [Point, Point, Point];
  text: string;
  bbox: Box;
}

export interface RevisionCloudTruth {
  id: string;
  /** Includes the bulge of the arcs. */
  bbox: Box;
  color: CloudColor;
  arcs: number;
}

export interface GroundTruth {
  file: string;
  page: 1;
  rotation: Rotation;
  dimensions: { width: number; height: number };
  titleblock: {
    bounds: Box;
    /** Drawing area inside the border; for a stamp title block it includes the stamp's corner. */
    viewport: Box;
  };
  sheet_number: string | null;
  sheet_title: string | null;
  annotations: {
    leaders: LeaderTruth[];
    section_tags: SectionTagTruth[];
    detail_tags: DetailTagTruth[];
    revision_triangles: RevisionTriangleTruth[];
    revision_clouds: RevisionCloudTruth[];
  };
  /** Look-alikes that must not be detected (for false-positive analysis). */
  negatives: {
    tree_outlines: Box[];
    column_circles: CircleTruth[];
    /** Arrow dimensions, stair arrows, wall-type triangles and diamond keynotes (shapes/lookalikes.ts). */
    lookalikes: { kind: string; bbox: Box }[];
  };
  style: SheetSpec & { text_layer: boolean };
}

/** Layout space → displayed coordinates, rounded to 0.001 pt. */
export class DisplayMap {
  readonly matrix: Matrix;

  constructor(viewport: Matrix, layoutToUser: Matrix) {
    this.matrix = compose(viewport, layoutToUser);
  }

  point(p: Point): Point {
    const q = apply(this.matrix, p);
    return [round(q[0]), round(q[1])];
  }

  box(b: Box): Box {
    return boxOf(corners(b).map((p) => this.point(p)));
  }

  length(v: number): number {
    return round(v * Math.sqrt(Math.abs(this.matrix[0] * this.matrix[3] - this.matrix[1] * this.matrix[2])));
  }

  text(id: string, run: TextRun): TextTruth {
    return { id, text: run.text, bbox: this.box(run.box) };
  }
}
