// Opens workbooks in headless LibreOffice, the way a reader would: each call
// gets its own profile directory (parallel test files would otherwise fight
// over one), with formulas always recalculated on load (OOXMLRecalcMode=0),
// and converts a batch of files in one soffice start.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { pathToFileURL } from 'node:url';
import { tempDir } from './server.ts';

const run = promisify(execFile);

const RECALC_PROFILE = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="OOXMLRecalcMode" oor:op="fuse"><value>0</value></prop></item>
</oor:items>
`;

/** Every sheet to its own CSV (raw values, not as displayed), or the whole workbook to PDF. */
const FILTERS = {
  csv: 'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1',
  pdf: 'pdf',
} as const;

/** Converts the files in one soffice run; returns the output directory. */
export async function convertWithLibreOffice(files: readonly string[], to: keyof typeof FILTERS): Promise<string> {
  const profile = tempDir('lo-profile-');
  const outDir = tempDir(`lo-${to}-`);
  fs.mkdirSync(path.join(profile, 'user'), { recursive: true });
  fs.writeFileSync(path.join(profile, 'user', 'registrymodifications.xcu'), RECALC_PROFILE);
  try {
    // At low priority: test files run two at a time, and a converting soffice would otherwise take
    // the CPU from a neighbour that measures its own latency.
    const args = [
      `-env:UserInstallation=${pathToFileURL(profile).href}`,
      '--headless',
      '--norestore',
      '--convert-to',
      FILTERS[to],
      '--outdir',
      outDir,
      ...files,
    ];
    // A hang guard, far from a healthy conversion (10-20 s): at nice 15 on a machine kept busy by
    // other work (npm test beside other CPU-bound processes, load 30) four files took over 120 s.
    await run('nice', ['-n', '15', 'soffice', ...args], { timeout: 600_000 });
  } finally {
    fs.rmSync(profile, { recursive: true, force: true });
  }
  return outDir;
}

/** A CSV file as rows of cells (LibreOffice quotes text and leaves numbers bare). */
export function readCsv(file: string): string[][] {
  const rows: string[][] = [];
  for (const line of fs.readFileSync(file, 'utf8').split(/\r?\n/)) {
    if (!line) continue;
    const cells: string[] = [];
    for (const m of line.matchAll(/(?<=^|,)("((?:[^"]|"")*)"|[^,]*)(,|$)/g)) {
      cells.push(m[2] !== undefined ? m[2].replace(/""/g, '"') : m[1]!);
      if (!m[3]) break;
    }
    rows.push(cells);
  }
  return rows;
}

export async function pdfText(pdf: string): Promise<string> {
  return (await run('pdftotext', ['-layout', pdf, '-'], { maxBuffer: 64 * 1024 * 1024 })).stdout;
}

/** Renders PDF pages to PNG; returns the image files in page order. */
export async function renderPages(
  pdf: string,
  options: { first?: number; last?: number; dpi?: number } = {},
): Promise<string[]> {
  const outDir = tempDir('lo-png-');
  const args = ['-png', '-r', String(options.dpi ?? 60)];
  if (options.first) args.push('-f', String(options.first));
  if (options.last) args.push('-l', String(options.last));
  await run('nice', ['-n', '15', 'pdftoppm', ...args, pdf, path.join(outDir, 'page')]);
  return fs
    .readdirSync(outDir)
    .sort()
    .map((f) => path.join(outDir, f));
}
