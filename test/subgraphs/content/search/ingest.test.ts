import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { tempDir } from '../../../helpers/server.ts';
import { ROOT } from '../../../helpers/child.ts';
import { codePdf, imageOnlyPdf } from '../../../helpers/code-pdf.ts';

const dataDir = tempDir();
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function codes(...args: string[]): { out: string; status: number } {
  try {
    return {
      out: execFileSync(process.execPath, [path.join(ROOT, 'subgraphs/content/search/codes-cli.ts'), ...args], {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: dataDir },
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
      status: 0,
    };
  } catch (err) {
    const e = err as { stdout: string; stderr: string; status: number };
    return { out: e.stdout + e.stderr, status: e.status };
  }
}

it('npm run codes ingests a PDF with progress and a summary, re-ingest replaces, and bad files are refused', async () => {
  const file = path.join(dataDir, 'aci.pdf');
  fs.writeFileSync(
    file,
    await codePdf([
      ['22.5.1.1 Nominal one-way shear strength', 'The nominal shear strength shall be the sum of both contributions.'],
      ['25.4.2.1 Development of deformed bars', 'Deformed bars in tension shall be developed over the length given.'],
      ['Table 25.4.2.3 Development length', 'No. 6 and smaller   48 db'],
    ]),
  );
  const first = codes('ingest', '--file-id', 'aci-318-19', file);
  expect(first.status).toBe(0);
  expect(first.out).toContain('reading 3/3 pages');
  expect(first.out).toMatch(/Indexed aci-318-19: 3 pages, 3 passages in \d+\.\d s/);
  expect(codes('list').out).toMatch(/aci-318-19\tus\tindexed\t3\t3/);
  fs.writeFileSync(
    file,
    await codePdf([['22.5.1.1 Nominal one-way shear strength', 'Replaced text for the clause on shear in beams.']]),
  );
  expect(codes('ingest', '--file-id', 'aci-318-19', file).out).toContain('Indexed aci-318-19: 1 pages, 1 passages');

  const scanned = path.join(dataDir, 'scan.pdf');
  fs.writeFileSync(scanned, await imageOnlyPdf());
  const noText = codes('ingest', '--file-id', 'asce-7-22', scanned);
  expect(noText.status).toBe(1);
  expect(noText.out).toContain('NO_TEXT_LAYER');
  expect(codes('list').out).toMatch(/asce-7-22\tus\tno_text\t1\t0/);

  const notPdf = path.join(dataDir, 'x.pdf');
  fs.writeFileSync(notPdf, 'hello');
  expect(codes('ingest', '--file-id', 'asce-7-22', notPdf).out).toContain('INVALID_PDF');
  expect(codes('ingest', '--file-id', 'no-such-code', file).out).toContain('not in the code library');
});
