import { inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { entryBytes, newEntry, readZip, writeZip, ZipFormatError } from '../../core/zip.ts';

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

  it('refuses what is not a zip', () => {
    expect(() => readZip(Buffer.from('hello'))).toThrow(ZipFormatError);
  });
});
