// Checks by readers nobody here wrote: every XML part of an .xlsx through a
// strict, namespace-aware XML 1.0 parser (saxes, which refuses control
// characters and anything not well-formed, as Excel does), and a PDF through
// `qpdf --check` (exit 0: no errors, no warnings).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { SaxesParser } from 'saxes';

/** Problems of the package's XML parts, one line each; empty when every part is well-formed. */
export function xlsxXmlProblems(xlsx: Uint8Array): string[] {
  const problems: string[] = [];
  const files = unzipSync(xlsx);
  for (const [name, data] of Object.entries(files)) {
    if (!/\.(xml|rels)$/.test(name)) continue;
    const parser = new SaxesParser({ xmlns: true });
    parser.on('error', (err) => {
      problems.push(`${name}: ${err.message}`);
      throw err;
    });
    try {
      parser.write(strFromU8(data)).close();
    } catch {
      // recorded above
    }
  }
  if (!Object.keys(files).some((n) => n === '[Content_Types].xml')) problems.push('[Content_Types].xml is missing');
  return problems;
}

/** qpdf's verdict on a PDF: '' when it passes, else its report. */
export function qpdfProblems(pdf: Uint8Array | string): string {
  let file = typeof pdf === 'string' ? pdf : '';
  if (!file) {
    file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'qpdf-')), 'check.pdf');
    fs.writeFileSync(file, pdf);
  }
  try {
    execFileSync('qpdf', ['--check', file], { encoding: 'utf8' });
    return '';
  } catch (err) {
    const e = err as { status?: number; stdout?: string; stderr?: string; message: string };
    return `qpdf exit ${e.status ?? '?'}: ${e.stdout ?? ''}${e.stderr ?? ''}` || e.message;
  } finally {
    if (typeof pdf !== 'string') fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}
