// Seeded generators of malformed inputs: JSON, GraphQL, multipart, PDF,
// zip/OOXML and XML, each a mutation of a valid shape or random bytes. The
// same seed gives the same sequence, so a failing case can be replayed.
import { crc32, deflateRawSync } from 'node:zlib';
import { newEntry, writeZip } from '../core/zip.ts';
import { mulberry32 } from '../eval/drawings/generator/prng.ts';

/** The seeded generator of the drawing evaluation set (mulberry32). */
export const rng = mulberry32;

/**
 * The generator of one case: family `family`'s `index`-th step under `seed`. Each step draws from
 * its own, so a case is the same whatever the other steps and families drew before it (their
 * number depends on the machine's speed) and `npm run fuzz:replay` makes it again alone.
 */
export function caseRng(seed: number, family: string, index: number): Rand {
  // FNV-1a over the case's name: a 32-bit seed for mulberry32.
  let h = 0x811c9dc5;
  for (const ch of `${seed}:${family}:${index}`) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return rng(h);
}

export type Rand = () => number;
const int = (r: Rand, n: number) => Math.floor(r() * n);
const pick = <T>(r: Rand, xs: readonly T[]): T => xs[int(r, xs.length)]!;

export function randomBytes(r: Rand, n: number): Buffer {
  const b = Buffer.alloc(n);
  for (let i = 0; i < n; i++) b[i] = int(r, 256);
  return b;
}

/** Flips, deletes, duplicates or truncates parts of a valid input. */
export function mutate(r: Rand, input: Buffer): Buffer {
  let b = Buffer.from(input);
  for (let k = 0, n = 1 + int(r, 4); k < n && b.length; k++) {
    const at = int(r, b.length);
    switch (int(r, 5)) {
      case 0:
        b[at] = int(r, 256);
        break;
      case 1:
        b = Buffer.concat([b.subarray(0, at), b.subarray(Math.min(b.length, at + 1 + int(r, 64)))]);
        break;
      case 2: {
        const slice = b.subarray(at, at + 1 + int(r, 64));
        b = Buffer.concat([b.subarray(0, at), ...Array.from({ length: 1 + int(r, 200) }, () => slice), b.subarray(at)]);
        break;
      }
      case 3:
        b = b.subarray(0, at);
        break;
      default:
        b = Buffer.concat([
          b.subarray(0, at),
          Buffer.from(
            pick(r, [
              '"',
              '{',
              '[',
              '\u0000',
              '<',
              '>',
              '\\',
              '%',
              '../',
              '\uffff',
              '\ud800',
              '9'.repeat(400),
              '-1',
              'null',
            ]),
            'utf8',
          ),
          b.subarray(at),
        ]);
    }
  }
  return b;
}

const VALUES = [
  null,
  true,
  0,
  -1,
  1e308,
  2 ** 53 + 1,
  '',
  'x'.repeat(5_000),
  '\u0000',
  '<script>',
  [],
  {},
  [[[[[]]]]],
  { a: { b: { c: {} } } },
  'Sheet1!$A$1',
  '=HYPERLINK("x")',
  'NaN',
];

/** A random JSON value, nested up to `depth`. */
export function randomJson(r: Rand, depth = 3): unknown {
  if (depth === 0 || r() < 0.4) return pick(r, VALUES);
  if (r() < 0.5) return Array.from({ length: int(r, 4) }, () => randomJson(r, depth - 1));
  const keys = [
    'query',
    'page',
    'per_page',
    'elements',
    'type',
    'expression',
    'url',
    'operation',
    'template_file',
    'data_mappings',
    'sheets',
    'blocks',
    'group_id',
    'messages',
    'content',
    'uuid',
    'name',
    'max_facts',
    'source_file',
    'document_name',
    'file_ids',
  ];
  return Object.fromEntries(Array.from({ length: 1 + int(r, 5) }, () => [pick(r, keys), randomJson(r, depth - 1)]));
}

export function jsonBody(r: Rand, valid: unknown): Buffer {
  const text = Buffer.from(JSON.stringify(r() < 0.5 ? valid : randomJson(r)));
  return r() < 0.5 ? mutate(r, text) : text;
}

const GQL = [
  'query { codes { fileId title } }',
  'query ($id: ID!) { job(id: $id) { id status results } }',
  'mutation { createSearchJob(input: { query: "shear" }) { id } }',
  'query { __schema { types { name } } }',
  '{ a: codes { fileId } b: codes { title } }',
  'query { blogPosts { id title } }',
  `query { ${'codes { '.repeat(30)}`,
  'fragment F on Query { ...F } query { ...F }',
];

export function graphqlBody(r: Rand): Buffer {
  const query =
    r() < 0.3 ? randomBytes(r, int(r, 200)).toString('latin1') : mutate(r, Buffer.from(pick(r, GQL))).toString('utf8');
  const body =
    r() < 0.2
      ? randomJson(r)
      : { query, variables: r() < 0.5 ? randomJson(r) : { id: pick(r, ['x', '', 'a'.repeat(300), null]) } };
  return r() < 0.3 ? mutate(r, Buffer.from(JSON.stringify(body))) : Buffer.from(JSON.stringify(body));
}

const MINIMAL_PDF =
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]/Contents 4 0 R>>endobj 4 0 obj<</Length 20>>stream\n0 0 m 100 100 l S\nendstream endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';

export const pdfBytes = (r: Rand): Buffer =>
  r() < 0.2 ? randomBytes(r, int(r, 4_000)) : mutate(r, Buffer.from(MINIMAL_PDF, 'latin1'));

export const xmlText = (r: Rand): Buffer =>
  mutate(
    r,
    Buffer.from(
      pick(r, [
        '<?xml version="1.0"?><worksheet xmlns="http://schemas.mathsoft.com/worksheet30"><regions/></worksheet>',
        '<!DOCTYPE a [<!ENTITY x "xxxxxxxx">]><a>&x;&x;&x;</a>',
        '<a>' + '<b>'.repeat(5_000),
      ]),
    ),
  );

/** 8 MB of spaces deflated (an entry inflating ~1,000:1): made once, since deflating it costs the fuzzer tens of ms. */
let bombEntry: Buffer | undefined;
const bomb = () => (bombEntry ??= deflateRawSync(Buffer.alloc(8 * 1024 * 1024, 32)));

/** A small .xlsx or .mcdx-like package, then mutated (or its parts' bytes deflated at absurd ratios). */
export function zipBytes(r: Rand): Buffer {
  const parts = [
    newEntry(
      '[Content_Types].xml',
      '<Types><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>',
    ),
    newEntry(
      '_rels/.rels',
      '<Relationships><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    ),
    newEntry(
      'xl/workbook.xml',
      `<workbook><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets><definedNames>${'<definedName '.repeat(int(r, 2_000))}<definedName name="A">S!$A$1</definedName></definedNames></workbook>`,
    ),
    newEntry('mathcad/worksheet.xml', '<worksheet/>'),
  ];
  if (r() < 0.2) parts.push({ name: 'bomb.xml', method: 8, crc: 0, compressedSize: 0, size: 10, raw: bomb() } as never);
  const zip = writeZip(parts.map((p) => (p.name === 'bomb.xml' ? { ...p, compressedSize: p.raw.length } : p)));
  return r() < 0.6 ? mutate(r, zip) : zip;
}

/** A multipart body with a file part (sometimes cut short, a wrong boundary, or no file at all). */
export function multipartBody(
  r: Rand,
  file: Buffer,
  options: { truncated: boolean },
): { body: Buffer; contentType: string } {
  const boundary = `----fuzz${int(r, 1e9)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${pick(r, ['file', 'page', 'file_hash', 'x', 'file"; filename="a'])}"; filename="${pick(r, ['a.pdf', '', '../../etc/passwd', 'x'.repeat(300)])}"\r\nContent-Type: application/pdf\r\n\r\n`;
  const page = `\r\n--${boundary}\r\nContent-Disposition: form-data; name="page"\r\n\r\n${pick(r, ['1', '0', '-1', 'x', '99999999999', ''])}`;
  const close = `\r\n--${boundary}--\r\n`;
  let body: Buffer = Buffer.concat([Buffer.from(head), file, Buffer.from(page + close)]);
  if (options.truncated && r() < 0.3) body = body.subarray(0, int(r, body.length));
  else if (r() < 0.3) body = mutate(r, body);
  return {
    body,
    contentType:
      r() < 0.9
        ? `multipart/form-data; boundary=${boundary}`
        : pick(r, ['multipart/form-data', 'text/plain', `multipart/form-data; boundary=${'x'.repeat(100)}`]),
  };
}

/**
 * A zip whose central directory names `aliases` more entries that all point at one entry's local
 * data (a shared entry): a reader that inflates per directory entry inflates the same bytes again
 * for each name. `entries` are deflated (or stored) as given; each alias repeats its target's
 * directory record under another name.
 */
export function zipWithAliases(
  entries: { name: string; data: Buffer; store?: boolean }[],
  aliases: { name: string; of: string }[] = [],
): Buffer {
  const locals: Buffer[] = [];
  const records = new Map<string, { method: number; crc: number; csize: number; size: number; offset: number }>();
  let offset = 0;
  for (const e of entries) {
    const raw = e.store ? e.data : deflateRawSync(e.data);
    const name = Buffer.from(e.name, 'utf8');
    const head = Buffer.alloc(30);
    head.writeUInt32LE(0x04034b50, 0);
    head.writeUInt16LE(20, 4);
    head.writeUInt16LE(e.store ? 0 : 8, 8);
    head.writeUInt32LE(crc32(e.data) >>> 0, 14);
    head.writeUInt32LE(raw.length, 18);
    head.writeUInt32LE(e.data.length, 22);
    head.writeUInt16LE(name.length, 26);
    records.set(e.name, {
      method: e.store ? 0 : 8,
      crc: crc32(e.data) >>> 0,
      csize: raw.length,
      size: e.data.length,
      offset,
    });
    locals.push(head, name, raw);
    offset += 30 + name.length + raw.length;
  }
  const central: Buffer[] = [];
  const all = [...entries.map((e) => ({ name: e.name, of: e.name })), ...aliases];
  for (const a of all) {
    const rec = records.get(a.of)!;
    const name = Buffer.from(a.name, 'utf8');
    const c = Buffer.alloc(46);
    c.writeUInt32LE(0x02014b50, 0);
    c.writeUInt16LE(20, 4);
    c.writeUInt16LE(20, 6);
    c.writeUInt16LE(rec.method, 10);
    c.writeUInt32LE(rec.crc, 16);
    c.writeUInt32LE(rec.csize, 20);
    c.writeUInt32LE(rec.size, 24);
    c.writeUInt16LE(name.length, 28);
    c.writeUInt32LE(rec.offset, 42);
    central.push(c, name);
  }
  const cd = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(all.length, 8);
  end.writeUInt16LE(all.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

/** A XAML Section of `bytes` bytes, nearly all spaces: valid text the reader reads whole. */
const spacedSection = (bytes: number) => {
  const open = Buffer.from('<Section xmlns="http://schemas.microsoft.com/winfx/2006/xaml/presentation">');
  const close = Buffer.from('</Section>');
  return Buffer.concat([open, Buffer.alloc(Math.max(0, bytes - open.length - close.length), 32), close]);
};

/**
 * An .mcdx whose `regions` text regions point at inner XAML packages: `packages` names in the
 * outer directory share one stored inner package, itself `innerEntries` names sharing one entry
 * of `entryBytes` (a XAML section of spaces, under the 1 MB the ratio check exempts), the first
 * named as the XAML the reader reads. Issue 29, finding 9.
 */
export function sharedPackageMcdx(options: {
  regions: number;
  packages: number;
  innerEntries: number;
  entryBytes?: number;
}): Buffer {
  const entryBytes = options.entryBytes ?? 1_000_000;
  const inner = zipWithAliases(
    [{ name: 'Xaml/Document.xaml', data: spacedSection(entryBytes) }],
    Array.from({ length: options.innerEntries - 1 }, (_, i) => ({
      name: `Xaml/e${i + 1}.xaml`,
      of: 'Xaml/Document.xaml',
    })),
  );
  const rels = Array.from(
    { length: options.regions },
    (_, i) => `<Relationship Id="R${i}" Type="x" Target="/mathcad/xaml/p${i % options.packages}.XamlPackage"/>`,
  ).join('');
  const regions = Array.from(
    { length: options.regions },
    (_, i) => `<region region-id="${i}" top="${i * 20}" left="0"><text item-idref="R${i}"/></region>`,
  ).join('');
  return zipWithAliases(
    [
      {
        name: 'mathcad/worksheet.xml',
        data: Buffer.from(
          `<worksheet xmlns="http://schemas.mathsoft.com/worksheet50"><regions>${regions}</regions></worksheet>`,
        ),
      },
      { name: 'mathcad/_rels/worksheet.xml.rels', data: Buffer.from(`<Relationships>${rels}</Relationships>`) },
      { name: 'mathcad/xaml/p0.XamlPackage', data: inner, store: true },
    ],
    Array.from({ length: options.packages - 1 }, (_, i) => ({
      name: `mathcad/xaml/p${i + 1}.XamlPackage`,
      of: 'mathcad/xaml/p0.XamlPackage',
    })),
  );
}

/**
 * Strings that find super-linear parsers and encoding bugs (issue 29): a long run of one character
 * before a character that ends the match badly, nested brackets, unpaired UTF-16 surrogates, NUL,
 * and mixtures of them. `size` is a rough length.
 */
export function hostileString(r: Rand, size = 20_000): string {
  const run = pick(r, [
    '\n',
    ' ',
    '\t',
    '0',
    'a',
    '.',
    '=',
    '-',
    '/',
    '(',
    '[',
    '{',
    '<',
    '"',
    "'",
    '\\',
    '%',
    '+',
    'A',
    '9',
    ',',
    ';',
  ]);
  const bad = pick(r, ['!', '\u0000', '\ud800', '\udfff', '\uffff', '>', ']', '}', ')', '\u2028', 'é']);
  const n = 1 + int(r, size);
  switch (int(r, 6)) {
    case 0:
      return `${run.repeat(n)}${bad}`;
    case 1:
      return `${'('.repeat(n / 2)}${bad}`;
    case 2:
      return `${'[{'.repeat(n / 4)}${bad}${'}]'.repeat(int(r, n / 4))}`;
    case 3:
      return Array.from({ length: Math.min(n, 4_000) }, () => pick(r, ['\ud800', '\udc00', '\u0000', 'a', ' '])).join(
        '',
      );
    case 4:
      return `${'a '.repeat(n / 2)}${bad}`;
    default:
      return `${run.repeat(n / 2)}${pick(r, ['x', ' ', '\n'])}${run.repeat(n / 2)}${bad}`;
  }
}

/** Every string field of `value` (nested), some replaced by hostile strings. */
export function withHostileStrings(r: Rand, value: unknown, size?: number): unknown {
  if (typeof value === 'string') return r() < 0.6 ? hostileString(r, size) : value;
  if (Array.isArray(value)) return value.map((v) => withHostileStrings(r, v, size));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withHostileStrings(r, v, size)]));
  return value;
}
