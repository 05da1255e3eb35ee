// Zip containers of OOXML and OPC packages (.xlsx, .mcdx), read and written
// with Node's own zlib: an entry that is not changed is copied as its
// compressed bytes (no inflate/deflate), a new one is deflated natively, far
// cheaper than a JavaScript deflate for packages of many small parts. Only
// what packages use is supported: stored or deflated entries, no zip64, no
// encryption. Pure: bytes in, bytes out.
import { crc32, deflateRawSync, inflateRawSync } from 'node:zlib';

export interface ZipEntry {
  name: string;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  /** The entry's compressed bytes. */
  raw: Buffer;
}

export class ZipFormatError extends Error {}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** The entries of a zip, in the order of its central directory. */
export function readZip(buf: Buffer): ZipEntry[] {
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 65_535); i--) {
    if (buf.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ZipFormatError('not a zip file');
  const count = buf.readUInt16LE(eocd + 10);
  let at = buf.readUInt32LE(eocd + 16);
  if (count === 0xffff || at === 0xffffffff) throw new ZipFormatError('zip64 packages are not supported');
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > buf.length || buf.readUInt32LE(at) !== CENTRAL) throw new ZipFormatError('damaged zip directory');
    const flags = buf.readUInt16LE(at + 8);
    const method = buf.readUInt16LE(at + 10);
    const nameLength = buf.readUInt16LE(at + 28);
    const extraLength = buf.readUInt16LE(at + 30);
    const commentLength = buf.readUInt16LE(at + 32);
    const offset = buf.readUInt32LE(at + 42);
    const name = buf.toString('utf8', at + 46, at + 46 + nameLength);
    if (flags & 1) throw new ZipFormatError(`${name} is encrypted`);
    if (method !== 0 && method !== 8) throw new ZipFormatError(`${name} uses an unsupported compression method ${method}`);
    if (offset + 30 > buf.length || buf.readUInt32LE(offset) !== LOCAL) throw new ZipFormatError(`damaged zip entry ${name}`);
    const compressedSize = buf.readUInt32LE(at + 20);
    const start = offset + 30 + buf.readUInt16LE(offset + 26) + buf.readUInt16LE(offset + 28);
    if (start + compressedSize > buf.length) throw new ZipFormatError(`truncated zip entry ${name}`);
    entries.push({ name, method, crc: buf.readUInt32LE(at + 16), compressedSize, size: buf.readUInt32LE(at + 24), raw: buf.subarray(start, start + compressedSize) });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

export function entryBytes(entry: ZipEntry): Buffer {
  return entry.method === 0 ? entry.raw : inflateRawSync(entry.raw);
}

/**
 * An entry of new content, deflated (at `level`, 1 by default: package parts
 * are small and speed matters more than a few bytes) or stored as it is
 * (for parts already compressed, such as PNG).
 * @example writeZip([newEntry('[Content_Types].xml', xml), newEntry('media/a.png', png, { store: true })])
 */
export function newEntry(name: string, data: string | Uint8Array, options: { store?: boolean; level?: number } = {}): ZipEntry {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const raw = options.store ? bytes : deflateRawSync(bytes, { level: options.level ?? 1 });
  return { name, method: options.store ? 0 : 8, crc: crc32(bytes) >>> 0, compressedSize: raw.length, size: bytes.length, raw };
}

/** A zip of the entries, in order (OOXML wants [Content_Types].xml first by convention, not by rule). */
export function writeZip(entries: readonly ZipEntry[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  // 1980-01-01 00:00, the zip epoch: fixed so the same input gives the same bytes.
  const dosTime = 0;
  const dosDate = (0 << 9) | (1 << 5) | 1;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // names are UTF-8
    local.writeUInt16LE(e.method, 8);
    local.writeUInt16LE(dosTime, 10);
    local.writeUInt16LE(dosDate, 12);
    local.writeUInt32LE(e.crc, 14);
    local.writeUInt32LE(e.compressedSize, 18);
    local.writeUInt32LE(e.size, 22);
    local.writeUInt16LE(name.length, 26);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(CENTRAL, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(0x0800, 8);
    dir.writeUInt16LE(e.method, 10);
    dir.writeUInt16LE(dosTime, 12);
    dir.writeUInt16LE(dosDate, 14);
    dir.writeUInt32LE(e.crc, 16);
    dir.writeUInt32LE(e.compressedSize, 20);
    dir.writeUInt32LE(e.size, 24);
    dir.writeUInt16LE(name.length, 28);
    dir.writeUInt32LE(offset, 42);
    parts.push(local, name, e.raw);
    central.push(dir, name);
    offset += 30 + name.length + e.raw.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(EOCD, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}
