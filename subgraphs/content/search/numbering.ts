// The numbering grammar of code documents, and which numbers of a document
// are its clauses. Pure.
//
// Grammar (a number that opens a line, followed by a heading or the clause's
// text starting with a capital, "(" or "["):
//   dotted          1.2.3.4   1604.3.2   3.14.3.10   12.06
//   dash            3-2.1     1-5       2-2.2.1.1
//   letter-dash         B-2.1.3
//   letter-dotted   C4.2      J3.10
// Captions: "Table 5-2a", "Table C-1", "Figure 3-1", "Fig. 6.12"; structural
// headings: "CHAPTER 3", "PART 2", "APPENDIX C", "SCHEDULE I".
//
// A document's clauses are learnt from its own candidates: the longest
// sequence of candidates (in reading order) in which each number is a
// plausible successor of the one before — the next at some level, a first
// child, or a new chapter or appendix. A table value ("0.90"), a year, or a
// number in running text breaks that order and is left out. Where a document
// pads section numbers within a chapter ("12.01" … "12.09"), a following
// "12.1" is read as 12.10, as such documents print it.

export type Scheme = 'dotted' | 'dash';

export interface ClauseNumber {
  raw: string;
  scheme: Scheme;
  /** Appendix letter as 1 for A, 2 for B…; 0 when there is none. */
  letter: number;
  parts: string[];
}

// Each heading's text is captured from its first non-blank character (`(\S.*)?`): a blank run
// followed by `(.*)$` could be split between the two in quadratically many ways.
const NUMBER = /^[[\]\s]*((?:[A-Z]-\d{1,4}(?:\.\d{1,3})*)|(?:\d{1,4}-\d{1,3}(?:\.\d{1,3})*)|(?:[A-Z]\d{1,3}(?:\.\d{1,3})+)|(?:\d{1,4}(?:\.\d{1,3})+))\.?(?:\s+(?:\|\s+)?|$)(\S.*)?$/;
const CAPTION = /^[[\]\s]*((?:Table|TABLE|Figure|FIGURE|Fig\.|Equation)\s+[A-Z]?-?\d{1,4}(?:[.-]\d{1,3})*[A-Za-z]?)\b\.?\s*(?:[—–:.|-]\s*)?(\S.*)?$/;
const STRUCTURAL = /^(CHAPTER|Chapter|PART|Part|APPENDIX|Appendix|SCHEDULE|Schedule)\s+(\d{1,3}|[A-Z]|[IVXL]{1,6})\b\s*(?:[—–:.|-]\s*)?(\S.*)?$/;
/** A heading or the start of the clause's text: a capital, an opening bracket or parenthesis, or nothing. */
const OPENS_CLAUSE = /^(?:$|[A-Z“"'(\[])/;
/** A numbered definition: "2.3.2.1 clear cover — least distance…". */
const NUMBERED_DEFINITION = /^[a-z][a-z ,'-]{1,60}\s+[—–]\s/;
/** Table-of-contents lines: dot leaders, or a title ending in a page number. */
const CONTENTS_LINE = /(?:\.\s?){4}|\s\.\.(?:\S+|\.*\s+\S+)$/;

export function parseNumber(raw: string): ClauseNumber {
  const letterDash = /^([A-Z])-(.*)$/.exec(raw);
  const letterDot = /^([A-Z])(\d.*)$/.exec(raw);
  if (letterDash) return { raw, scheme: 'dash', letter: letterDash[1]!.charCodeAt(0) - 64, parts: letterDash[2]!.split('.') };
  if (letterDot) return { raw, scheme: 'dotted', letter: letterDot[1]!.charCodeAt(0) - 64, parts: letterDot[2]!.split('.') };
  if (raw.includes('-')) {
    const [chapter, rest] = raw.split('-', 2) as [string, string];
    return { raw, scheme: 'dash', letter: 0, parts: [chapter, ...rest.split('.')] };
  }
  return { raw, scheme: 'dotted', letter: 0, parts: raw.split('.') };
}

export interface LineStart {
  kind: 'clause' | 'caption' | 'structural';
  /** The number as printed ("3-11.2", "Table 5-2a", "Appendix C"). */
  label: string;
  /** The text after the number. */
  rest: string;
}

/** What a line opens with, before the document's order is checked. */
export function lineStart(text: string): LineStart | null {
  if (CONTENTS_LINE.test(text)) return null;
  const cap = CAPTION.exec(text);
  if (cap) {
    const rest = cap[2] ?? '';
    // "Table 10-1 generally provides…" is a sentence about the table, not its caption.
    if (!OPENS_CLAUSE.test(rest)) return null;
    const label = cap[1]!.replace(/^TABLE/, 'Table').replace(/^(FIGURE|Fig\.)/, 'Figure');
    return { kind: 'caption', label, rest };
  }
  const st = STRUCTURAL.exec(text);
  if (st && text.length <= 90 && OPENS_CLAUSE.test(st[3] ?? '')) {
    const word = st[1]!.charAt(0) + st[1]!.slice(1).toLowerCase();
    return { kind: 'structural', label: `${word} ${st[2]}`, rest: st[3] ?? '' };
  }
  const num = NUMBER.exec(text);
  if (num && (OPENS_CLAUSE.test(num[2] ?? '') || NUMBERED_DEFINITION.test(num[2] ?? ''))) return { kind: 'clause', label: num[1]!, rest: num[2] ?? '' };
  return null;
}

/** Chapters whose section numbers are zero-padded ("12.01"), so that "12.1" there means 12.10. */
function paddedChapters(numbers: readonly ClauseNumber[]): Set<string> {
  const out = new Set<string>();
  for (const n of numbers) if (n.parts.length >= 2 && /^0\d/.test(n.parts[1]!)) out.add(`${n.letter}:${n.parts[0]}`);
  return out;
}

/** Components as integers in the document's convention. */
function valuesOf(n: ClauseNumber, padded: ReadonlySet<string>): number[] {
  const decimal = padded.has(`${n.letter}:${n.parts[0]}`);
  return n.parts.map((p, i) => (i === 1 && decimal && p.length === 1 ? Number(p) * 10 : Number(p)));
}

/**
 * The largest step between two siblings that is still "the next one"
 * (numbers removed, reserved, or left out of an excerpt), and between two
 * chapters. A new branch may open at any number up to MAX_STEP.
 */
const MAX_STEP = 20;
const MAX_CHAPTER_STEP = 30;

/** Whether `b` can follow `a` in a document's clause order. */
export function follows(a: ClauseNumber, b: ClauseNumber, padded: ReadonlySet<string> = new Set()): boolean {
  if (a.scheme !== b.scheme) return false;
  const x = valuesOf(a, padded);
  const y = valuesOf(b, padded);
  const small = (vs: number[]) => vs.every((v) => v <= MAX_STEP);
  if (b.letter !== a.letter) {
    // A new appendix starts numbering afresh.
    return b.letter > a.letter && b.letter - a.letter <= 3 && small(y);
  }
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  if (i === y.length) return false; // the same number, or a parent after its child
  if (i === x.length) return small(y.slice(i)); // a first child
  return y[i]! > x[i]! && y[i]! - x[i]! <= (i === 0 ? MAX_CHAPTER_STEP : MAX_STEP) && small(y.slice(i + 1));
}

/** Candidates looked back over when chaining (bounds the work to n × WINDOW). */
const WINDOW = 60;

/**
 * Which candidate numbers (in reading order) are the document's clauses.
 * @example
 * clauseChain(['1-1', '1-2', '0.90', '1-2.1', '2-1'].map(parseNumber)) // → Set {0, 1, 3, 4}
 */
export function clauseChain(numbers: readonly ClauseNumber[]): Set<number> {
  const padded = paddedChapters(numbers);
  const best = new Int32Array(numbers.length);
  const prev = new Int32Array(numbers.length).fill(-1);
  let top = -1;
  for (let i = 0; i < numbers.length; i++) {
    best[i] = 1;
    for (let j = Math.max(0, i - WINDOW); j < i; j++) {
      if (best[j]! + 1 > best[i]! && follows(numbers[j]!, numbers[i]!, padded)) {
        best[i] = best[j]! + 1;
        prev[i] = j;
      }
    }
    if (top < 0 || best[i]! > best[top]!) top = i;
  }
  const out = new Set<number>();
  for (let i = top; i >= 0; i = prev[i]!) out.add(i);
  return out;
}

/** The parents of a clause number, nearest last ("3-11.2" → ["3-11"]; "3.14.3.10" → ["3.14", "3.14.3"]). */
export function parentsOf(raw: string): string[] {
  const n = parseNumber(raw);
  const out: string[] = [];
  const prefix = n.letter ? `${String.fromCharCode(64 + n.letter)}${n.scheme === 'dash' ? '-' : ''}` : '';
  for (let k = 1; k < n.parts.length; k++) {
    const parts = n.parts.slice(0, k);
    if (n.scheme === 'dash' && !n.letter) out.push(k === 1 ? parts[0]! : `${parts[0]}-${parts.slice(1).join('.')}`);
    else out.push(prefix + parts.join('.'));
  }
  // A bare chapter ("3" of "3.14") is not a clause heading of its own.
  return out.filter((p) => /[.-]/.test(p) || n.letter > 0);
}

// Enumerated provisions under a clause: subsections, paragraphs and
// subparagraphs, as codes and regulations number them ("11.11 (1) … (a) …
// (i) …", "2.1.1 … a. … b. …", "1613.1.1.3 (2)(b)"). The rule, as drafting
// manuals state it:
//
// - An item opens a line (or follows its clause's number) with a label: a
//   number, a lower-case letter, a lower-case roman numeral or a capital
//   letter, in parentheses "(1)", closed "a)" or with a full stop "a." —
//   how the label is punctuated does not make a new level.
// - Each kind of label is one level of the clause's hierarchy, in the order
//   the clause first uses them: a level opens with its first value (1, a, i,
//   A) and goes on with the next value ((1), (2), (3)); an item of an
//   enclosing level closes the levels inside it. A label that neither opens
//   a level nor follows the last item of its level ("(3)" in a sentence, a
//   second copy of "(a)" in a translation beside it) is text, not an item.
// - "(i)", "(v)", "(x)" are letters where they follow "(h)", "(u)", "(w)" of
//   an open letter level, and roman numerals otherwise.
// - An item's reference is its clause's number followed by each enclosing
//   item's label in parentheses: 11.11(1)(a)(ii), whatever the punctuation
//   printed.

export type ItemKind = 'number' | 'letter' | 'roman' | 'capital';

export interface ItemLabel {
  /** The label's text without punctuation ("1", "a", "ii", "B"). */
  label: string;
  /** The text after the label. */
  rest: string;
}

export interface OpenItem {
  kind: ItemKind;
  label: string;
}

const ITEM = /^\s*(?:\((\d{1,3}|[a-z]{1,5}|[A-Z]{1,2})\)|(\d{1,2}|[a-z]|[ivx]{2,5}|[A-Z])[.)])\s+(?=\S)(.*)$/;
const ROMAN = /^(?=[ivx])(x{0,3})(ix|iv|v?i{0,3})$/;
/** Letter labels after z: "aa", "bb" … as statutes print them. */
const DOUBLED = /^([a-z])\1$/;

/** A label opening a line, or null. "i.e." and "No. 4" are not labels (a label is followed by a space and text). */
export function itemLabel(text: string): ItemLabel | null {
  const m = ITEM.exec(text);
  if (!m) return null;
  const label = m[1] ?? m[2]!;
  if (/^[a-z]{2,}$/.test(label) && !ROMAN.test(label) && !DOUBLED.test(label)) return null;
  return { label, rest: m[3]! };
}

function romanValue(s: string): number {
  const v: Record<string, number> = { i: 1, v: 5, x: 10 };
  let n = 0;
  for (let k = 0; k < s.length; k++) n += v[s[k]!]! < (v[s[k + 1]!] ?? 0) ? -v[s[k]!]! : v[s[k]!]!;
  return n;
}

/** The ordinal of a label read as `kind` (1 for the first value), or 0 when it is not of that kind. */
function ordinal(label: string, kind: ItemKind): number {
  if (kind === 'number') return /^\d+$/.test(label) ? Number(label) : 0;
  if (kind === 'roman') return ROMAN.test(label) ? romanValue(label) : 0;
  if (kind === 'capital') return /^[A-Z]{1,2}$/.test(label) && (label.length === 1 || DOUBLED.test(label.toLowerCase())) ? (label.length - 1) * 26 + label.charCodeAt(0) - 64 : 0;
  return /^[a-z]$/.test(label) || DOUBLED.test(label) ? (label.length - 1) * 26 + label.charCodeAt(0) - 96 : 0;
}

const KINDS: readonly ItemKind[] = ['number', 'letter', 'roman', 'capital'];

/**
 * The open items after a line labelled `label`, given those open before it
 * (outermost first), or null when the label is not the clause's next item.
 * @example
 * nextItems([{ kind: 'number', label: '1' }, { kind: 'letter', label: 'a' }], 'i') // → [(1), (a), (i)]
 * nextItems([{ kind: 'number', label: '1' }, { kind: 'letter', label: 'h' }], 'i') // → [(1), (i) as a letter]
 * nextItems([{ kind: 'number', label: '1' }], '3') // → null
 */
export function nextItems(open: readonly OpenItem[], label: string): OpenItem[] | null {
  // The next item of an open level, innermost first.
  for (let d = open.length - 1; d >= 0; d--) {
    const o = open[d]!;
    if (ordinal(label, o.kind) === ordinal(o.label, o.kind) + 1) return [...open.slice(0, d), { kind: o.kind, label }];
  }
  // The first item of a new level inside the innermost open one.
  for (const kind of KINDS) {
    if (ordinal(label, kind) === 1 && !open.some((o) => o.kind === kind)) return [...open, { kind, label }];
  }
  return null;
}

/** An item's reference: its clause number and the labels of the items it is in. @example itemReference('11.11', items) // → '11.11(1)(a)(ii)' */
export const itemReference = (clause: string, open: readonly OpenItem[]) => clause + open.map((o) => `(${o.label})`).join('');
