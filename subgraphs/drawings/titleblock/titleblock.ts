// Rule title-block-bounds: the title block is the largest ruled box around the
// sheet's identity. Every layout family the conventions describe is a box ruled
// by lines (or by the sheet border) that holds the sheet number: the NCS/UDS
// title block strip along the right edge or the bottom, ISO 7200's block in the
// bottom-right corner, the DIN stamp, GOST 2.104's main stamp (185 x 55 mm in the
// corner). So from the number (or, without one, the title) outwards, the box
// whose four sides are ruled, covering at most MAX_SHARE of the sheet, is taken.
import type { BBox } from '../../../core/geometry/types.ts';
import type { SheetFrame } from './frame.ts';
import { coverage, type PageRulings, type Rulings } from './rulings.ts';
import type { Lettering } from './lettering.ts';

/** A title block covers at most this share of the sheet (a right strip is ~15%, a bottom strip ~12%, a stamp ~5%). */
const MAX_SHARE = 0.3;
/** A side is ruled when lines cover this share of it. */
const RULED = 0.9;
/** Edges tried per side, nearest first: a title block has a few dozen cells at most. */
const EDGES = 24;
/**
 * And the outermost few per side: a strip whose rows outnumber EDGES (a revision table, a legend
 * ruled into the column) is still bounded by its outer rules, the border's or the strip's own.
 */
const OUTER = 4;

/** Edges sorted nearest first: the EDGES nearest and the OUTER farthest. */
const nearAndFar = (sorted: number[]) =>
  sorted.length <= EDGES + OUTER ? sorted : [...sorted.slice(0, EDGES), ...sorted.slice(-OUTER)];

/**
 * CLIPPED BY THE PAGE: a title block lies inside the sheet's frame (ISO 5457 draws the frame inside a
 * margin, ISO 7200 puts the block within it). A line running from one edge of the page to the other,
 * across a frame drawn inside the page, is a drawing line the page clipped (a grid axis), never a
 * side of the block. `border` is the frame in the sheet's frame; without it no line is set aside.
 */
function clippedByPage(m: Rulings, at: number, frame: SheetFrame, border: BBox | undefined, vertical: boolean) {
  if (!border) return false;
  const [lo, hi] = vertical ? [border[1], border[3]] : [border[0], border[2]];
  const edge = vertical ? frame.height : frame.width;
  if (lo < 1 || hi > edge - 1) return false;
  return coverage(m, at, 0, edge) >= 1 - 1 / edge;
}

/** In the frame: the box, or null when no ruled box holds the anchor. */
export function titleblockAround(
  anchor: BBox,
  rulings: PageRulings,
  frame: SheetFrame,
  lettering: readonly Lettering[] = [],
  border?: BBox,
): BBox | null {
  const cx = (anchor[0] + anchor[2]) / 2;
  const cy = (anchor[1] + anchor[3]) / 2;
  const crossing = (m: Rulings, along: number) =>
    [...m.entries()]
      .filter(
        ([k, spans]) =>
          spans.some(([a, b]) => a <= along && b >= along) &&
          !clippedByPage(m, k, frame, border, m === rulings.vertical),
      )
      .map(([k]) => k);
  const tops = nearAndFar(
    crossing(rulings.horizontal, cx)
      .filter((y) => y <= anchor[1] + 1)
      .sort((a, b) => b - a),
  );
  const bottoms = nearAndFar(
    crossing(rulings.horizontal, cx)
      .filter((y) => y >= anchor[3] - 1)
      .sort((a, b) => a - b),
  );
  // A side runs past the anchor: a box at least twice the anchor's depth is ruled over 90% of its
  // sides, so its sides cover at least 80% of the anchor's own depth. Strokes of lettering beside
  // the anchor (a stroked logo, stroked labels) are shorter, and are not taken for sides.
  const side = (x: number) => coverage(rulings.vertical, x, anchor[1], anchor[3]) >= 0.8;
  const lefts = nearAndFar(
    crossing(rulings.vertical, cy)
      .filter((x) => x <= anchor[0] + 1 && side(x))
      .sort((a, b) => b - a),
  );
  const rights = nearAndFar(
    crossing(rulings.vertical, cy)
      .filter((x) => x >= anchor[2] - 1 && side(x))
      .sort((a, b) => a - b),
  );
  const limit = MAX_SHARE * frame.width * frame.height;
  let best: BBox | null = null;
  let bestArea = 0;
  for (const t of tops)
    for (const b of bottoms) {
      const h = b - t;
      if (h < 2 * (anchor[3] - anchor[1])) continue;
      const ls = lefts.filter((x) => coverage(rulings.vertical, x, t, b) >= RULED);
      const rs = rights.filter((x) => coverage(rulings.vertical, x, t, b) >= RULED);
      // Farthest sides first: the largest box whose top and bottom are ruled across it.
      for (let i = ls.length - 1; i >= 0; i--)
        for (let j = rs.length - 1; j >= 0; j--) {
          const l = ls[i]!;
          const r = rs[j]!;
          const a = (r - l) * h;
          if (a > limit || a <= bestArea) continue;
          if (coverage(rulings.horizontal, t, l, r) >= RULED && coverage(rulings.horizontal, b, l, r) >= RULED) {
            best = [l, t, r, b];
            bestArea = a;
          }
        }
    }
  return best && withoutNotesPanel(best, anchor, rulings, lettering);
}

/**
 * Rule notes-panel: a general-notes panel is often ruled onto the title block's column (ISO 7200's
 * block is the identification zone; the notes are the drawing's). The top cell of the box, ruled
 * across its width, taller than the rest of the box below it, holding a paragraph (more than
 * NOTES_LINES lines) and not the anchor, is cut off.
 */
const NOTES_LINES = 6;

function withoutNotesPanel(box: BBox, anchor: BBox, rulings: PageRulings, lettering: readonly Lettering[]): BBox {
  const [l, t, r, b] = box;
  const rows = [...rulings.horizontal.keys()]
    .filter((y) => y > t + 2 && y < b - 2 && y <= anchor[1] + 1 && coverage(rulings.horizontal, y, l, r) >= RULED)
    .sort((p, q) => p - q);
  const cut = rows[0];
  if (cut === undefined || cut - t <= b - cut) return box;
  const inCell = lettering.filter(
    (o) => o.box[0] >= l - 1 && o.box[2] <= r + 1 && o.box[1] >= t - 1 && o.box[3] <= cut + 1,
  );
  const baselines = [...new Set(inCell.map((o) => Math.round(o.box[3] / Math.max(1, 0.5 * o.size))))];
  return baselines.length > NOTES_LINES ? [l, cut, r, b] : box;
}

/**
 * Rule title-block-stack: a title block drawn as a column (or row) of field rules without side
 * lines, as many student and small-office templates are. The rules nearest the anchor that share
 * their ends (within ALIGN) are one block: its box runs over the stack, takes in the anchor, and
 * reaches the sheet border when the stack ends near it.
 */
const ALIGN = 4;
/** Rules in a stack: a field has a rule on each side, and a block has more than one field. */
const STACK = 3;
/** Seeds tried, nearest first (a block has a few dozen rules at most). */
const SEEDS = 24;

export function ruleStackAround(anchor: BBox, rulings: PageRulings, frame: SheetFrame): BBox | null {
  const h = anchor[3] - anchor[1];
  const cx = (anchor[0] + anchor[2]) / 2;
  const rules: { y: number; a: number; b: number }[] = [];
  for (const [y, spans] of rulings.horizontal) for (const [a, b] of spans) if (b - a > 2 * h) rules.push({ y, a, b });
  const gap = (r: { y: number }) => Math.min(Math.abs(r.y - anchor[1]), Math.abs(r.y - anchor[3]));
  const alike = (p: { a: number; b: number }) => (r: { a: number; b: number }) =>
    Math.abs(r.a - p.a) <= ALIGN && Math.abs(r.b - p.b) <= ALIGN;
  // The seed: the nearest rule above or below the anchor that spans its centre and is a row of a
  // table that can be a block (TABLE ROWS: a block's fields are rows of one table, so a field rule
  // shares its ends with STACK - 1 more; a lone line nearer the number, one running on past the
  // frame into its margin, is none of them, and the frame's own lines make no block).
  const seeds = rules
    .filter((r) => r.a <= cx && r.b >= cx && gap(r) < 6 * h)
    .sort((p, q) => gap(p) - gap(q))
    .slice(0, SEEDS);
  for (const seed of seeds) {
    const stack = rules.filter(alike(seed));
    if (stack.length < STACK) continue;
    const box = stackBox(anchor, stack, rulings, h);
    if ((box[2] - box[0]) * (box[3] - box[1]) <= MAX_SHARE * frame.width * frame.height) return box;
  }
  return null;
}

/** The box over a stack of field rules and the anchor, run on to a rule across it that is near. */
function stackBox(
  anchor: BBox,
  stack: readonly { y: number; a: number; b: number }[],
  rulings: PageRulings,
  h: number,
): BBox {
  let top = Math.min(anchor[1], ...stack.map((r) => r.y));
  let bottom = Math.max(anchor[3], ...stack.map((r) => r.y));
  const left = Math.min(anchor[0], ...stack.map((r) => r.a));
  const right = Math.max(anchor[2], ...stack.map((r) => r.b));
  const step = (bottom - top) / stack.length;
  // The last field runs on to the border (or to the next rule across the sheet) when that is near.
  const border = [...rulings.horizontal.keys()]
    .filter((y) => y > bottom && coverage(rulings.horizontal, y, left, right) >= RULED)
    .sort((a, b) => a - b)[0];
  if (border !== undefined && border - bottom < 3 * step + 2 * h) bottom = border;
  const above = [...rulings.horizontal.keys()]
    .filter((y) => y < top && coverage(rulings.horizontal, y, left, right) >= RULED)
    .sort((a, b) => b - a)[0];
  if (above !== undefined && top - above < 3 * step + 2 * h) top = above;
  return [left, top, right, bottom];
}
