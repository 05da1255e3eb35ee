// The checker's PDF from our own .mcdx and from worksheets saved by Prime:
// pdftotext finds the computed results, headings are outline entries, the
// footer says "Page X of Y", and pdftoppm renders a page.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPdf } from '../../../../core/pdf/open.ts';
import run from '../../../../subgraphs/documents/calcdoc/task.ts';
import { unpackTaskResult } from '../../../../core/jobs/task.ts';
import type { CalcElement } from '../../../../subgraphs/documents/calcdoc/elements.ts';
import { fixture, optionalSample } from '../../../helpers/samples.ts';
import { qpdfProblems } from '../../../helpers/readers.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'calcdoc-pdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const UNITS = optionalSample('calc/mcdx/mathcadpy_test_units.mcdx');
const COMPLETE = optionalSample('calc/mcdx/mathcadpy_simple_example_complete.mcdx');

// The task's value, or its AppError thrown, as a worker's caller gets them.
const value = (res: unknown): any => unpackTaskResult(res);

function pdfText(pdf: Uint8Array, name: string): string {
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  expect(qpdfProblems(file)).toBe('');
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

function renderPage(pdf: Uint8Array, name: string): number {
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  expect(qpdfProblems(file)).toBe('');
  execFileSync('pdftoppm', ['-r', '50', '-png', '-f', '1', '-l', '1', '-singlefile', file, path.join(dir, name)]);
  const png = readFileSync(path.join(dir, `${name}.png`));
  expect([...png.subarray(1, 4)].map((c) => String.fromCharCode(c)).join('')).toBe('PNG');
  return statSync(path.join(dir, `${name}.png`)).size;
}

const elements: CalcElement[] = [
  { type: 'text', content: 'Slab design', style: 'heading1' },
  { type: 'text', content: 'Loads', style: 'heading2' },
  { type: 'variable', name: 'q_D', value: 5.2, unit: 'kPa', description: 'Dead load incl. finishes' },
  { type: 'variable', name: 'q_L', value: 3, unit: 'kPa', description: 'Live load' },
  { type: 'variable', name: 'L', value: 4.5, unit: 'm' },
  {
    type: 'formula',
    expression: 'w := 1.2*q_D*1 m + 1.6*q_L*1 m',
    resultUnit: 'kN/m',
    description: 'Factored load per metre strip',
  },
  { type: 'text', content: 'Moments', style: 'heading2' },
  { type: 'formula', expression: 'M := w*L^2/8' },
  { type: 'variable', name: 'phi', value: 0.9 },
  { type: 'variable', name: 'gamma_c', value: 24, unit: 'kN/m^3', description: 'Unit weight (γ)' },
  { type: 'formula', expression: 'M_d := M/phi' },
];

async function ourPdf(options: { pageNumbers?: boolean; headersFooters?: boolean } = {}) {
  const created = value(
    await run({
      op: 'create',
      documentName: 'Slab S1 — level 2',
      elements,
      metadata: { author: 'B. Checker', project: 'Harbour', date: '2026-11-22' },
      options: { aiFormatting: true, pageOrientation: 'portrait' },
      images: [],
      now: Date.now(),
    }),
  );
  return value(
    await run({
      op: 'pdf',
      source: created.mcdx,
      pageNumbers: options.pageNumbers ?? true,
      headersFooters: options.headersFooters ?? true,
    }),
  );
}

describe('generate_pdf', () => {
  it('puts symbol = expression = result with units, headers, "Page X of Y" and an outline into the PDF', async () => {
    const out = await ourPdf();
    const text = pdfText(out.pdf, 'ours');
    expect(text).toContain('w = 1.2*q_D*1 m + 1.6*q_L*1 m = 11.04 kN/m');
    expect(text).toContain('M = w*L^2/8 = 27.95 kN·m');
    expect(text).toContain('M_d = M/φ = 31.05 kN·m');
    expect(text).toContain('Dead load incl. finishes');
    expect(text).toContain('Unit weight (γ)');
    expect(text).toContain('Slab S1 — level 2');
    expect(text).toContain('Harbour');
    expect(text).toMatch(/Page 1 of 1/);
    expect(renderPage(out.pdf, 'ours')).toBeGreaterThan(3000);
    // Only the embedded DejaVu faces: no standard font without Greek.
    const fonts = execFileSync('pdffonts', [path.join(dir, 'ours.pdf')], { encoding: 'utf8' })
      .split('\n')
      .slice(2)
      .filter(Boolean);
    expect(fonts.length).toBeGreaterThan(0);
    for (const line of fonts) expect(line).toMatch(/DejaVuSans\S*\s+CID TrueType\s+Identity-H\s+yes yes yes/);
    const { doc, close } = await openPdf(out.pdf);
    try {
      const outline = await doc.getOutline();
      expect(outline.map((o) => o.title)).toEqual(['Slab design']);
      expect(outline[0]!.items.map((o) => o.title)).toEqual(['Loads', 'Moments']);
    } finally {
      await close();
    }
  });

  it('leaves out the header and the page numbers when asked', async () => {
    const text = pdfText((await ourPdf({ pageNumbers: false, headersFooters: false })).pdf, 'bare');
    expect(text).not.toMatch(/Page 1 of/);
    expect(text).not.toContain('Harbour');
  });

  it.skipIf(!UNITS || !COMPLETE)(
    'renders the MathcadPy worksheets saved by Prime 5 with their units (needs the GPL samples in ../shared)',
    async () => {
      const units = value(
        await run({ op: 'pdf', source: readFileSync(UNITS!), pageNumbers: true, headersFooters: true }),
      );
      const unitsText = pdfText(units.pdf, 'units');
      expect(unitsText).toContain('real_output_test3 = real_input_with_units_test = 8.9 ft·kip');
      const complete = value(
        await run({ op: 'pdf', source: readFileSync(COMPLETE!), pageNumbers: true, headersFooters: true }),
      );
      expect(pdfText(complete.pdf, 'complete')).toContain('output = (input_1 + input_2)^constant = 2.449');
    },
  );

  it('renders a large worksheet saved by Mathcad Prime, recomputing what it can and naming what it does not show', async () => {
    const big = value(
      await run({
        op: 'pdf',
        source: fixture('calc/mcdx/calcpadfork_Ensamblaje_Placas.mcdx'),
        pageNumbers: true,
        headersFooters: true,
      }),
    );
    const bigText = pdfText(big.pdf, 'big');
    expect(big.pages).toBeGreaterThan(1);
    expect(bigText).toContain(`Page ${big.pages} of ${big.pages}`);
    expect(bigText).toContain('G = E/(2*(1 + ν)) = 1.056');
    expect(bigText).toMatch(/matrix region \d+ is not shown/);
    expect(renderPage(big.pdf, 'big')).toBeGreaterThan(10_000);
  });
});
