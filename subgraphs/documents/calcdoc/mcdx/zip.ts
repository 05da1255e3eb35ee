// Zip for OPC packages: a minimal writer over Node's native zlib (packages are
// many small parts, and a native deflate per part is far cheaper than a
// JavaScript one; entries in the order given, deflated or stored as asked),
// and reading with a cap on the expanded size.
import { crc32, deflateRawSync } from 'node:zlib';
import { unzipSync, type Unzipped } from 'fflate';
import { AppError } from '../../../../core/errors.ts';

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

export interface ZipEntry {
  name: string;
  data: Uint8Array;
  deflate: boolean;
}

// 1980-01-01 00:00, the earliest DOS date: builds are reproducible.
const DOS_TIME = 0;
const DOS_DATE = (0 << 9) | (1 << 5) | 1;

export function writeZip(entries: readonly ZipEntry[]): Uint8Array {
  const chunks: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const body = entry.deflate ? deflateRawSync(entry.data, { level: 6 }) : Buffer.from(entry.data.buffer, entry.data.byteOffset, entry.data.byteLength);
    const crc = crc32(entry.data);
    const method = entry.deflate ? 8 : 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(DOS_TIME, 10);
    local.writeUInt16LE(DOS_DATE, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(entry.data.byteLength, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(0x0800, 8);
    dir.writeUInt16LE(method, 10);
    dir.writeUInt16LE(DOS_TIME, 12);
    dir.writeUInt16LE(DOS_DATE, 14);
    dir.writeUInt32LE(crc, 16);
    dir.writeUInt32LE(body.length, 20);
    dir.writeUInt32LE(entry.data.byteLength, 24);
    dir.writeUInt16LE(name.length, 28);
    dir.writeUInt32LE(offset, 42);
    chunks.push(local, name, body);
    central.push(dir, name);
    offset += local.length + name.length + body.length;
  }
  const centralSize = central.reduce((a, b) => a + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...chunks, ...central, end]);
}
