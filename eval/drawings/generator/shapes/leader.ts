/**
 * Leaders: a note, a 1–3 segment polyline and an arrowhead at the far end. The
 * three arrowhead forms (filled triangle, two strokes, dot) are the ones a
 * detector must all accept; the tip is always the last vertex of the line.
 */
import type { DrawContext } from '../context.ts';
import { add, boxOf, circleBox, length, mul, perp, sub, unionBox, unit } from '../geometry.ts';
import type { Box, Point } from '../geometry.ts';
import type { Path } from '../pen.ts';
import type { Rng } from '../prng.ts';
import type { Arrowhead } from '../styles.ts';
import type { TextPainter, TextRun } from '../text.ts';
import type { DisplayMap, LeaderTruth } from '../truth.ts';
import { circlePath } from './curves.ts';

export const NOTES: readonly string[][] = [
  ['TYP. ANCHOR BOLT'],
  ['EPOXY DOWELS'],
  ['W12X26'],
  ['HSS6X6X1/4'],
  ['L4X4X3/8 CONT.'],
  ['BEARING PLATE'],
  ['SLAB EDGE'],
  ['#5 BARS CONT.'],
  ['GRADE BEAM'],
  ['EXP. JOINT'],
  ['SIM.'],
  ['(2) #4 TOP'],
  ['1/2" ISOLATION JT.'],
  ['TOP OF FOOTING', 'EL. 96\'-0"'],
  ['3/4" DIA. A.B.', '(4) PER COL.'],
  ['#4 DOWELS', 'AT 12" O.C.'],
  ['PROVIDE 2X', 'BLOCKING'],
  ['STEEL DECK', 'SEE SCHEDULE'],
  ['WELDED WIRE', 'REINF.'],
];

export interface LeaderPlan {
  id: string;
  lines: TextRun[];
  textBox: Box;
  /** From the note to the arrow tip (last vertex). */
  vertices: Point[];
  arrowhead: Arrowhead;
  /** filled: [tip, b1, b2]; open: [b1, tip, b2]; dot: []. */
  head: Point[];
  dotRadius: number;
  bbox: Box;
}

function rotate(v: Point, a: number): Point {
  return [v[0] * Math.cos(a) - v[1] * Math.sin(a), v[0] * Math.sin(a) + v[1] * Math.cos(a)];
}

export function planLeader(
  rng: Rng,
  text: TextPainter,
  id: string,
  u: number,
  arrowhead: Arrowhead,
  area: Box,
): LeaderPlan {
  const tip: Point = [rng.range(area[0], area[2]), rng.range(area[1], area[3])];
  const side = rng.pick([-1, 1]);
  const dy = rng.pick([-1, 1]) * rng.range(15, 90) * u;
  const anchor: Point = [tip[0] + side * rng.range(45, 140) * u, tip[1] + dy];
  const size = rng.range(7, 9) * u;
  const gap = 2.5 * u;
  const lineHeight = size * 1.45;
  const strings = rng.pick(NOTES);
  const lines = strings.map((s, i) => {
    const w = text.width(s, size);
    const x = side > 0 ? anchor[0] + gap : anchor[0] - gap - w;
    return text.run(s, [x, anchor[1] - text.capHeight(size) / 2 - i * lineHeight], size);
  });
  const textBox = unionBox(...lines.map((l) => l.box));

  const segments = rng.int(1, 3);
  const vertices: Point[] = [anchor];
  if (segments >= 2) vertices.push([anchor[0] - side * rng.range(6, 16) * u, anchor[1]]);
  if (segments === 3) {
    const from = vertices[vertices.length - 1] as Point;
    const d = sub(tip, from);
    vertices.push(add(add(from, mul(d, rng.range(0.35, 0.65))), mul(perp(unit(d)), length(d) * rng.range(-0.2, 0.2))));
  }
  vertices.push(tip);

  const prev = vertices[vertices.length - 2] as Point;
  const dir = unit(sub(tip, prev));
  const headLength = rng.range(5, 8) * u;
  let head: Point[] = [];
  let dotRadius = 0;
  if (arrowhead === 'filled') {
    const base = sub(tip, mul(dir, headLength));
    const half = headLength * rng.range(0.2, 0.33);
    head = [tip, add(base, mul(perp(dir), half)), sub(base, mul(perp(dir), half))];
  } else if (arrowhead === 'open') {
    const a = (rng.range(12, 22) * Math.PI) / 180;
    head = [sub(tip, mul(rotate(dir, a), headLength)), tip, sub(tip, mul(rotate(dir, -a), headLength))];
  } else {
    dotRadius = rng.range(1.3, 2.2) * u;
  }
  const bbox = unionBox(boxOf([...vertices, ...head]), dotRadius > 0 ? circleBox(tip, dotRadius) : boxOf([tip]));
  return { id, lines, textBox, vertices, arrowhead, head, dotRadius, bbox };
}

export function leaderFootprint(p: LeaderPlan): { box: Box }[] {
  return [{ box: p.textBox }, { box: p.bbox }];
}

export function drawLeader(ctx: DrawContext, p: LeaderPlan): void {
  const black = ctx.color('black');
  const width = ctx.weights.annotation;
  for (const run of p.lines) ctx.text.draw(ctx.pen, run, black);
  ctx.pen.stroke(
    p.vertices.map((q, i) => (i === 0 ? { op: 'M', p: q } : { op: 'L', p: q })),
    { color: black, width },
  );
  const tip = p.vertices[p.vertices.length - 1] as Point;
  if (p.arrowhead === 'filled') {
    const [a, b, c] = p.head as [Point, Point, Point];
    const path: Path = [{ op: 'M', p: a }, { op: 'L', p: b }, { op: 'L', p: c }, { op: 'Z' }];
    ctx.pen.fill(path, black);
  } else if (p.arrowhead === 'open') {
    const [a, b, c] = p.head as [Point, Point, Point];
    ctx.pen.stroke(
      [
        { op: 'M', p: a },
        { op: 'L', p: b },
        { op: 'L', p: c },
      ],
      { color: black, width },
    );
  } else {
    // A filled dot is one closed outline even where circles are drawn side by side.
    ctx.pen.fill(
      circlePath(ctx.spec.circleMode === 'segments' ? 'polyline' : ctx.spec.circleMode, tip, p.dotRadius, ctx.rng),
      black,
    );
  }
}

export function leaderTruth(p: LeaderPlan, map: DisplayMap): LeaderTruth {
  return {
    id: p.id,
    arrow_tip: map.point(p.vertices[p.vertices.length - 1] as Point),
    arrowhead: p.arrowhead,
    vertices: p.vertices.map((v) => map.point(v)),
    bbox: map.box(p.bbox),
    text_bbox: map.box(p.textBox),
    texts_inside: p.lines.map((l, i) => map.text(`${p.id}/text-${i + 1}`, l)),
  };
}
