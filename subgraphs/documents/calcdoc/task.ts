// Worker-thread task of every calculation-document job: calculation, .mcdx
// writing and reading, PDF rendering and .xmcd conversion are CPU work, so
// they run here, off the event loop. Modules load once per worker thread.
import { defineTask } from '../../../core/jobs/task.ts';
import { calculate, resultsSummary } from './calculate.ts';
import type { CalcElement, DocumentMetadata, DocumentOptions } from './elements.ts';
import { readMcdx } from './mcdx/reader.ts';
import { renderPdf } from './pdf/render.ts';
import { convertXmcd } from './xmcd/convert.ts';
import { writeMcdx, type PngImage } from './mcdx/writer.ts';
import { pngSize, toPng } from './to-png.ts';

export type TaskRequest =
  | {
      op: 'create';
      documentName: string;
      elements: CalcElement[];
      metadata: DocumentMetadata;
      options: DocumentOptions;
      images: [number, { bytes: Uint8Array; mime: string }][];
      now: number;
    }
  | { op: 'read'; source: Uint8Array }
  | { op: 'pdf'; source: Uint8Array; pageNumbers: boolean; headersFooters: boolean }
  | { op: 'convert'; source: Uint8Array; now: number };

async function create(req: Extract<TaskRequest, { op: 'create' }>) {
  const calc = calculate(req.elements);
  const images = new Map<number, PngImage>(
    await Promise.all(req.images.map(async ([i, raw]) => [i, await toPng(raw.bytes, i)] as const)),
  );
  const mcdx = writeMcdx({
    documentName: req.documentName,
    elements: req.elements,
    metadata: req.metadata,
    options: req.options,
    calc,
    images,
    now: new Date(req.now),
  });
  return { mcdx, results: resultsSummary(calc), warnings: calc.warnings };
}

async function read(req: Extract<TaskRequest, { op: 'read' }>) {
  const { images: _images, ...doc } = await readMcdx(req.source);
  return doc;
}

/** A PDF of any .mcdx: read, recompute what can be recomputed (Prime's cached results fill in the rest), render. */
async function pdf(req: Extract<TaskRequest, { op: 'pdf' }>) {
  const doc = await readMcdx(req.source);
  const calc = calculate(doc.elements, { lenient: true });
  const images = new Map<number, PngImage>([...doc.images].map(([i, png]) => [i, { png, ...pngSize(png) }]));
  const rendered = await renderPdf({
    documentName: doc.documentName ?? 'Calculation',
    metadata: doc.metadata,
    elements: doc.elements,
    calc,
    images,
    unmapped: doc.unmapped,
    cached: doc.cachedResults,
    aiFormatting: doc.options.aiFormatting,
    orientation: doc.options.pageOrientation,
    pageNumbers: req.pageNumbers,
    headersFooters: req.headersFooters,
  });
  return { ...rendered, unmapped: doc.unmapped, results: resultsSummary(calc) };
}

/** .xmcd → .mcdx: what converts is recalculated (leniently) and written like a created document. */
async function convert(req: Extract<TaskRequest, { op: 'convert' }>) {
  const sheet = await convertXmcd(req.source);
  const calc = calculate(sheet.elements, { lenient: true });
  const mcdx = writeMcdx({
    documentName: sheet.documentName,
    elements: sheet.elements,
    metadata: sheet.metadata,
    options: { aiFormatting: false, pageOrientation: 'portrait' },
    calc,
    images: sheet.images,
    now: new Date(req.now),
  });
  return {
    mcdx,
    documentName: sheet.documentName,
    generator: sheet.generator,
    converted: sheet.elements.length,
    unconverted: sheet.unconverted,
    results: resultsSummary(calc),
  };
}

export default defineTask(async (req: TaskRequest) => {
  switch (req.op) {
    case 'create':
      return create(req);
    case 'read':
      return read(req);
    case 'pdf':
      return pdf(req);
    case 'convert':
      return convert(req);
  }
});

/** Runs a calculation-document task in the pool. */
export const runTask = <T>(
  workers: { run<R>(m: URL, p: unknown, s?: AbortSignal): Promise<R> },
  req: TaskRequest,
  signal?: AbortSignal,
): Promise<T> => workers.run<T>(new URL(import.meta.url), req, signal);
