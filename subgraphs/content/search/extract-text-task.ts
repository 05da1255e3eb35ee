// Worker-thread entry of code text extraction (extract-text.ts): reading one
// share of a document's pages, or laying the shares out into passages.
import { AppError } from '../../../core/errors.ts';
import { passagesFrom, readPages, type ExtractTaskResult, type ExtractedCode, type PagesRead } from './extract-text.ts';

type Payload = { kind: 'pages'; bytes: Uint8Array; part: number; parts: number } | { kind: 'passages'; shares: PagesRead[] };

export default async function task(payload: Payload): Promise<ExtractTaskResult<PagesRead | ExtractedCode>> {
  try {
    const result = payload.kind === 'pages' ? await readPages(payload.bytes, { part: payload.part, parts: payload.parts }) : passagesFrom(payload.shares);
    return { ok: true, ...result };
  } catch (err) {
    if (err instanceof AppError) return { ok: false, code: err.code, message: err.message, details: err.details };
    throw err;
  }
}
