// Worker-thread entry of create_spreadsheet: laying out, writing and zipping
// a workbook is CPU work that must stay off the server's event loop.
import type { WorkbookSpec } from '../blocks/validate.ts';
import { buildWorkbook } from '../build/build-workbook.ts';

export default async function task(spec: WorkbookSpec): Promise<Uint8Array> {
  return buildWorkbook(spec);
}
