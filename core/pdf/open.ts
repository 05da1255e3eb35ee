// Opens PDFs with pdf.js's legacy build (the one meant for Node), with its
// fonts, CMaps and wasm decoders, and names what is wrong with a bad file.
import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { AppError } from '../errors.ts';

const root = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const dir = (name: string) => path.join(root, name) + path.sep;

export interface OpenedPdf {
  doc: PDFDocumentProxy;
  close(): Promise<void>;
}

export async function openPdf(bytes: Uint8Array): Promise<OpenedPdf> {
  if (bytes.byteLength < 5 || Buffer.from(bytes.buffer, bytes.byteOffset, 5).toString('latin1') !== '%PDF-') {
    throw new AppError('INVALID_PDF', 'The file is not a PDF (it does not start with %PDF-)');
  }
  const task = getDocument({
    // pdf.js takes ownership of the buffer it is given.
    data: new Uint8Array(bytes),
    standardFontDataUrl: dir('standard_fonts'),
    cMapUrl: dir('cmaps'),
    cMapPacked: true,
    wasmUrl: dir('wasm'),
    iccUrl: dir('iccs'),
    // Partial geometry must fail loudly rather than look like an empty page.
    stopAtErrors: true,
    verbosity: 0,
  });
  try {
    return { doc: await task.promise, close: () => task.destroy() };
  } catch (err) {
    await task.destroy().catch(() => undefined);
    throw classifyPdfError(err);
  }
}

export function classifyPdfError(err: unknown): AppError {
  const name = (err as { name?: string })?.name;
  const message = err instanceof Error ? err.message : String(err);
  if (name === 'PasswordException') return new AppError('ENCRYPTED_PDF', 'The PDF is password-protected');
  return new AppError('INVALID_PDF', `The PDF cannot be read: ${message}`);
}
