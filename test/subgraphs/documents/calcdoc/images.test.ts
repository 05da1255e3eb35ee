// Pictures in calculation documents are read by their bytes: PNG, JPEG, GIF,
// BMP and TIFF all become PNG parts that show the picture (a JPEG used to come
// out fully transparent), in the .mcdx and in the PDF, and keep their size.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { fixture } from '../../../helpers/samples.ts';
import { readMcdx } from '../../../../subgraphs/documents/calcdoc/mcdx/reader.ts';
import run from '../../../../subgraphs/documents/calcdoc/task.ts';
import { unpackTaskResult } from '../../../../core/jobs/task.ts';
import { decodeTiff } from '../../../../subgraphs/documents/calcdoc/tiff.ts';
import { toPng } from '../../../../subgraphs/documents/calcdoc/to-png.ts';
import { readPng } from '../../../helpers/png.ts';
import { qpdfProblems } from '../../../helpers/readers.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'calcdoc-images-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
// The task's value, or its AppError thrown, as a worker's caller gets them.
const value = (res: unknown): any => unpackTaskResult(res);

const W = 40;
const H = 20;
/** A red picture in a format the canvas writes. */
const canvasImage = (mime: 'image/jpeg' | 'image/png' | 'image/webp') => {
  const c = createCanvas(W, H);
  const g = c.getContext('2d');
  g.fillStyle = '#ff0000';
  g.fillRect(0, 0, W, H);
  return c.toBuffer(mime as 'image/png');
};
/** A 1×1 GIF whose one pixel is red (palette ff0000, ffffff). */
const GIF = Buffer.from('R0lGODlhAQABAIABAP8AAP///ywAAAAAAQABAAACAkQBADs=', 'base64');

/** A 24-bit bottom-up BMP filled with one colour. */
function bmp(w: number, h: number, [r, g, b]: number[]): Buffer {
  const row = Math.ceil((w * 3) / 4) * 4;
  const out = Buffer.alloc(54 + row * h);
  out.write('BM', 0, 'latin1');
  out.writeUInt32LE(out.length, 2);
  out.writeUInt32LE(54, 10);
  out.writeUInt32LE(40, 14);
  out.writeInt32LE(w, 18);
  out.writeInt32LE(h, 22);
  out.writeUInt16LE(1, 26);
  out.writeUInt16LE(24, 28);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) out.set([b!, g!, r!], 54 + y * row + x * 3);
  return out;
}

/** TIFF's LZW encoder (MSB-first, early change), written here only to feed the decoder. */
function lzw(data: Uint8Array): Uint8Array {
  const bits: number[] = [];
  const put = (code: number, width: number) => {
    for (let k = width - 1; k >= 0; k--) bits.push((code >> k) & 1);
  };
  let dict = new Map<string, number>();
  let next = 258;
  let width = 9;
  put(256, width);
  let w = '';
  for (const byte of data) {
    const wc = w + String.fromCharCode(byte);
    if (w === '' || dict.has(wc) || wc.length === 1) {
      w = wc;
      continue;
    }
    put(w.length === 1 ? w.charCodeAt(0) : dict.get(w)!, width);
    dict.set(wc, next++);
    // The encoder widens one code later than the decoder, which reads one entry behind (libtiff's rule).
    if (next >= 1 << width) width++;
    if (next >= 4093) {
      put(256, width);
      dict = new Map();
      next = 258;
      width = 9;
    }
    w = String.fromCharCode(byte);
  }
  if (w) put(w.length === 1 ? w.charCodeAt(0) : dict.get(w)!, width);
  put(257, width);
  const out = new Uint8Array(Math.ceil(bits.length / 8));
  bits.forEach((b, i) => (out[i >> 3]! |= b << (7 - (i & 7))));
  return out;
}

/** A chunky 8-bit RGB TIFF in one strip; compression 1 (none), 5 (LZW) or 32773 (PackBits); little or big endian. */
function tiff(w: number, h: number, rgb: number[] | Uint8Array, compression: 1 | 5 | 32773, little = true): Buffer {
  let raw = new Uint8Array(w * h * 3);
  if (rgb.length === raw.length) raw = Uint8Array.from(rgb);
  else for (let p = 0; p < w * h; p++) raw.set(rgb, p * 3);
  let data: Uint8Array = raw;
  if (compression === 5) data = lzw(raw);
  if (compression === 32773) {
    const parts: number[] = [];
    for (let i = 0; i < raw.length; i += 3)
      parts.push(-2 & 0xff, ...raw.subarray(i, i + 3).slice(0, 1), 2, ...raw.subarray(i, i + 3));
    // A mix of a replicate run (header -2: 3 copies) and a literal run (header 2: 3 bytes) per pixel, cut to size by the decoder.
    data = Uint8Array.from(parts);
  }
  const entries: [number, number, number][] = [
    [256, 3, w],
    [257, 3, h],
    [258, 3, 8],
    [259, 3, compression],
    [262, 3, 2],
    [273, 4, 8],
    [277, 3, 3],
    [278, 3, h],
    [279, 4, data.length],
  ];
  const ifd = 8 + data.length;
  const out = Buffer.alloc(ifd + 2 + entries.length * 12 + 4);
  const u16 = (v: number, at: number) => (little ? out.writeUInt16LE(v, at) : out.writeUInt16BE(v, at));
  const u32 = (v: number, at: number) => (little ? out.writeUInt32LE(v, at) : out.writeUInt32BE(v, at));
  out.write(little ? 'II' : 'MM', 0, 'latin1');
  u16(42, 2);
  u32(ifd, 4);
  out.set(data, 8);
  u16(entries.length, ifd);
  entries.forEach(([tag, type, v], i) => {
    const at = ifd + 2 + i * 12;
    u16(tag, at);
    u16(type, at + 2);
    u32(1, at + 4);
    if (type === 3) u16(v, at + 8);
    else u32(v, at + 8);
  });
  return out;
}

function pixel(png: Uint8Array, x: number, y: number): number[] {
  const file = path.join(dir, `p${Math.random().toString(36).slice(2)}.png`);
  writeFileSync(file, png);
  const image = readPng(file);
  const at = (y * image.width + x) * 3;
  return [...image.rgb.subarray(at, at + 3)];
}

describe('pictures read by their bytes', () => {
  const red = [255, 0, 0];
  const cases: [string, Uint8Array, number, number][] = [
    ['PNG', canvasImage('image/png'), W, H],
    ['JPEG', canvasImage('image/jpeg'), W, H],
    ['WebP', canvasImage('image/webp'), W, H],
    ['GIF', GIF, 1, 1],
    ['BMP', bmp(7, 3, red), 7, 3],
    ['TIFF (none, little-endian)', tiff(5, 4, red, 1), 5, 4],
    ['TIFF (none, big-endian)', tiff(5, 4, red, 1, false), 5, 4],
    ['TIFF (PackBits)', tiff(6, 3, red, 32773), 6, 3],
    ['TIFF (LZW)', tiff(300, 40, red, 5), 300, 40],
  ];
  it.each(cases)('%s becomes a PNG that shows the picture', async (_name, bytes, w, h) => {
    const out = await toPng(bytes, 0);
    expect(out).toMatchObject({ width: w, height: h });
    const [r, g, b] = pixel(out.png, w - 1, h - 1);
    expect(r).toBeGreaterThan(240);
    expect(g! + b!).toBeLessThan(20);
  });

  it('decodes LZW TIFFs through every code width and table reset, pixel for pixel', () => {
    const [w, h] = [256, 200];
    const raw = new Uint8Array(w * h * 3);
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) raw.set([x, y, (x * y) & 255], (y * w + x) * 3);
    const image = decodeTiff(tiff(w, h, raw, 5), 1e6)!;
    const rgb = new Uint8Array(w * h * 3);
    for (let p = 0; p < w * h; p++) rgb.set(image.data.subarray(p * 4, p * 4 + 3), p * 3);
    expect(Buffer.compare(Buffer.from(rgb), Buffer.from(raw))).toBe(0);
    expect(decodeTiff(tiff(w, h, raw, 5), w * h - 1)).toBeNull();
  });

  it('refuses bytes that are no picture, naming the element', async () => {
    await expect(toPng(Buffer.from('GIF9 not really'), 4)).rejects.toMatchObject({
      code: 'IMAGE_FETCH_FAILED',
      details: { element_index: 4 },
    });
  });

  it('keeps a JPEG in the .mcdx picture part and the PDF, and the size it was given', async () => {
    const jpeg = canvasImage('image/jpeg');
    const created = value(
      await run({
        op: 'create',
        documentName: 'Pictures',
        elements: [
          { type: 'text', content: 'A red JPEG' },
          { type: 'image', url: `data:image/jpeg;base64,${jpeg.toString('base64')}`, width: 240, height: 120 },
        ],
        metadata: {},
        options: { aiFormatting: false, pageOrientation: 'portrait' },
        images: [[1, { bytes: jpeg, mime: 'image/jpeg' }]],
        now: Date.now(),
      }),
    );
    const parts = unzipSync(created.mcdx);
    const media = Object.keys(parts).filter((p) => p.startsWith('mathcad/media/'));
    expect(media).toHaveLength(1);
    const [r, g, b] = pixel(parts[media[0]!]!, W / 2, H / 2);
    expect([r! > 240, g! < 20, b! < 20]).toEqual([true, true, true]);

    const back = await readMcdx(created.mcdx);
    expect(back.elements[1]).toMatchObject({ type: 'image', width: 240, height: 120 });

    const pdf = value(await run({ op: 'pdf', source: created.mcdx, pageNumbers: false, headersFooters: false }));
    const file = path.join(dir, 'jpeg.pdf');
    writeFileSync(file, pdf.pdf);
    expect(qpdfProblems(file)).toBe('');
    execFileSync('pdftoppm', ['-r', '50', '-png', '-f', '1', '-l', '1', '-singlefile', file, path.join(dir, 'jpeg')]);
    const page = readPng(path.join(dir, 'jpeg.png'));
    let redPixels = 0;
    for (let i = 0; i < page.rgb.length; i += 3)
      if (page.rgb[i]! > 200 && page.rgb[i + 1]! < 60 && page.rgb[i + 2]! < 60) redPixels++;
    // 240×120 DIPs at 50 dpi is 125×62 pixels of red.
    expect(redPixels).toBeGreaterThan(0.8 * 125 * 62);
  });
});

// MIT-licensed, so the repository carries it (test/fixtures/README.md): it runs in a fresh clone too.
describe('pictures of a real Prime file', () => {
  it('reads the two 32-bit BMPs Prime kept as .tmp parts (calcpadfork_Ensamblaje_Placas.mcdx)', async () => {
    const doc = await readMcdx(new Uint8Array(fixture('calc/mcdx/calcpadfork_Ensamblaje_Placas.mcdx')));
    expect(doc.unmapped.filter((u) => u.kind === 'picture')).toEqual([]);
    const images = doc.elements.filter((e) => e.type === 'image');
    expect(images).toHaveLength(6);
    // Image62.tmp is 531×471 pixels shown at 290.6×257.8 DIPs.
    expect(images).toContainEqual(expect.objectContaining({ width: 290.63, height: 257.79 }));
  });
});
