/**
 * Circuit home-run arrows, a look-alike of leaders on electrical plans (issue 13): a run
 * leaves a device (a duplex receptacle: a circle crossed by two short parallel lines),
 * carries two or three conductor ticks, and ends in one or two arrowheads (one per
 * circuit) pointing towards the panel; the panel and circuit numbers ("LP-1-3,5") are
 * written at the arrowheads, not at the tail as a leader's note is; the receptacle may be
 * marked (GFI, WP) beside it, so a run can have text at both ends. In the 'open-beside'
 * style every run has two or three open heads and its label beside them, so only the
 * heads tell it from a leader. None may be detected as a leader; each is listed in the
 * truth's negatives as `home_run_arrow`.
 */
import type { DrawContext } from '../context.ts';
import { add, boxOf, circleBox, mul, perp, polar, sub, unionBox, unit } from '../geometry.ts';
import type { Box, Point } from '../geometry.ts';
import type { Placer } from '../layout.ts';
import type { Path } from '../pen.ts';
import type { Rng } from '../prng.ts';
import type { TextRun } from '../text.ts';
import { bezierCircle } from './curves.ts';

const CIRCUITS = ['LP-1-3,5', 'LP1-2,4', 'PP-2-12', 'LP-2A-7,9,11', 'HP1-21,23', 'PPA-14,16'];
/** What a receptacle is marked with beside its symbol (ground-fault, weatherproof): text at the run's tail. */
const DEVICE_MARKS = ['GFI', 'WP', 'GFI WP', 'USB'];

interface HomeRunPlan {
  device: Point;
  deviceRadius: number;
  /** From the device's rim to the tip. */
  vertices: Point[];
  ticks: [Point, Point][];
  /** Tips of the arrowheads, the first at the run's end, the next one head length behind it. */
  heads: { tip: Point; dir: Point }[];
  headLength: number;
  filled: boolean;
  label: TextRun;
  /** Beside the device, on the side away from the run; on some runs only. */
  mark: TextRun | null;
  box: Box;
}

function plan(r: Rng, ctx: DrawContext, placer: Placer, u: number): HomeRunPlan {
  const device: Point = [r.range(placer.area[0], placer.area[2]), r.range(placer.area[1], placer.area[3])];
  const deviceRadius = 3.5 * u;
  const angle = r.range(0, 2 * Math.PI);
  const start = polar(device, deviceRadius, angle);
  const length = r.range(45, 110) * u;
  const vertices: Point[] = [start];
  let dir: Point = [Math.cos(angle), Math.sin(angle)];
  if (r.chance(0.5)) {
    const bendAt = add(start, mul(dir, length * r.range(0.4, 0.6)));
    vertices.push(bendAt);
    const turn = r.pick([-1, 1]) * r.range(15, 30) * (Math.PI / 180);
    dir = [Math.cos(angle + turn), Math.sin(angle + turn)];
    vertices.push(add(bendAt, mul(dir, length * 0.5)));
  } else vertices.push(add(start, mul(dir, length)));
  const tip = vertices[vertices.length - 1]!;
  // Conductor ticks across the first leg, slanted, near its middle.
  const firstDir = unit(sub(vertices[1]!, vertices[0]!));
  const slant = unit(add(perp(firstDir), mul(firstDir, 0.6)));
  const mid = add(start, mul(firstDir, length * 0.25));
  const ticks: [Point, Point][] = Array.from({ length: r.int(2, 3) }, (_, i) => {
    const c = add(mid, mul(firstDir, i * 2.5 * u));
    return [sub(c, mul(slant, 2.5 * u)), add(c, mul(slant, 2.5 * u))];
  });
  const headLength = r.range(5, 7) * u;
  const beside = (ctx.spec.homeRunStyle ?? 'mixed') === 'open-beside';
  const heads = Array.from({ length: beside ? r.int(2, 3) : r.int(1, 2) }, (_, i) => ({
    tip: sub(tip, mul(dir, i * headLength)),
    dir,
  }));
  const size = 7 * u;
  const text = r.pick(CIRCUITS);
  const w = ctx.text.width(text, size);
  const cap = ctx.text.capHeight(size);
  const gap = 3 * u;
  const label = beside
    ? besideHeads(ctx, text, size, heads, headLength, gap)
    : // Beyond the tip: after it on a level run, above or below it on a steep one.
      Math.abs(dir[0]) >= 0.5
      ? ctx.text.run(text, [dir[0] > 0 ? tip[0] + gap : tip[0] - gap - w, tip[1] - cap / 2], size)
      : ctx.text.centered(text, [tip[0], dir[1] > 0 ? tip[1] + gap + cap / 2 : tip[1] - gap - cap / 2], size);
  const headPoints = heads.flatMap((h) => [h.tip, sub(h.tip, mul(h.dir, headLength))]);
  const filled = beside ? false : r.chance(0.5);
  const markText = r.chance(0.6) ? r.pick(DEVICE_MARKS) : null;
  let mark: TextRun | null = null;
  if (markText) {
    const away = polar(device, deviceRadius * 2.2, angle + Math.PI);
    const mw = ctx.text.width(markText, 6 * u);
    mark = ctx.text.run(
      markText,
      [Math.cos(angle) > 0 ? away[0] - mw : away[0], away[1] - ctx.text.capHeight(6 * u) / 2],
      6 * u,
    );
  }
  const box = unionBox(
    circleBox(device, deviceRadius * 1.6),
    boxOf([...vertices, ...ticks.flat(), ...headPoints]),
    label.box,
    ...(mark ? [mark.box] : []),
  );
  return {
    device,
    deviceRadius,
    vertices,
    ticks,
    heads,
    headLength,
    filled,
    label,
    mark,
    box: [box[0] - u, box[1] - u, box[2] + u, box[3] + u],
  };
}

/**
 * The label beside the heads ('open-beside'): centred on them, above a level run, to the side
 * of a steep one, clear of the heads' strokes; behind the tip, not beyond it.
 */
function besideHeads(
  ctx: DrawContext,
  text: string,
  size: number,
  heads: { tip: Point; dir: Point }[],
  headLength: number,
  gap: number,
): TextRun {
  const dir = heads[0]!.dir;
  const back = heads[heads.length - 1]!.tip;
  const middle: Point = sub(back, mul(dir, headLength / 2));
  const centre: Point = [(heads[0]!.tip[0] + middle[0]) / 2, (heads[0]!.tip[1] + middle[1]) / 2];
  const w = ctx.text.width(text, size);
  const cap = ctx.text.capHeight(size);
  const clear = gap + 0.3 * headLength;
  if (Math.abs(dir[0]) >= 0.5)
    return ctx.text.centered(
      text,
      [centre[0], centre[1] + clear + cap / 2 + (Math.abs(dir[1] / dir[0]) * w) / 2],
      size,
    );
  return ctx.text.centered(text, [centre[0] + clear + w / 2 + (Math.abs(dir[0] / dir[1]) * cap) / 2, centre[1]], size);
}

function draw(ctx: DrawContext, p: HomeRunPlan): void {
  const black = ctx.color('black');
  const style = { color: black, width: ctx.weights.annotation };
  const dir0 = unit(sub(p.vertices[1]!, p.vertices[0]!));
  const across = perp(dir0);
  ctx.pen.stroke(bezierCircle(p.device, p.deviceRadius), style);
  // The receptacle's two parallel lines, across the run's direction, reaching past the circle.
  for (const s of [-0.4, 0.4]) {
    const c = add(p.device, mul(dir0, s * p.deviceRadius));
    ctx.pen.stroke(
      [
        { op: 'M', p: sub(c, mul(across, 1.6 * p.deviceRadius)) },
        { op: 'L', p: add(c, mul(across, 1.6 * p.deviceRadius)) },
      ],
      style,
    );
  }
  ctx.pen.stroke(
    p.vertices.map((q, i) => (i === 0 ? { op: 'M' as const, p: q } : { op: 'L' as const, p: q })),
    style,
  );
  for (const [a, b] of p.ticks)
    ctx.pen.stroke(
      [
        { op: 'M', p: a },
        { op: 'L', p: b },
      ],
      style,
    );
  for (const h of p.heads) {
    const base = sub(h.tip, mul(h.dir, p.headLength));
    const n = mul(perp(h.dir), p.headLength * 0.28);
    if (p.filled) {
      const path: Path = [
        { op: 'M', p: h.tip },
        { op: 'L', p: add(base, n) },
        { op: 'L', p: sub(base, n) },
        { op: 'Z' },
      ];
      ctx.pen.fill(path, black);
    } else
      ctx.pen.stroke(
        [
          { op: 'M', p: add(base, n) },
          { op: 'L', p: h.tip },
          { op: 'L', p: sub(base, n) },
        ],
        style,
      );
  }
  ctx.text.draw(ctx.pen, p.label, black);
  if (p.mark) ctx.text.draw(ctx.pen, p.mark, black);
}

/** Draws up to `count` home runs where the placer has room; returns their layout boxes. */
export function homeRuns(ctx: DrawContext, placer: Placer, rng: Rng, u: number, count: number): Box[] {
  const out: Box[] = [];
  for (let i = 0; i < count; i++) {
    const placed = placer.place(
      rng,
      30,
      'annotation',
      6 * u,
      (r) => plan(r, ctx, placer, u),
      (p) => [{ box: p.box }],
    );
    if (!placed) continue;
    draw(ctx, placed);
    out.push(placed.box);
  }
  return out;
}
