/**
 * Writes the default synthetic code corpus to a directory: `<fileId>.pdf` and
 * `<fileId>.truth.json` per code, plus `queries.json` (the judged query set).
 * Usage: npx node eval/search/generate.ts <outDir>
 */
import fs from 'node:fs';
import path from 'node:path';
import { defaultCorpus, generateCode } from './corpus/index.ts';
import type { ContentType } from './corpus/index.ts';
import { QUERIES } from './queries.ts';

async function main(): Promise<void> {
  const outDir = process.argv[2];
  if (!outDir) {
    console.error('usage: node eval/search/generate.ts <outDir>');
    process.exitCode = 2;
    return;
  }
  fs.mkdirSync(outDir, { recursive: true });
  const all = performance.now();
  for (const spec of defaultCorpus()) {
    const started = performance.now();
    const { pdf, truth } = await generateCode(spec);
    const ms = performance.now() - started;
    fs.writeFileSync(path.join(outDir, `${spec.fileId}.pdf`), pdf);
    fs.writeFileSync(path.join(outDir, `${spec.fileId}.truth.json`), `${JSON.stringify(truth, null, 2)}\n`);
    const counts = new Map<ContentType, number>();
    for (const p of truth.pages)
      for (const c of p.clauses) counts.set(c.contentType, (counts.get(c.contentType) ?? 0) + 1);
    console.log(
      `${spec.fileId}: ${truth.pages.length} pages, ${(pdf.length / 1024).toFixed(0)} KiB in ${ms.toFixed(0)} ms; ` +
        (['text', 'table', 'equation', 'figure_caption', 'definition'] as const)
          .map((t) => `${t} ${counts.get(t) ?? 0}`)
          .join(', '),
    );
  }
  fs.writeFileSync(path.join(outDir, 'queries.json'), `${JSON.stringify(QUERIES, null, 2)}\n`);
  console.log(`queries.json: ${QUERIES.length} queries; total ${(performance.now() - all).toFixed(0)} ms`);
}

await main();
