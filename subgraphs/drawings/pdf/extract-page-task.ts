// Worker-thread entry of extractPage (piscina calls the default export).
import { AppError } from '../../../core/errors.ts';
import { extractPage } from './extract-page.ts';

export default async function task({ bytes, page }: { bytes: Uint8Array; page: number }) {
  try {
    return { ok: true as const, page: await extractPage(bytes, page) };
  } catch (err) {
    // Errors cross the thread boundary as plain data so their code survives.
    if (err instanceof AppError) return { ok: false as const, code: err.code, message: err.message, details: err.details };
    throw err;
  }
}
