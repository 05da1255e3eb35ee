// The stream filters the form pre-scan (form-prescan.ts) undoes, so its
// operator budget applies before pdf.js runs whatever a content stream is
// encoded with: FlateDecode, LZWDecode, ASCII85Decode, ASCIIHexDecode and
// RunLengthDecode, in any chain, with the PNG and TIFF predictors of
// FlateDecode and LZWDecode (ISO 32000-1 §7.4). The image-only filters (DCT,
// JPX, JBIG2, CCITT) never hold content streams and are not read.
//
// Every decoder is one forward pass and stops as soon as its output passes
// `max` bytes (null: the pre-scan then counts the stream as nothing, and the
// worker's time and memory limits stay the backstop). Each filter's output is
// charged to the caller's budget, so a chain cannot multiply it.
import { inflateSync } from 'node:zlib';

type Params = Map<string, unknown> | null;

const hex = (c: number) =>
  c >= 0x30 && c <= 0x39 ? c - 0x30 : c >= 0x41 && c <= 0x46 ? c - 0x37 : c >= 0x61 && c <= 0x66 ? c - 0x57 : -1;
const isWhite = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0x00;

/** A growable output that refuses to pass `max` bytes. */
class Output {
  buf: Buffer;
  length = 0;
  readonly max: number;
  constructor(sizeHint: number, max: number) {
    this.max = max;
    this.buf = Buffer.allocUnsafe(Math.max(16, Math.min(sizeHint, max)));
  }
  /** false once the output would pass max. */
  room(n: number): boolean {
    if (this.length + n > this.max) return false;
    if (this.length + n > this.buf.length) {
      const next = Buffer.allocUnsafe(Math.min(this.max, Math.max(this.length + n, this.buf.length * 2)));
      this.buf.copy(next, 0, 0, this.length);
      this.buf = next;
    }
    return true;
  }
  push(byte: number): boolean {
    if (!this.room(1)) return false;
    this.buf[this.length++] = byte;
    return true;
  }
  done(): Buffer {
    return this.buf.subarray(0, this.length);
  }
}

export function asciiHexDecode(input: Buffer, max: number): Buffer | null {
  const out = new Output(input.length >> 1, max);
  let high = -1;
  for (const c of input) {
    if (c === 0x3e) break; // '>' ends the data
    if (isWhite(c)) continue;
    const v = hex(c);
    if (v < 0) return null;
    if (high < 0) high = v;
    else {
      if (!out.push((high << 4) | v)) return null;
      high = -1;
    }
  }
  if (high >= 0 && !out.push(high << 4)) return null; // an odd last digit is followed by 0
  return out.done();
}

export function ascii85Decode(input: Buffer, max: number): Buffer | null {
  const out = new Output(input.length, max);
  const group = [0, 0, 0, 0, 0];
  let n = 0;
  const flush = (count: number): boolean => {
    for (let i = count; i < 5; i++) group[i] = 84; // pad a short last group with 'u'
    let v = 0;
    for (let i = 0; i < 5; i++) v = v * 85 + group[i]!;
    if (v > 0xffffffff) return false;
    if (!out.room(count - 1)) return false;
    for (let i = 0; i < count - 1; i++) out.buf[out.length++] = (v >>> (24 - 8 * i)) & 0xff;
    return true;
  };
  for (let i = 0; i < input.length; i++) {
    const c = input[i]!;
    if (isWhite(c)) continue;
    if (c === 0x7e) break; // '~>' ends the data
    if (c === 0x7a && n === 0) {
      // 'z': four zero bytes
      if (!out.room(4)) return null;
      out.buf.fill(0, out.length, out.length + 4);
      out.length += 4;
      continue;
    }
    if (c < 0x21 || c > 0x75) return null;
    group[n++] = c - 0x21;
    if (n === 5) {
      if (!flush(5)) return null;
      n = 0;
    }
  }
  if (n === 1) return null; // one character cannot end a group
  if (n > 1 && !flush(n)) return null;
  return out.done();
}

export function runLengthDecode(input: Buffer, max: number): Buffer | null {
  const out = new Output(input.length * 2, max);
  for (let i = 0; i < input.length;) {
    const len = input[i++]!;
    if (len === 128) break;
    if (len < 128) {
      const end = Math.min(input.length, i + len + 1);
      if (!out.room(end - i)) return null;
      input.copy(out.buf, out.length, i, end);
      out.length += end - i;
      i = end;
    } else {
      if (i >= input.length) break;
      const count = 257 - len;
      if (!out.room(count)) return null;
      out.buf.fill(input[i++]!, out.length, out.length + count);
      out.length += count;
    }
  }
  return out.done();
}

/**
 * LZW with 9- to 12-bit codes (256 clears the table, 257 ends the data);
 * `earlyChange` 1 (the default) widens codes one entry early. The table
 * stores each entry as (prefix code, last byte, length), so a code is written
 * by walking its prefixes backwards: time proportional to the output.
 */
export function lzwDecode(input: Buffer, max: number, earlyChange = 1): Buffer | null {
  const out = new Output(input.length * 3, max);
  const prefix = new Int32Array(4096);
  const last = new Uint8Array(4096);
  const length = new Int32Array(4096);
  const first = new Uint8Array(4096);
  for (let i = 0; i < 256; i++) {
    prefix[i] = -1;
    last[i] = i;
    length[i] = 1;
    first[i] = i;
  }
  let next = 258;
  let width = 9;
  let previous = -1;
  let bits = 0;
  let held = 0;
  for (let i = 0; ;) {
    while (bits < width && i < input.length) {
      held = ((held << 8) | input[i++]!) & 0xffffff;
      bits += 8;
    }
    if (bits < width) break;
    const code = (held >>> (bits - width)) & ((1 << width) - 1);
    bits -= width;
    if (code === 256) {
      next = 258;
      width = 9;
      previous = -1;
      continue;
    }
    if (code === 257) break;
    let entry: number;
    if (code < next) {
      entry = code;
    } else if (code === next && previous >= 0) {
      entry = -1; // the KwKwK case: previous string + its own first byte
    } else {
      return null;
    }
    const firstByte = entry >= 0 ? first[entry]! : first[previous]!;
    const n = entry >= 0 ? length[entry]! : length[previous]! + 1;
    if (!out.room(n)) return null;
    let at = out.length + n - 1;
    if (entry < 0) {
      out.buf[at--] = firstByte;
      entry = previous;
    }
    for (let e = entry; e >= 0; e = prefix[e]!) out.buf[at--] = last[e]!;
    out.length += n;
    if (previous >= 0 && next < 4096) {
      prefix[next] = previous;
      last[next] = firstByte;
      length[next] = length[previous]! + 1;
      first[next] = first[previous]!;
      next++;
    }
    previous = code;
    const limit = next + earlyChange;
    width = limit >= 2048 ? 12 : limit >= 1024 ? 11 : limit >= 512 ? 10 : 9;
  }
  return out.done();
}

const num = (params: Params, key: string, fallback: number) => {
  const v = params?.get(key);
  return typeof v === 'number' && Number.isInteger(v) ? v : fallback;
};

/**
 * Undoes a PNG (10–15, each row led by its filter type) or TIFF (2, 8 bits per
 * component) predictor; null for what it cannot undo. Same length or shorter.
 */
export function unpredict(data: Buffer, params: Params): Buffer | null {
  const predictor = num(params, 'Predictor', 1);
  if (predictor === 1) return data;
  const colors = num(params, 'Colors', 1);
  const bpc = num(params, 'BitsPerComponent', 8);
  const columns = num(params, 'Columns', 1);
  if (colors < 1 || colors > 32 || ![1, 2, 4, 8, 16].includes(bpc) || columns < 1 || columns > 1 << 24) return null;
  const rowBytes = Math.ceil((colors * bpc * columns) / 8);
  const bpp = Math.max(1, Math.ceil((colors * bpc) / 8));
  if (predictor === 2) {
    if (bpc !== 8) return null;
    const out = Buffer.from(data);
    for (let row = 0; row < out.length; row += rowBytes) {
      const end = Math.min(out.length, row + rowBytes);
      for (let i = row + bpp; i < end; i++) out[i] = (out[i]! + out[i - bpp]!) & 0xff;
    }
    return out;
  }
  if (predictor < 10 || predictor > 15) return null;
  const rows = Math.floor(data.length / (rowBytes + 1));
  const out = Buffer.alloc(rows * rowBytes);
  for (let r = 0; r < rows; r++) {
    const type = data[r * (rowBytes + 1)]!;
    const src = r * (rowBytes + 1) + 1;
    const at = r * rowBytes;
    for (let i = 0; i < rowBytes; i++) {
      const raw = data[src + i]!;
      const left = i >= bpp ? out[at + i - bpp]! : 0;
      const up = r > 0 ? out[at - rowBytes + i]! : 0;
      const upLeft = r > 0 && i >= bpp ? out[at - rowBytes + i - bpp]! : 0;
      let v: number;
      switch (type) {
        case 0:
          v = raw;
          break;
        case 1:
          v = raw + left;
          break;
        case 2:
          v = raw + up;
          break;
        case 3:
          v = raw + ((left + up) >> 1);
          break;
        case 4: {
          const p = left + up - upLeft;
          const pa = Math.abs(p - left);
          const pb = Math.abs(p - up);
          const pc = Math.abs(p - upLeft);
          v = raw + (pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft);
          break;
        }
        default:
          return null;
      }
      out[at + i] = v & 0xff;
    }
  }
  return out;
}

function inflate(input: Buffer, max: number): Buffer | null {
  try {
    // Z_SYNC_FLUSH: a truncated stream gives what it has.
    return inflateSync(input, { maxOutputLength: Math.max(1, max), finishFlush: 2 });
  } catch {
    return null;
  }
}

/** One filter by its name or abbreviation; undefined for a filter not read here. */
function decodeOne(name: unknown, data: Buffer, params: Params, max: number): Buffer | null | undefined {
  switch (name) {
    case 'FlateDecode':
    case 'Fl': {
      const out = inflate(data, max);
      return out && unpredict(out, params);
    }
    case 'LZWDecode':
    case 'LZW': {
      const out = lzwDecode(data, max, num(params, 'EarlyChange', 1));
      return out && unpredict(out, params);
    }
    case 'ASCII85Decode':
    case 'A85':
      return ascii85Decode(data, max);
    case 'ASCIIHexDecode':
    case 'AHx':
      return asciiHexDecode(data, max);
    case 'RunLengthDecode':
    case 'RL':
      return runLengthDecode(data, max);
    default:
      return undefined;
  }
}

/**
 * A stream's data with its filters undone, in order (`filter` and `parms` as
 * in the stream's dictionary: a name or an array, a dictionary or an array);
 * null when a filter is not read here, the data is invalid, or an output
 * passes `maxStream` or what is left of `budget.bytes`.
 */
export function decodeStream(
  data: Buffer,
  filter: unknown,
  parms: unknown,
  budget: { bytes: number },
  maxStream: number,
): Buffer | null {
  const filters = filter === undefined || filter === null ? [] : Array.isArray(filter) ? filter : [filter];
  const params = Array.isArray(parms) ? parms : [parms];
  if (filters.length > 8) return null;
  let out = data;
  for (let i = 0; i < filters.length; i++) {
    const max = Math.min(maxStream, budget.bytes);
    if (max <= 0) return null;
    const p = params[i];
    const next = decodeOne(filters[i], out, p instanceof Map ? (p as Params) : null, max);
    if (!next) return null;
    budget.bytes -= next.length;
    out = next;
  }
  return out;
}
