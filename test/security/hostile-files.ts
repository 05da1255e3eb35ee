// Hostile inputs built in code (a few kilobytes each), shared by the security
// tests and the fuzz run: what an attacker would send, at its worst case.
import { constants, deflateRawSync } from 'node:zlib';
import { newEntry, writeZip, type ZipEntry } from '../../core/zip.ts';

/**
 * A one-page PDF whose page draws form XObject F<depth>, and each form Fk
 * draws F(k-1) `fanout` times: fanout^depth paths from a few kilobytes.
 */
export function nestedFormPdf(depth = 9, fanout = 10): Buffer {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body); // object number = index + 1
  add('<< /Type /Catalog /Pages 2 0 R >>');
  add('<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /F${depth} ${4 + depth} 0 R >> >> /Contents ${5 + depth} 0 R >>`);
  // Forms F0..F<depth> are objects 4..4+depth.
  for (let k = 0; k <= depth; k++) {
    const content = k === 0 ? '0 0 m 10 10 l S' : Array.from({ length: fanout }, () => `q 1 0 0 1 1 1 cm /F${k - 1} Do Q`).join(' ');
    const resources = k === 0 ? '' : `/Resources << /XObject << /F${k - 1} ${3 + k} 0 R >> >>`;
    add(`<< /Type /XObject /Subtype /Form /BBox [0 0 612 792] ${resources} /Length ${content.length} >>\nstream\n${content}\nendstream`);
  }
  const page = `/F${depth} Do`;
  add(`<< /Length ${page.length} >>\nstream\n${page}\nendstream`);
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>';
const ROOT_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>';
const WORKBOOK_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>';
const SHEET = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData/></worksheet>';
const workbookXml = (definedNames: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets><definedNames>${definedNames}</definedNames></workbook>`;

/** A minimal .xlsx whose workbook.xml holds `definedNames` inside <definedNames>. */
export function xlsxWith(definedNames: string, sheetXml = SHEET): Buffer {
  return writeZip([
    newEntry('[Content_Types].xml', CONTENT_TYPES),
    newEntry('_rels/.rels', ROOT_RELS),
    newEntry('xl/workbook.xml', workbookXml(definedNames), { level: 9 }),
    newEntry('xl/_rels/workbook.xml.rels', WORKBOOK_RELS),
    newEntry('xl/worksheets/sheet1.xml', sheetXml, { level: 9 }),
  ]);
}

/** The issue's 3 KB template: `<definedName ` repeated without a closing tag (the lazy regex's worst case). */
export const definedNamesBomb = (repeats = 60_000): Buffer => xlsxWith(`<definedName name="A">Sheet1!$A$1</definedName>${'<definedName '.repeat(repeats)}`);

/**
 * An .xlsx whose worksheet inflates to `inflatedBytes` of spaces: the zip
 * bomb of the issue. Deflate reaches ~1,000:1 on spaces, so 2 GB is ~2 MB of
 * zip, built without ever holding the inflated bytes: one 64 MB chunk is
 * deflated once with a sync flush (a non-final block that refers only to
 * itself), repeated, and closed with an empty final block. The directory
 * declares `declaredSize` (a bomb lies about it).
 */
export function xlsxBomb(inflatedBytes = 2 * 1024 ** 3, declaredSize = 4_096, part: 'xl/workbook.xml' | 'xl/worksheets/sheet1.xml' = 'xl/workbook.xml'): Buffer {
  const chunkSize = 64 * 1024 * 1024;
  const block = deflateRawSync(Buffer.alloc(chunkSize, 0x20), { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
  const raw = Buffer.concat([...Array.from({ length: Math.ceil(inflatedBytes / chunkSize) }, () => block), Buffer.from([0x03, 0x00])]);
  const bomb: ZipEntry = { name: part, method: 8, crc: 0, compressedSize: raw.length, size: declaredSize, raw };
  const parts = [
    newEntry('[Content_Types].xml', CONTENT_TYPES),
    newEntry('_rels/.rels', ROOT_RELS),
    newEntry('xl/workbook.xml', workbookXml('<definedName name="A">Sheet1!$A$1</definedName>')),
    newEntry('xl/_rels/workbook.xml.rels', WORKBOOK_RELS),
    newEntry('xl/worksheets/sheet1.xml', SHEET),
  ];
  return writeZip(parts.map((p) => (p.name === part ? bomb : p)));
}
