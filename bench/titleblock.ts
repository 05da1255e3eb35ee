/**
 * The title-block reader's speed: `npm run bench:titleblock`.
 *
 * 1. Per page, thread CPU time (mean of at least BENCH_REPEAT calls) of reading the sheet's identity (subgraphs/drawings/titleblock/: the
 *    one title-block reader of Tier 1 and projects: frame, lettering lines, number, title, ruled box,
 *    border geometry, sheet index) beside the baseline measured in the same run on the same page:
 *    Tier 1's scene build (the geometry every detector starts from). Pages: the generated set's
 *    sheets, and the dev sheets of ../shared (not the blind sources) when present.
 * 2. The set's index check (rule index-check) over BENCH_SHEETS sheets (default 2,000) beside a
 *    baseline pass that only normalises every sheet number once: the check must stay linear.
 * Prints the load average; figures are CPU time, which a busy machine distorts less than wall time.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractPage } from '../subgraphs/drawings/pdf/extract-page.ts';
import { buildScene } from '../subgraphs/drawings/detect/scene.ts';
import { readSheetIdentity } from '../subgraphs/drawings/titleblock/index.ts';
import { checkSetAgainstIndex, type SheetOfSet } from '../subgraphs/drawings/titleblock/sheet-index.ts';
import { normaliseSheetNumber } from '../subgraphs/drawings/projects/sheet-number.ts';
import { generateProject } from '../eval/projects/generator.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SAMPLES = path.resolve(ROOT, '../shared/samples/drawings');
const REPEAT = Number(process.env.BENCH_REPEAT ?? 5);
const SHEETS = Number(process.env.BENCH_SHEETS ?? 2000);

const cpu = () => {
  const u = process.threadCpuUsage();
  return (u.user + u.system) / 1000;
};
/** Thread CPU ms of one call of fn: REPEAT calls timed together (the CPU clock ticks coarsely), at least 20 ms of work. */
const best = (fn: () => unknown) => {
  let n = 0;
  const c = cpu();
  while (n < REPEAT || cpu() - c < 20) {
    fn();
    n++;
  }
  return (cpu() - c) / n;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

console.log(
  `load average ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')} on ${os.cpus().length} cores\n`,
);

const pages: { name: string; bytes: Uint8Array; page: number }[] = (await generateProject())
  .slice(0, 4)
  .map((s) => ({ name: `generated ${s.truth.number}`, bytes: s.pdf, page: 1 }));
const blind = fs.existsSync(path.join(ROOT, 'eval/projects/labels/blind.json'))
  ? new Set<string>(JSON.parse(fs.readFileSync(path.join(ROOT, 'eval/projects/labels/blind.json'), 'utf8')).blind)
  : new Set<string>();
for (const sub of ['dev', 'dev2']) {
  const dir = path.join(SAMPLES, sub);
  if (!fs.existsSync(dir)) continue;
  for (const f of fs
    .readdirSync(dir)
    .filter((n) => n.endsWith('.pdf'))
    .sort()) {
    if ([...blind].some((b) => f.startsWith(b))) continue;
    pages.push({ name: f.slice(0, 40), bytes: new Uint8Array(fs.readFileSync(path.join(dir, f))), page: 1 });
  }
}
if (pages.length === 4) console.log('(../shared/samples/drawings absent: generated sheets only)\n');

console.log('page                                       scene CPU ms   reader CPU ms   ratio');
const ratios: number[] = [];
for (const p of pages) {
  const g = await extractPage(p.bytes, p.page);
  const base = best(() => buildScene(g));
  const scene = buildScene(g);
  const reader = best(() => readSheetIdentity(g, scene));
  ratios.push(reader / base);
  console.log(
    `${p.name.padEnd(42)} ${base.toFixed(2).padStart(12)} ${reader.toFixed(2).padStart(15)} ${(reader / base).toFixed(2).padStart(7)}`,
  );
}
console.log(
  `\ntitle-block reader ÷ scene build: median ${median(ratios).toFixed(2)}, worst ${Math.max(...ratios).toFixed(2)} (${pages.length} pages)\n`,
);

// --- 2. The index check over a large set ------------------------------------------------------
const index = Array.from({ length: SHEETS }, (_, i) => ({ number: `A-${100 + i}`, title: `PLAN ${i}` }));
const set: SheetOfSet[] = index.map((r, i) => ({
  id: `s${i}`,
  number: i % 50 === 0 ? `A${100 + i}X` : r.number.replace('-', ''),
  title: r.title,
  index: i === 0 ? index : [],
}));
const baseCheck = best(() => set.map((s) => (s.number ? normaliseSheetNumber(s.number) : null)));
const check = best(() => checkSetAgainstIndex(set));
const result = checkSetAgainstIndex(set);
const notListed = [...result.sheets.values()].filter((c) => c.status !== 'confirmed').length;
console.log(
  `index check, ${SHEETS} sheets: ${check.toFixed(2)} ms CPU (normalising the numbers alone ${baseCheck.toFixed(2)} ms; ratio ${(check / baseCheck).toFixed(1)}); ${notListed} sheets not confirmed, ${result.unmatchedRows.length} rows unanswered`,
);
