/**
 * Writes the default suite to a directory: `<name>.pdf` and
 * `<name>.truth.json` per sheet. Usage: npx node eval/drawings/generate.ts <outDir>
 */
import fs from 'node:fs';
import path from 'node:path';
import { defaultSuite, generateSheet } from './generator/index.ts';

async function main(): Promise<void> {
  const outDir = process.argv[2];
  if (!outDir) {
    console.error('usage: node eval/drawings/generate.ts <outDir>');
    process.exitCode = 2;
    return;
  }
  fs.mkdirSync(outDir, { recursive: true });
  for (const spec of defaultSuite()) {
    const started = performance.now();
    const { pdf, truth } = await generateSheet(spec);
    const ms = performance.now() - started;
    fs.writeFileSync(path.join(outDir, `${spec.name}.pdf`), pdf);
    fs.writeFileSync(path.join(outDir, `${spec.name}.truth.json`), `${JSON.stringify(truth, null, 2)}\n`);
    const a = truth.annotations;
    console.log(
      `${spec.name}: ${(pdf.length / 1024).toFixed(0)} KiB in ${ms.toFixed(0)} ms; ` +
        `leaders ${a.leaders.length}, section tags ${a.section_tags.length}, detail tags ${a.detail_tags.length}, ` +
        `revision triangles ${a.revision_triangles.length}, revision clouds ${a.revision_clouds.length}`,
    );
  }
}

await main();
