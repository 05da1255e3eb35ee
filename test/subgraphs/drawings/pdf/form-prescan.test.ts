import { describe, expect, it } from 'vitest';
import { countOperators, largestFormExpansion } from '../../../../subgraphs/drawings/pdf/form-prescan.ts';
import { encodeStream, nestedFormPdf, type StreamEncoding } from '../../../security/hostile-files.ts';
import {
  ascii85Decode,
  asciiHexDecode,
  decodeStream,
  lzwDecode,
  runLengthDecode,
} from '../../../../subgraphs/drawings/pdf/stream-filters.ts';
import { threadCpuMs } from '../../../helpers/cpu.ts';

describe('form pre-scan', () => {
  it('counts operators and the names drawn with Do, skipping strings, arrays and inline image data', () => {
    const content = 'q 1 0 0 1 0 0 cm /F1 Do Q [(a) -20 (b)] TJ (x Do y) Tj BI /W 1 /H 1 ID \x00EI\xff EI /F2 Do';
    expect(countOperators(content)).toEqual({ operators: 8, drawn: ['F1', 'F2'] });
  });

  it("computes a form's expanded size over the form graph", () => {
    // Depth 3, fanout 10: the leaf has 3 operators; each level 10 × (q cm Do Q) around the next.
    expect(largestFormExpansion(nestedFormPdf(3, 10))).toBe(7_440);
    expect(largestFormExpansion(nestedFormPdf(9, 10))).toBeGreaterThan(7e9);
  });

  it.each([
    ['digits before obj', '%PDF-1.4\n' + '1 '.repeat(2_500_000) + 'obj'],
    ['obj keywords', '%PDF-1.4\n' + '1 0 obj '.repeat(600_000)],
    ['open brackets in a dictionary', '%PDF-1.4\n1 0 obj <<' + '['.repeat(5_000_000)],
    ['nested dictionaries', '%PDF-1.4\n1 0 obj ' + '<< /A '.repeat(800_000)],
    ['an unterminated string', '%PDF-1.4\n1 0 obj << /A (' + '('.repeat(5_000_000)],
  ])('reads 5 MB of %s in linear time', (_, text) => {
    const t = threadCpuMs();
    expect(largestFormExpansion(Buffer.from(text, 'latin1'))).toBe(0);
    expect(threadCpuMs() - t).toBeLessThan(10_000); // this thread's CPU: quadratic would be hours; linear is about 1 s
  });

  it('counts 5 MB of content operators in linear time', () => {
    const t = threadCpuMs();
    expect(countOperators('0 0 m '.repeat(800_000)).operators).toBe(800_000);
    expect(countOperators('BI ID '.repeat(800_000)).operators).toBeGreaterThan(0);
    expect(threadCpuMs() - t).toBeLessThan(10_000); // this thread's CPU: quadratic would be hours; linear is about 1 s
  });

  it.each<StreamEncoding>(['LZW', 'ASCII85', 'ASCIIHex', 'RunLength', 'Flate+PNG', 'LZW+TIFF', 'ASCIIHex+Flate'])(
    'reads forms whose streams are encoded with %s',
    (encoding) => {
      expect(largestFormExpansion(nestedFormPdf(3, 10, encoding))).toBe(7_440);
      expect(largestFormExpansion(nestedFormPdf(9, 10, encoding))).toBeGreaterThan(7e9);
    },
  );
});

describe('stream filters', () => {
  const text = Buffer.from(
    Array.from({ length: 100_000 }, (_, i) => String.fromCharCode(32 + (((i * 7919) % 9973) % 90))).join(''),
    'latin1',
  );

  it('undo each encoding, LZW across table resets and code widths 9 to 12', () => {
    for (const encoding of [
      'LZW',
      'ASCII85',
      'ASCIIHex',
      'RunLength',
      'Flate+PNG',
      'LZW+TIFF',
      'ASCIIHex+Flate',
    ] as const) {
      const { data, entries } = encodeStream(text, encoding);
      const filters = [...entries.matchAll(/\/(\w+Decode)/g)].map((m) => m[1]);
      const parms = /Predictor (\d+) \/Columns (\d+)/.exec(entries);
      const params = parms
        ? new Map([
            ['Predictor', Number(parms[1])],
            ['Columns', Number(parms[2])],
          ])
        : null;
      const out = decodeStream(
        data,
        filters,
        filters.map(() => params),
        { bytes: 2 ** 30 },
        2 ** 30,
      );
      // Predictors work on whole rows: the encoder pads the last one.
      expect(out?.subarray(0, text.length).equals(text), encoding).toBe(true);
    }
    expect(asciiHexDecode(Buffer.from('41 4 >'), 10)?.toString('latin1')).toBe('A@');
    expect(ascii85Decode(Buffer.from('z87cURDZ~>'), 20)?.toString('latin1')).toBe('\0\0\0\0Hello');
  });

  it('refuse what they cannot read', () => {
    expect(asciiHexDecode(Buffer.from('4G'), 10)).toBeNull();
    expect(ascii85Decode(Buffer.from('s8W-"'), 10)).toBeNull(); // over 2^32
    expect(lzwDecode(Buffer.from([0x80, 0x7f, 0xff]), 10)).toBeNull(); // a code past the table
    expect(decodeStream(Buffer.from('x'), 'DCTDecode', null, { bytes: 100 }, 100)).toBeNull();
  });

  it('stop at their output cap, and a chain is charged in all', () => {
    const budget = { bytes: 1_000 };
    expect(decodeStream(Buffer.from('z'.repeat(1_000)), 'ASCII85Decode', null, budget, 10_000)).toBeNull();
    expect(runLengthDecode(Buffer.from([129, 0x41, 129, 0x41]), 200)).toBeNull();
    const twice = { bytes: 1_500 };
    expect(
      decodeStream(
        encodeStream(text.subarray(0, 1_000), 'ASCIIHex+Flate').data,
        ['ASCIIHex', 'FlateDecode'],
        null,
        twice,
        10_000,
      ),
    ).toBeNull(); // the hex stage alone leaves 1,500 − hex bytes: too little for 1,000 more
  });

  it('decode worst cases in linear time under the cap', () => {
    const cap = 64 * 2 ** 20;
    // One repeated byte: LZW's strings grow by one byte per code (up to 2,700:1).
    const lzwBomb = encodeStream(Buffer.alloc(4 * 2 ** 20, 0x41), 'LZW').data;
    expect(lzwBomb.length).toBeLessThan(4 * 2 ** 10);
    const runs = Buffer.from(Array.from({ length: 2 ** 20 }, (_, i) => (i % 2 ? 0x41 : 129)));
    const t = threadCpuMs();
    expect(lzwDecode(lzwBomb, 2 ** 20)).toBeNull(); // refused at the cap
    expect(lzwDecode(lzwBomb, cap)?.length).toBe(4 * 2 ** 20); // read whole under it
    // 5 MB of 'z': 20 MB of output.
    expect(ascii85Decode(Buffer.alloc(5 * 2 ** 20, 'z'), cap)?.length).toBe(20 * 2 ** 20);
    // RunLength's 128:1 at its best, up to the cap exactly.
    expect(runLengthDecode(runs, cap)?.length).toBe(cap);
    expect(asciiHexDecode(Buffer.alloc(5 * 2 ** 20, '0'), cap)?.length).toBe(2.5 * 2 ** 20);
    expect(threadCpuMs() - t).toBeLessThan(10_000); // this thread's CPU: each byte of output written once, well under a second
  });
});
