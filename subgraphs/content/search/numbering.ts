// The numbering grammar of code documents, and which numbers of a document
// are its clauses. Pure.
//
// Grammar (a number that opens a line, followed by a heading or the clause's
// text starting with a capital, "(" or "["):
//   dotted          1.2.3.4   1604.3.2   3.14.3.10   12.06
//   dash            3-2.1     1-5       2-2.2.1.1
//   letter-dash         B-2.1.3
//   letter-dotted   C4.2      J3.10
//   Article         3.2.1.1.  (a closing dot is punctuation, not a part)
//   with its first subsection printed tight: 291.4(1) An employer…, 6.2.2(1) The…
// A dash or rule between the number and its heading is punctuation too
// ("5.3.4 – Cyclonic Region Factor", "2-3.1 — Scope").
// Captions: "Table 5-2a", "Table C-1", "Table 4", "Figure 3-1", "Fig. 6.12",
// "FIG. 15"; structural headings: "CHAPTER 3", "PART 2", "APPENDIX C",
// "ANNEX B", "SCHEDULE I", "SECTION 1905".
//
// A document's clauses are learnt from its own candidates: the longest
// sequence of candidates (in reading order) in which each number is a
// plausible successor of the one before — the next at some level, a first
// child, or a new chapter or appendix. A table value ("0.90"), a year, or a
// number in running text breaks that order and is left out. Where a document
// pads section numbers within a chapter ("12.01" … "12.09"), a following
// "12.1" is read as 12.10, as such documents print it.

import { followsSection, sectionStart, SECTION_NUMBER } from './statute-sections.ts';

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
const NUMBER =
  /^[[\]\s]*((?:[A-Z]-\d{1,4}(?:\.\d{1,3})*)|(?:\d{1,4}-\d{1,3}(?:\.\d{1,3})*)|(?:[A-Z]\d{1,3}(?:\.\d{1,3})+)|(?:\d{1,4}(?:\.\d{1,3})+))\.?(?:\s*[–—]\s*|\s+(?:\|\s+)?(?:[–—-]\s+)?|(?=\((?:\d{1,3}|[a-z]{1,4})\)\s)|$)(\S.*)?$/;
const CAPTION =
  /^[[\]\s]*((?:Table|TABLE|Figure|FIGURE|Fig\.|FIG\.|Equation)\s+[A-Z]?-?\d{1,4}(?:[.-]\d{1,3})*[A-Za-z]?)\b\.?\s*(?:[—–:.|-]\s*)?(\S.*)?$/;
const STRUCTURAL =
  /^(CHAPTER|Chapter|PART|Part|APPENDIX|Appendix|ANNEX|Annex|SCHEDULE|Schedule|SECTION|Section)\s+(\d{1,4}|[A-Z]|[IVXL]{1,6})\b\s*(?:[—–:.|-]\s*)?(\S.*)?$/;
/** A heading or the start of the clause's text: a capital, an opening bracket or parenthesis, or nothing. */
const OPENS_CLAUSE = /^(?:$|[A-Z“"'(\[])/;
/** A numbered definition: "2.3.2.1 clear cover — least distance…". */
const NUMBERED_DEFINITION = /^[a-z][a-z ,'-]{1,60}\s+[—–]\s/;
/** Table-of-contents lines: dot leaders, or a title ending in a page number. */
const CONTENTS_LINE = /(?:\.\s?){4}|\s\.\.(?:\S+|\.*\s+\S+)$/;

export function parseNumber(raw: string): ClauseNumber {
  const letterDash = /^([A-Z])-(.*)$/.exec(raw);
  const letterDot = /^([A-Z])(\d.*)$/.exec(raw);
  if (letterDash)
    return { raw, scheme: 'dash', letter: letterDash[1]!.charCodeAt(0) - 64, parts: letterDash[2]!.split('.') };
  if (letterDot)
    return { raw, scheme: 'dotted', letter: letterDot[1]!.charCodeAt(0) - 64, parts: letterDot[2]!.split('.') };
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

/**
 * What a line opens with, before the document's order is checked. In a statute (`sections`,
 * statute-sections.ts) a whole section number opens a clause too: "180(1) Before…", "182 If…".
 */
export function lineStart(text: string, sections = false): LineStart | null {
  if (CONTENTS_LINE.test(text)) return null;
  const cap = CAPTION.exec(text);
  if (cap) {
    const rest = cap[2] ?? '';
    // "Table 10-1 generally provides…" is a sentence about the table, not its caption.
    if (!OPENS_CLAUSE.test(rest)) return null;
    const label = cap[1]!.replace(/^TABLE/, 'Table').replace(/^(FIGURE|Fig\.|FIG\.)/, 'Figure');
    return { kind: 'caption', label, rest };
  }
  const st = STRUCTURAL.exec(text);
  if (st && text.length <= 90 && OPENS_CLAUSE.test(st[3] ?? '')) {
    const word = st[1]!.charAt(0) + st[1]!.slice(1).toLowerCase();
    return { kind: 'structural', label: `${word} ${st[2]}`, rest: st[3] ?? '' };
  }
  const section = sections ? sectionStart(text) : null;
  if (section && OPENS_CLAUSE.test(section.rest)) return { kind: 'clause', ...section };
  const num = NUMBER.exec(text);
  if (num && (OPENS_CLAUSE.test(num[2] ?? '') || NUMBERED_DEFINITION.test(num[2] ?? '')))
    return { kind: 'clause', label: num[1]!, rest: num[2] ?? '' };
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
const MAX_APPENDIX_STEP = 6;

/** Whether `b` can follow `a` in a document's clause order. */
export function follows(a: ClauseNumber, b: ClauseNumber, padded: ReadonlySet<string> = new Set()): boolean {
  if (a.scheme !== b.scheme) return false;
  const x = valuesOf(a, padded);
  const y = valuesOf(b, padded);
  const small = (vs: number[]) => vs.every((v) => v <= MAX_STEP);
  if (b.letter !== a.letter) {
    // A new appendix starts numbering afresh (appendices without numbered clauses are skipped).
    return b.letter > a.letter && b.letter - a.letter <= MAX_APPENDIX_STEP && small(y);
  }
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  if (i === y.length) return false; // the same number, or a parent after its child
  if (i === x.length) return small(y.slice(i)); // a first child
  if (i === 0 && x[0]! >= 100 && y[0]! >= 100) {
    // IBC-style section numbers: 1604 is chapter 16, section 4; 1905 opens a later chapter.
    const [cx, sx] = [Math.floor(x[0]! / 100), x[0]! % 100];
    const [cy, sy] = [Math.floor(y[0]! / 100), y[0]! % 100];
    const next = cy === cx ? sy > sx && sy - sx <= MAX_STEP : cy > cx && cy - cx <= MAX_CHAPTER_STEP && sy <= MAX_STEP;
    return next && small(y.slice(1));
  }
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
  return longestChain(numbers, (a, b) => follows(a, b, padded));
}

/** The longest sequence of items (in order) in which each may follow the one before, looking back WINDOW items. */
function longestChain<T>(numbers: readonly T[], next: (a: T, b: T) => boolean): Set<number> {
  const best = new Int32Array(numbers.length);
  const prev = new Int32Array(numbers.length).fill(-1);
  let top = -1;
  for (let i = 0; i < numbers.length; i++) {
    best[i] = 1;
    for (let j = Math.max(0, i - WINDOW); j < i; j++) {
      if (best[j]! + 1 > best[i]! && next(numbers[j]!, numbers[i]!)) {
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

/** A number with the text after it, as a line opened it (lineStart). */
export interface Candidate {
  label: string;
  rest: string;
}

/**
 * A heading or a clause's first words after a number: a word of three letters or more, perhaps
 * after the first subsection's label ("Sitework Elements.", "(1) Subject to"), not a table row's
 * cells ("5.0 | C", "14.0 A A A 2").
 */
const HEADING_WORDS = /^(?:\|\s*)?(?:\(\d{1,3}\)\s*)?[A-Z“"][A-Za-z’'-]{2,}/;

/**
 * Letters that mark commentary when they prefix a document's own clause numbers: ASCE 7's
 * "C26.10.1", AASHTO's and IS 875's "C5.3.4", ACI 318's "R22.5.1.1". Such a prefix is commentary
 * (not an appendix "C") when most of the numbers it prefixes are the document's clause numbers.
 */
const MIN_COMMENTARY = 3;

/** The stream a number belongs to: its scheme, or its commentary prefix; in a statute, a section number is a section. */
function streamsOf(numbers: readonly ClauseNumber[], sections: boolean): string[] {
  const plain = new Set(numbers.filter((n) => !n.letter).map((n) => n.raw));
  const byLetter = new Map<number, { all: number; mirrored: number }>();
  for (const n of numbers) {
    if (!n.letter || n.scheme !== 'dotted') continue;
    const c = byLetter.get(n.letter) ?? { all: 0, mirrored: 0 };
    c.all++;
    if (plain.has(n.raw.slice(1))) c.mirrored++;
    byLetter.set(n.letter, c);
  }
  const commentary = new Set(
    [...byLetter].filter(([, c]) => c.all >= MIN_COMMENTARY && c.mirrored >= 0.5 * c.all).map(([l]) => l),
  );
  return numbers.map((n) =>
    sections && SECTION_NUMBER.test(n.raw)
      ? 'section'
      : n.scheme === 'dotted' && commentary.has(n.letter)
        ? `commentary:${n.letter}`
        : n.scheme,
  );
}

export interface DocumentClauses {
  /** Indices of the candidates that are clauses. */
  clauses: Set<number>;
  /** Commentary clauses: index → the code clause it comments on ("C5.3.4" → "5.3.4"). */
  commentaryOf: Map<number, string>;
}

/**
 * A document's clauses among its candidates (in reading order). A document may number in more
 * than one stream: a UFC's own "2-1.3" beside the IBC sections it modifies ("1905.1.5"), a code
 * column "5.3.4" beside its commentary "C5.3.4". Each stream's clauses are the longest chain of
 * its candidates (clauseChain), and streams are kept apart, so one never breaks another's order.
 * The stream with the longest chain is the document's; another stream counts only where its
 * numbers open a heading or words (HEADING_WORDS) and at least two of them follow each other: a
 * column of table values ("5.0 | C", "27.3") or a stray misprint is no numbering.
 */
export function documentClauses(candidates: readonly Candidate[], sections = false): DocumentClauses {
  const numbers = candidates.map((c) => parseNumber(c.label));
  const streams = streamsOf(numbers, sections);
  const members = new Map<string, number[]>();
  streams.forEach((s, i) => {
    const stream = members.get(s) ?? members.set(s, []).get(s)!;
    // A statute prints a section's number again on each of its subsections ("180(2) …"): those open no section.
    if (s === 'section' && stream.length && candidates[stream[stream.length - 1]!]!.label === candidates[i]!.label)
      return;
    stream.push(i);
  });
  const chainOf = (stream: string, idx: readonly number[]) =>
    stream === 'section'
      ? longestChain(
          idx.map((i) => numbers[i]!.raw),
          followsSection,
        )
      : clauseChain(idx.map((i) => numbers[i]!));
  const chains = [...members].map(([stream, idx]) => ({
    stream,
    idx,
    chain: [...chainOf(stream, idx)].map((k) => idx[k]!),
  }));
  chains.sort((a, b) => b.chain.length - a.chain.length);
  const clauses = new Set<number>();
  const commentaryOf = new Map<number, string>();
  chains.forEach(({ stream, idx, chain }, rank) => {
    let kept = chain;
    if (rank > 0) {
      const worded = idx.filter((i) => HEADING_WORDS.test(candidates[i]!.rest));
      kept = [...chainOf(stream, worded)].map((k) => worded[k]!);
      if (kept.length < 2) return;
    }
    for (const i of kept) {
      clauses.add(i);
      if (stream.startsWith('commentary:')) commentaryOf.set(i, numbers[i]!.raw.slice(1));
    }
  });
  return { clauses, commentaryOf };
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
  if (kind === 'capital')
    return /^[A-Z]{1,2}$/.test(label) && (label.length === 1 || DOUBLED.test(label.toLowerCase()))
      ? (label.length - 1) * 26 + label.charCodeAt(0) - 64
      : 0;
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
export const itemReference = (clause: string, open: readonly OpenItem[]) =>
  clause + open.map((o) => `(${o.label})`).join('');
