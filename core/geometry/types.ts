/** Coordinates are PDF points on the page as displayed (rotation applied), origin top-left, y down. */
export type Point = [number, number];
/** [x1, y1, x2, y2] with x1 ≤ x2 and y1 ≤ y2. */
export type BBox = [number, number, number, number];

/** Segment kinds in `PathGeom.ops`, the same codes pdf.js uses in constructPath data. */
export const MOVE = 0;
export const LINE = 1;
export const CURVE = 2;
export const CLOSE = 4;

/** One painted path, flattened into display coordinates. */
export interface PathGeom {
  /** MOVE / LINE / CURVE / CLOSE, one per segment. */
  ops: number[];
  /** x, y pairs: 1 pair per MOVE and LINE, 3 per CURVE (two controls, then the end), none per CLOSE. */
  coords: number[];
  stroke: boolean;
  fill: boolean;
  /** Stroke width in display points. */
  lineWidth: number;
  /** Dash lengths in display points; null when solid. */
  dash: number[] | null;
  strokeColor: string;
  fillColor: string;
  bbox: BBox;
}

export interface TextRun {
  str: string;
  bbox: BBox;
  /** Font size in display points. */
  size: number;
  /** Reading direction in display coordinates, radians (0 = left to right). */
  angle: number;
}

export interface PageGeometry {
  width: number;
  height: number;
  rotation: number;
  paths: PathGeom[];
  texts: TextRun[];
  /** Operators in pdf.js's operator list. */
  operatorCount: number;
}
