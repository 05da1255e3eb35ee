/**
 * Draw ops to PDF bytes with pdf-lib's standard fonts. Nothing here decides
 * position or content; that is layout's job, so the truth cannot drift from
 * what is drawn. Fixed metadata keeps the bytes identical run to run.
 */
import { LineCapStyle, PDFDocument, grayscale } from 'pdf-lib';
import type { PDFFont } from 'pdf-lib';
import { FONT_NAMES } from './fonts.ts';
import type { FontKey } from './fonts.ts';
import type { PageLayout } from './layout.ts';

/** A timestamp would break byte-for-byte determinism. */
const FIXED_DATE = new Date(Date.UTC(2026, 0, 1));
const INK = grayscale(0);

export async function renderPdf(pages: readonly PageLayout[], title: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(title);
  doc.setSubject('Synthetic building code for search evaluation; invented text, not for design');
  doc.setProducer('structural-platform synthetic code generator');
  doc.setCreator('structural-platform eval/search');
  doc.setCreationDate(FIXED_DATE);
  doc.setModificationDate(FIXED_DATE);
  const fonts = {} as Record<FontKey, PDFFont>;
  for (const key of Object.keys(FONT_NAMES) as FontKey[]) fonts[key] = await doc.embedFont(FONT_NAMES[key]);

  for (const p of pages) {
    const page = doc.addPage([p.width, p.height]);
    for (const op of p.ops) {
      switch (op.op) {
        case 'text':
          page.drawText(op.text, { x: op.x, y: op.y, size: op.size, font: fonts[op.font], color: INK });
          break;
        case 'line':
          page.drawLine({
            start: { x: op.x1, y: op.y1 },
            end: { x: op.x2, y: op.y2 },
            thickness: op.width,
            color: INK,
            lineCap: LineCapStyle.Butt,
            ...(op.dash ? { dashArray: op.dash } : {}),
          });
          break;
        case 'rect':
          page.drawRectangle({
            x: op.x,
            y: op.y,
            width: op.w,
            height: op.h,
            borderWidth: op.width,
            borderColor: INK,
            ...(op.fillGray !== undefined ? { color: grayscale(op.fillGray) } : {}),
            ...(op.dash ? { borderDashArray: op.dash } : {}),
          });
          break;
        case 'circle':
          page.drawCircle({
            x: op.x,
            y: op.y,
            size: op.r,
            borderWidth: op.width,
            borderColor: INK,
            ...(op.fill ? { color: INK } : {}),
          });
          break;
      }
    }
  }
  return doc.save();
}
