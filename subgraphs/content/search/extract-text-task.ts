// Worker-thread entry of extractCodeText.
import { AppError } from '../../../core/errors.ts';
import { extractCodeText, type ExtractedCode } from './extract-text.ts';

export type ExtractTaskResult = ({ ok: true } & ExtractedCode) | { ok: false; code: string; message: string; details?: Record<string, unknown> };

export default async function task({ bytes }: { bytes: Uint8Array }): Promise<ExtractTaskResult> {
  try {
    return { ok: true, ...(await extractCodeText(bytes)) };
  } catch (err) {
    if (err instanceof AppError) return { ok: false, code: err.code, message: err.message, details: err.details };
    throw err;
  }
}
