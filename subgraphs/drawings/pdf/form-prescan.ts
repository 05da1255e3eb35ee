// The operator budget before pdf.js runs. pdf.js expands every form XObject
// each time it is drawn, so a 3 KB file of forms nested 9 deep, each drawing
// the next 10 times, asks for 10^9 operators; pdf.js evaluates nested forms at
// about 45,000 operators a second (measured), so counting its output would
// stop such a file only after minutes. This pre-scan reads the file's form
// XObjects once, counts the operators of each content stream, and computes
// each form's expanded size over the form graph (memoised: every form once,
// never expanded), so the bomb is refused in milliseconds.
//
// It refuses only what it proves: a form whose expansion passes the budget.
// Whatever it cannot read (an object it cannot find, an image-only filter,
// invalid data; stream-filters.ts reads Flate, LZW, ASCII85, ASCIIHex and
// RunLength, with predictors) counts as nothing, and pdf.js with the worker's
// time and memory limits stays the backstop. A cycle of forms counts once
// (pdf.js refuses self-reference on its own).
//
// Inherited resources: a form without a /Resources of its own draws with the resources of whatever
// draws it (the page's, or a parent form's), as pdf.js does; a bomb of such forms (issue 29,
// finding 4) drew nothing the pre-scan could see. A name such a form draws is looked up in every
// resource dictionary of the file (pages, page-tree nodes, forms) and counts as the largest form
// any of them gives that name: an upper bound, exact when the file names each form once.
// Linear in the file's size: a
// forward scan for objects, a tokenizer without backtracking, and inflation
// capped per stream and in all.
import { decodeStream } from './stream-filters.ts';

/** Inflated bytes of one stream / of all streams the pre-scan reads: past either it stops reading (and refuses nothing). */
const MAX_STREAM_BYTES = 64 * 2 ** 20;
const MAX_TOTAL_BYTES = 256 * 2 ** 20;

type Value = number | string | boolean | null | Ref | Value[] | Dict;
interface Ref {
  ref: number;
}
type Dict = Map<string, Value>;
interface PdfObject {
  value: Value;
  stream?: string;
}

const isWhite = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0x00;
const isDelimiter = (c: number) =>
  c === 0x28 ||
  c === 0x29 ||
  c === 0x3c ||
  c === 0x3e ||
  c === 0x5b ||
  c === 0x5d ||
  c === 0x7b ||
  c === 0x7d ||
  c === 0x2f ||
  c === 0x25;
const isRegular = (c: number) => !isWhite(c) && !isDelimiter(c);
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;

/** One forward pass over PDF syntax (file text or a content stream, as latin1). */
class Lexer {
  readonly s: string;
  pos: number;
  constructor(s: string, pos = 0) {
    this.s = s;
    this.pos = pos;
  }

  skipSpace(): void {
    const s = this.s;
    for (;;) {
      while (this.pos < s.length && isWhite(s.charCodeAt(this.pos))) this.pos++;
      if (s.charCodeAt(this.pos) !== 0x25) return; // %
      while (this.pos < s.length && s.charCodeAt(this.pos) !== 0x0a && s.charCodeAt(this.pos) !== 0x0d) this.pos++;
    }
  }

  word(): string {
    const start = this.pos;
    while (this.pos < this.s.length && isRegular(this.s.charCodeAt(this.pos))) this.pos++;
    return this.s.slice(start, this.pos);
  }

  /** Skips a literal string `( … )`, nested brackets and escapes included. */
  skipLiteral(): void {
    let depth = 0;
    const s = this.s;
    while (this.pos < s.length) {
      const c = s.charCodeAt(this.pos++);
      if (c === 0x5c)
        this.pos++; // backslash escapes the next byte
      else if (c === 0x28) depth++;
      else if (c === 0x29 && --depth === 0) return;
    }
  }

  /** A value of an object (no operators): numbers, names, strings, arrays, dictionaries, `n g R`. */
  value(depth = 0): Value {
    this.skipSpace();
    const s = this.s;
    const c = s.charCodeAt(this.pos);
    if (depth > 64 || this.pos >= s.length) return null;
    if (c === 0x2f) {
      this.pos++;
      return this.word();
    }
    if (c === 0x28) {
      this.skipLiteral();
      return '';
    }
    if (c === 0x3c && s.charCodeAt(this.pos + 1) === 0x3c) {
      this.pos += 2;
      const dict: Dict = new Map();
      for (;;) {
        this.skipSpace();
        if (this.pos >= s.length) return dict;
        if (s.charCodeAt(this.pos) === 0x3e) {
          this.pos += 2;
          return dict;
        }
        if (s.charCodeAt(this.pos) !== 0x2f) {
          this.pos++; // not a key: step over it rather than stall
          continue;
        }
        this.pos++;
        const key = this.word();
        dict.set(key, this.value(depth + 1));
      }
    }
    if (c === 0x3c) {
      const end = s.indexOf('>', this.pos);
      this.pos = end < 0 ? s.length : end + 1;
      return '';
    }
    if (c === 0x5b) {
      this.pos++;
      const items: Value[] = [];
      for (;;) {
        this.skipSpace();
        if (this.pos >= s.length) return items;
        if (s.charCodeAt(this.pos) === 0x5d) {
          this.pos++;
          return items;
        }
        const before = this.pos;
        items.push(this.value(depth + 1));
        if (this.pos === before) this.pos++;
      }
    }
    const word = this.word();
    if (!word) {
      this.pos++;
      return null;
    }
    if (/^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/.test(word)) {
      const n = Number(word);
      // `n g R`: an indirect reference.
      if (Number.isInteger(n)) {
        const save = this.pos;
        this.skipSpace();
        const g = this.word();
        if (/^\d+$/.test(g)) {
          this.skipSpace();
          if (this.s.charCodeAt(this.pos) === 0x52 && !isRegular(this.s.charCodeAt(this.pos + 1) || 0x20)) {
            this.pos++;
            return { ref: n };
          }
        }
        this.pos = save;
      }
      return n;
    }
    return word === 'true' ? true : word === 'false' ? false : null;
  }
}

const asDict = (v: Value | undefined): Dict | null => (v instanceof Map ? v : null);
const isRef = (v: Value | undefined): v is Ref =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Map);

/** Every object of the file by number (later definitions win, as in incremental updates), object streams included. */
function readObjects(text: string, budget: { bytes: number }): Map<number, PdfObject> {
  const objects = new Map<number, PdfObject>();
  const streams: PdfObject[] = [];
  let at = 0;
  for (;;) {
    const found = text.indexOf('obj', at);
    if (found < 0) break;
    at = found + 3;
    if (
      isRegular(text.charCodeAt(found + 3) || 0x20) ||
      (found > 0 && isRegular(text.charCodeAt(found - 1)) && !isDigit(text.charCodeAt(found - 1)))
    )
      continue;
    // Back over "<num> <gen> " (bounded: object numbers have at most 10 digits).
    let p = found - 1;
    while (p >= 0 && isWhite(text.charCodeAt(p))) p--;
    const genEnd = p + 1;
    while (p >= 0 && genEnd - p <= 6 && isDigit(text.charCodeAt(p))) p--;
    if (p + 1 === genEnd || p < 0 || !isWhite(text.charCodeAt(p))) continue;
    while (p >= 0 && isWhite(text.charCodeAt(p))) p--;
    const numEnd = p + 1;
    while (p >= 0 && numEnd - p <= 11 && isDigit(text.charCodeAt(p))) p--;
    if (p + 1 === numEnd) continue;
    const num = Number(text.slice(p + 1, numEnd));
    const lexer = new Lexer(text, found + 3);
    const value = lexer.value();
    const object: PdfObject = { value };
    lexer.skipSpace();
    if (value instanceof Map && text.startsWith('stream', lexer.pos)) {
      let start = lexer.pos + 6;
      if (text.charCodeAt(start) === 0x0d) start++;
      if (text.charCodeAt(start) === 0x0a) start++;
      const length = value.get('Length');
      const end =
        typeof length === 'number' && length >= 0 && start + length <= text.length
          ? start + length
          : text.indexOf('endstream', start);
      object.stream = text.slice(start, end < 0 ? text.length : end);
      at = Math.max(at, end < 0 ? text.length : end);
      streams.push(object);
    }
    objects.set(num, object);
  }
  // Objects inside object streams (never streams themselves).
  for (const stm of streams) {
    const dict = stm.value as Dict;
    if (dict.get('Type') !== 'ObjStm') continue;
    const data = decode(dict, stm.stream!, budget);
    const n = dict.get('N');
    const first = dict.get('First');
    if (data === null || typeof n !== 'number' || typeof first !== 'number') continue;
    const header = new Lexer(data);
    for (let i = 0; i < Math.min(n, 1_000_000); i++) {
      const num = header.value();
      const offset = header.value();
      if (typeof num !== 'number' || typeof offset !== 'number') break;
      if (!objects.has(num)) objects.set(num, { value: new Lexer(data, first + offset).value() });
    }
  }
  return objects;
}

/** A stream's bytes with its filters undone (stream-filters.ts); null when it cannot be read (or passes the caps). */
function decode(dict: Dict, raw: string, budget: { bytes: number }): string | null {
  const filter = dict.get('Filter');
  if (filter === undefined || filter === null) return raw;
  return (
    decodeStream(
      Buffer.from(raw, 'latin1'),
      filter,
      dict.get('DecodeParms') ?? dict.get('DP'),
      budget,
      MAX_STREAM_BYTES,
    )?.toString('latin1') ?? null
  );
}

/** Operators of a content stream, and the names it draws with `Do` (in order, repeats included). */
export function countOperators(content: string): { operators: number; drawn: string[] } {
  const lexer = new Lexer(content);
  const s = content;
  const drawn: string[] = [];
  let operators = 0;
  let lastName = '';
  while (lexer.pos < s.length) {
    lexer.skipSpace();
    if (lexer.pos >= s.length) break;
    const c = s.charCodeAt(lexer.pos);
    if (c === 0x28) {
      lexer.skipLiteral();
    } else if (c === 0x2f) {
      lexer.pos++;
      lastName = lexer.word();
    } else if (c === 0x3c && s.charCodeAt(lexer.pos + 1) !== 0x3c) {
      const end = s.indexOf('>', lexer.pos);
      lexer.pos = end < 0 ? s.length : end + 1;
    } else if (!isRegular(c)) {
      lexer.pos++; // [ ] { } << >>: structure inside operands
    } else {
      const word = lexer.word();
      if (/^[+\-.\d]/.test(word) || word === 'true' || word === 'false' || word === 'null') continue;
      operators++;
      if (word === 'Do') drawn.push(lastName);
      else if (word === 'BI') {
        // An inline image: its data runs from ID to an EI standing alone.
        const id = s.indexOf('ID', lexer.pos);
        let end = id < 0 ? -1 : s.indexOf('EI', id + 3);
        while (
          end >= 0 &&
          !(isWhite(s.charCodeAt(end - 1)) && (end + 2 >= s.length || !isRegular(s.charCodeAt(end + 2))))
        )
          end = s.indexOf('EI', end + 2);
        lexer.pos = end < 0 ? s.length : end + 2;
      }
    }
  }
  return { operators, drawn };
}

/**
 * The largest number of operators any form XObject of the file expands to
 * (its own, plus every form it draws, as often as it draws it). 0 when the
 * file has no form it can read.
 */
export function largestFormExpansion(bytes: Uint8Array): number {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const budget = { bytes: MAX_TOTAL_BYTES };
  const objects = readObjects(text, budget);
  const resolve = (v: Value | undefined): Value | undefined => (isRef(v) ? objects.get(v.ref)?.value : v);
  // name → every form a resource dictionary of the file gives that name (for forms that inherit theirs).
  const byName = new Map<string, Set<number>>();
  for (const object of objects.values()) {
    const xobjects = asDict(resolve(asDict(resolve(asDict(object.value)?.get('Resources')))?.get('XObject')));
    for (const [name, target] of xobjects ?? [])
      if (isRef(target)) (byName.get(name) ?? byName.set(name, new Set()).get(name)!).add(target.ref);
  }
  // Each drawn name: the forms it may be (one for a form's own resources, maybe more when inherited).
  const forms = new Map<number, { operators: number; children: number[][] }>();
  for (const [num, object] of objects) {
    const dict = asDict(object.value);
    if (!dict || object.stream === undefined || dict.get('Subtype') !== 'Form') continue;
    const content = decode(dict, object.stream, budget);
    if (content === null) continue;
    const { operators, drawn } = countOperators(content);
    const own = asDict(resolve(dict.get('Resources')));
    const xobjects = asDict(resolve(own?.get('XObject')));
    const children: number[][] = [];
    for (const name of drawn) {
      if (own) {
        const target = xobjects?.get(name);
        if (isRef(target)) children.push([target.ref]);
      } else {
        const candidates = byName.get(name);
        if (candidates) children.push([...candidates]);
      }
    }
    forms.set(num, { operators, children });
  }
  // Expanded size over the form graph, each form computed once (iteratively: nesting may be deep).
  const expanded = new Map<number, number>();
  const visiting = new Set<number>();
  const sizeOf = (root: number): number => {
    const stack: number[] = [root];
    while (stack.length) {
      const num = stack[stack.length - 1]!;
      const form = forms.get(num);
      if (!form || expanded.has(num)) {
        stack.pop();
        continue;
      }
      if (!visiting.has(num)) {
        visiting.add(num);
        for (const candidates of form.children)
          for (const child of candidates) if (!expanded.has(child) && !visiting.has(child)) stack.push(child);
        continue;
      }
      stack.pop();
      visiting.delete(num);
      // A child still being visited is a cycle: it counts nothing here.
      expanded.set(
        num,
        form.children.reduce(
          (sum, candidates) => sum + Math.max(0, ...candidates.map((child) => expanded.get(child) ?? 0)),
          form.operators,
        ),
      );
    }
    return expanded.get(root) ?? 0;
  };
  let largest = 0;
  for (const num of forms.keys()) largest = Math.max(largest, sizeOf(num));
  return largest;
}
