// Worker-thread entry of code text extraction (extract-text.ts): reading one
// share of a document's pages, or laying the shares out into passages.
import { defineTask } from '../../../core/jobs/task.ts';
import { passagesFrom, readPages, type ExtractedCode, type PagesRead } from './extract-text.ts';

type Payload =
  { kind: 'pages'; bytes: Uint8Array; part: number; parts: number } | { kind: 'passages'; shares: PagesRead[] };

export default defineTask(async (payload: Payload): Promise<PagesRead | ExtractedCode> =>
  payload.kind === 'pages'
    ? readPages(payload.bytes, { part: payload.part, parts: payload.parts })
    : passagesFrom(payload.shares),
);
