/**
 * Revision deltas and clouds. Clouds come as one path or as a chain of
 * one-arc paths, in black, red or magenta, because real sets do all of these
 * and a color- or single-path-only detector would miss most clouds.
 */
import type { DrawContext } from '../context.ts';
import { boxOf } from '../geometry.ts';
import type { Box, Point } from '../geometry.ts';
import type { Rng } from '../prng.ts';
import type { CloudColor, CloudMode } from '../styles.ts';
import type { TextPainter, TextRun } from '../text.ts';
import type { DisplayMap, RevisionCloudTruth, RevisionTriangleTruth } from '../truth.ts';
import type { Arc } from './curves.ts';
import { drawScallops, scallopBox, scallopLoop } from './scallops.ts';

export interface RevisionTrianglePlan {
  id: string;
  vertices: [Point, Point, Point];
  label: TextRun;
  bbox: Box;
}

/** Apex-up delta whose base center is `base`; slightly irregular like hand-placed blocks. */
export function planRevisionTriangle(
  rng: Rng,
  text: TextPainter,
  id: string,
  u: number,
  base: Point,
  revision: string,
): RevisionTrianglePlan {
  const side = rng.range(16, 24) * u;
  const [x, y] = base;
  const vertices: [Point, Point, Point] = [
    [x - side / 2, y],
    [x + side / 2, y],
    [x + rng.range(-0.04, 0.04) * side, y + side * 0.866 * rng.range(0.95, 1.05)],
  ];
  const size = text.fit(revision, (side * 0.3) / text.capHeight(1), side * 0.4);
  const label = text.centered(revision, [x, y + side * 0.3], size);
  return { id, vertices, label, bbox: boxOf(vertices) };
}

export function drawRevisionTriangle(ctx: DrawContext, p: RevisionTrianglePlan): void {
  const black = ctx.color('black');
  const [a, b, c] = p.vertices;
  ctx.pen.stroke([{ op: 'M', p: a }, { op: 'L', p: b }, { op: 'L', p: c }, { op: 'Z' }], {
    color: black,
    width: ctx.weights.annotation,
  });
  ctx.text.draw(ctx.pen, p.label, black);
}

export function revisionTriangleTruth(p: RevisionTrianglePlan, map: DisplayMap): RevisionTriangleTruth {
  return {
    id: p.id,
    vertices: [map.point(p.vertices[0]), map.point(p.vertices[1]), map.point(p.vertices[2])],
    text: p.label.text,
    bbox: map.box(p.bbox),
  };
}

export interface RevisionCloudPlan {
  id: string;
  arcs: Arc[];
  bbox: Box;
}

/** Vertices along a rectangle or ellipse, counter-clockwise, spaced about `chord` apart. */
function loopVertices(rng: Rng, center: Point, w: number, h: number, chord: number, ellipse: boolean): Point[] {
  const [cx, cy] = center;
  if (ellipse) {
    const perimeter = Math.PI * ((3 * (w + h)) / 2 - Math.sqrt(((3 * w) / 2 + h / 2) * (w / 2 + (3 * h) / 2)));
    const n = Math.max(8, Math.round(perimeter / chord));
    return Array.from({ length: n }, (_, i) => {
      const t = ((i + rng.range(-0.15, 0.15)) * 2 * Math.PI) / n;
      return [cx + (w / 2) * Math.cos(t), cy + (h / 2) * Math.sin(t)] as Point;
    });
  }
  const perimeter = 2 * (w + h);
  const n = Math.max(8, Math.round(perimeter / chord));
  const step = perimeter / n;
  const x1 = cx - w / 2;
  const y1 = cy - h / 2;
  return Array.from({ length: n }, (_, i) => {
    let s = (i + rng.range(-0.15, 0.15)) * step;
    s = ((s % perimeter) + perimeter) % perimeter;
    if (s < w) return [x1 + s, y1] as Point;
    if (s < w + h) return [x1 + w, y1 + (s - w)] as Point;
    if (s < 2 * w + h) return [x1 + w - (s - w - h), y1 + h] as Point;
    return [x1, y1 + h - (s - 2 * w - h)] as Point;
  });
}

export function planRevisionCloud(rng: Rng, id: string, u: number, area: Box): RevisionCloudPlan {
  const w = rng.range(80, 300) * u;
  const h = rng.range(60, 200) * u;
  const center: Point = [rng.range(area[0], area[2]), rng.range(area[1], area[3])];
  const chord = rng.range(11, 20) * u;
  const included = (rng.range(120, 165) * Math.PI) / 180;
  const vertices = loopVertices(rng, center, w, h, chord, rng.chance(0.3));
  const arcs = scallopLoop(vertices, () => included * rng.range(0.93, 1.07));
  return { id, arcs, bbox: scallopBox(arcs) };
}

const CLOUD_HUE = { black: 'black', red: 'red', magenta: 'magenta' } as const;

export function drawRevisionCloud(ctx: DrawContext, p: RevisionCloudPlan, mode: CloudMode, color: CloudColor): void {
  drawScallops(ctx.pen, p.arcs, mode === 'single-path', {
    color: ctx.color(CLOUD_HUE[color]),
    width: Math.max(ctx.weights.annotation, 0.35),
  });
}

export function revisionCloudTruth(p: RevisionCloudPlan, map: DisplayMap, color: CloudColor): RevisionCloudTruth {
  return { id: p.id, bbox: map.box(p.bbox), color, arcs: p.arcs.length };
}
