// npm run bench:drawings:cpu — CPU time (not wall clock: the machine is shared) of the
// detection over the dev set's pages, beside pdf.js's own parse of the same pages in the
// same run, and scene building's share with what it allocates (garbage included, from V8's
// sampling heap profiler) against what the scenes keep. pdf.js runs once per page before
// the timing; each figure is the best of BENCH_ROUNDS passes (default 5).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import inspector from 'node:inspector/promises';
import { fileURLToPath } from 'node:url';
import { openPdf } from '../core/pdf/open.ts';
import { extractPage } from '../subgraphs/drawings/pdf/extract-page.ts';
import { analyzePage } from '../subgraphs/drawings/detect/analyze.ts';
import { buildScene } from '../subgraphs/drawings/detect/scene.ts';

const DEV = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../shared/samples/drawings/dev');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
if (!fs.existsSync(DEV)) {
  console.warn('notice: ../shared/samples/drawings/dev is absent; nothing to measure');
  process.exit(0);
}

const cpuMs = async (f: () => unknown): Promise<number> => {
  const t = process.cpuUsage();
  await f();
  const u = process.cpuUsage(t);
  return (u.user + u.system) / 1000;
};
const best = async (f: () => unknown) => {
  let b = Infinity;
  for (let r = 0; r < ROUNDS; r++) b = Math.min(b, await cpuMs(f));
  return b;
};

const pages: { bytes: Uint8Array; page: number; geometry: Awaited<ReturnType<typeof extractPage>> }[] = [];
for (const file of fs
  .readdirSync(DEV)
  .filter((f) => f.endsWith('.pdf'))
  .sort()) {
  const bytes = new Uint8Array(fs.readFileSync(path.join(DEV, file)));
  const { doc, close } = await openPdf(bytes);
  const count = doc.numPages;
  await close();
  for (let page = 1; page <= count; page++) pages.push({ bytes, page, geometry: await extractPage(bytes, page) });
}
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');
console.log(
  `\nbench/drawings-cpu — ${pages.length} dev pages, best of ${ROUNDS} passes, Node ${process.version}, load average ${load()}\n`,
);

// Warm the JIT on every page first, as a worker that has analysed a few pages is.
for (const p of pages) analyzePage(p.geometry);
let pdfjs = 0;
let analysis = 0;
let scene = 0;
for (const p of pages) {
  pdfjs += await best(async () => {
    const { doc, close } = await openPdf(p.bytes);
    try {
      const pg = await doc.getPage(p.page);
      await pg.getOperatorList();
      await pg.getTextContent();
    } finally {
      await close();
    }
  });
  analysis += await best(() => analyzePage(p.geometry));
  scene += await best(() => buildScene(p.geometry));
}

// What one pass of scene building allocates, and what the scenes keep.
const session = new inspector.Session();
session.connect();
await session.post('HeapProfiler.collectGarbage');
const before = process.memoryUsage().heapUsed;
await session.post('HeapProfiler.startSampling', {
  samplingInterval: 1024,
  includeObjectsCollectedByMajorGC: true,
  includeObjectsCollectedByMinorGC: true,
});
const scenes = pages.map((p) => buildScene(p.geometry));
const { profile } = await session.post('HeapProfiler.stopSampling');
await session.post('HeapProfiler.collectGarbage');
const kept = process.memoryUsage().heapUsed - before;
let allocated = 0;
const walk = (n: { selfSize: number; children: (typeof n)[] }) => {
  allocated += n.selfSize;
  n.children.forEach(walk);
};
walk(profile.head as never);
session.disconnect();

const mb = (b: number) => (b / 2 ** 20).toFixed(0);
console.log(`pdf.js parse (open, getOperatorList, getTextContent)  ${pdfjs.toFixed(0)} ms CPU`);
console.log(
  `detection (scene and every detector)                  ${analysis.toFixed(0)} ms CPU   ${(analysis / pdfjs).toFixed(2)} × pdf.js`,
);
console.log(
  `  of which scene building                             ${scene.toFixed(0)} ms CPU   ${(scene / pdfjs).toFixed(2)} × pdf.js`,
);
console.log(
  `scene building allocates ${mb(allocated)} MB a pass and keeps ${mb(kept)} MB (${scenes.length} scenes): ${mb(allocated - kept)} MB garbage`,
);
console.log(`load average at the end: ${load()}`);
