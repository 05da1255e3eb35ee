// Zip containers of OOXML and OPC packages (.xlsx, .mcdx), read and written
// with Node's own zlib: an entry that is not changed is copied as its
// compressed bytes (no inflate/deflate), a new one is deflated natively, far
// cheaper than a JavaScript deflate for packages of many small parts. Only
// what packages use is supported: stored or deflated entries, no zip64, no
// encryption. Pure: bytes in, bytes out.
//
// Reading is bounded (core/limits.ts): at most `zipMaxEntries` entries; each
// entry is inflated with an output cap (zlib stops as soon as the cap is
// passed, so a bomb costs at most the cap, never its full size): what is left
// of the package's `zipMaxInflatedBytes`, and `zipMaxRatio` times the
// compressed bytes read so far (see inflateCapped). Sizes declared in the
// directory are not trusted for the cap, only used to refuse early.
import { constants, crc32, deflateRawSync, inflateRawSync } from 'node:zlib';
import { LIMITS } from './limits.ts';

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

/** A package over a limit of core/limits.ts (a zip bomb, or more than the platform reads). */
export class ZipLimitError extends ZipFormatError {}

/**
 * What one package may still inflate to; shared by every entry read from it.
 * @example const budget = inflateBudget(); entryBytes(a, budget); entryBytes(b, budget);
 */
export interface InflateBudget {
  remaining: number;
}

export const inflateBudget = (bytes: number = LIMITS.zipMaxInflatedBytes): InflateBudget => ({ remaining: bytes });

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
  if (count > LIMITS.zipMaxEntries)
    throw new ZipLimitError(`the package has ${count} entries, more than the limit of ${LIMITS.zipMaxEntries}`);
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
    if (method !== 0 && method !== 8)
      throw new ZipFormatError(`${name} uses an unsupported compression method ${method}`);
    if (offset + 30 > buf.length || buf.readUInt32LE(offset) !== LOCAL)
      throw new ZipFormatError(`damaged zip entry ${name}`);
    const compressedSize = buf.readUInt32LE(at + 20);
    const start = offset + 30 + buf.readUInt16LE(offset + 26) + buf.readUInt16LE(offset + 28);
    if (start + compressedSize > buf.length) throw new ZipFormatError(`truncated zip entry ${name}`);
    entries.push({
      name,
      method,
      crc: buf.readUInt32LE(at + 16),
      compressedSize,
      size: buf.readUInt32LE(at + 24),
      raw: buf.subarray(start, start + compressedSize),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/**
 * Inflates `raw` to at most `cap` bytes and at most `ratio` times the
 * compressed bytes read so far (above `floor`). zlib stops as soon as its
 * output passes maxOutputLength; to apply the ratio before the whole entry is
 * inflated, a large entry is first inflated from growing prefixes (64 KiB,
 * then ×4; a sync flush lets zlib inflate a cut stream), so a bomb is refused
 * after a few megabytes of output, and an honest entry costs at most a third
 * more than one pass.
 */
function inflateCapped(raw: Buffer, cap: number, ratio: number, floor: number, declared: number): Buffer | null {
  for (let prefix = 64 * 1024; prefix < raw.length; prefix *= 4) {
    const allowed = Math.min(cap, Math.max(floor, prefix * ratio));
    const part = inflateOrNull(raw.subarray(0, prefix), allowed, constants.Z_SYNC_FLUSH, declared);
    if (part === null) return null;
  }
  return inflateOrNull(raw, Math.min(cap, Math.max(floor, raw.length * ratio)), constants.Z_FINISH, declared);
}

/**
 * zlib's output chunk: the entry's declared size (at most its cap), between zlib's default 16 KiB
 * and 1 MiB. With the default, a package of many 1 MB parts (the fuzz's shared-entry .mcdx, 256 MB
 * in all) was inflated in 16 KiB chunks, under glibc's mmap threshold: they filled the worker
 * thread's malloc arena, and glibc kept that memory after they were freed (issue 29: the arenas went
 * from 307 to 934 MB and stayed at ~800 MB). An honest part is now one chunk of its own size, mapped
 * on its own when large and unmapped when freed; a lying size only costs chunks again.
 */
export const inflateChunkBytes = (declared: number, max: number): number =>
  Math.min(2 ** 20, Math.max(16 * 1024, Math.min(declared, max)));

/** null when the output would pass `max` bytes. */
function inflateOrNull(raw: Buffer, max: number, finishFlush: number, declared: number): Buffer | null {
  try {
    const chunkSize = inflateChunkBytes(declared, max);
    const out = inflateRawSync(raw, { maxOutputLength: Math.max(1, max), finishFlush, chunkSize });
    // A short output is a view of its whole chunk: copied, so that it does not hold the chunk.
    return out.buffer.byteLength > 2 * out.length + 16 * 1024 ? Buffer.from(out) : out;
  } catch (err) {
    if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return null;
    throw err;
  }
}

const mb = (bytes: number) => `${Math.round((bytes / 2 ** 20) * 10) / 10} MB`;

const overLimits = (entry: ZipEntry) =>
  new ZipLimitError(
    `${entry.name} inflates past the limits (${mb(LIMITS.zipMaxInflatedBytes)} per package, ${LIMITS.zipMaxRatio}:1 per entry)`,
  );

/**
 * Refuses an entry whose declared size alone passes the caps, before inflating anything: a reader
 * that inflates parts only when it reads them still refuses such a package when it opens it.
 */
export function refuseDeclaredSize(entry: ZipEntry, budget: InflateBudget): void {
  if (
    entry.size > budget.remaining ||
    (entry.size > LIMITS.zipRatioFloorBytes && entry.size > entry.compressedSize * LIMITS.zipMaxRatio)
  )
    throw overLimits(entry);
}

/**
 * An entry's content, inflated under the caps (see the top of this module).
 * Without a budget, the entry gets a fresh package budget of its own.
 */
export function entryBytes(entry: ZipEntry, budget: InflateBudget = inflateBudget()): Buffer {
  const cap = budget.remaining;
  refuseDeclaredSize(entry, budget);
  let out: Buffer | null;
  if (entry.method === 0) {
    out = entry.raw.length > cap ? null : entry.raw;
  } else {
    try {
      out = inflateCapped(entry.raw, cap, LIMITS.zipMaxRatio, LIMITS.zipRatioFloorBytes, entry.size);
    } catch (err) {
      throw new ZipFormatError(`${entry.name} cannot be inflated (${(err as Error).message})`);
    }
  }
  if (out === null) throw overLimits(entry);
  budget.remaining -= out.length;
  return out;
}

/**
 * An entry of new content, deflated (at `level`, 1 by default: package parts
 * are small and speed matters more than a few bytes) or stored as it is
 * (for parts already compressed, such as PNG).
 * @example writeZip([newEntry('[Content_Types].xml', xml), newEntry('media/a.png', png, { store: true })])
 */
export function newEntry(
  name: string,
  data: string | Uint8Array,
  options: { store?: boolean; level?: number } = {},
): ZipEntry {
  const bytes =
    typeof data === 'string' ? Buffer.from(data, 'utf8') : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const raw = options.store ? bytes : deflateRawSync(bytes, { level: options.level ?? 1 });
  return {
    name,
    method: options.store ? 0 : 8,
    crc: crc32(bytes) >>> 0,
    compressedSize: raw.length,
    size: bytes.length,
    raw,
  };
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
