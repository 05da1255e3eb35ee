/**
 * Sheet border and title block, in the layouts real sets showed (issue 13): a
 * right-edge column the full height of the border (ANSI D/E sheets), a
 * bottom-right stamp, a bottom strip of cells side by side (the Q-CAD and India
 * sheets), and an ISO 7200 / GOST 2.104-style stamp (a grid of signature cells
 * beside the designation, title and sheet fields). US cells: firm, project,
 * revisions, title, and the sheet number in the largest text at the bottom
 * right, where OCR-based sheet linking (Procore, Autodesk Docs) looks for it.
 */
import type { DrawContext } from '../context.ts';
import type { Box, Point } from '../geometry.ts';
import type { Path } from '../pen.ts';
import type { Rng } from '../prng.ts';
import type { SheetSpec } from '../styles.ts';
import type { TextPainter, TextRun } from '../text.ts';

export interface TitleblockPlan {
  border: Box;
  bounds: Box;
  /** The drawing area inside the border (for a stamp it includes the stamp's corner). */
  viewport: Box;
  /** Cell dividers and table rules. */
  rules: [Point, Point][];
  texts: TextRun[];
  sheetNumber: TextRun | null;
  sheetTitle: TextRun | null;
  /** A square logo mark: deliberately not round, so it is no tag look-alike. */
  logo: Box;
  /** The border and title block drawn without their right-hand line (a sheet cut off at its right edge). */
  openRight: boolean;
}

const REVISIONS = [
  ['1', '02/14/26', 'ISSUED FOR PERMIT'],
  ['2', '03/20/26', 'ADDENDUM 1'],
  ['3', '05/02/26', 'BULLETIN 2'],
];

interface Cell {
  box: Box;
}

export function planTitleblock(spec: SheetSpec, text: TextPainter, rng: Rng, u: number): TitleblockPlan {
  const W = spec.width;
  const H = spec.height;
  const m = Math.round(0.025 * Math.min(W, H));
  const border: Box = [m, m, W - m, H - m];
  const rules: [Point, Point][] = [];
  const texts: TextRun[] = [];
  const label = 5 * u;
  const body = 7 * u;
  const pad = 4 * u;

  const hline = (b: Box, y: number) =>
    rules.push([
      [b[0], y],
      [b[2], y],
    ]);
  const vline = (x: number, y1: number, y2: number) =>
    rules.push([
      [x, y1],
      [x, y2],
    ]);
  const caption = (c: Cell, s: string) =>
    texts.push(text.run(s, [c.box[0] + pad, c.box[3] - pad - text.capHeight(label)], label));
  const centeredIn = (c: Cell, s: string, size: number, dy = 0): TextRun => {
    const fitted = text.fit(s, size, c.box[2] - c.box[0] - 2 * pad);
    const run = text.centered(s, [(c.box[0] + c.box[2]) / 2, (c.box[1] + c.box[3]) / 2 + dy], fitted);
    texts.push(run);
    return run;
  };

  /**
   * Splits a box along one axis (0: cells side by side, left first; 1: stacked, bottom first) by
   * fractions of its extent, the last cell taking the rest, ruling a line between neighbours.
   */
  const split = (b: Box, fractions: number[], axis: 0 | 1): Cell[] => {
    const cells: Cell[] = [];
    let at = b[axis];
    const extent = b[axis + 2]! - b[axis]!;
    fractions.forEach((f, i) => {
      const end = i === fractions.length - 1 ? b[axis + 2]! : at + f * extent;
      cells.push({ box: axis === 0 ? [at, b[1], end, b[3]] : [b[0], at, b[2], end] });
      if (i < fractions.length - 1) {
        if (axis === 0) vline(end, b[1], b[3]);
        else hline(b, end);
      }
      at = end;
    });
    return cells;
  };
  const stack = (b: Box, fractions: number[]) => split(b, fractions, 1);
  const row = (b: Box, fractions: number[]) => split(b, fractions, 0);

  const revisionTable = (c: Cell) => {
    caption(c, 'REVISIONS');
    const [x1, y1, x2, y2] = c.box;
    const rowH = Math.min(14 * u, (y2 - y1 - 3 * pad - label) / 5);
    const cols = [x1, x1 + (x2 - x1) * 0.15, x1 + (x2 - x1) * 0.42, x2];
    const top = y2 - 2 * pad - label;
    // REVISION IN CONTEXT: every revision a delta on the sheet carries has its row in the block
    // (deltas are numbered 1-3 in turn); a sheet without deltas lists any number of rows.
    const drawn = rng.int(0, REVISIONS.length);
    const count = spec.counts.revisionTriangles > 0 ? REVISIONS.length : drawn;
    for (let r = 0; r <= 5; r++) hline([x1, 0, x2, 0], top - r * rowH);
    for (const x of cols.slice(1, -1)) vline(x, top - 5 * rowH, top);
    const size = Math.min(body * 0.8, rowH * 0.55);
    const header = ['REV', 'DATE', 'DESCRIPTION'];
    const rows = [header, ...REVISIONS.slice(0, count)];
    rows.forEach((row, r) => {
      row.forEach((s, k) => {
        const cx1 = cols[k] as number;
        const cx2 = cols[k + 1] as number;
        const fitted = text.fit(s, size, cx2 - cx1 - 2 * pad);
        texts.push(text.run(s, [cx1 + pad, top - (r + 1) * rowH + (rowH - text.capHeight(fitted)) / 2], fitted));
      });
    });
  };

  let bounds: Box;
  let viewport: Box;
  let numberCell: Cell;
  let titleCell: Cell;
  let logo: Box;
  if (spec.titleblock === 'right-strip') {
    const tbw = Math.round(0.12 * W);
    bounds = [W - m - tbw, m, W - m, H - m];
    viewport = [m, m, W - m - tbw, H - m];
    const [num, title, dates, revs, project, firm] = stack(bounds, [0.1, 0.1, 0.06, 0.22, 0.12, 0.4]) as [
      Cell,
      Cell,
      Cell,
      Cell,
      Cell,
      Cell,
    ];
    numberCell = num;
    titleCell = title;
    caption(dates, 'DATE 03/02/26');
    texts.push(text.run('SCALE AS NOTED', [dates.box[0] + pad, dates.box[1] + pad], label));
    revisionTable(revs);
    caption(project, 'PROJECT');
    centeredIn(project, 'RIVERSIDE PARKING', body, 4 * u);
    centeredIn(project, 'PROJECT NO. 24-117', label, -8 * u);
    const s = Math.min(firm.box[2] - firm.box[0], firm.box[3] - firm.box[1]) * 0.3;
    const fx = (firm.box[0] + firm.box[2]) / 2;
    const fy = firm.box[3] - pad - s;
    logo = [fx - s / 2, fy, fx + s / 2, fy + s];
    centeredIn({ box: [firm.box[0], firm.box[1], firm.box[2], fy - pad] }, 'NORTHBEAM STRUCTURAL', body);
  } else if (spec.titleblock === 'bottom-strip') {
    const sh = Math.round(0.1 * H);
    bounds = [m, m, W - m, m + sh];
    viewport = [m, m + sh, W - m, H - m];
    const [firm, project, revs, dates, title, num] = row(bounds, [0.2, 0.2, 0.24, 0.1, 0.16, 0.1]) as [
      Cell,
      Cell,
      Cell,
      Cell,
      Cell,
      Cell,
    ];
    numberCell = num;
    titleCell = title;
    revisionTable(revs);
    caption(project, 'PROJECT');
    centeredIn(project, 'RIVERSIDE PARKING', body, -2 * u);
    caption(dates, 'DATE 03/02/26');
    texts.push(text.run('SCALE AS NOTED', [dates.box[0] + pad, dates.box[1] + pad], label));
    const s = (firm.box[3] - firm.box[1]) * 0.5;
    logo = [
      firm.box[0] + pad,
      firm.box[1] + (firm.box[3] - firm.box[1] - s) / 2,
      firm.box[0] + pad + s,
      firm.box[1] + (firm.box[3] - firm.box[1] + s) / 2,
    ];
    centeredIn({ box: [logo[2], firm.box[1], firm.box[2], firm.box[3]] }, 'NORTHBEAM', body);
  } else if (spec.titleblock === 'iso-stamp') {
    // 185 x 55 mm of paper (ISO 7200 / GOST 2.104 form 1), whatever the sheet size.
    const sw = Math.round(185 * 2.835 * u);
    const sh = Math.round(55 * 2.835 * u);
    bounds = [W - m - sw, m, W - m, m + sh];
    viewport = border;
    // Left: the grid of change and signature cells (rows of 5 mm, columns of 7/10/23/15/10 mm).
    const gridRight = bounds[0] + (65 / 185) * sw;
    vline(gridRight, bounds[1], bounds[3]);
    const rowH = sh / 11;
    for (let r = 1; r < 11; r++) hline([bounds[0], 0, gridRight, 0], bounds[1] + r * rowH);
    let x = bounds[0];
    for (const mm of [7, 10, 23, 15]) vline((x += (mm / 185) * sw), bounds[1], bounds[3]);
    const roles = ['APPROVED', 'N. CONTR.', 'CHECKED', 'DRAWN'];
    roles.forEach((role, r) =>
      texts.push(
        text.run(role, [bounds[0] + pad / 2, bounds[1] + r * rowH + rowH * 0.25], Math.min(label, rowH * 0.6)),
      ),
    );
    // Right: the designation across the top, the title below it, and the sheet fields beside the title.
    const right: Box = [gridRight, bounds[1], bounds[2], bounds[3]];
    const [lower, designation] = stack(right, [40 / 55, 15 / 55]) as [Cell, Cell];
    const [title, fields] = row(lower.box, [70 / 120, 50 / 120]) as [Cell, Cell];
    const [firm, sheets, scale] = stack(fields.box, [15 / 40, 5 / 40, 20 / 40]) as [Cell, Cell, Cell];
    caption(scale, 'SCALE 1:50');
    texts.push(
      text.run(
        'SHEET 1   SHEETS 1',
        [sheets.box[0] + pad / 2, sheets.box[1] + (sheets.box[3] - sheets.box[1]) * 0.2],
        Math.min(label, (sheets.box[3] - sheets.box[1]) * 0.6),
      ),
    );
    numberCell = designation;
    titleCell = title;
    const s = (firm.box[3] - firm.box[1]) * 0.6;
    logo = [
      firm.box[0] + pad,
      firm.box[1] + (firm.box[3] - firm.box[1] - s) / 2,
      firm.box[0] + pad + s,
      firm.box[1] + (firm.box[3] - firm.box[1] + s) / 2,
    ];
    centeredIn({ box: [logo[2], firm.box[1], firm.box[2], firm.box[3]] }, 'NORTHBEAM', label);
  } else {
    const sw = Math.round(0.3 * W);
    const sh = Math.round(0.2 * H);
    bounds = [W - m - sw, m, W - m, m + sh];
    viewport = border;
    const split = bounds[0] + sw * 0.58;
    vline(split, bounds[1], bounds[3]);
    const [revs, project] = stack([bounds[0], bounds[1], split, bounds[3]], [0.62, 0.38]) as [Cell, Cell];
    revisionTable(revs);
    caption(project, 'PROJECT');
    centeredIn(project, 'RIVERSIDE PARKING', body, -2 * u);
    const [num, title, firm] = stack([split, bounds[1], bounds[2], bounds[3]], [0.38, 0.3, 0.32]) as [Cell, Cell, Cell];
    numberCell = num;
    titleCell = title;
    const s = (firm.box[3] - firm.box[1]) * 0.6;
    logo = [
      firm.box[0] + pad,
      firm.box[1] + (firm.box[3] - firm.box[1] - s) / 2,
      firm.box[0] + pad + s,
      firm.box[1] + (firm.box[3] - firm.box[1] + s) / 2,
    ];
    centeredIn({ box: [logo[2], firm.box[1], firm.box[2], firm.box[3]] }, 'NORTHBEAM', body);
  }
  caption(numberCell, 'SHEET NO.');
  caption(titleCell, 'SHEET TITLE');
  const sheetNumber = spec.sheetNumber === null ? null : centeredIn(numberCell, spec.sheetNumber, 26 * u, -3 * u);
  const sheetTitle = spec.sheetTitle === null ? null : centeredIn(titleCell, spec.sheetTitle, 10 * u, -3 * u);
  return { border, bounds, viewport, rules, texts, sheetNumber, sheetTitle, logo, openRight: spec.borderOpenRight };
}

export function drawTitleblock(ctx: DrawContext, p: TitleblockPlan): void {
  const black = ctx.color('black');
  const frame = (b: Box): Path =>
    p.openRight
      ? [
          { op: 'M', p: [b[2], b[3]] },
          { op: 'L', p: [b[0], b[3]] },
          { op: 'L', p: [b[0], b[1]] },
          { op: 'L', p: [b[2], b[1]] },
        ]
      : [{ op: 'R', box: b }];
  ctx.pen.stroke(frame(p.border), { color: black, width: ctx.weights.border });
  ctx.pen.stroke(frame(p.bounds), { color: black, width: ctx.weights.border });
  ctx.pen.stroke(
    p.rules.flatMap(
      ([a, b]) =>
        [
          { op: 'M', p: a },
          { op: 'L', p: b },
        ] as const,
    ),
    { color: black, width: ctx.weights.fine },
  );
  ctx.pen.fill([{ op: 'R', box: p.logo }], ctx.color('dark-gray'));
  for (const t of p.texts) ctx.text.draw(ctx.pen, t, black);
}
