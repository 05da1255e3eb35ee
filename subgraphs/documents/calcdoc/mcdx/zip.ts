// Zip for .mcdx packages: written with the platform's zip writer
// (core/zip.ts), read with fflate under a cap on the expanded size.
import { unzipSync, type Unzipped } from 'fflate';
import { AppError } from '../../../../core/errors.ts';
import { newEntry, writeZip as writeEntries } from '../../../../core/zip.ts';

export const MAX_EXPANDED_BYTES = 256 * 2 ** 20;

/** Unzips, refusing before inflating anything an archive that would expand past the limit (a zip bomb). */
export function unzipLimited(bytes: Uint8Array, maxBytes = MAX_EXPANDED_BYTES): Unzipped {
  let expanded = 0;
  return unzipSync(bytes, {
    filter: (file) => {
      expanded += file.originalSize;
      if (expanded > maxBytes) throw new AppError('UNSUPPORTED_FORMAT', `source_file expands to more than ${maxBytes / 2 ** 20} MB`);
      return true;
    },
  });
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
