import { inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { entryBytes, inflateChunkBytes, newEntry, readZip, writeZip, ZipFormatError } from '../../core/zip.ts';

describe('zip', () => {
  it('writes deflated and stored entries that read back the same, in order, with UTF-8 names', () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    const zip = writeZip([
      newEntry('[Content_Types].xml', '<Types/>'),
      newEntry('xl/ä.xml', 'x'.repeat(10_000)),
      newEntry('media/a.png', png, { store: true }),
    ]);
    const entries = readZip(zip);
    expect(entries.map((e) => [e.name, e.method])).toEqual([
      ['[Content_Types].xml', 8],
      ['xl/ä.xml', 8],
      ['media/a.png', 0],
    ]);
    expect(entryBytes(entries[1]!).toString()).toBe('x'.repeat(10_000));
    expect(entries[1]!.compressedSize).toBeLessThan(200);
    expect(inflateRawSync(entries[0]!.raw).toString()).toBe('<Types/>');
    expect(entryBytes(entries[2]!).equals(png)).toBe(true);
  });

  it('gives the same bytes for the same entries (fixed timestamps)', () => {
    const make = () => writeZip([newEntry('a.xml', '<a/>')]);
    expect(make().equals(make())).toBe(true);
  });

  it('inflates each part into one chunk of its declared size, and a part shorter than declared holds no chunk', () => {
    expect(inflateChunkBytes(300, 2 ** 20)).toBe(16 * 1024);
    expect(inflateChunkBytes(1_000_000, 2 ** 20)).toBe(1_000_000);
    expect(inflateChunkBytes(50 * 2 ** 20, 256 * 2 ** 20)).toBe(2 ** 20);
    expect(inflateChunkBytes(50 * 2 ** 20, 100_000)).toBe(100_000);
    // The fuzz's shared-entry package: parts of 1,000,000 spaces, about 1 KB deflated each.
    const [part] = readZip(writeZip([newEntry('e0', Buffer.alloc(1_000_000, 32))]));
    const bytes = entryBytes(part!);
    expect(bytes.length).toBe(1_000_000);
    expect(bytes.buffer.byteLength).toBe(1_000_000);
    // A part that declares 900,000 bytes and inflates to 3,000: its own 3,000 bytes, not the chunk.
    const short = entryBytes({ ...readZip(writeZip([newEntry('s', 'x'.repeat(3_000))]))[0]!, size: 900_000 });
    expect(short.toString()).toBe('x'.repeat(3_000));
    expect(short.buffer.byteLength).toBeLessThan(900_000);
  });

  it('refuses what is not a zip', () => {
    expect(() => readZip(Buffer.from('hello'))).toThrow(ZipFormatError);
  });
});
