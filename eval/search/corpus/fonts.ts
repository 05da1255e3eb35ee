/**
 * The five standard fonts the codes are set in, and their metrics without a
 * PDFDocument. Layout is synchronous so that the query set can be judged
 * from the truth at import time without rendering any PDF.
 */
import { StandardFontEmbedder, StandardFonts } from 'pdf-lib';

export type FontKey = 'roman' | 'bold' | 'italic' | 'sans' | 'sansBold';

export const FONT_NAMES: Record<FontKey, StandardFonts> = {
  roman: StandardFonts.TimesRoman,
  bold: StandardFonts.TimesRomanBold,
  italic: StandardFonts.TimesRomanItalic,
  sans: StandardFonts.Helvetica,
  sansBold: StandardFonts.HelveticaBold,
};

/**
 * Characters the WinAnsi encoding of the standard fonts can show and that we
 * allow in clause text: printable ASCII plus a few typographic signs. Greek
 * letters and the radical are spelled out (lambda, sqrt()) by design.
 */
const ALLOWED = /^[\x20-\x7e\u2014\u2013\u00d7\u00b0\u00b2\u00b3\u00b1\u00b7]*$/;

export function assertEncodable(text: string, where: string): void {
  if (!ALLOWED.test(text)) {
    const bad = [...text].find((c) => !ALLOWED.test(c)) ?? '?';
    throw new Error(
      `${where}: character U+${bad.codePointAt(0)?.toString(16).padStart(4, '0')} is not allowed in "${text.slice(0, 60)}"`,
    );
  }
}

/**
 * Widths summed per character: pdf-lib's whole-string width applies kerning
 * pairs, but the `Tj` it writes does not kern, so that is what the page shows.
 */
export class Metrics {
  private readonly cache = new Map<FontKey, Map<string, number>>();
  private readonly embedders = new Map<FontKey, StandardFontEmbedder>();

  width(text: string, font: FontKey, size: number): number {
    let perFont = this.cache.get(font);
    if (!perFont) this.cache.set(font, (perFont = new Map()));
    let embedder = this.embedders.get(font);
    if (!embedder) {
      // pdf-lib's StandardFonts and the embedder's FontNames are two enums with the same strings.
      embedder = StandardFontEmbedder.for(
        FONT_NAMES[font] as unknown as Parameters<typeof StandardFontEmbedder.for>[0],
      );
      this.embedders.set(font, embedder);
    }
    let units = 0;
    for (const ch of text) {
      let w = perFont.get(ch);
      if (w === undefined) {
        w = embedder.widthOfTextAtSize(ch, 1000);
        perFont.set(ch, w);
      }
      units += w;
    }
    return (units * size) / 1000;
  }
}
