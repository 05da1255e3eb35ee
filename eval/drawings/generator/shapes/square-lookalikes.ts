/**
 * Look-alikes of square view tags drawn one line per side, as the exports that split tag
 * outlines into sides split everything else too: square rooms (a name above a line across
 * the room, its number below; the line is a counter's or a partition's edge) and boxed
 * notes (one short word in a small square). Their squares are regular outlines; only their
 * size against their lettering tells them from tags (SIZED TO ITS LETTERING), so they
 * belong on sheets with a text layer. Listed in the truth's negatives as `square_room` and
 * `boxed_note`.
 */
import type { DrawContext } from '../context.ts';
import type { Box, Point } from '../geometry.ts';
import type { Placer } from '../layout.ts';
import type { Rng } from '../prng.ts';

export type SquareLookalikeKind = 'square_room' | 'boxed_note';

const ROOMS = ['TOILET', 'STOR.', 'JAN.', 'ELEC.', 'SHOWER'];
const NOTES = ['CG', 'EQ', 'TYP', 'NIC'];

/** Draws `count` of each kind where the placer has room; returns their kinds and layout boxes. */
export function squareLookalikes(
  ctx: DrawContext,
  placer: Placer,
  rng: Rng,
  u: number,
  count: number,
): { kind: SquareLookalikeKind; box: Box }[] {
  const out: { kind: SquareLookalikeKind; box: Box }[] = [];
  const black = ctx.color('black');
  const width = ctx.weights.annotation;
  for (let i = 0; i < count; i++) {
    for (const kind of ['square_room', 'boxed_note'] as const) {
      const placed = placer.place(
        rng,
        60,
        'annotation',
        6 * u,
        (r) => {
          const c: Point = [r.range(placer.area[0], placer.area[2]), r.range(placer.area[1], placer.area[3])];
          const size = 7 * u;
          const half = kind === 'square_room' ? r.range(28, 50) * u : 1.6 * ctx.text.capHeight(size) + 2 * u;
          const box: Box = [c[0] - half, c[1] - half, c[0] + half, c[1] + half];
          const words =
            kind === 'square_room'
              ? [
                  ctx.text.centered(r.pick(ROOMS), [c[0], c[1] + 4 * u + ctx.text.capHeight(size) / 2], size),
                  ctx.text.centered(String(r.int(101, 140)), [c[0], c[1] - 4 * u - ctx.text.capHeight(size) / 2], size),
                ]
              : [ctx.text.centered(r.pick(NOTES), c, size)];
          return { c, half, box, words, across: kind === 'square_room' };
        },
        (p) => [{ box: p.box }],
      );
      if (!placed) continue;
      const { c, half, box, words, across } = placed;
      const corners: Point[] = [
        [box[0], box[1]],
        [box[2], box[1]],
        [box[2], box[3]],
        [box[0], box[3]],
      ];
      for (let k = 0; k < 4; k++)
        ctx.pen.stroke(
          [
            { op: 'M', p: corners[k]! },
            { op: 'L', p: corners[(k + 1) % 4]! },
          ],
          { color: black, width },
        );
      if (across)
        ctx.pen.stroke(
          [
            { op: 'M', p: [c[0] - half, c[1]] },
            { op: 'L', p: [c[0] + half, c[1]] },
          ],
          { color: black, width },
        );
      for (const w of words) ctx.text.draw(ctx.pen, w, black);
      out.push({ kind, box });
    }
  }
  return out;
}
