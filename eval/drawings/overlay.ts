// npx node eval/drawings/overlay.ts <file.pdf> <page> <out.pdf> [truth.json]
// Draws the detector's findings (and, given a truth file, the labels) over
// the page, so results can be reviewed and real pages labelled by eye:
// pdftoppm -r 72 out.pdf | view. Detections are red, truth is green.
import fs from 'node:fs';
import { PDFDocument, rgb } from 'pdf-lib';
import { extractPage } from '../../subgraphs/drawings/pdf/extract-page.ts';
import { analyzePage } from '../../subgraphs/drawings/detect/analyze.ts';
import type { BBox } from '../../core/geometry/types.ts';

const [file, pageArg, out, truthFile] = process.argv.slice(2);
if (!file || !pageArg || !out) {
  console.error('usage: overlay.ts <file.pdf> <page> <out.pdf> [truth.json]');
  process.exit(2);
}
const pageNo = Number(pageArg);
const bytes = new Uint8Array(fs.readFileSync(file));
const result = analyzePage(await extractPage(bytes, pageNo));
const doc = await PDFDocument.load(bytes);
const only = await PDFDocument.create();
const [copied] = await only.copyPages(doc, [pageNo - 1]);
const page = only.addPage(copied!);
if (page.getRotation().angle !== 0) console.warn('overlay assumes an unrotated page');
const { height } = page.getSize();
const [ox, oy] = [page.getMediaBox().x, page.getMediaBox().y];

function box(b: BBox | null, color: ReturnType<typeof rgb>, label: string) {
  if (!b) return;
  page.drawRectangle({
    x: ox + b[0] - 1,
    y: oy + height - b[3] - 1,
    width: b[2] - b[0] + 2,
    height: b[3] - b[1] + 2,
    borderColor: color,
    borderWidth: 1.2,
  });
  page.drawText(label, { x: ox + b[0], y: oy + height - b[1] + 2, size: 6, color });
}

const draw = (r: any, color: ReturnType<typeof rgb>) => {
  for (const [kind, list] of Object.entries(r.annotations) as [string, any[]][]) {
    for (const a of list) box(a.bbox, color, `${kind.replace('revision_', 'rev_')} ${a.id}`);
  }
  box(r.titleblock.bounds, color, 'titleblock');
};
draw(result, rgb(0.9, 0, 0));
if (truthFile) draw(JSON.parse(fs.readFileSync(truthFile, 'utf8')), rgb(0, 0.6, 0));
fs.writeFileSync(out, await only.save());
console.log(JSON.stringify(Object.fromEntries(Object.entries(result.annotations).map(([k, v]) => [k, v.length]))));
