// Hostile inputs built in code (a few kilobytes each), shared by the security
// tests and the fuzz run: what an attacker would send, at its worst case.
import { constants, deflateRawSync, deflateSync } from 'node:zlib';
import { newEntry, writeZip, type ZipEntry } from '../../core/zip.ts';

/** How the forms' content streams of nestedFormPdf are encoded: the stream's bytes and its dictionary entries. */
export type StreamEncoding =
  'none' | 'LZW' | 'ASCII85' | 'ASCIIHex' | 'RunLength' | 'Flate+PNG' | 'LZW+TIFF' | 'ASCIIHex+Flate';

/**
 * A one-page PDF whose page draws form XObject F<depth>, and each form Fk
 * draws F(k-1) `fanout` times: fanout^depth paths from a few kilobytes. The
 * forms' content streams are encoded with `encoding`. With `inheritResources` no form has resources
 * of its own: each finds the next by name in the page's resources, which pdf.js lends a form that
 * has none (issue 29, finding 4: the pre-scan read only a form's own resources).
 */
export function nestedFormPdf(
  depth = 9,
  fanout = 10,
  encoding: StreamEncoding = 'none',
  options: { inheritResources?: boolean } = {},
): Buffer {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body); // object number = index + 1
  add('<< /Type /Catalog /Pages 2 0 R >>');
  add('<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  const pageForms = options.inheritResources
    ? Array.from({ length: depth + 1 }, (_, k) => `/F${k} ${4 + k} 0 R`).join(' ')
    : `/F${depth} ${4 + depth} 0 R`;
  add(
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << ${pageForms} >> >> /Contents ${5 + depth} 0 R >>`,
  );
  // Forms F0..F<depth> are objects 4..4+depth.
  for (let k = 0; k <= depth; k++) {
    const content =
      k === 0 ? '0 0 m 10 10 l S' : Array.from({ length: fanout }, () => `q 1 0 0 1 1 1 cm /F${k - 1} Do Q`).join(' ');
    const resources =
      k === 0 || options.inheritResources ? '' : `/Resources << /XObject << /F${k - 1} ${3 + k} 0 R >> >>`;
    const { data, entries } = encodeStream(Buffer.from(content, 'latin1'), encoding);
    add(
      `<< /Type /XObject /Subtype /Form /BBox [0 0 612 792] ${resources} ${entries} /Length ${data.length} >>\nstream\n${data.toString('latin1')}\nendstream`,
    );
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
const SHEET =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData/></worksheet>';
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
export const definedNamesBomb = (repeats = 60_000): Buffer =>
  xlsxWith(`<definedName name="A">Sheet1!$A$1</definedName>${'<definedName '.repeat(repeats)}`);

/**
 * An .xlsx whose worksheet inflates to `inflatedBytes` of spaces: the zip
 * bomb of the issue. Deflate reaches ~1,000:1 on spaces, so 2 GB is ~2 MB of
 * zip, built without ever holding the inflated bytes: one 64 MB chunk is
 * deflated once with a sync flush (a non-final block that refers only to
 * itself), repeated, and closed with an empty final block. The directory
 * declares `declaredSize` (a bomb lies about it).
 */
export function xlsxBomb(
  inflatedBytes = 2 * 1024 ** 3,
  declaredSize = 4_096,
  part: 'xl/workbook.xml' | 'xl/worksheets/sheet1.xml' = 'xl/workbook.xml',
): Buffer {
  const chunkSize = 64 * 1024 * 1024;
  const block = deflateRawSync(Buffer.alloc(chunkSize, 0x20), { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
  const raw = Buffer.concat([
    ...Array.from({ length: Math.ceil(inflatedBytes / chunkSize) }, () => block),
    Buffer.from([0x03, 0x00]),
  ]);
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

/** `data` encoded as a PDF stream filter chain would hold it, and the dictionary entries naming it (ISO 32000-1 §7.4). */
export function encodeStream(data: Buffer, encoding: StreamEncoding): { data: Buffer; entries: string } {
  switch (encoding) {
    case 'none':
      return { data, entries: '' };
    case 'LZW':
      return { data: lzwEncode(data), entries: '/Filter /LZWDecode' };
    case 'ASCII85':
      return { data: ascii85Encode(data), entries: '/Filter /ASCII85Decode' };
    case 'ASCIIHex':
      return {
        data: Buffer.from(
          data
            .toString('hex')
            .toUpperCase()
            .replace(/(.{64})/g, '$1\n') + '>',
          'latin1',
        ),
        entries: '/Filter /ASCIIHexDecode',
      };
    case 'RunLength':
      return { data: runLengthEncode(data), entries: '/Filter /RunLengthDecode' };
    case 'Flate+PNG':
      return {
        data: deflateSync(pngPredict(data, 16)),
        entries: '/Filter /FlateDecode /DecodeParms << /Predictor 12 /Columns 16 >>',
      };
    case 'LZW+TIFF':
      return {
        data: lzwEncode(tiffPredict(data, 16)),
        entries: '/Filter /LZWDecode /DecodeParms << /Predictor 2 /Columns 16 >>',
      };
    case 'ASCIIHex+Flate':
      return {
        data: Buffer.from(deflateSync(data).toString('hex') + '>', 'latin1'),
        entries: '/Filter [/ASCIIHexDecode /FlateDecode]',
      };
  }
}

/** LZW as PDF writes it: 9- to 12-bit codes, a clear code first, EarlyChange 1. */
function lzwEncode(input: Buffer): Buffer {
  const bytes: number[] = [];
  let held = 0;
  let bits = 0;
  let width = 9;
  const put = (code: number) => {
    held = (held << width) | code;
    bits += width;
    while (bits >= 8) {
      bytes.push((held >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
    held &= (1 << bits) - 1;
  };
  // A string is its code; (code of a string, next byte) → code of the longer string.
  let table = new Map<number, number>();
  let next = 258;
  put(256);
  let w = -1;
  for (const byte of input) {
    if (w < 0) {
      w = byte;
      continue;
    }
    const longer = table.get(w * 256 + byte);
    if (longer !== undefined) {
      w = longer;
      continue;
    }
    put(w);
    table.set(w * 256 + byte, next++);
    // The decoder reads the next code at the width for next + EarlyChange, one entry behind the encoder.
    width = next >= 2048 ? 12 : next >= 1024 ? 11 : next >= 512 ? 10 : 9;
    if (next === 4095) {
      put(256);
      table = new Map();
      next = 258;
      width = 9;
    }
    w = byte;
  }
  if (w >= 0) put(w);
  put(257);
  if (bits > 0) bytes.push((held << (8 - bits)) & 0xff);
  return Buffer.from(bytes);
}

function ascii85Encode(input: Buffer): Buffer {
  let out = '';
  for (let i = 0; i < input.length; i += 4) {
    const n = Math.min(4, input.length - i);
    let v = 0;
    for (let k = 0; k < 4; k++) v = v * 256 + (k < n ? input[i + k]! : 0);
    if (v === 0 && n === 4) {
      out += 'z';
      continue;
    }
    const digits: string[] = [];
    for (let k = 0; k < 5; k++) {
      digits.unshift(String.fromCharCode(0x21 + (v % 85)));
      v = Math.floor(v / 85);
    }
    out += digits.slice(0, n + 1).join('');
  }
  return Buffer.from(out + '~>', 'latin1');
}

function runLengthEncode(input: Buffer): Buffer {
  const out: number[] = [];
  for (let i = 0; i < input.length;) {
    let run = 1;
    while (i + run < input.length && run < 128 && input[i + run] === input[i]) run++;
    if (run > 1) {
      out.push(257 - run, input[i]!);
      i += run;
    } else {
      const n = Math.min(128, input.length - i);
      out.push(n - 1, ...input.subarray(i, i + n));
      i += n;
    }
  }
  out.push(128);
  return Buffer.from(out);
}

/** PNG predictor rows (1 byte per pixel), alternating Sub and Up filters; the last row padded with spaces. */
function pngPredict(input: Buffer, columns: number): Buffer {
  const rows = Math.ceil(input.length / columns);
  const padded = Buffer.alloc(rows * columns, 0x20);
  input.copy(padded);
  const out = Buffer.alloc(rows * (columns + 1));
  for (let r = 0; r < rows; r++) {
    const type = r % 2 === 0 ? 1 : 2;
    out[r * (columns + 1)] = type;
    for (let i = 0; i < columns; i++) {
      const v = padded[r * columns + i]!;
      const ref = type === 1 ? (i > 0 ? padded[r * columns + i - 1]! : 0) : r > 0 ? padded[(r - 1) * columns + i]! : 0;
      out[r * (columns + 1) + 1 + i] = (v - ref) & 0xff;
    }
  }
  return out;
}

/** TIFF predictor 2, 8 bits, one component: each byte minus its left neighbour in the row; the last row padded with spaces. */
function tiffPredict(input: Buffer, columns: number): Buffer {
  const padded = Buffer.alloc(Math.ceil(input.length / columns) * columns, 0x20);
  input.copy(padded);
  const out = Buffer.from(padded);
  for (let i = 0; i < padded.length; i++) if (i % columns > 0) out[i] = (padded[i]! - padded[i - 1]!) & 0xff;
  return out;
}
