import { describe, expect, it } from 'vitest';
import { entryBytes, newEntry, readZip, writeZip } from '../../../../core/zip.ts';
import { Package } from '../../../../subgraphs/documents/spreadsheet/ooxml/package-editor.ts';

describe('package editor', () => {
  it('writes entries that read back the same, copying untouched ones as their compressed bytes', () => {
    const zip = writeZip([newEntry('[Content_Types].xml', '<Types/>'), newEntry('xl/ä.xml', 'x'.repeat(10_000))]);
    const entries = readZip(zip);
    expect(entries.map((e) => e.name)).toEqual(['[Content_Types].xml', 'xl/ä.xml']);
    expect(entryBytes(entries[1]!).toString()).toBe('x'.repeat(10_000));

    const pkg = new Package(zip);
    pkg.write('xl/new.xml', '<new/>');
    pkg.write('[Content_Types].xml', '<Types><Override/></Types>');
    const again = readZip(pkg.toBuffer());
    expect(again.map((e) => e.name)).toEqual(['[Content_Types].xml', 'xl/ä.xml', 'xl/new.xml']);
    expect(again[1]!.raw.equals(entries[1]!.raw)).toBe(true);
    expect(new Package(pkg.toBuffer()).read('[Content_Types].xml')).toBe('<Types><Override/></Types>');
  });
});
