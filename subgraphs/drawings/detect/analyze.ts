// Tier 1 analysis of one page: geometry in, the spec's Drawing result out.
// Pure: no I/O, no clock; the caller measures processing time.
import type { BBox, PageGeometry, Point } from '../../../core/geometry/types.ts';
import { round } from '../../../core/geometry/bbox.ts';
import { buildScene } from './scene.ts';
import { findCircles } from './tags/circles.ts';
import { findRegularOutlines } from './tags/tag-outlines.ts';
import { findTags, type Direction } from './tags/tags.ts';
import { findArrowheads } from './leaders/arrowheads.ts';
import { findLeaders } from './leaders/leaders.ts';
import { findRevisionTriangles } from './revisions/triangles.ts';
import { findRevisionClouds } from './revisions/clouds.ts';
import { findDashedBoxes } from './tags/dashed-boxes.ts';
import { sheetIdentityOf } from './titleblock.ts';
import type { SheetIdentity } from '../titleblock/index.ts';
import { revisionBlockMarks } from './revisions/context.ts';
import type { TextRef } from './texts.ts';

export interface Annotations {
  leaders: { id: string; bbox: BBox; arrow_tip: Point; text_bbox: BBox; texts_inside: TextRef[] }[];
  section_tags: {
    id: string;
    bbox: BBox;
    circle: { center: Point; radius: number };
    direction: Direction;
    texts_inside: TextRef[];
    section_line: { start: Point; end: Point };
  }[];
  detail_tags: {
    id: string;
    bbox: BBox;
    circle: { center: Point; radius: number };
    texts_inside: TextRef[];
    has_dashed_bbox: boolean;
  }[];
  revision_triangles: { id: string; bbox: BBox; vertices: [Point, Point, Point]; text: string }[];
  revision_clouds: { id: string; bbox: BBox }[];
}

export interface PageAnalysis {
  dimensions: { width: number; height: number };
  annotations: Annotations;
  /** bounds is null when no title block is found; the viewport is then the whole page. */
  titleblock: { bounds: BBox | null; viewport: BBox; sheet_number: string | null; sheet_title: string | null };
}

/**
 * The geometric pass's answer before any lettering is recognised: the analysis, plus the leaders
 * whose note is stroked lettering on a page that has a text layer (REGION WITHOUT A TEXT LAYER),
 * which stand only once the lettering reader has read their note (lettering-pass.ts).
 */
export interface PageDraft {
  analysis: PageAnalysis;
  unreadLeaders: Annotations['leaders'];
  /** The sheet identity the title block was read from (projects ingestion uses it). */
  identity: SheetIdentity;
}

const pt = (p: Point): Point => [Number(p[0].toFixed(2)), Number(p[1].toFixed(2))];
const circle = (c: { center: Point; radius: number }) => ({
  center: pt(c.center),
  radius: Number(c.radius.toFixed(2)),
});

/** The analysis the geometry alone gives (no lettering recognised): leaders to unread notes left out. */
export const analyzePage = (page: Pick<PageGeometry, 'width' | 'height' | 'paths' | 'texts'>): PageAnalysis =>
  draftPage(page).analysis;

export function draftPage(page: Pick<PageGeometry, 'width' | 'height' | 'paths' | 'texts'>): PageDraft {
  const scene = buildScene(page);
  const circles = findCircles(scene);
  const dashed = findDashedBoxes(scene);
  const outlines = findRegularOutlines(scene);
  const { sections, details } = findTags(scene, [...circles, ...outlines], dashed);
  const heads = findArrowheads(scene);
  // KEYNOTE SYMBOL: a leader may start from a number in a circle, a hexagon, a square or a diamond (the NCS keynote symbols).
  const leaders = findLeaders(
    scene,
    heads,
    sections.map((s) => s.bbox),
    [...circles, ...outlines],
  );
  const clouds = findRevisionClouds(scene);
  const identity = sheetIdentityOf(scene);
  const tb = identity.titleblock;
  const triangles = findRevisionTriangles(scene, {
    clouds: clouds.map((c) => c.bbox),
    blockMarks: revisionBlockMarks(scene, tb),
  });
  const leader = (l: (typeof leaders)[number], i: number) => ({
    id: `leader-${i + 1}`,
    bbox: round(l.bbox),
    arrow_tip: pt(l.arrowTip),
    text_bbox: round(l.textBbox),
    texts_inside: l.texts,
  });
  const read = leaders.filter((l) => !l.strokedNote);
  const unread = leaders.filter((l) => l.strokedNote);
  const analysis: PageAnalysis = {
    dimensions: { width: page.width, height: page.height },
    annotations: {
      leaders: read.map(leader),
      section_tags: sections.map((s, i) => ({
        id: `section-${i + 1}`,
        bbox: round(s.bbox),
        circle: circle(s.circle),
        direction: s.direction,
        texts_inside: s.texts,
        section_line: { start: pt(s.sectionLine.start), end: pt(s.sectionLine.end) },
      })),
      detail_tags: details.map((d, i) => ({
        id: `detail-${i + 1}`,
        bbox: round(d.bbox),
        circle: circle(d.circle),
        texts_inside: d.texts,
        has_dashed_bbox: d.hasDashedBbox,
      })),
      revision_triangles: triangles.map((t, i) => ({
        id: `revision-triangle-${i + 1}`,
        bbox: round(t.bbox),
        vertices: t.vertices.map(pt) as [Point, Point, Point],
        text: t.text,
      })),
      revision_clouds: clouds.map((c, i) => ({ id: `revision-cloud-${i + 1}`, bbox: round(c.bbox) })),
    },
    titleblock: {
      bounds: tb ? round(tb) : null,
      viewport: tb ? round(identity.viewport) : [0, 0, page.width, page.height],
      sheet_number: identity.number,
      sheet_title: identity.title,
    },
  };
  return { analysis, unreadLeaders: unread.map((l, i) => leader(l, read.length + i)), identity };
}
