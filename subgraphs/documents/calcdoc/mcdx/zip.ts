// Zip for .mcdx packages: written and read with the platform's zip module
// (core/zip.ts), whose reading stops at the inflation caps of core/limits.ts.
import type { Unzipped } from 'fflate';
import { AppError, fieldError } from '../../../../core/errors.ts';
import {
  entryBytes,
  inflateBudget,
  newEntry,
  readZip,
  refuseDeclaredSize,
  writeZip as writeEntries,
  ZipFormatError,
  ZipLimitError,
  type InflateBudget,
} from '../../../../core/zip.ts';

/**
 * Every part of a package, each inflated when it is first read (then kept), refusing (422) a
 * package over the limits (a zip bomb) as soon as a cap is passed. `budget` is the whole source
 * file's: a package inside the package (a text region's XAML) inflates against what is left of it,
 * so every inflated byte of one request is counted once against one limit (issue 29, finding 9:
 * forty regions pointing at one inner package each had a fresh 256 MB). Parts the reader never
 * reads are never inflated: inflating them all up front kept up to the whole budget (256 MB) of
 * parts alive for one task (the fuzz's shared-entry packages: 300 aliases of one 1 MB part), on
 * two worker threads at once ~500 MB of the server's RSS peak (issue 29, round 5).
 */
export function unzipLimited(bytes: Uint8Array, budget: InflateBudget = inflateBudget()): Unzipped {
  const out: Unzipped = {};
  for (const entry of refusingOverLimits(() =>
    readZip(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)),
  )) {
    if (entry.name.endsWith('/')) continue;
    refusingOverLimits(() => refuseDeclaredSize(entry, budget));
    Object.defineProperty(out, entry.name, {
      enumerable: true,
      configurable: true,
      get() {
        const value = refusingOverLimits(() => entryBytes(entry, budget), true) as Uint8Array<ArrayBuffer>;
        Object.defineProperty(out, entry.name, { value, enumerable: true, configurable: true, writable: true });
        return value;
      },
    });
  }
  return out;
}

/**
 * A package over a limit is the caller's file refused (422 naming source_file); so is, with
 * `damaged`, a part that cannot be inflated, read when the reader first needs it (a damaged
 * directory stays the caller's to name: openPackage, or the text region of an inner package).
 */
function refusingOverLimits<T>(read: () => T, damaged = false): T {
  try {
    return read();
  } catch (err) {
    if (err instanceof ZipLimitError)
      throw fieldError('UNSUPPORTED_FORMAT', 'source_file', err.message, { field: 'source_file' });
    if (damaged && err instanceof ZipFormatError)
      throw new AppError('UNSUPPORTED_FORMAT', `source_file is not a readable zip: ${err.message}`, {
        field: 'source_file',
      });
    throw err;
  }
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
