/**
 * Text as either a real text layer (Helvetica) or stroked line work, behind one
 * measuring/drawing API so shapes can center labels without knowing which.
 * Boxes are generous on purpose: they are what the truth calls "the text".
 */
import type { PDFFont } from 'pdf-lib';
import type { Box, Point } from './geometry.ts';
import type { Path, Pen } from './pen.ts';
import { GLYPHS, GLYPH_ADVANCE, GLYPH_HEIGHT, GLYPH_WIDTH } from './stroke-font.ts';
import type { Color, TextMode } from './styles.ts';

/** Helvetica cap height and descender, per unit of font size. */
const HELVETICA_CAP = 0.718;
const HELVETICA_DESCENT = 0.207;
/** Stroked glyphs: cap height per unit of nominal size, close to Helvetica's. */
const STROKED_CAP = 0.7;

export interface TextRun {
  text: string;
  /** Left end of the baseline, layout space. */
  at: Point;
  size: number;
  box: Box;
}

export class TextPainter {
  readonly mode: TextMode;
  private readonly font: PDFFont | null;

  constructor(mode: TextMode, font: PDFFont | null) {
    if (mode === 'font' && !font) throw new Error('font text needs a font');
    this.mode = mode;
    this.font = font;
  }

  width(text: string, size: number): number {
    if (this.mode === 'font') {
      // Per character: pdf-lib's whole-string width applies kerning pairs, but `Tj` does not kern.
      const font = this.font as PDFFont;
      let w = 0;
      for (const ch of text) w += font.widthOfTextAtSize(ch, size);
      return w;
    }
    const u = (size * STROKED_CAP) / GLYPH_HEIGHT;
    return text.length === 0 ? 0 : ((text.length - 1) * GLYPH_ADVANCE + GLYPH_WIDTH) * u;
  }

  capHeight(size: number): number {
    return size * (this.mode === 'font' ? HELVETICA_CAP : STROKED_CAP);
  }

  /** Largest size not above `size` at which `text` fits in `maxWidth`. */
  fit(text: string, size: number, maxWidth: number): number {
    const w = this.width(text, size);
    return w <= maxWidth ? size : (size * maxWidth) / w;
  }

  /** Lays out a run whose baseline starts at `at`. */
  run(text: string, at: Point, size: number): TextRun {
    const w = this.width(text, size);
    const cap = this.capHeight(size);
    const below = this.mode === 'font' ? size * HELVETICA_DESCENT : size * 0.05;
    return { text, at, size, box: [at[0], at[1] - below, at[0] + w, at[1] + cap + size * 0.05] };
  }

  /** A run centered horizontally on x whose capitals are vertically centered on y. */
  centered(text: string, center: Point, size: number): TextRun {
    const w = this.width(text, size);
    return this.run(text, [center[0] - w / 2, center[1] - this.capHeight(size) / 2], size);
  }

  draw(pen: Pen, run: TextRun, color: Color): void {
    if (this.mode === 'font') {
      pen.text(run.text, run.at, run.size, color);
      return;
    }
    const u = (run.size * STROKED_CAP) / GLYPH_HEIGHT;
    const path: Path = [];
    let x = run.at[0];
    for (const ch of run.text) {
      const glyph = GLYPHS[ch];
      if (!glyph) throw new Error(`no stroke glyph for ${JSON.stringify(ch)}`);
      for (const stroke of glyph) {
        stroke.forEach(([gx, gy], i) => {
          const p: Point = [x + gx * u, run.at[1] + gy * u];
          path.push(i === 0 ? { op: 'M', p } : { op: 'L', p });
        });
      }
      x += GLYPH_ADVANCE * u;
    }
    if (path.length > 0) pen.stroke(path, { color, width: Math.max(0.1, run.size * 0.07) });
  }
}
