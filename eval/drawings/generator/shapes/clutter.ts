/**
 * Background that must not be detected: grids, walls, tick-mark dimensions
 * (no arrowheads), short strays, hatch (pre-clipped or under a real clip
 * path), plain column circles and scalloped trees. Each item is a plausible
 * false-positive source named in shared/reference/drawings.md.
 */
import type { DrawContext } from '../context.ts';
import { boxOf, circleBox, inflate, polar } from '../geometry.ts';
import type { Box, Point } from '../geometry.ts';
import type { Placer } from '../layout.ts';
import type { Path } from '../pen.ts';
import type { Rng } from '../prng.ts';
import type { CircleTruth } from '../truth.ts';
import { circlePath } from './curves.ts';
import { strokeDashed } from './dash.ts';
import { drawScallops, scallopBox, scallopLoop } from './scallops.ts';

const DIMENSIONS = ['24\'-0"', '12\'-6"', '8\'-4"', '30\'-0"', '6\'-9"', '1\'-4"', '7200', '3600', '450'];

/**
 * Building grid: long center lines across the whole area, allowed to cross
 * everything except a stamp title block (`avoid`), where they stop short.
 */
export function gridLines(ctx: DrawContext, area: Box, rng: Rng, u: number, avoid: Box | null): void {
  const style = { color: ctx.color('light-gray'), width: ctx.weights.fine };
  const pattern = [20 * u, 4 * u, 3 * u, 4 * u];
  const nx = rng.int(4, 8);
  const ny = rng.int(3, 6);
  const draw = (a: Point, b: Point) => strokeDashed(ctx.pen, [a, b], pattern, style, ctx.spec.dashMode, ctx.rng);
  for (let i = 0; i < nx; i++) {
    const x = area[0] + ((i + 0.5) * (area[2] - area[0])) / nx;
    const blocked = avoid && x > avoid[0] && x < avoid[2];
    draw([x, blocked ? Math.max(area[1], avoid[3]) : area[1]], [x, area[3]]);
  }
  for (let j = 0; j < ny; j++) {
    const y = area[1] + ((j + 0.5) * (area[3] - area[1])) / ny;
    const blocked = avoid && y > avoid[1] && y < avoid[3];
    draw([area[0], y], [blocked ? Math.min(area[2], avoid[0]) : area[2], y]);
  }
}

/** Long thin wall rectangles, as `re` or as four lines. */
export function walls(ctx: DrawContext, placer: Placer, rng: Rng, u: number, count: number): void {
  const style = { color: ctx.color('dark-gray'), width: ctx.weights.fine * 2 };
  for (let i = 0; i < count; i++) {
    const wall = placer.place(
      rng,
      30,
      'object',
      3 * u,
      (r) => {
        const len = r.range(80, 400) * u;
        const t = r.range(5, 9) * u;
        const x = r.range(placer.area[0], placer.area[2]);
        const y = r.range(placer.area[1], placer.area[3]);
        return (r.chance(0.5) ? [x, y, x + len, y + t] : [x, y, x + t, y + len]) as Box;
      },
      (b) => [{ box: b }],
    );
    if (!wall) continue;
    const [x1, y1, x2, y2] = wall;
    const path: Path = rng.chance(0.5)
      ? [{ op: 'R', box: wall }]
      : [
          { op: 'M', p: [x1, y1] },
          { op: 'L', p: [x2, y1] },
          { op: 'L', p: [x2, y2] },
          { op: 'L', p: [x1, y2] },
          { op: 'Z' },
        ];
    ctx.pen.stroke(path, style);
  }
}

/** Dimension strings with 45° ticks, extension lines and a value: arrowless on purpose. */
export function dimensions(ctx: DrawContext, placer: Placer, rng: Rng, u: number, count: number): void {
  const style = { color: ctx.color('black'), width: ctx.weights.fine };
  for (let i = 0; i < count; i++) {
    const plan = placer.place(
      rng,
      30,
      'object',
      4 * u,
      (r) => {
        const len = r.range(60, 250) * u;
        const x = r.range(placer.area[0], placer.area[2]);
        const y = r.range(placer.area[1], placer.area[3]);
        const off = r.range(10, 20) * u;
        const value = r.pick(DIMENSIONS);
        const size = 7 * u;
        const run = ctx.text.centered(value, [x + len / 2, y + off + 3 * u + ctx.text.capHeight(size) / 2], size);
        return { x, y, len, off, run };
      },
      (d) => [{ box: [d.x - 4 * u, d.y, d.x + d.len + 4 * u, d.y + d.off + 4 * u] }, { box: d.run.box }],
    );
    if (!plan) continue;
    const { x, y, len, off, run } = plan;
    const t = 2.5 * u;
    const path: Path = [
      { op: 'M', p: [x - 3 * u, y + off] },
      { op: 'L', p: [x + len + 3 * u, y + off] },
      { op: 'M', p: [x, y + 2 * u] },
      { op: 'L', p: [x, y + off + 3 * u] },
      { op: 'M', p: [x + len, y + 2 * u] },
      { op: 'L', p: [x + len, y + off + 3 * u] },
      { op: 'M', p: [x - t, y + off - t] },
      { op: 'L', p: [x + t, y + off + t] },
      { op: 'M', p: [x + len - t, y + off - t] },
      { op: 'L', p: [x + len + t, y + off + t] },
    ];
    ctx.pen.stroke(path, style);
    ctx.text.draw(ctx.pen, run, ctx.color('black'));
  }
}

/** Plain column circles: no divider, no text. */
export function columns(ctx: DrawContext, placer: Placer, rng: Rng, u: number, count: number): CircleTruth[] {
  const out: CircleTruth[] = [];
  const style = { color: ctx.color('black'), width: ctx.weights.fine * 2 };
  for (let i = 0; i < count; i++) {
    const c = placer.place(
      rng,
      30,
      'object',
      3 * u,
      (r) => ({
        center: [r.range(placer.area[0], placer.area[2]), r.range(placer.area[1], placer.area[3])] as Point,
        radius: r.range(3, 8) * u,
      }),
      (c) => [{ box: circleBox(c.center, c.radius) }],
    );
    if (!c) continue;
    ctx.pen.stroke(circlePath(ctx.spec.circleMode, c.center, c.radius, ctx.rng), style);
    out.push(c);
  }
  return out;
}

export function shortLines(ctx: DrawContext, placer: Placer, rng: Rng, u: number, count: number): void {
  const style = { color: ctx.color('dark-gray'), width: ctx.weights.fine };
  for (let i = 0; i < count; i++) {
    const seg = placer.place(
      rng,
      20,
      'object',
      2 * u,
      (r) => {
        const a: Point = [r.range(placer.area[0], placer.area[2]), r.range(placer.area[1], placer.area[3])];
        return [a, polar(a, r.range(5, 40) * u, r.range(0, 2 * Math.PI))] as [Point, Point];
      },
      (s) => [{ box: boxOf(s) }],
    );
    if (seg)
      ctx.pen.stroke(
        [
          { op: 'M', p: seg[0] },
          { op: 'L', p: seg[1] },
        ],
        style,
      );
  }
}

/**
 * 45° hatch in a rectangle: either pre-clipped by the generator or drawn long
 * under a `re W n` clip, so the invisible overshoot tests clip handling.
 */
export function hatches(
  ctx: DrawContext,
  placer: Placer,
  rng: Rng,
  u: number,
  count: number,
  clipPaths: boolean,
): void {
  const style = { color: ctx.color('dark-gray'), width: ctx.weights.fine };
  const over = 12 * u;
  for (let i = 0; i < count; i++) {
    const box = placer.place(
      rng,
      30,
      'object',
      3 * u,
      (r) => {
        const x = r.range(placer.area[0], placer.area[2]);
        const y = r.range(placer.area[1], placer.area[3]);
        return [x, y, x + r.range(40, 160) * u, y + r.range(30, 120) * u] as Box;
      },
      (b) => [{ box: inflate(b, over) }],
    );
    if (!box) continue;
    const [x1, y1, x2, y2] = box;
    const spacing = rng.range(3, 6) * u;
    const clipped = clipPaths && rng.chance(0.5);
    const path: Path = [];
    for (let c = y1 - x2; c <= y2 - x1; c += spacing) {
      // Line y = x + c; visible part within the box.
      let a = Math.max(x1, y1 - c);
      let b = Math.min(x2, y2 - c);
      if (b - a < 1e-6) continue;
      if (clipped) {
        a -= over / 2;
        b += over / 2;
      }
      path.push({ op: 'M', p: [a, a + c] }, { op: 'L', p: [b, b + c] });
    }
    if (clipped) {
      ctx.pen.save();
      ctx.pen.clip([{ op: 'R', box }]);
      ctx.pen.stroke(path, style);
      ctx.pen.restore();
    } else {
      ctx.pen.stroke(path, style);
    }
    ctx.pen.stroke([{ op: 'R', box }], style);
  }
}

/** Site-plan trees: irregular scalloped loops, often green, with a trunk mark. */
export function trees(ctx: DrawContext, placer: Placer, rng: Rng, u: number, count: number): Box[] {
  const out: Box[] = [];
  for (let i = 0; i < count; i++) {
    const plan = placer.place(
      rng,
      40,
      'object',
      3 * u,
      (r) => {
        const center: Point = [r.range(placer.area[0], placer.area[2]), r.range(placer.area[1], placer.area[3])];
        const radius = r.range(12, 35) * u;
        const n = r.int(7, 13);
        const vertices = Array.from({ length: n }, (_, k) =>
          polar(center, radius * r.range(0.78, 1.15), ((k + r.range(-0.25, 0.25)) * 2 * Math.PI) / n),
        );
        const arcs = scallopLoop(vertices, () => (r.range(95, 170) * Math.PI) / 180);
        return { center, radius, arcs, box: scallopBox(arcs) };
      },
      (t) => [{ box: t.box }],
    );
    if (!plan) continue;
    const hue = rng.chance(0.6) ? 'green' : rng.pick(['black', 'dark-gray'] as const);
    const style = { color: ctx.color(hue), width: ctx.weights.fine * 1.5 };
    drawScallops(ctx.pen, plan.arcs, rng.chance(0.5), style);
    const t = plan.radius * 0.12;
    const [cx, cy] = plan.center;
    ctx.pen.stroke(
      [
        { op: 'M', p: [cx - t, cy] },
        { op: 'L', p: [cx + t, cy] },
        { op: 'M', p: [cx, cy - t] },
        { op: 'L', p: [cx, cy + t] },
      ],
      style,
    );
    out.push(plan.box);
  }
  return out;
}
