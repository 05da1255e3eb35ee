/**
 * The knobs a sheet is generated with. Each knob mirrors one way real CAD
 * exports differ (see shared/reference/drawings.md §1), so a detector score can
 * be broken down by the variation that hurt it.
 */
import type { Rotation } from './geometry.ts';
import type { Rng } from './prng.ts';

export type TextMode = 'font' | 'stroked';
/** 'segments': a polygon whose sides are separate paths (tag circles, hexagons, squares) or subpaths. */
export type CircleMode = 'bezier' | 'polyline' | 'segments';
export type DashMode = 'pattern' | 'split';
export type CloudMode = 'single-path' | 'arc-per-path';
export type CloudColor = 'black' | 'red' | 'magenta';
export type ColorSpace = 'rgb' | 'gray' | 'cmyk' | 'mixed';
export type LineWeights = 'thin' | 'normal' | 'heavy';
export type TitleblockStyle = 'right-strip' | 'stamp' | 'bottom-strip' | 'iso-stamp';
export type Arrowhead = 'filled' | 'open' | 'dot';
/** The closed outline a view tag is drawn in: a circle, a hexagon (flat top and bottom) or a square. */
export type TagOutline = 'circle' | 'hexagon' | 'square';

/**
 * 'mixed': one or two heads, filled or open, the panel and circuits written beyond the tip.
 * 'open-beside': two or three open heads (one per circuit), the label written beside them
 * rather than beyond the tip, as some offices letter it.
 */
export type HomeRunStyle = 'mixed' | 'open-beside';

export interface AnnotationCounts {
  leaders: number;
  sectionTags: number;
  detailTags: number;
  revisionTriangles: number;
  revisionClouds: number;
}

export interface SheetSpec {
  /** File stem: `<name>.pdf`, `<name>.truth.json`. */
  name: string;
  seed: number;
  /** Displayed width and height in points (page rotation applied). */
  width: number;
  height: number;
  rotation: Rotation;
  /** null leaves the cell empty. */
  sheetNumber: string | null;
  sheetTitle: string | null;
  titleblock: TitleblockStyle;
  /** Leave out the right-hand line of the border and the title block, as on a sheet cut off at its right edge. */
  borderOpenRight: boolean;
  /** 'font': Helvetica text with a text layer; 'stroked': glyphs drawn as lines, no text layer. */
  textMode: TextMode;
  circleMode: CircleMode;
  dashMode: DashMode;
  cloudMode: CloudMode;
  cloudColor: CloudColor;
  colorSpace: ColorSpace;
  lineWeights: LineWeights;
  /** Draw part of the drawing area (clutter and some annotations) inside a form XObject. */
  formXObject: boolean;
  /** Wrap every path in `q s 0 0 s 0 0 cm ... Q` with coordinates divided by s; null = off. */
  perPathScale: number | null;
  /** Clip the drawing area and some hatch with `re W n`. */
  clipPaths: boolean;
  /** Scalloped tree outlines (site-plan style negatives). */
  trees: number;
  /** Extra tiny hatch paths until about this many pdf.js operators; 0 = not dense. */
  denseOps: number;
  arrowheads: Arrowhead[];
  /** Of each look-alike kind (shapes/lookalikes.ts): arrow dimensions, stair arrows, wall-type triangles, diamond keynotes. */
  lookalikes: number;
  /** Outlines of the section and detail tags, taken in turn; absent = all circles. */
  tagOutlines?: TagOutline[];
  /** Circuit home-run arrows (shapes/home-run.ts), look-alikes of leaders; absent = none. */
  homeRuns?: number;
  /** How the home runs are drawn (shapes/home-run.ts); absent = 'mixed'. */
  homeRunStyle?: HomeRunStyle;
  /** Square rooms and boxed notes drawn one line per side (shapes/square-lookalikes.ts), look-alikes of square tags; absent = none. */
  squareLookalikes?: number;
  counts: AnnotationCounts;
}

export type Color =
  | { space: 'gray'; g: number }
  | { space: 'rgb'; r: number; g: number; b: number }
  | { space: 'cmyk'; c: number; m: number; y: number; k: number };

export type Hue = 'black' | 'dark-gray' | 'light-gray' | 'red' | 'magenta' | 'green' | 'blue';

const RGB: Record<Hue, [number, number, number]> = {
  black: [0, 0, 0],
  'dark-gray': [0.35, 0.35, 0.35],
  'light-gray': [0.65, 0.65, 0.65],
  red: [1, 0, 0],
  magenta: [1, 0, 1],
  green: [0.1, 0.55, 0.15],
  blue: [0, 0.3, 0.8],
};

const CMYK: Record<Hue, [number, number, number, number]> = {
  black: [0, 0, 0, 1],
  'dark-gray': [0, 0, 0, 0.65],
  'light-gray': [0, 0, 0, 0.35],
  red: [0, 1, 1, 0],
  magenta: [0, 1, 0, 0],
  green: [0.8, 0, 0.9, 0.3],
  blue: [1, 0.6, 0, 0.1],
};

/**
 * A hue in the sheet's color space. Gray-only sheets still need RGB for the
 * colored items (red clouds, green trees) because a gray operator cannot say red.
 */
export function ink(hue: Hue, space: ColorSpace, rng: Rng): Color {
  const chosen = space === 'mixed' ? rng.pick(['rgb', 'gray', 'cmyk'] as const) : space;
  const [r, g, b] = RGB[hue];
  const isGray = r === g && g === b;
  if (chosen === 'gray' && isGray) return { space: 'gray', g: r };
  if (chosen === 'cmyk') {
    const [c, m, y, k] = CMYK[hue];
    return { space: 'cmyk', c, m, y, k };
  }
  return { space: 'rgb', r, g, b };
}

export interface Weights {
  /** Background clutter. */
  fine: number;
  /** Tag circles, leaders, clouds, triangles. */
  annotation: number;
  /** Section cut lines. */
  section: number;
  /** Sheet border and title block frame. */
  border: number;
}

export function weights(style: LineWeights): Weights {
  switch (style) {
    case 'thin':
      return { fine: 0.1, annotation: 0.1, section: 0.1, border: 0.5 };
    case 'heavy':
      return { fine: 0.35, annotation: 0.7, section: 2, border: 2 };
    default:
      return { fine: 0.25, annotation: 0.5, section: 1, border: 1.2 };
  }
}

/** Annotation sizes in points; big sheets are plotted full size, 11x17 at half size. */
export function sheetUnit(spec: Pick<SheetSpec, 'width' | 'height'>): number {
  return Math.min(spec.width, spec.height) >= 1500 ? 1 : 0.7;
}
