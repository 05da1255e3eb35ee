/**
 * Closed chains of outward-bulging arcs. Revision clouds and tree outlines are
 * built the same way on purpose: the detector has to tell them apart by
 * regularity, shape and color, not by how the generator happened to draw them.
 */
import type { Point } from '../geometry.ts';
import { unionBox } from '../geometry.ts';
import type { Box } from '../geometry.ts';
import type { Pen, StrokeStyle } from '../pen.ts';
import { arcBox, arcSegments, bulgeArc } from './curves.ts';
import type { Arc } from './curves.ts';

/** Arcs over consecutive vertices of a counter-clockwise loop, bulging outwards. */
export function scallopLoop(vertices: readonly Point[], included: (i: number) => number): Arc[] {
  return vertices.map((v, i) => bulgeArc(v, vertices[(i + 1) % vertices.length] as Point, included(i)));
}

export function scallopBox(arcs: readonly Arc[]): Box {
  return unionBox(...arcs.map(arcBox));
}

/** One path for the whole loop, or one path per arc (two Béziers each, as AutoCAD exports clouds). */
export function drawScallops(pen: Pen, arcs: readonly Arc[], singlePath: boolean, style: StrokeStyle): void {
  if (singlePath) {
    pen.stroke([{ op: 'M', p: (arcs[0] as Arc).from }, ...arcs.flatMap(arcSegments), { op: 'Z' }], style);
    return;
  }
  for (const arc of arcs) pen.stroke([{ op: 'M', p: arc.from }, ...arcSegments(arc)], style);
}
