// The UI's heavy screens in headless Chromium, timed in the page: the picture of a 25-storey,
// 8 × 8-bay building (5,625 members, its sketch made by the real replay, picture/sketch.ts, from
// the tool calls an agent sends), its displacement card opened (1,944 joints), and a reopened
// conversation of 300 tool cards; against a 2 × 2 × 3 frame (63 members) in the same run.
// Run: npm run bench:ui -w desktop. Figures: median of 5 in the page (performance.now, to the
// second animation frame after the change, i.e. painted), and for the card and the reopened
// conversation the renderer main thread's CPU time for the same change (less load-sensitive).
import http from 'node:http';
import { readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { sketchOf, type StoredMessage } from '../src/picture/sketch.ts';

const require = createRequire(import.meta.url);
const WEB = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'ui', 'web');
const VENDOR: Record<string, string> = {
  '/vendor/preact.mjs': require.resolve('preact'),
  '/vendor/hooks.mjs': require.resolve('preact/hooks'),
  '/vendor/htm.mjs': join(dirname(require.resolve('htm')), 'htm.mjs'),
  '/vendor/marked.mjs': join(dirname(require.resolve('marked')), 'marked.esm.js'),
  '/vendor/purify.mjs': join(dirname(require.resolve('dompurify')), 'purify.es.mjs'),
};

/** The tool calls that build a building of bays × bays × stories, 6 m bays, 3.5 m storeys, and its displacements. */
function building(bays: number, stories: number): StoredMessage[] {
  const frames: { start: number[]; end: number[]; section: string }[] = [];
  for (let s = 0; s < stories; s++) {
    const [z0, z1] = [s * 3.5, (s + 1) * 3.5];
    for (let i = 0; i <= bays; i++)
      for (let j = 0; j <= bays; j++) {
        frames.push({ start: [i * 6, j * 6, z0], end: [i * 6, j * 6, z1], section: 'COL' });
        if (i < bays) frames.push({ start: [i * 6, j * 6, z1], end: [(i + 1) * 6, j * 6, z1], section: 'BEAM' });
        if (j < bays) frames.push({ start: [i * 6, j * 6, z1], end: [i * 6, (j + 1) * 6, z1], section: 'BEAM' });
      }
  }
  const bases: number[][] = [];
  for (let i = 0; i <= bays; i++) for (let j = 0; j <= bays; j++) bases.push([i * 6, j * 6, 0]);
  const joints = (bays + 1) ** 2 * (stories + 1);
  const displacements = Array.from({ length: joints }, (_, k) => {
    const z = Math.floor(k / (bays + 1) ** 2) * 3.5;
    return { joint: String(k + 1), values: [0.0385 * (z / (stories * 3.5)) ** 1.5, 0, -1e-4 * z, 0, 1e-4, 0] };
  });
  const calls: [string, unknown, unknown][] = [
    [
      'new_model',
      { units: 'kN_m_C', dimension: '3d' },
      {
        joints: 0,
        frames: 0,
        materials: [],
        sections: [],
        patterns: [],
        units: 'kN_m_C',
        dimension: '3d',
        path: null,
        created_frames: [],
        created_joints: [],
      },
    ],
    ['define_material', { name: 'C30', e: 33e6, poisson: 0.2 }, { name: 'C30' }],
    [
      'define_section',
      { name: 'COL', material: 'C30', section: { shape: 'rectangle', depth: 0.6, width: 0.6 } },
      { name: 'COL' },
    ],
    [
      'define_section',
      { name: 'BEAM', material: 'C30', section: { shape: 'rectangle', depth: 0.6, width: 0.3 } },
      { name: 'BEAM' },
    ],
    [
      'define_frames',
      { frames },
      { frames: frames.map((_, k) => ({ name: String(k + 1), joint_i: '1', joint_j: '2', length: 1 })) },
    ],
    ['assign_supports', { joints: bases, restraint: 'fixed' }, { joints: bases.map((_, k) => String(k + 1)) }],
    [
      'assign_loads',
      {
        pattern: 'WIND',
        loads: Array.from({ length: stories }, (_, s) => ({
          type: 'joint',
          joint: [0, 0, (s + 1) * 3.5],
          force: [50, 0, 0],
        })),
      },
      { pattern: 'WIND', load_count: stories },
    ],
    ['run_analysis', {}, { cases: ['WIND'], equations: joints * 6, elapsed_ms: 1 }],
    [
      'read_results',
      { case: 'WIND', kind: 'displacements' },
      { kind: 'displacements', case: 'WIND', joints: displacements },
    ],
  ];
  return calls.flatMap(([tool, args, result], k) => [
    {
      role: 'ASSISTANT',
      content: null,
      toolCalls: [{ id: `c${k}`, function: { name: `sap2000_${tool}`, arguments: JSON.stringify(args) } }],
    },
    { role: 'TOOL', content: JSON.stringify(result), toolCallId: `c${k}` },
  ]);
}

const PAGE = `<!doctype html><html><head><link rel="stylesheet" href="/static/style.css">
<script type="importmap">{ "imports": { "preact": "/vendor/preact.mjs", "preact/hooks": "/vendor/hooks.mjs", "htm": "/vendor/htm.mjs", "marked": "/vendor/marked.mjs", "dompurify": "/vendor/purify.mjs" } }</script>
</head><body><div id="root" style="width:1280px"></div><script type="module">
import { h, render } from 'preact';
import { ModelPicture, draw } from '/static/components/model-picture.js';
import { ToolCard } from '/static/components/tool-card.js';
const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
window.bench = {
  async picture(sketch) {
    const root = document.getElementById('root');
    render(null, root); await frame();
    const t = performance.now();
    render(h('section', { class: 'side', style: 'width:640px' }, h(ModelPicture, { sketch })), root);
    await frame();
    return performance.now() - t;
  },
  drawOnly(sketch) {
    const t = performance.now();
    draw(sketch);
    return performance.now() - t;
  },
  async cardClosed(call) {
    const root = document.getElementById('root');
    render(null, root); await frame();
    render(h(ToolCard, { call, context: { units: 'kN_m_C', dimension: '3d' } }), root); await frame();
  },
  async cardOpen() {
    const root = document.getElementById('root');
    const t = performance.now();
    root.querySelector('summary').click();
    await frame();
    if (!root.querySelector('table')) throw new Error('no table');
    return performance.now() - t;
  },
  async clear() {
    render(null, document.getElementById('root')); await frame();
  },
  async transcript(calls) {
    const root = document.getElementById('root');
    const t = performance.now();
    render(h('main', { class: 'chat' }, calls.map((call) => h(ToolCard, { call, context: { units: 'kN_m_C', dimension: '3d' } }))), root);
    await frame();
    return performance.now() - t;
  },
};
window.ready = true;
</script></body></html>`;

const server = http.createServer(async (req, res) => {
  const url = req.url ?? '/';
  try {
    if (url === '/') return res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
    const file = VENDOR[url] ?? (url.startsWith('/static/') && !url.includes('..') ? join(WEB, url.slice(8)) : null);
    if (!file) return res.writeHead(404).end();
    res
      .writeHead(200, { 'content-type': url.endsWith('.css') ? 'text/css' : 'text/javascript' })
      .end(await readFile(file));
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
await page.goto(base);
await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
async function measure(fn: () => Promise<number>, runs = 5) {
  const xs: number[] = [];
  for (let i = 0; i < runs; i++) xs.push(await fn());
  return median(xs);
}
// The renderer's main-thread CPU time (DevTools' ThreadTime), which a busy machine inflates far
// less than the painted time: the work the page itself does for a change.
const cdp = await page.context().newCDPSession(page);
await cdp.send('Performance.enable');
const threadTime = async () =>
  ((await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'ThreadTime')?.value ?? 0) * 1000;
/** Median painted time and median main-thread CPU time of `run` (after `prepare`, not counted). */
async function measureCpu(prepare: () => Promise<unknown>, run: () => Promise<number>, runs = 5) {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    await prepare();
    const c = await threadTime();
    wall.push(await run());
    cpu.push((await threadTime()) - c);
  }
  return { wall: median(wall), cpu: median(cpu) };
}

const rows: string[] = [];
for (const [label, bays, stories] of [
  ['2 × 2 × 3 (baseline)', 2, 3],
  ['8 × 8 × 25', 8, 25],
] as const) {
  const messages = building(bays, stories);
  const t = performance.now();
  const sketch = await sketchOf(messages);
  const replay = performance.now() - t;
  const members = sketch!.frames.length / 2;
  const picture = await measure(() => page.evaluate((s) => (window as any).bench.picture(s), sketch));
  const drawOnly = await measure(() => page.evaluate((s) => (window as any).bench.drawOnly(s), sketch));
  console.log(`${label}: drawing the paths (script) ${drawOnly.toFixed(0)} ms of ${picture.toFixed(0)} ms`);
  const readCall = messages.at(-2)!.toolCalls![0]!;
  const call = {
    name: readCall.function!.name,
    arguments: readCall.function!.arguments,
    result: JSON.parse(messages.at(-1)!.content!),
    state: 'done',
  };
  const card = await measureCpu(
    () => page.evaluate((c) => (window as any).bench.cardClosed(c), call),
    () => page.evaluate(() => (window as any).bench.cardOpen()),
  );
  rows.push(
    `| ${label} | ${members} | ${replay.toFixed(0)} ms | ${picture.toFixed(0)} ms | ${card.wall.toFixed(0)} ms (CPU ${card.cpu.toFixed(0)} ms) |`,
  );
}
// A reopened conversation: 300 stored tool calls as cards (the most the client reads), closed as they open.
const calls = Array.from({ length: 300 }, (_, k) => ({
  name: 'sap2000_define_frames',
  arguments: JSON.stringify({ frames: [{ start: [0, 0, k], end: [6, 0, k], section: 'IPE300' }] }),
  result: { frames: [{ name: String(k), joint_i: '1', joint_j: '2', length: 6 }] },
  state: 'done',
}));
const reopen = await measureCpu(
  () => page.evaluate(() => (window as any).bench.clear()),
  () => page.evaluate((c) => (window as any).bench.transcript(c), calls),
);

console.log(
  `load average ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')} on ${(await import('node:os')).cpus().length} cores`,
);
console.log('| building | members | replay (core) | picture painted | displacement card opened |');
console.log('|---|---|---|---|---|');
for (const r of rows) console.log(r);
console.log(
  `reopened conversation, 300 tool cards painted: ${reopen.wall.toFixed(0)} ms (renderer main-thread CPU ${reopen.cpu.toFixed(0)} ms); targets: card ≤ 100 ms, reopen ≤ 500 ms`,
);
await browser.close();
server.close();
