// Small code-like PDFs for ingest tests: numbered clauses as real text.
import { PDFDocument, StandardFonts } from 'pdf-lib';

export async function codePdf(pages: string[][]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  pages.forEach((lines, i) => {
    const page = doc.addPage([612, 792]);
    page.drawText('TEST CODE 318', { x: 50, y: 770, size: 9, font });
    lines.forEach((line, j) => page.drawText(line, { x: 50, y: 700 - j * 16, size: 10, font }));
    page.drawText(`${i + 1}`, { x: 300, y: 20, size: 9, font });
  });
  return doc.save();
}

export async function imageOnlyPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  page.drawRectangle({ x: 50, y: 50, width: 400, height: 600 });
  return doc.save();
}
