/**
 * Pagination: turns composed blocks into positioned text and line work, page
 * by page, and records which clauses land on which page. Synchronous and
 * PDF-free on purpose: the truth (and the judged query set built from it) is
 * known without rendering, and rendering cannot change it.
 *
 * Blocks never split across pages or columns: a clause with its formulas, a
 * table with its caption, a figure with its caption stay together, and a
 * section heading stays with the block after it. Chapters start a new page.
 */
import { compose } from './compose.ts';
import type { BodyEl, DocBlock } from './compose.ts';
import { drawFigure } from './figures.ts';
import { Metrics } from './fonts.ts';
import type { FontKey } from './fonts.ts';
import { createRng } from './prng.ts';
import { wrapRuns } from './text.ts';
import type { Run } from './text.ts';
import type { CodeSpec, CodeTruth, DrawOp, TruthClause } from './types.ts';

export type { DrawOp } from './types.ts';

export interface PageLayout {
  width: number;
  height: number;
  ops: DrawOp[];
}

/** A truth entry with the section it belongs to, which the query judgments use. */
export interface Placed {
  page: number;
  section: string | null;
  clause: TruthClause;
}

export interface CodeLayout {
  pages: PageLayout[];
  truth: CodeTruth;
  placed: Placed[];
}

const PAPER = { letter: [612, 792], a4: [595.28, 841.89] } as const;
const MARGIN_X = 58;
const FRAME_TOP = 70;
const FRAME_BOTTOM = 62;
const GUTTER = 20;

/** Type sizes; two-column codes set body text a little smaller, as printed codes do. */
interface Typo {
  body: number;
  lead: number;
  table: number;
  tableLead: number;
}

const TYPO: Record<1 | 2, Typo> = {
  1: { body: 10, lead: 13, table: 8.2, tableLead: 10 },
  2: { body: 9.2, lead: 11.6, table: 7.6, tableLead: 9.2 },
};

interface Box {
  height: number;
  gapBefore: number;
  keepWithNext: boolean;
  entries: { section: string | null; clause: TruthClause }[];
  /** Appends draw ops with the box's top-left corner at (x, top). */
  render(ops: DrawOp[], x: number, top: number): void;
}

class Builder {
  readonly m = new Metrics();
  readonly typo: Typo;
  readonly spec: CodeSpec;
  readonly pageW: number;
  readonly pageH: number;
  readonly frameW: number;
  readonly colW: number;

  constructor(spec: CodeSpec) {
    this.spec = spec;
    this.typo = TYPO[spec.columns];
    [this.pageW, this.pageH] = PAPER[spec.paper];
    this.frameW = this.pageW - 2 * MARGIN_X;
    this.colW = spec.columns === 1 ? this.frameW : (this.frameW - GUTTER) / 2;
  }

  /** Lines of wrapped runs as a render function; returns the height used. */
  textLines(
    runs: Run[],
    size: number,
    lead: number,
    width: number,
    first = 0,
    rest = first,
    align: 'left' | 'center' = 'left',
  ) {
    const lines = wrapRuns(this.m, runs, size, width, first, rest);
    const height = lines.length * lead;
    const render = (ops: DrawOp[], x: number, top: number) => {
      lines.forEach((segs, i) => {
        const baseline = top - size * 0.85 - i * lead;
        let shift = 0;
        if (align === 'center') {
          const last = segs[segs.length - 1];
          const end = last ? last.dx + this.m.width(last.text, last.font, size) : 0;
          shift = (width - end) / 2;
        }
        for (const s of segs)
          ops.push({ op: 'text', x: x + s.dx + shift, y: baseline, text: s.text, font: s.font, size });
      });
    };
    return { height, render, lines: lines.length };
  }

  chapterBox(b: Extract<DocBlock, { kind: 'chapter' }>): Box {
    const label = this.textLines([{ text: b.label, font: 'sansBold' }], 11, 14, this.frameW);
    const title = this.textLines([{ text: b.title, font: 'sansBold' }], 15, 18, this.frameW);
    return {
      height: label.height + 4 + title.height + 8,
      gapBefore: 0,
      keepWithNext: false,
      entries: [],
      render: (ops, x, top) => {
        label.render(ops, x, top);
        title.render(ops, x, top - label.height - 4);
        const y = top - label.height - 4 - title.height - 4;
        ops.push({ op: 'line', x1: x, y1: y, x2: x + this.frameW, y2: y, width: 1.2 });
      },
    };
  }

  sectionBox(b: Extract<DocBlock, { kind: 'section' }>): Box {
    const t = this.textLines(
      [
        { text: b.number, font: 'sansBold' },
        { text: b.title, font: 'sansBold' },
      ],
      this.typo.body + 1.2,
      this.typo.lead + 2,
      this.colW,
    );
    return {
      height: t.height + 2,
      gapBefore: 12,
      keepWithNext: true,
      entries: [],
      render: (ops, x, top) => t.render(ops, x, top - 1),
    };
  }

  clauseBox(b: Extract<DocBlock, { kind: 'clause' }>): Box {
    const { body: size, lead } = this.typo;
    const w = this.colW;
    const parts: { height: number; gap: number; render: (ops: DrawOp[], x: number, top: number) => void }[] = [];
    const head = this.textLines(
      [
        { text: b.number, font: 'bold' },
        { text: b.heading, font: 'bold' },
      ],
      size,
      lead,
      w,
      0,
      0,
    );
    parts.push({ height: head.height, gap: 0, render: head.render });
    const entries: Box['entries'] = [];
    const paragraphs: string[] = [];
    for (const el of b.body) parts.push(this.bodyPart(el, w, paragraphs, b, entries));
    const clause: TruthClause = {
      number: b.number,
      heading: b.heading,
      contentType: 'text',
      text: paragraphs.join('\n'),
    };
    return this.stack(parts, 7, false, [{ section: b.section, clause }, ...entries]);
  }

  private bodyPart(
    el: BodyEl,
    w: number,
    paragraphs: string[],
    b: Extract<DocBlock, { kind: 'clause' }>,
    entries: Box['entries'],
  ) {
    const { body: size, lead } = this.typo;
    if (el.kind === 'eq') {
      const { eq, label, where } = el.eq;
      const labelW = this.m.width(label, 'roman', size);
      let eqSize = size + 0.6;
      const room = w - labelW - 30;
      const eqW = this.m.width(eq, 'italic', eqSize);
      if (eqW > room) eqSize = (eqSize * room) / eqW;
      if (eqSize < 6) throw new Error(`${this.spec.fileId} ${label}: formula too wide for the column`);
      const fw = this.m.width(eq, 'italic', eqSize);
      const whereLines = where
        ? this.textLines([{ text: where, font: 'roman' }], size - 0.4, lead - 0.6, w, 18, 18)
        : null;
      entries.push({
        section: b.section,
        clause: { number: label, heading: b.heading, contentType: 'equation', text: where ? `${eq}\n${where}` : eq },
      });
      const lineH = lead + 4;
      return {
        height: lineH + (whereLines ? whereLines.height + 2 : 0),
        gap: 4,
        render: (ops: DrawOp[], x: number, top: number) => {
          const baseline = top - 2 - eqSize * 0.85;
          ops.push({
            op: 'text',
            x: x + Math.max(18, (w - labelW - fw) / 2),
            y: baseline,
            text: eq,
            font: 'italic',
            size: eqSize,
          });
          ops.push({ op: 'text', x: x + w - labelW, y: baseline, text: label, font: 'roman', size });
          if (whereLines) whereLines.render(ops, x, top - lineH - 2);
        },
      };
    }
    if (el.kind === 'item') {
      paragraphs.push(`${el.label} ${el.text}`);
      const t = this.textLines([{ text: el.text, font: 'roman' }], size, lead, w, 32, 32);
      return {
        height: t.height,
        gap: 2,
        render: (ops: DrawOp[], x: number, top: number) => {
          ops.push({ op: 'text', x: x + 14, y: top - size * 0.85, text: el.label, font: 'roman', size });
          t.render(ops, x, top);
        },
      };
    }
    paragraphs.push(el.label ? `${el.label} ${el.text}` : el.text);
    const indent = el.label ? 22 : 0;
    const t = this.textLines([{ text: el.text, font: 'roman' }], size, lead, w, indent, indent);
    return {
      height: t.height,
      gap: 3,
      render: (ops: DrawOp[], x: number, top: number) => {
        if (el.label) ops.push({ op: 'text', x, y: top - size * 0.85, text: el.label, font: 'roman', size });
        t.render(ops, x, top);
      },
    };
  }

  private stack(
    parts: { height: number; gap: number; render: (ops: DrawOp[], x: number, top: number) => void }[],
    gapBefore: number,
    keepWithNext: boolean,
    entries: Box['entries'],
  ): Box {
    const height = parts.reduce((h, p, i) => h + p.height + (i === 0 ? 0 : p.gap), 0);
    return {
      height,
      gapBefore,
      keepWithNext,
      entries,
      render: (ops, x, top) => {
        let y = top;
        parts.forEach((p, i) => {
          if (i > 0) y -= p.gap;
          p.render(ops, x, y);
          y -= p.height;
        });
      },
    };
  }

  tableBox(b: Extract<DocBlock, { kind: 'table' }>): Box {
    const t = b.table;
    const { table: size, tableLead: lead } = this.typo;
    const w = this.colW;
    const caption = this.textLines(
      [
        { text: t.number, font: 'sansBold' },
        { text: `— ${t.title}`, font: 'sansBold' },
      ],
      size + 0.6,
      lead + 1,
      w,
    );
    const total = t.columns.reduce((s, c) => s + c.weight, 0);
    const widths = t.columns.map((c) => (w * c.weight) / total);
    const lefts = widths.map((_, i) => widths.slice(0, i).reduce((s, v) => s + v, 0));
    const pad = 3;
    const row = (cells: string[], font: FontKey) => {
      const wrapped = cells.map((c, i) => wrapRuns(this.m, [{ text: c, font }], size, (widths[i] as number) - 2 * pad));
      const lines = Math.max(1, ...wrapped.map((l) => l.length));
      return { wrapped, height: lines * lead + 3 };
    };
    const header = row(
      t.columns.map((c) => c.header),
      'sansBold',
    );
    const rows = t.rows.map((r) => row(r, 'sans'));
    const note = t.note ? this.textLines([{ text: t.note, font: 'sans' }], size - 0.6, lead - 0.8, w) : null;
    const bodyH = header.height + rows.reduce((s, r) => s + r.height, 0);
    const height = caption.height + 4 + bodyH + 4 + (note ? note.height + 2 : 0);
    const text = [
      `${t.number} — ${t.title}`,
      t.columns.map((c) => c.header).join(' | '),
      ...t.rows.map((r) => r.join(' | ')),
      ...(t.note ? [t.note] : []),
    ].join('\n');
    return {
      height,
      gapBefore: 10,
      keepWithNext: false,
      entries: [{ section: b.section, clause: { number: t.number, heading: t.title, contentType: 'table', text } }],
      render: (ops, x, top) => {
        caption.render(ops, x, top);
        let y = top - caption.height - 4;
        ops.push({ op: 'line', x1: x, y1: y, x2: x + w, y2: y, width: 0.9 });
        const drawRow = (r: { wrapped: ReturnType<typeof wrapRuns>[]; height: number }) => {
          r.wrapped.forEach((lines, i) => {
            lines.forEach((segs, k) => {
              for (const s of segs)
                ops.push({
                  op: 'text',
                  x: x + (lefts[i] as number) + pad + s.dx,
                  y: y - 2 - size * 0.85 - k * lead,
                  text: s.text,
                  font: s.font,
                  size,
                });
            });
          });
          y -= r.height;
        };
        drawRow(header);
        ops.push({ op: 'line', x1: x, y1: y, x2: x + w, y2: y, width: 0.5 });
        for (const r of rows) drawRow(r);
        ops.push({ op: 'line', x1: x, y1: y, x2: x + w, y2: y, width: 0.9 });
        if (note) note.render(ops, x, y - 4);
      },
    };
  }

  figureBox(b: Extract<DocBlock, { kind: 'figure' }>): Box {
    const f = b.figure;
    const w = this.colW;
    const size = this.typo.table + 0.6;
    const caption = this.textLines(
      [
        { text: f.number, font: 'sansBold' },
        { text: `— ${f.caption}`, font: 'sans' },
      ],
      size,
      size + 2.4,
      w * 0.9,
      0,
      0,
      'center',
    );
    const fw = Math.min(w, 340);
    const fh = Math.min(f.height, this.spec.columns === 2 ? f.height * 0.8 : f.height);
    return {
      height: fh + 6 + caption.height,
      gapBefore: 12,
      keepWithNext: false,
      entries: [
        {
          section: b.section,
          clause: {
            number: f.number,
            heading: f.caption,
            contentType: 'figure_caption',
            text: `${f.number} — ${f.caption}`,
          },
        },
      ],
      render: (ops, x, top) => {
        drawFigure(ops, f.drawing, x + (w - fw) / 2, top - fh, fw, fh, createRng(b.seed));
        caption.render(ops, x + w * 0.05, top - fh - 6);
      },
    };
  }

  definitionBox(b: Extract<DocBlock, { kind: 'definition' }>): Box {
    const { body: size, lead } = this.typo;
    const t = this.textLines(
      [
        { text: b.number, font: 'bold' },
        { text: b.term, font: 'bold' },
        { text: `— ${b.meaning}`, font: 'roman' },
      ],
      size,
      lead,
      this.colW,
      0,
      14,
    );
    return {
      height: t.height,
      gapBefore: 4,
      keepWithNext: false,
      entries: [
        {
          section: b.section,
          clause: { number: b.number, heading: b.term, contentType: 'definition', text: `${b.term} — ${b.meaning}` },
        },
      ],
      render: t.render,
    };
  }

  box(b: DocBlock): Box {
    switch (b.kind) {
      case 'chapter':
        return this.chapterBox(b);
      case 'section':
        return this.sectionBox(b);
      case 'clause':
        return this.clauseBox(b);
      case 'table':
        return this.tableBox(b);
      case 'figure':
        return this.figureBox(b);
      case 'definition':
        return this.definitionBox(b);
    }
  }
}

/** A heading glued to the box after it, so headings are never stranded at a column foot. */
function glue(a: Box, b: Box): Box {
  return {
    height: a.height + b.gapBefore + b.height,
    gapBefore: a.gapBefore,
    keepWithNext: b.keepWithNext,
    entries: [...a.entries, ...b.entries],
    render: (ops, x, top) => {
      a.render(ops, x, top);
      b.render(ops, x, top - a.height - b.gapBefore);
    },
  };
}

function titlePage(bd: Builder, ops: DrawOp[]): void {
  const { spec, frameW } = bd;
  let top = bd.pageH - 200;
  const put = (runs: Run[], size: number, lead: number, gap: number) => {
    const t = bd.textLines(runs, size, lead, frameW, 0, 0, 'center');
    t.render(ops, MARGIN_X, top);
    top -= t.height + gap;
  };
  put([{ text: spec.designation, font: 'sansBold' }], 30, 36, 14);
  put([{ text: spec.title, font: 'sansBold' }], 17, 22, 26);
  put([{ text: 'Synthetic evaluation edition', font: 'sans' }], 12, 16, 40);
  ops.push({ op: 'line', x1: MARGIN_X + 60, y1: top + 20, x2: MARGIN_X + frameW - 60, y2: top + 20, width: 0.8 });
  put(
    [
      {
        text:
          'This document was generated to test and evaluate a search engine for building codes. It follows the numbering style and layout conventions of the published standard, ' +
          'but every clause, table, equation, figure caption and definition in it was written for this purpose. It is not the text of the standard and must not be used for design.',
        font: 'roman',
      },
    ],
    10.5,
    14,
    18,
  );
  put(
    [{ text: `Generator seed ${spec.seed}. The same seed always produces the same document.`, font: 'italic' }],
    9.5,
    13,
    0,
  );
}

/** Running header and footer on every page, the title page included. */
function furniture(bd: Builder, ops: DrawOp[], page: number): void {
  const { spec, pageW, pageH } = bd;
  const y = pageH - 40;
  ops.push({ op: 'text', x: MARGIN_X, y, text: `${spec.designation} — ${spec.title}`, font: 'sans', size: 7.5 });
  const right = 'Synthetic evaluation edition';
  ops.push({
    op: 'text',
    x: pageW - MARGIN_X - bd.m.width(right, 'sans', 7.5),
    y,
    text: right,
    font: 'sans',
    size: 7.5,
  });
  ops.push({ op: 'line', x1: MARGIN_X, y1: y - 5, x2: pageW - MARGIN_X, y2: y - 5, width: 0.4 });
  ops.push({ op: 'line', x1: MARGIN_X, y1: 48, x2: pageW - MARGIN_X, y2: 48, width: 0.4 });
  const label = `Page ${page}`;
  ops.push({ op: 'text', x: (pageW - bd.m.width(label, 'sans', 8)) / 2, y: 36, text: label, font: 'sans', size: 8 });
  const note = 'Invented text for search evaluation — not for design';
  ops.push({ op: 'text', x: MARGIN_X, y: 36, text: note, font: 'sans', size: 6.5 });
}

export function layoutCode(spec: CodeSpec): CodeLayout {
  const bd = new Builder(spec);
  const blocks = compose(spec);
  const frameTop = bd.pageH - FRAME_TOP;
  const frameH = frameTop - FRAME_BOTTOM;
  const pages: { ops: DrawOp[]; entries: Box['entries'] }[] = [{ ops: [], entries: [] }];
  titlePage(bd, (pages[0] as { ops: DrawOp[] }).ops);

  let col = 0;
  let colTop = frameTop;
  let y = frameTop;
  let fresh = false;
  const current = () => pages[pages.length - 1] as { ops: DrawOp[]; entries: Box['entries'] };
  const newPage = () => {
    pages.push({ ops: [], entries: [] });
    col = 0;
    colTop = y = frameTop;
    fresh = true;
  };
  const colX = () => MARGIN_X + col * (bd.colW + GUTTER);

  // Glue headings to what follows them.
  const boxes: { box: Box; chapter: boolean }[] = [];
  let pending: Box | null = null;
  for (const b of blocks) {
    let box = bd.box(b);
    if (pending) box = glue(pending, box);
    pending = null;
    if (box.keepWithNext) pending = box;
    else boxes.push({ box, chapter: b.kind === 'chapter' });
  }
  if (pending) throw new Error(`${spec.fileId}: document ends with a heading`);

  for (const { box, chapter } of boxes) {
    if (chapter) {
      if (!fresh) newPage();
      box.render(current().ops, MARGIN_X, frameTop);
      colTop = y = frameTop - box.height - 10;
      fresh = false;
      continue;
    }
    if (box.height > frameH - 60)
      throw new Error(`${spec.fileId}: block "${box.entries[0]?.clause.number}" is taller than a page`);
    let gap = y === colTop ? 0 : box.gapBefore;
    if (y - gap - box.height < FRAME_BOTTOM) {
      col++;
      if (col >= spec.columns) newPage();
      else y = colTop;
      gap = 0;
    }
    box.render(current().ops, colX(), y - gap);
    current().entries.push(...box.entries);
    y -= gap + box.height;
    fresh = false;
  }

  const layoutPages: PageLayout[] = pages.map((p, i) => {
    furniture(bd, p.ops, i + 1);
    return { width: bd.pageW, height: bd.pageH, ops: p.ops };
  });
  const placed: Placed[] = pages.flatMap((p, i) =>
    p.entries.map((e) => ({ page: i + 1, section: e.section, clause: e.clause })),
  );
  const truth: CodeTruth = {
    fileId: spec.fileId,
    title: `${spec.designation} ${spec.title}`,
    pages: pages.map((p, i) => ({ page: i + 1, clauses: p.entries.map((e) => e.clause) })),
  };
  return { pages: layoutPages, truth, placed };
}
