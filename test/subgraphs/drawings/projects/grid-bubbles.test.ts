import { describe, expect, it } from 'vitest';
import type { PathGeom, TextRun } from '../../../../core/geometry/types.ts';
import { CLOSE, CURVE, LINE, MOVE } from '../../../../core/geometry/types.ts';
import { findGridBubbles } from '../../../../subgraphs/drawings/projects/grid-bubbles.ts';

const K = 0.5523;
/** A circle as CAD draws it: four Bézier arcs. */
function circle(cx: number, cy: number, r: number): PathGeom {
  const k = K * r;
  const coords = [
    cx + r,
    cy,
    cx + r,
    cy + k,
    cx + k,
    cy + r,
    cx,
    cy + r,
    cx - k,
    cy + r,
    cx - r,
    cy + k,
    cx - r,
    cy,
    cx - r,
    cy - k,
    cx - k,
    cy - r,
    cx,
    cy - r,
    cx + k,
    cy - r,
    cx + r,
    cy - k,
    cx + r,
    cy,
  ];
  return {
    ops: [MOVE, CURVE, CURVE, CURVE, CURVE, CLOSE],
    coords,
    stroke: true,
    fill: false,
    lineWidth: 1,
    dash: null,
    strokeColor: '#000',
    fillColor: '#000',
    bbox: [cx - r, cy - r, cx + r, cy + r],
  };
}
function square(x: number, y: number, s: number): PathGeom {
  return {
    ops: [MOVE, LINE, LINE, LINE, CLOSE],
    coords: [x, y, x + s, y, x + s, y + s, x, y + s],
    stroke: true,
    fill: false,
    lineWidth: 1,
    dash: null,
    strokeColor: '#000',
    fillColor: '#000',
    bbox: [x, y, x + s, y + s],
  };
}
const text = (str: string, cx: number, cy: number): TextRun => ({
  str,
  bbox: [cx - 3, cy - 5, cx + 3, cy + 5],
  size: 10,
  angle: 0,
});

describe('grid bubbles', () => {
  it('finds a circle holding one grid label, not a square, a circle with two runs or one with a word', () => {
    const paths = [circle(50, 50, 12), square(200, 40, 24), circle(300, 50, 12), circle(400, 50, 12)];
    const texts = [
      text('C', 50, 50),
      text('D', 212, 52),
      text('1', 297, 50),
      text('2', 303, 50),
      text('NOTE', 400, 50),
    ];
    const found = findGridBubbles({ paths, texts });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ label: 'C', center: [50, 50] });
    expect(found[0]!.radius).toBeCloseTo(12, 0);
  });
});
