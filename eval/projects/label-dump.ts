/**
 * Labelling aid (not a rule): prints a page's size, its largest lettering and the text lines in a
 * region, in the display coordinates (points, y down) that pdftoppm -r 72 renders, so a label
 * read by eye from a render can be given exact coordinates.
 *   npx node eval/projects/label-dump.ts FILE PAGE [x1 y1 x2 y2]
 */
import fs from 'node:fs';
import { extractPage } from '../../subgraphs/drawings/pdf/extract-page.ts';
import { textLines } from '../../subgraphs/drawings/projects/text-lines.ts';

const [file, pageArg, ...box] = process.argv.slice(2);
const g = await extractPage(new Uint8Array(fs.readFileSync(file!)), Number(pageArg ?? 1));
const lines = textLines(g.texts);
const r = (b: number[]) => b.map((v) => Math.round(v)).join(',');
console.log(
  `size ${Math.round(g.width)}x${Math.round(g.height)} rot ${g.rotation} runs ${g.texts.length} lines ${lines.length}`,
);
const region = box.length === 4 ? box.map(Number) : null;
const shown = region
  ? lines.filter(
      (l) => l.bbox[0] >= region[0]! && l.bbox[1] >= region[1]! && l.bbox[2] <= region[2]! && l.bbox[3] <= region[3]!,
    )
  : [...lines].sort((a, b) => b.size - a.size).slice(0, 25);
for (const l of shown)
  console.log(`${l.size.toFixed(1).padStart(6)} [${r(l.bbox)}] a${Math.round((l.angle * 180) / Math.PI)} ${l.text}`);
