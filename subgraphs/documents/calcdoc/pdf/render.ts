// The checker's PDF: each formula as symbol = expression = substituted values
// = result with unit, variables with their descriptions, headings as outline
// entries, images with captions, a header with the document name and
// metadata and a "Page X of Y" footer (each switchable). Math is typeset by
// MathJax into SVG paths; text uses embedded DejaVu Sans so Greek letters and
// sub/superscripts show.
/* eslint-disable @typescript-eslint/no-explicit-any -- MathJax's internal node and adaptor classes have no public types */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { create as createFont } from 'fontkit';
import PDFDocument from 'pdfkit';
import type { Calculation, CalculatedFormula } from '../calculate.ts';
import type { CalcElement, DocumentMetadata, PageOrientation } from '../elements.ts';
import { planLayout } from '../layout.ts';
import { inlineSpans } from '../mcdx/flow-document.ts';
import type { CachedResult, UnmappedRegion } from '../mcdx/reader.ts';
import type { PngImage } from '../mcdx/writer.ts';
import { CLOSE, glyphOutline, LINE, MOVE, mathmlToOutline, QUAD, type MathOutline } from './mathjax.ts';
import { formatExpression } from '../expression.ts';
import { shownText } from '../names.ts';
import { expressionMl, hasVariables, nameMl, numberMl, quantityMl, quantityText, unitMl } from './mathml.ts';

export interface RenderInput {
  documentName: string;
  metadata: DocumentMetadata;
  elements: readonly CalcElement[];
  calc: Calculation;
  images: ReadonlyMap<number, PngImage>;
  unmapped: readonly UnmappedRegion[];
  /** Results Prime cached, shown when a formula cannot be recomputed here. */
  cached: Readonly<Record<number, CachedResult>>;
  aiFormatting: boolean;
  orientation: PageOrientation;
  pageNumbers: boolean;
  headersFooters: boolean;
}

const FONT_DIR = path.join(
  path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')),
  'ttf',
);
const FONT_FILES = {
  regular: 'DejaVuSans.ttf',
  bold: 'DejaVuSans-Bold.ttf',
  italic: 'DejaVuSans-Oblique.ttf',
  boldItalic: 'DejaVuSans-BoldOblique.ttf',
};
/** Parsed once per worker thread and shared by every document (pdfkit takes a fontkit font as it is). */
const FONTS = Object.fromEntries(
  Object.entries(FONT_FILES).map(([name, file]) => [name, createFont(readFileSync(path.join(FONT_DIR, file)))]),
);
const BODY = 10;
const MATH = 11;
const HEADING = { heading1: 16, heading2: 13, heading3: 11.5 };
const GAP = 7;
const GRAY = '#555555';

type Doc = PDFKit.PDFDocument;
interface Row {
  height: number;
  keepWithNext: boolean;
  draw(doc: Doc, x: number, y: number): void;
}

/** Size in points of an equation set at MATH pt (MathJax units: 1000 = 1 em). */
const mathSize = (m: MathOutline, scale = 1) => ({
  width: (m.viewBox[2] * MATH * scale) / 1000,
  ascent: (-m.viewBox[1] * MATH * scale) / 1000,
  descent: ((m.viewBox[1] + m.viewBox[3]) * MATH * scale) / 1000,
});

/**
 * Each glyph is written once per document as a PDF form XObject (pdfkit has no public
 * API for forms; images are registered the same way) and placed with `Do`.
 */
/** A glyph outline (M/L/Q/Z in font units) as PDF path operators, and its bounding box. */
function glyphContent(p: readonly number[]): { content: string; bbox: number[] } {
  const ops: string[] = [];
  const xs: number[] = [];
  const ys: number[] = [];
  const n = (v: number) => String(Math.round(v * 100) / 100);
  let lastX = 0;
  let lastY = 0;
  for (let i = 0; i < p.length;) {
    const op = p[i++]!;
    if (op === CLOSE) {
      ops.push('h');
      continue;
    }
    if (op === QUAD) {
      // PDF has only cubic curves: the quadratic's control point, raised.
      const [cx, cy, x, y] = [p[i]!, p[i + 1]!, p[i + 2]!, p[i + 3]!];
      ops.push(
        `${n(lastX + (2 / 3) * (cx - lastX))} ${n(lastY + (2 / 3) * (cy - lastY))} ${n(x + (2 / 3) * (cx - x))} ${n(y + (2 / 3) * (cy - y))} ${n(x)} ${n(y)} c`,
      );
      xs.push(cx, x);
      ys.push(cy, y);
      [lastX, lastY] = [x, y];
      i += 4;
      continue;
    }
    const [x, y] = [p[i]!, p[i + 1]!];
    ops.push(`${n(x)} ${n(y)} ${op === MOVE ? 'm' : 'l'}`);
    xs.push(x);
    ys.push(y);
    [lastX, lastY] = [x, y];
    i += 2;
  }
  const bbox = xs.length
    ? [Math.min(...xs) - 1, Math.min(...ys) - 1, Math.max(...xs) + 1, Math.max(...ys) + 1]
    : [0, 0, 0, 0];
  return { content: `${ops.join('\n')}\nf`, bbox };
}

/**
 * Each glyph is written once per document as a PDF form XObject and placed with `Do`
 * (pdfkit has no public API for forms; it registers images the same way).
 */
class GlyphForms {
  private readonly forms = new Map<string, { name: string; ref: unknown }>();
  private readonly doc: Doc;
  constructor(doc: Doc) {
    this.doc = doc;
  }
  use(glyph: string): string {
    let form = this.forms.get(glyph);
    if (!form) {
      const { content, bbox } = glyphContent(glyphOutline(glyph));
      const ref = (this.doc as any).ref({ Type: 'XObject', Subtype: 'Form', BBox: bbox, Resources: {} });
      ref.write(content);
      ref.end();
      form = { name: `MJ${this.forms.size}`, ref };
      this.forms.set(glyph, form);
    }
    (this.doc as any).page.xobjects[form.name] = form.ref;
    return form.name;
  }
}

const glyphForms = new WeakMap<Doc, GlyphForms>();

/** Draws an equation with its baseline at `baseline`. */
function drawMath(doc: Doc, m: MathOutline, x: number, baseline: number, scale = 1) {
  const k = (MATH * scale) / 1000;
  let forms = glyphForms.get(doc);
  if (!forms) glyphForms.set(doc, (forms = new GlyphForms(doc)));
  doc.fillColor('black');
  const n = (v: number) => String(Math.round(v * 10000) / 10000);
  for (const use of m.uses) {
    const name = forms.use(use.glyph);
    const [a, b, c, d, e, f] = use.matrix;
    (doc as any).addContent(
      `q ${n(a * k)} ${n(b * k)} ${n(c * k)} ${n(d * k)} ${n(x + e * k)} ${n(baseline + f * k)} cm /${name} Do Q`,
    );
  }
  for (const t of m.texts) {
    // The text's own transform flips y back (MathJax writes text under scale(1,-1)); its size is in MathJax units.
    const [, , , d, e, f] = t.matrix;
    doc.font(t.italic ? 'italic' : 'regular').fontSize(Math.abs(d) * t.size * k);
    doc.text(t.text, x + e * k, baseline + f * k, { baseline: 'alphabetic', lineBreak: false });
  }
  const p = m.path;
  if (!p.length) return;
  for (let i = 0; i < p.length;) {
    const op = p[i++]!;
    if (op === CLOSE) doc.closePath();
    else if (op === MOVE) {
      doc.moveTo(x + p[i]! * k, baseline + p[i + 1]! * k);
      i += 2;
    } else if (op === LINE) {
      doc.lineTo(x + p[i]! * k, baseline + p[i + 1]! * k);
      i += 2;
    } else {
      doc.quadraticCurveTo(x + p[i]! * k, baseline + p[i + 1]! * k, x + p[i + 2]! * k, baseline + p[i + 3]! * k);
      i += 4;
    }
  }
  doc.fill('black');
}

interface MathLine {
  pieces: MathOutline[];
  scale: number;
  ascent: number;
  descent: number;
}

const PIECE_GAP = 4;

/** Pieces (lhs = expression, = substituted, = result) flowed into lines of the given width. */
function mathLines(pieces: string[], width: number): MathLine[] {
  const outlines = pieces.map((p) => {
    try {
      return mathmlToOutline(p);
    } catch {
      // A construct the outline walker cannot draw: the piece's text is still in the hidden layer.
      return mathmlToOutline('<mtext>[not typeset]</mtext>');
    }
  });
  const lines: MathLine[] = [];
  let current: MathOutline[] = [];
  let used = 0;
  const flush = () => {
    if (!current.length) return;
    const natural = current.reduce((a, m) => a + mathSize(m).width, 0) + PIECE_GAP * (current.length - 1);
    const scale = Math.min(1, width / natural);
    lines.push({
      pieces: current,
      scale,
      ascent: Math.max(...current.map((m) => mathSize(m, scale).ascent)),
      descent: Math.max(...current.map((m) => mathSize(m, scale).descent)),
    });
    current = [];
    used = 0;
  };
  for (const m of outlines) {
    const w = mathSize(m).width;
    if (current.length && used + PIECE_GAP + w > width) flush();
    used += (current.length ? PIECE_GAP : 0) + w;
    current.push(m);
  }
  flush();
  return lines;
}

/**
 * MathJax draws glyphs as paths; the same line goes under it as invisible text so the
 * PDF can be searched and copied (as scanned PDFs carry their OCR text).
 */
function hiddenText(d: Doc, text: string, x: number, y: number, height: number) {
  d.save();
  d.fillOpacity(0)
    .font('regular')
    .fontSize(Math.max(4, Math.min(MATH, height * 0.8)));
  d.text(text, x, y, { lineBreak: false });
  d.restore();
}

function mathRow(
  pieces: string[],
  width: number,
  note?: { text: string; color: string },
  doc?: Doc,
  plain?: string,
): Row {
  const lines = mathLines(pieces, width);
  const noteHeight =
    note && doc
      ? doc
          .font('regular')
          .fontSize(BODY - 1)
          .heightOfString(note.text, { width }) + 2
      : 0;
  return {
    height: lines.reduce((a, l) => a + l.ascent + l.descent + 3, 0) + noteHeight,
    keepWithNext: false,
    draw(d, x, y) {
      let top = y;
      if (note) {
        d.font('regular')
          .fontSize(BODY - 1)
          .fillColor(note.color)
          .text(note.text, x, top, { width });
        d.fillColor('black');
        top += noteHeight;
      }
      if (plain) hiddenText(d, plain, x, top, lines[0]!.ascent + lines[0]!.descent);
      lines.forEach((line, i) => {
        let left = x + (i > 0 ? 18 : 0);
        for (const m of line.pieces) {
          drawMath(d, m, left, top + line.ascent, line.scale);
          left += mathSize(m, line.scale).width + PIECE_GAP * line.scale;
        }
        top += line.ascent + line.descent + 3;
      });
    },
  };
}

const EQUALS = '<mo>=</mo>';

function formulaParts(
  c: CalculatedFormula,
  calc: Calculation,
  cached: CachedResult | undefined,
): { parts: string[]; plain: string; note?: string } {
  const expr = expressionMl(c.expr, c.roles);
  const parts = [c.name ? `<mrow>${nameMl(c.name)}${EQUALS}${expr}</mrow>` : expr];
  const plain = [
    ...(c.name ? [shownText(c.name)] : []),
    formatExpression(c.expr, (n) => (c.roles.get(n) === 'variable' ? shownText(n.name) : n.name)),
  ];
  if (c.quantity) {
    if (hasVariables(c.expr, c.roles))
      parts.push(`<mrow>${EQUALS}${expressionMl(c.expr, c.roles, calc.values)}</mrow>`);
    parts.push(`<mrow>${EQUALS}${quantityMl(c.quantity)}</mrow>`);
    plain.push(quantityText(c.quantity.value, c.quantity.unit));
    return { parts, plain: plain.join(' = ') };
  }
  if (cached) {
    parts.push(
      `<mrow>${EQUALS}${numberMl(cached.value)}${cached.unit ? `<mspace width="0.25em"/>${unitMl(cached.unit)}` : ''}</mrow>`,
    );
    plain.push(quantityText(cached.value, cached.unit));
    return {
      parts,
      plain: plain.join(' = '),
      note: `Result as cached by Mathcad Prime; not recomputed here: ${c.problem?.message ?? ''}`,
    };
  }
  return { parts, plain: plain.join(' = '), note: `Not evaluated: ${c.problem?.message ?? 'no result'}` };
}

function textRows(
  doc: Doc,
  content: string,
  style: string | undefined,
  width: number,
  outline: (title: string, level: number) => void,
): Row[] {
  const heading = style && style !== 'normal' ? (style as keyof typeof HEADING) : null;
  const rows: Row[] = [];
  for (const raw of content.replace(/\r\n?/g, '\n').split('\n')) {
    const inlineHeading = /^(#{1,3})\s+(\S.*)?$/.exec(raw);
    const level = heading ? Number(heading.slice(-1)) : inlineHeading ? inlineHeading[1]!.length : 0;
    const line = inlineHeading ? (inlineHeading[2] ?? '') : raw;
    const bullet = /^\s*([-*+]|\d+[.)])\s+(\S.*)?$/.exec(line);
    const size = level ? HEADING[`heading${level}` as keyof typeof HEADING] : BODY;
    const indent = bullet ? 14 : 0;
    const body = bullet ? (bullet[2] ?? '') : line;
    const spans = inlineSpans(body);
    const plain = spans.map((s) => s.text).join('') || ' ';
    // Bold runs are wider: measure with the widest face the line uses.
    const measureFont = level || spans.some((s) => s.bold) ? 'bold' : 'regular';
    const height =
      doc
        .font(measureFont)
        .fontSize(size)
        .heightOfString(plain, { width: width - indent }) + (level ? 6 : 2);
    rows.push({
      height,
      keepWithNext: level > 0,
      draw(d, x, y) {
        if (level) outline(plain, level);
        if (bullet)
          d.font('regular')
            .fontSize(size)
            .text(/^\d/.test(bullet[1]!) ? bullet[1]! : '•', x, y, { lineBreak: false });
        d.fontSize(size);
        spans.forEach((s, i) => {
          const font = level || s.bold ? (s.italic ? 'boldItalic' : 'bold') : s.italic ? 'italic' : 'regular';
          d.font(font);
          const options = { width: width - indent, continued: i < spans.length - 1 };
          if (i === 0) d.text(s.text, x + indent, y + (level ? 3 : 0), options);
          else d.text(s.text, options);
        });
        if (!spans.length) d.text(' ', x + indent, y);
      },
    });
  }
  return rows;
}

/** The document being drawn: its pages' margins and content width, and the outline of its headings. */
interface Sheet {
  doc: PDFKit.PDFDocument;
  input: RenderInput;
  margin: { top: number; bottom: number; left: number; right: number };
  contentWidth: number;
  /** The lowest y a row may reach on the current page. */
  bottom(): number;
  outline(title: string, level: number): void;
}

export async function renderPdf(input: RenderInput): Promise<{ pdf: Uint8Array; pages: number }> {
  const landscape = input.orientation === 'landscape';
  const margin = { top: input.headersFooters ? 72 : 50, bottom: input.pageNumbers ? 60 : 50, left: 56, right: 56 };
  // The default font is ours, so pdfkit does not load Helvetica for nothing.
  const doc = new PDFDocument({
    size: 'A4',
    layout: landscape ? 'landscape' : 'portrait',
    margins: margin,
    bufferPages: true,
    autoFirstPage: true,
    info: pdfInfo(input),
    font: FONTS.regular as unknown as string,
  });
  for (const [name, font] of Object.entries(FONTS)) doc.registerFont(name, font as unknown as string);
  const chunks: Uint8Array[] = [];
  doc.on('data', (c: Uint8Array) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const outlineStack: PDFKit.PDFOutline[] = [];
  const sheet: Sheet = {
    doc,
    input,
    margin,
    contentWidth: doc.page.width - margin.left - margin.right,
    bottom: () => doc.page.height - margin.bottom,
    outline(title, level) {
      const parent = outlineStack[level - 2] ?? doc.outline;
      outlineStack[level - 1] = parent.addItem(title);
      outlineStack.length = level;
    },
  };
  placeRows(sheet, layoutRows(sheet));
  const range = doc.bufferedPageRange();
  stampPages(sheet, range);
  doc.end();
  await done;
  return { pdf: Buffer.concat(chunks), pages: range.count };
}

/** An element's rows at a width (a column's, or the page's). */
function elementRows(sheet: Sheet, index: number, width: number): Row[] {
  const e = sheet.input.elements[index]!;
  switch (e.type) {
    case 'text':
      return textRows(sheet.doc, e.content, e.style, width, sheet.outline);
    case 'variable':
      return variableRows(sheet, index, e, width);
    case 'formula':
      return formulaRows(sheet, index, e, width);
    case 'image':
      return imageRows(sheet, index, e, width);
  }
}

type ElementOf<T> = Extract<RenderInput['elements'][number], { type: T }>;

/** A variable: its definition as mathematics, its description beside it. */
function variableRows(sheet: Sheet, index: number, e: ElementOf<'variable'>, width: number): Row[] {
  const { doc, input } = sheet;
  const q = input.calc.byIndex.get(index);
  const m = mathmlToOutline(
    `${nameMl(e.name)}${EQUALS}${q && q.kind === 'variable' ? quantityMl(q.quantity) : numberMl(e.value)}`,
  );
  const plain = `${shownText(e.name)} = ${quantityText(e.value, e.unit ?? '')}`;
  const size = mathSize(m);
  const w = size.width;
  const h = size.ascent + size.descent;
  const descWidth = width - w - 16;
  const descHeight = e.description
    ? doc
        .font('regular')
        .fontSize(BODY - 0.5)
        .heightOfString(e.description, { width: Math.max(60, descWidth) })
    : 0;
  return [
    {
      height: Math.max(h, descHeight) + 2,
      keepWithNext: false,
      draw(d, x, y) {
        hiddenText(d, plain, x, y, h);
        drawMath(d, m, x, y + size.ascent);
        if (e.description) {
          d.font('regular')
            .fontSize(BODY - 0.5)
            .fillColor(GRAY)
            .text(e.description, x + w + 16, y + Math.max(0, (h - BODY) / 2), { width: Math.max(60, descWidth) });
          d.fillColor('black');
        }
      },
    },
  ];
}

/** A formula: its description above, then the formula, its substitution and its result. */
function formulaRows(sheet: Sheet, index: number, e: ElementOf<'formula'>, width: number): Row[] {
  const { doc, input } = sheet;
  const c = input.calc.byIndex.get(index) as CalculatedFormula | undefined;
  if (!c) return [];
  const { parts, plain, note } = formulaParts(c, input.calc, input.cached[index]);
  const rows: Row[] = [];
  if (e.description) {
    const h = doc
      .font('italic')
      .fontSize(BODY - 0.5)
      .heightOfString(e.description, { width });
    rows.push({
      height: h + 1,
      keepWithNext: true,
      draw(d, x, y) {
        d.font('italic')
          .fontSize(BODY - 0.5)
          .fillColor(GRAY)
          .text(e.description!, x, y, { width });
        d.fillColor('black');
      },
    });
  }
  rows.push(mathRow(parts, width, note ? { text: note, color: '#8a5a00' } : undefined, doc, plain));
  return rows;
}

/** An image scaled into the column (at most 80% of a page high), with its caption. */
function imageRows(sheet: Sheet, index: number, e: ElementOf<'image'>, width: number): Row[] {
  const { doc, input, margin, bottom } = sheet;
  const image = input.images.get(index);
  if (!image) return [];
  let w = (e.width ?? image.width) * 0.75;
  let h = (e.height ?? (e.width ? (image.height * e.width) / image.width : image.height)) * 0.75;
  const maxH = (bottom() - margin.top) * 0.8;
  const k = Math.min(1, width / w, maxH / h);
  w *= k;
  h *= k;
  const caption = e.caption ? `Figure: ${e.caption}` : '';
  const ch = caption
    ? doc
        .font('italic')
        .fontSize(BODY - 0.5)
        .heightOfString(caption, { width }) + 4
    : 0;
  return [
    {
      height: h + ch,
      keepWithNext: false,
      draw(d, x, y) {
        d.image(Buffer.from(image.png), x + (width - w) / 2, y, { width: w, height: h });
        if (caption)
          d.font('italic')
            .fontSize(BODY - 0.5)
            .fillColor(GRAY)
            .text(caption, x, y + h + 4, { width, align: 'center' })
            .fillColor('black');
      },
    },
  ];
}

/** A region of the source that is not shown, said in place. */
function unmappedRow(sheet: Sheet, u: UnmappedRegion): Row {
  const { doc, contentWidth } = sheet;
  const text = `[${u.kind} region ${u.regionId} is not shown: ${u.reason}]`;
  const h = doc
    .font('italic')
    .fontSize(BODY - 1)
    .heightOfString(text, { width: contentWidth });
  return {
    height: h + 2,
    keepWithNext: false,
    draw(d, x, y) {
      d.font('italic')
        .fontSize(BODY - 1)
        .fillColor('#999999')
        .text(text, x, y, { width: contentWidth })
        .fillColor('black');
    },
  };
}

/** Rows of the layout pass; a two-column row draws its two elements side by side. */
function layoutRows(sheet: Sheet): Row[] {
  const { input, contentWidth } = sheet;
  const rows: Row[] = [];
  const unmappedAt = (position: number) =>
    input.unmapped.filter((u) => u.elementPosition === position).map((u) => unmappedRow(sheet, u));
  for (const layoutRow of planLayout(input.elements, input.aiFormatting)) {
    rows.push(...unmappedAt(layoutRow.indices[0]!));
    if (layoutRow.indices.length === 1) {
      const r = elementRows(sheet, layoutRow.indices[0]!, contentWidth);
      if (r.length) r[r.length - 1]!.keepWithNext ||= layoutRow.keepWithNext;
      rows.push(...r);
      continue;
    }
    const half = (contentWidth - 16) / 2;
    const [left, right] = layoutRow.indices.map((i) => elementRows(sheet, i, half).filter(Boolean));
    rows.push({
      height: Math.max(sum(left!), sum(right!)),
      keepWithNext: layoutRow.keepWithNext,
      draw(d, x, y) {
        let top = y;
        for (const r of left!) {
          r.draw(d, x, top);
          top += r.height;
        }
        top = y;
        for (const r of right!) {
          r.draw(d, x + half + 16, top);
          top += r.height;
        }
      },
    });
  }
  rows.push(...unmappedAt(input.elements.length));
  return rows;
}

/** Rows placed down the pages: a block of rows kept together moves to the next page rather than straddle the break. */
function placeRows(sheet: Sheet, rows: Row[]) {
  const { doc, margin, bottom } = sheet;
  let y = margin.top;
  for (let i = 0; i < rows.length; i++) {
    // A block of rows kept together moves to the next page rather than straddle the break.
    if (i === 0 || !rows[i - 1]!.keepWithNext) {
      let block = 0;
      for (let k = i; k < rows.length; k++) {
        block += rows[k]!.height + GAP;
        if (!rows[k]!.keepWithNext) break;
      }
      if (y > margin.top && y + block > bottom() && block <= bottom() - margin.top) {
        doc.addPage();
        y = margin.top;
      }
    }
    const row = rows[i]!;
    if (y > margin.top && y + row.height > bottom()) {
      doc.addPage();
      y = margin.top;
    }
    row.draw(doc, margin.left, y);
    y += row.height + GAP;
  }
}

/** Each page's header (document name, project, author, date) and page number. */
function stampPages(sheet: Sheet, range: { start: number; count: number }) {
  const { doc, input, margin, contentWidth } = sheet;
  const meta = [input.metadata.project, input.metadata.author, input.metadata.date].filter(Boolean).join('  ·  ');
  for (let p = range.start; p < range.start + range.count; p++) {
    doc.switchToPage(p);
    const saved = doc.page.margins;
    doc.page.margins = { top: 0, bottom: 0, left: 0, right: 0 };
    if (input.headersFooters) {
      doc
        .font('bold')
        .fontSize(9)
        .fillColor('black')
        .text(input.documentName, margin.left, 30, { width: contentWidth * 0.55, lineBreak: false, ellipsis: true });
      if (meta)
        doc
          .font('regular')
          .fontSize(8.5)
          .fillColor(GRAY)
          .text(meta, margin.left + contentWidth * 0.55, 31, {
            width: contentWidth * 0.45,
            align: 'right',
            lineBreak: false,
            ellipsis: true,
          });
      doc
        .moveTo(margin.left, 46)
        .lineTo(margin.left + contentWidth, 46)
        .lineWidth(0.5)
        .strokeColor('#999999')
        .stroke();
    }
    if (input.pageNumbers) {
      doc
        .font('regular')
        .fontSize(8.5)
        .fillColor(GRAY)
        .text(`Page ${p - range.start + 1} of ${range.count}`, margin.left, doc.page.height - 36, {
          width: contentWidth,
          align: 'center',
          lineBreak: false,
        });
    }
    doc.fillColor('black');
    doc.page.margins = saved;
  }
}

const sum = (rows: Row[]) => rows.reduce((a, r) => a + r.height, 0);

function pdfInfo(input: RenderInput): PDFKit.DocumentInfo {
  return {
    Title: input.documentName,
    ...(input.metadata.author ? { Author: input.metadata.author } : {}),
    ...(input.metadata.project ? { Subject: input.metadata.project } : {}),
    Creator: 'Structural platform calculation documents',
  };
}
