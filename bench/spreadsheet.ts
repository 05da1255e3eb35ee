// npm run bench:spreadsheet — time and peak memory of spreadsheet building,
// each case beside plain exceljs writing the same cells in the same run:
//   report:   a 1,000-row table, two formulas and three charts
//   large:    a 100,000-row × 10-column table
//   template: filling 200 rows and two cells of a template that has a table, a chart and scoped names
//   job:      the report workbook as a REST job, from POST to completed, through a running server
// The cases of a group are timed in one child process, interleaved run by run
// (machine load then falls on all alike); each case's peak RSS comes from a
// child process of its own that builds it once. BENCH_CASES=report,template runs only those groups.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { validateWorkbook } from '../subgraphs/documents/spreadsheet/blocks/validate.ts';
import { buildWorkbook } from '../subgraphs/documents/spreadsheet/build/build-workbook.ts';
import { fillTemplate } from '../subgraphs/documents/spreadsheet/template/fill.ts';
import { Package } from '../subgraphs/documents/spreadsheet/ooxml/package-editor.ts';

type Row = (string | number | boolean | null)[];

const REPORT_HEADERS = ['Member', 'Span', 'Load', 'Moment', 'Shear', 'Utilisation'];
function reportRows(n: number): Row[] {
  return Array.from({ length: n }, (_, i) => [
    `B${i + 1}`,
    2 + (i % 12) * 0.5,
    5 + (i % 17),
    '=[@Load]*[@Span]^2/8',
    (i % 23) * 1.5,
    (i % 100) / 100,
  ]);
}
const reportInput = (rows: Row[]) => ({
  workbookName: 'Report',
  sheets: [
    {
      name: 'Beams',
      blocks: [
        { type: 'header', content: 'Beam schedule' },
        { type: 'data_table', name: 'Beams', headers: REPORT_HEADERS, rows },
        { type: 'formula', label: 'Total load', expression: '=SUM(Beams[Load])', format: 'number' },
        { type: 'formula', label: 'Worst utilisation', expression: '=MAX(Beams[Utilisation])', format: 'percent' },
        {
          type: 'chart',
          chartType: 'bar',
          title: 'Loads',
          dataRange: 'Beams',
          xAxis: 'Member',
          yAxis: ['Load', 'Shear'],
        },
        {
          type: 'chart',
          chartType: 'line',
          title: 'Moments',
          dataRange: 'Beams',
          xAxis: 'Member',
          yAxis: 'Moment',
          options: { showTrendline: true },
        },
        {
          type: 'chart',
          chartType: 'scatter',
          title: 'Span against load',
          dataRange: 'Beams',
          xAxis: 'Span',
          yAxis: 'Load',
        },
      ],
    },
  ],
});

const LARGE_HEADERS = ['Id', 'Member', 'Grade', 'Span', 'Load', 'Moment', 'Shear', 'Deflection', 'Ratio', 'Checked'];
function largeRows(n: number): Row[] {
  return Array.from({ length: n }, (_, i) => [
    i + 1,
    `M${i % 997}`,
    ['S275', 'S355', 'S460'][i % 3]!,
    2 + (i % 40) * 0.25,
    3 + (i % 29),
    (i % 311) * 1.7,
    (i % 53) * 2.1,
    (i % 19) / 1000,
    (i % 100) / 100,
    i % 2 === 0,
  ]);
}
const largeInput = (rows: Row[]) => ({
  workbookName: 'Large',
  sheets: [{ name: 'Members', blocks: [{ type: 'data_table', name: 'Members', headers: LARGE_HEADERS, rows }] }],
});

/** The same cells as the service writes (formulas in the file's spelling), with plain exceljs: no table, no chart, no styles. */
async function plainExcel(
  rows: Row[],
  headers: string[],
  formulas: string[],
  header: string | null,
  mode: 'stream' | 'memory',
): Promise<number> {
  const start = header ? 3 : 1;
  const cellValue = (v: Row[number]): ExcelJS.CellValue =>
    typeof v === 'string' && v.startsWith('=')
      ? { formula: v.slice(1).replace(/\[@(\w+)\]/g, 'Beams[[#This Row],[$1]]') }
      : v;
  const fill = (getRow: (n: number) => ExcelJS.Row, commit: boolean) => {
    if (header) getRow(1).getCell(1).value = header;
    headers.forEach((h, c) => (getRow(start).getCell(c + 1).value = h));
    rows.forEach((r, i) => {
      const row = getRow(start + 1 + i);
      r.forEach((v, c) => {
        if (v !== null) row.getCell(c + 1).value = cellValue(v);
      });
      if (commit) row.commit();
    });
    formulas.forEach((f, i) => {
      const row = getRow(start + rows.length + 2 + i);
      row.getCell(1).value = `Formula ${i + 1}`;
      row.getCell(2).value = { formula: f } as ExcelJS.CellFormulaValue;
      if (commit) row.commit();
    });
  };
  if (mode === 'memory') {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Sheet');
    fill((n) => ws.getRow(n), false);
    return (await wb.xlsx.writeBuffer()).byteLength;
  }
  let size = 0;
  const out = new PassThrough();
  out.on('data', (c: Buffer) => (size += c.length));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: true });
  const ws = wb.addWorksheet('Sheet');
  fill((n) => ws.getRow(n), true);
  ws.commit();
  await wb.commit();
  return size;
}

/** A template made by the service: a 200-row input range, a table over it, a total, a chart, sheet-scoped names. */
async function makeTemplate(): Promise<Buffer> {
  const spec = validateWorkbook({
    workbookName: 'Template',
    sheets: [
      {
        name: 'Schedule',
        blocks: [
          { type: 'header', content: 'Schedule' },
          {
            type: 'data_table',
            name: 'Lines',
            headers: ['Item', 'Qty', 'Rate', 'Amount'],
            rows: Array.from({ length: 200 }, () => ['', 0, 0, '=[@Qty]*[@Rate]']),
          },
          { type: 'formula', label: 'Total', expression: '=SUM(Lines[Amount])', format: 'currency' },
          { type: 'chart', chartType: 'column', title: 'Amounts', dataRange: 'Lines', xAxis: 'Item', yAxis: 'Amount' },
        ],
      },
    ],
  });
  const pkg = new Package(await buildWorkbook(spec));
  const names =
    '<definedNames><definedName name="Client">Schedule!$F$1</definedName><definedName name="Items">Schedule!$A$4:$C$203</definedName>' +
    '<definedName name="Total" localSheetId="0">Schedule!$B$205</definedName></definedNames>';
  pkg.write('xl/workbook.xml', pkg.read('xl/workbook.xml')!.replace('</sheets>', `</sheets>${names}`));
  return pkg.toBuffer();
}
const templateRows = (): Row[] => Array.from({ length: 200 }, (_, i) => [`Item ${i + 1}`, 1 + (i % 9), 10 + (i % 13)]);

/** Plain exceljs filling the same names: load, write through definedNames, save (it drops the chart on the way). */
async function plainTemplateFill(template: Buffer, rows: Row[]): Promise<number> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(template as unknown as ArrayBuffer);
  const write = (name: string, values: Row[]) => {
    const [ref] = wb.definedNames.getRanges(name).ranges;
    const [sheet, area] = ref!.split('!');
    const ws = wb.getWorksheet(sheet!.replace(/'/g, ''))!;
    const top = ws.getCell(area!.split(':')[0]!.replace(/\$/g, ''));
    values.forEach((r, i) => r.forEach((v, j) => (ws.getCell(Number(top.row) + i, Number(top.col) + j).value = v)));
  };
  write('Items', rows);
  write('Client', [['ACME']]);
  return (await wb.xlsx.writeBuffer()).byteLength;
}

const CASES: Record<string, { runs: number; prepare: () => Promise<() => Promise<number>> }> = {
  'job/report': { runs: 20, prepare: reportJob },
  'report/service': {
    runs: 150,
    prepare: async () => {
      const rows = reportRows(1000);
      return async () => (await buildWorkbook(validateWorkbook(reportInput(rows)))).length;
    },
  },
  'report/exceljs-stream': {
    runs: 150,
    prepare: async () => {
      const rows = reportRows(1000);
      return () =>
        plainExcel(rows, REPORT_HEADERS, ['SUM(Beams[Load])', 'MAX(Beams[Utilisation])'], 'Beam schedule', 'stream');
    },
  },
  'report/exceljs-memory': {
    runs: 150,
    prepare: async () => {
      const rows = reportRows(1000);
      return () =>
        plainExcel(rows, REPORT_HEADERS, ['SUM(Beams[Load])', 'MAX(Beams[Utilisation])'], 'Beam schedule', 'memory');
    },
  },
  'large/service': {
    runs: 3,
    prepare: async () => {
      const rows = largeRows(100_000);
      return async () => (await buildWorkbook(validateWorkbook(largeInput(rows)))).length;
    },
  },
  'large/exceljs-stream': {
    runs: 3,
    prepare: async () => {
      const rows = largeRows(100_000);
      return () => plainExcel(rows, LARGE_HEADERS, [], null, 'stream');
    },
  },
  'large/exceljs-memory': {
    runs: 3,
    prepare: async () => {
      const rows = largeRows(100_000);
      return () => plainExcel(rows, LARGE_HEADERS, [], null, 'memory');
    },
  },
  'template/service': {
    runs: 20,
    prepare: async () => {
      const base64 = (await makeTemplate()).toString('base64');
      const rows = templateRows();
      return async () =>
        fillTemplate({ templateFile: base64, dataMappings: { Items: rows, Client: 'ACME', 'Schedule!Total': null } })
          .length;
    },
  },
  'template/exceljs': {
    runs: 20,
    prepare: async () => {
      const t = await makeTemplate();
      const rows = templateRows();
      return () => plainTemplateFill(t, rows);
    },
  },
};

/** The report as a REST client sends it: POST, then poll GET /v1/jobs/{id} every 5 ms until completed. */
async function reportJob(): Promise<() => Promise<number>> {
  // Imported here so the other cases' processes do not carry the server in their peak RSS.
  const { startBenchServer } = await import('./support/server.ts');
  const { server, dataDir } = await startBenchServer('bench-spreadsheet-', {
    ENTERPRISE_RATE_PER_MIN: '10000000',
    POLLING_RATE_PER_MIN: '10000000',
  });
  const { secret } = await server.platform.keys.create({ name: 'bench', tier: 'enterprise' });
  const headers = { authorization: `Bearer ${secret}`, 'content-type': 'application/json' };
  const input = reportInput(reportRows(1000));
  const body = JSON.stringify({
    operation: 'create_spreadsheet',
    workbook_name: input.workbookName,
    sheets: input.sheets.map((sh) => ({
      name: sh.name,
      blocks: sh.blocks.map(({ chartType, dataRange, xAxis, yAxis, options, ...rest }: Record<string, any>) => ({
        ...rest,
        ...(chartType
          ? {
              chart_type: chartType,
              data_range: dataRange,
              x_axis: xAxis,
              y_axis: yAxis,
              options: options && { show_trendline: options.showTrendline },
            }
          : {}),
      })),
    })),
  });
  process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
  return async () => {
    const created = await (await fetch(`${server.url}/v1/spreadsheet/jobs`, { method: 'POST', headers, body })).json();
    for (;;) {
      const job = await (await fetch(`${server.url}/v1/jobs/${created.job_id}`, { headers })).json();
      if (job.status === 'completed') return (await (await fetch(job.results.file_url)).arrayBuffer()).byteLength;
      if (job.status === 'failed') throw new Error(JSON.stringify(job.error));
      await new Promise((r) => setTimeout(r, 5));
    }
  };
}

interface Measure {
  medianMs: number;
  minMs: number;
  peakRssMb: number;
  bytes: number;
}

const GROUPS = ['report', 'large', 'template', 'job'];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Times the cases of a group in one process, interleaved run by run, so machine load falls on all alike. */
async function timeGroup(group: string): Promise<Record<string, Omit<Measure, 'peakRssMb'>>> {
  const names = Object.keys(CASES).filter((n) => n.startsWith(`${group}/`));
  const runs = new Map<string, () => Promise<number>>();
  for (const name of names) runs.set(name, await CASES[name]!.prepare());
  for (const run of runs.values()) await run(); // warm-up: module loading, JIT and the worker pool's first thread are not measured
  const times = new Map<string, number[]>(names.map((n) => [n, []]));
  const bytes = new Map<string, number>();
  for (let i = 0; i < CASES[names[0]!]!.runs; i++) {
    for (const name of names) {
      const t0 = performance.now();
      bytes.set(name, await runs.get(name)!());
      times.get(name)!.push(performance.now() - t0);
    }
  }
  return Object.fromEntries(
    names.map((n) => [n, { medianMs: median(times.get(n)!), minMs: Math.min(...times.get(n)!), bytes: bytes.get(n)! }]),
  );
}

/** Peak RSS of a process that prepares one case (its input included) and runs it once. */
async function peakRss(name: string): Promise<number> {
  const run = await CASES[name]!.prepare();
  await run();
  return process.resourceUsage().maxRSS / 1024;
}

const mode = process.argv[2];
if (mode === '--time') {
  process.stdout.write(JSON.stringify(await timeGroup(process.argv[3]!)));
  process.exit(0);
} else if (mode === '--memory') {
  process.stdout.write(JSON.stringify(await peakRss(process.argv[3]!)));
  process.exit(0);
} else {
  const self = fileURLToPath(import.meta.url);
  const child = (...args: string[]) =>
    JSON.parse(execFileSync(process.execPath, [self, ...args], { encoding: 'utf8', maxBuffer: 1 << 20 }));
  const results: Record<string, Measure> = {};
  console.log(
    `\nbench/spreadsheet — Node ${process.version}, exceljs 4.4.0; each group timed in one process with its cases interleaved run by run`,
  );
  console.log(
    '(median and fastest of N runs after a warm-up); peak RSS of a separate process per case that prepares its input and runs it once\n',
  );
  const groups = GROUPS.filter((g) => !process.env.BENCH_CASES || process.env.BENCH_CASES.split(',').includes(g));
  for (const group of groups) {
    const timed: Record<string, Omit<Measure, 'peakRssMb'>> = child('--time', group);
    for (const [name, t] of Object.entries(timed)) {
      const r = (results[name] = { ...t, peakRssMb: child('--memory', name) as number });
      console.log(
        `${name.padEnd(24)} ${r.medianMs.toFixed(1).padStart(8)} ms (fastest ${r.minMs.toFixed(1)})  peak RSS ${r.peakRssMb.toFixed(0).padStart(5)} MB  ${(r.bytes / 1024).toFixed(0)} KB  ×${CASES[name]!.runs}`,
      );
    }
  }
  if (groups.length < GROUPS.length) process.exit(0);
  const ratio = (a: string, b: string) =>
    `${(results[a]!.medianMs / results[b]!.medianMs).toFixed(2)} (fastest runs ${(results[a]!.minMs / results[b]!.minMs).toFixed(2)})`;
  const typical = 3000;
  console.log(
    `\nservice / plain exceljs (same writer, streaming):  report ${ratio('report/service', 'report/exceljs-stream')}×   large ${ratio('large/service', 'large/exceljs-stream')}×   (target ≤ 1.20×)`,
  );
  console.log(
    `service / plain exceljs (in-memory workbook):      report ${ratio('report/service', 'report/exceljs-memory')}×   large ${ratio('large/service', 'large/exceljs-memory')}×`,
  );
  console.log(
    `template fill / exceljs load-fill-save:            ${ratio('template/service', 'template/exceljs')}×  (exceljs drops the template's chart)`,
  );
  console.log(
    `large/service peak RSS ${results['large/service']!.peakRssMb.toFixed(0)} MB (target < 400 MB, the 100,000-row input included)`,
  );
  console.log(
    `job/report (POST → completed → downloaded) ${results['job/report']!.medianMs.toFixed(1)} ms beside report/service ${results['report/service']!.medianMs.toFixed(1)} ms`,
  );
  for (const name of ['report/service', 'job/report', 'large/service', 'template/service']) {
    console.log(
      `${name}: ${(typical / results[name]!.medianMs).toFixed(1)}× faster than the spec's typical 3 s (target ≥ 30×)`,
    );
  }
}
