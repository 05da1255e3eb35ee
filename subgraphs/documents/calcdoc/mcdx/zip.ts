// Zip for .mcdx packages: written and read with the platform's zip module
// (core/zip.ts), whose reading stops at the inflation caps of core/limits.ts.
import type { Unzipped } from 'fflate';
import { fieldError } from '../../../../core/errors.ts';
import {
  entryBytes,
  inflateBudget,
  newEntry,
  readZip,
  writeZip as writeEntries,
  ZipLimitError,
  type InflateBudget,
} from '../../../../core/zip.ts';

/**
 * Every part of a package, refusing (422) a package over the limits (a zip bomb) as soon as a cap
 * is passed. `budget` is the whole source file's: a package inside the package (a text region's
 * XAML) inflates against what is left of it, so every inflated byte of one request is counted
 * once against one limit (issue 29, finding 9: forty regions pointing at one inner package each
 * had a fresh 256 MB).
 */
export function unzipLimited(bytes: Uint8Array, budget: InflateBudget = inflateBudget()): Unzipped {
  const out: Unzipped = {};
  try {
    for (const entry of readZip(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))) {
      if (!entry.name.endsWith('/')) out[entry.name] = entryBytes(entry, budget) as Uint8Array<ArrayBuffer>;
    }
  } catch (err) {
    if (err instanceof ZipLimitError)
      throw fieldError('UNSUPPORTED_FORMAT', 'source_file', err.message, { field: 'source_file' });
    throw err;
  }
  return out;
}

export interface ZipPart {
  name: string;
  data: Uint8Array;
  deflate: boolean;
}

/** The package's parts in the order given; parts already compressed (PNG) are stored. */
export function writeZip(parts: readonly ZipPart[]): Uint8Array {
  return writeEntries(parts.map((p) => newEntry(p.name, p.data, { store: !p.deflate, level: 6 })));
}
