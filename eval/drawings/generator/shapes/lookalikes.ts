/**
 * Look-alikes the real sets showed next to real annotations, none of which may be
 * detected (issue 13): arrow dimensions (a head at both ends and a value), stair and
 * slope arrows (one head, "UP"/"DN"/"SLOPE" at the tail), wall-type triangles (a
 * letter and a number inside: a type, not a revision) and diamond keynotes. Each is
 * listed in the truth's negatives by kind and box, and anything detected on them
 * counts as a false positive of its kind.
 */
import type { DrawContext } from '../context.ts';
import { boxOf } from '../geometry.ts';
import type { Box, Point } from '../geometry.ts';
import type { Placer } from '../layout.ts';
import type { Path } from '../pen.ts';
import type { Rng } from '../prng.ts';

export type LookalikeKind = 'arrow_dimension' | 'stair_arrow' | 'wall_type_triangle' | 'diamond_keynote';
export const LOOKALIKE_KINDS: readonly LookalikeKind[] = [
  'arrow_dimension',
  'stair_arrow',
  'wall_type_triangle',
  'diamond_keynote',
];

const VALUES = ['12\'-6"', '8\'-4"', '3600', '1\'-4"', '24\'-0"'];
const STAIR = ['UP', 'DN', 'SLOPE'];
const WALL_TYPES = ['A3', '4B', 'W2', '1C', 'P6'];

/** A filled head with its tip at `tip`, pointing along the unit vector `dir`. */
function head(tip: Point, dir: Point, len: number): Path {
  const base: Point = [tip[0] - dir[0] * len, tip[1] - dir[1] * len];
  const n: Point = [-dir[1] * len * 0.25, dir[0] * len * 0.25];
  return [
    { op: 'M', p: tip },
    { op: 'L', p: [base[0] + n[0], base[1] + n[1]] },
    { op: 'L', p: [base[0] - n[0], base[1] - n[1]] },
    { op: 'Z' },
  ];
}

/** Draws `count` look-alikes of each kind where the placer has room; returns their kinds and layout boxes. */
export function lookalikes(
  ctx: DrawContext,
  placer: Placer,
  rng: Rng,
  u: number,
  count: number,
): { kind: LookalikeKind; box: Box }[] {
  const out: { kind: LookalikeKind; box: Box }[] = [];
  const black = ctx.color('black');
  const width = ctx.weights.annotation;
  const at = (r: Rng): Point => [r.range(placer.area[0], placer.area[2]), r.range(placer.area[1], placer.area[3])];
  for (let i = 0; i < count; i++) {
    for (const kind of LOOKALIKE_KINDS) {
      const placed = placer.place(
        rng,
        30,
        'annotation',
        6 * u,
        (r) => {
          const p = at(r);
          const size = 7 * u;
          if (kind === 'arrow_dimension') {
            const len = r.range(60, 160) * u;
            const run = ctx.text.centered(
              r.pick(VALUES),
              [p[0] + len / 2, p[1] + 3 * u + ctx.text.capHeight(size) / 2],
              size,
            );
            return {
              p,
              len,
              run,
              box: boxOf([p, [p[0] + len, p[1]], [run.box[0], run.box[1]], [run.box[2], run.box[3]]]),
            };
          }
          if (kind === 'stair_arrow') {
            const len = r.range(50, 120) * u;
            const run = ctx.text.run(r.pick(STAIR), [p[0] + len + 4 * u, p[1] - ctx.text.capHeight(size) / 2], size);
            return {
              p,
              len,
              run,
              box: boxOf([
                [p[0] - 2 * u, p[1] - 3 * u],
                [p[0] + len, p[1] + 3 * u],
                [run.box[2], run.box[3]],
              ]),
            };
          }
          const side = r.range(16, 24) * u;
          const label = ctx.text.centered(
            r.pick(kind === 'wall_type_triangle' ? WALL_TYPES : ['7', '12', '3']),
            [p[0], p[1] + (kind === 'wall_type_triangle' ? side * 0.3 : 0)],
            size * 0.8,
          );
          return {
            p,
            len: side,
            run: label,
            box:
              kind === 'wall_type_triangle'
                ? boxOf([
                    [p[0] - side / 2, p[1]],
                    [p[0] + side / 2, p[1] + side * 0.866],
                  ])
                : boxOf([
                    [p[0] - side / 2, p[1] - side / 2],
                    [p[0] + side / 2, p[1] + side / 2],
                  ]),
          };
        },
        (t) => [{ box: t.box }],
      );
      if (!placed) continue;
      const { p, len, run } = placed;
      const hl = 6 * u;
      if (kind === 'arrow_dimension') {
        ctx.pen.stroke(
          [
            { op: 'M', p },
            { op: 'L', p: [p[0] + len, p[1]] },
          ],
          { color: black, width },
        );
        ctx.pen.fill(head(p, [-1, 0], hl), black);
        ctx.pen.fill(head([p[0] + len, p[1]], [1, 0], hl), black);
      } else if (kind === 'stair_arrow') {
        ctx.pen.stroke(
          [
            { op: 'M', p },
            { op: 'L', p: [p[0] + len, p[1]] },
          ],
          { color: black, width },
        );
        ctx.pen.fill(head(p, [-1, 0], hl), black);
      } else if (kind === 'wall_type_triangle') {
        ctx.pen.stroke(
          [
            { op: 'M', p: [p[0] - len / 2, p[1]] },
            { op: 'L', p: [p[0] + len / 2, p[1]] },
            { op: 'L', p: [p[0], p[1] + len * 0.866] },
            { op: 'Z' },
          ],
          { color: black, width },
        );
      } else {
        const h = len / 2;
        ctx.pen.stroke(
          [
            { op: 'M', p: [p[0] - h, p[1]] },
            { op: 'L', p: [p[0], p[1] + h] },
            { op: 'L', p: [p[0] + h, p[1]] },
            { op: 'L', p: [p[0], p[1] - h] },
            { op: 'Z' },
          ],
          { color: black, width },
        );
      }
      ctx.text.draw(ctx.pen, run, black);
      out.push({ kind, box: placed.box });
    }
  }
  return out;
}
