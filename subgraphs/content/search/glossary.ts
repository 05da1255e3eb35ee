// A code's own notation, learnt from the code. Codes define a symbol or an
// abbreviation once ("VRd,c is the design shear resistance of the member
// without shear reinforcement", "insulated glass units (IGU)", "the strength
// of a beam, Vuc, …") and then use it alone ("VRd,c is given by", "IGU"). A
// query in words then misses the clause that uses the symbol, and neither
// BM25 nor a hashing embedder can bridge the two. Each passage is given the
// meanings of the symbols and abbreviations it uses (and does not define
// itself), which the index searches and scores beside its text.
//
// Only opaque short forms: a defined term ("story drift — horizontal
// deflection …") already speaks for itself, and giving each passage that uses
// it the definition's words too made rankings worse on the generated and real
// judged queries (eval:search). Pure: passages in, meanings out.
import { contentStems } from './thesaurus.ts';
import { isStopWord } from './words.ts';

export interface GlossaryEntry {
  /** The symbol or abbreviation as the code writes it ("VRd,c", "IGU"). */
  key: string;
  /** Its meaning, in the code's words. */
  meaning: string;
  /** The passage (index) that defines it. */
  definedIn: number;
}

/** Words kept of a meaning: enough to name the thing, not the whole clause. */
const MEANING_WORDS = 16;
/** Meanings given to one passage, in the order it uses them. */
export const PER_PASSAGE = 6;
/**
 * Keys learnt from one code: the five real codes define 6-24 each; past this
 * a document is no code (or is hostile), and later definitions are ignored
 * (the first definition of a key stands anyway).
 */
export const MAX_ENTRIES = 1_000;

/** A symbol as codes print them: a letter, then letters, digits, subscripts (_c, ,c) or primes. */
const SYMBOL = String.raw`[A-Za-z][A-Za-z0-9_']{0,6}(?:,[a-z0-9]{1,4})?`;
/** Short words that open sentences and are not function words. */
const SHORT_WORDS = new Set('one two six ten all any new use see per top end due each'.split(' '));

/** Whether a token can only be a symbol, not a word. */
export function isSymbol(s: string): boolean {
  if (s.length < 2 || s.length > 12) return false;
  // A capital and one or two small letters: "Vc", "Vuc", "Ru"; not "It", "An", "One".
  if (/^[A-Z][a-z]{1,2}$/.test(s)) return !isStopWord(s) && !SHORT_WORDS.has(s.toLowerCase());
  // Capitals then small letters is a word ("Where", "ULTIMATE"; abbreviations are learnt apart), and a
  // lower-case symbol ("fck", "bw") cannot be told from one.
  if (/^[A-Z]*[a-z]*$/.test(s)) return false;
  // A capital inside, a digit, a subscript or a prime: "VRd,c", "beta_h", "f'c", "l0".
  return true;
}
/** "where Vc is the …", "VRd,c is the …", "Vn denotes …" at a sentence or list start. */
const SYMBOL_IS = new RegExp(
  String.raw`(?:^|[.;:]\s+|\bwhere\s+|\band\s+|\bin which\s+)(${SYMBOL})\s+(?:is|are|denotes|represents|=)\s+(?:the\s+|a\s+|an\s+)?([a-z][^;:.=()]{3,160})`,
  'gm',
);
/** "the strength provided by the concrete, Vc, …": a symbol set off by commas after a noun phrase … */
const APPOSITIVE = new RegExp(String.raw`,\s+(${SYMBOL}),`, 'g');
/** … the phrase being the words from the first article of the 120 characters before it. */
const APPOSED = /\b(?:[Tt]he|[Aa]n?)\s+([a-z][a-z' -]{3,})$/;
/** "insulated glass units (IGU)": an abbreviation in parentheses after the words it shortens. */
const ABBREVIATION = /\(([A-Z][A-Za-z&]{1,7})\)/g;
/** The words just before an abbreviation (each pattern is matched on a bounded stretch: linear in the text). */
const BEFORE = 120;
const FUNCTION_WORD = /^(?:by|of|or|and|the|a|an|to|in|for|with|that|which)$/i;
/** Where a meaning ends: the next symbol of a list ("…, VRd,s the design value of …") or a new clause. */
const MEANING_END = new RegExp(
  String.raw`,\s+(?:and\s+)?(?=${SYMBOL}\s+(?:is|the)\b)|,\s+and\s+|(?<!\s)\s+and\s+(?=${SYMBOL}\s+is\b)`,
);

const words = (s: string) => s.replace(/\s+/g, ' ').trim().split(' ').slice(0, MEANING_WORDS).join(' ');

/**
 * The words an abbreviation stands for, by its letters: the shortest run of
 * words before it that opens with its first letter and whose initials hold
 * its capitals in order (after Schwartz & Hearst 2003).
 * @example expansionOf('glazing of insulated glass units', 'IGU') // → 'insulated glass units'
 */
export function expansionOf(before: string, abbreviation: string): string | null {
  const letters = abbreviation.replace(/[^A-Z]/g, '').toLowerCase();
  if (letters.length < 2) return null;
  const ws = before.trim().split(/\s+/);
  for (
    let start = ws.length - 1;
    start >= Math.max(0, ws.length - Math.min(letters.length + 5, letters.length * 2));
    start--
  ) {
    const run = ws.slice(start);
    if (run[0]![0]!.toLowerCase() !== letters[0] || FUNCTION_WORD.test(run[0]!)) continue;
    const initials = run.flatMap((w) => w.split('-').filter(Boolean)).map((w) => w[0]!.toLowerCase());
    let i = 0;
    for (const c of initials) if (c === letters[i]) i++;
    if (i === letters.length) return run.join(' ');
  }
  return null;
}

/** The symbols and abbreviations a code defines, with where. The first definition of a key stands. */
export function glossaryOf(passages: readonly { text: string }[]): GlossaryEntry[] {
  const out = new Map<string, GlossaryEntry>();
  const put = (key: string, meaning: string, definedIn: number) => {
    const m = words(meaning.split(MEANING_END)[0]!);
    if (m.split(' ').length >= 2 && !out.has(key) && out.size < MAX_ENTRIES)
      out.set(key, { key, meaning: m, definedIn });
  };
  for (const [i, p] of passages.entries()) {
    if (out.size >= MAX_ENTRIES) break;
    // Words broken across lines are joined ("rein-\nforcement"); a line start may open a definition.
    const flat = p.text.replace(/-\n(?=[a-z])/g, '').replace(/[ \t]+/g, ' ');
    // A meaning is words ("= nominal shear strength"), not a formula ("= alpha_cw bw z").
    SYMBOL_IS.lastIndex = 0;
    for (let m = SYMBOL_IS.exec(flat); m; m = SYMBOL_IS.exec(flat)) {
      const meaning = m[2]!.split(MEANING_END)[0]!;
      if (isSymbol(m[1]!) && /^[a-z]{2,}\s+[a-z]{2,}\b/.test(meaning)) put(m[1]!, meaning, i);
      // The next definition may start where this meaning ends ("… and phi_b is the …").
      SYMBOL_IS.lastIndex = m.index + m[0].length - m[2]!.length + meaning.length;
    }
    for (const m of flat.matchAll(APPOSITIVE)) {
      const phrase = APPOSED.exec(flat.slice(Math.max(0, m.index - BEFORE), m.index))?.[1];
      if (phrase && isSymbol(m[1]!) && contentStems(phrase).length >= 2) put(m[1]!, phrase, i);
    }
    for (const m of flat.matchAll(ABBREVIATION)) {
      const words = /(?<![A-Za-z])(?:[A-Za-z][A-Za-z-]*\s+){1,12}$/.exec(
        flat.slice(Math.max(0, m.index - BEFORE), m.index),
      );
      const expansion = words && expansionOf(words[0], m[1]!);
      if (expansion) put(m[1]!, expansion, i);
    }
  }
  return [...out.values()];
}

/** Characters a key cannot follow or be followed by (a symbol is a whole token: "Vc" is not in "Vcr" nor "VRd" in "VRd,c"). */
const TOKEN_BEFORE = /[A-Za-z0-9_',]/;
const TOKEN_AFTER = /[A-Za-z0-9_']/;
const SUBSCRIPT_AFTER = /^,[a-z0-9]/;

/**
 * The keys a text uses, in order: at each token start, the longest key that
 * ends at a token boundary. Each position tries the few key lengths of the keys
 * that start with its character (a key has at most 12 characters) against a
 * map, so the cost is linear in the text whatever the size of the glossary
 * (one pattern of every key was linear in the text times the keys); a position
 * whose character starts no key (most of them) costs one map read.
 */
function* keysUsed(
  text: string,
  byKey: ReadonlyMap<string, GlossaryEntry>,
  lengthsFrom: ReadonlyMap<string, readonly number[]>,
): Generator<GlossaryEntry> {
  for (let p = 0; p < text.length;) {
    const lengths = lengthsFrom.get(text[p]!);
    if (!lengths || (p > 0 && TOKEN_BEFORE.test(text[p - 1]!))) {
      p++;
      continue;
    }
    let matched = 0;
    for (const length of lengths) {
      const e = p + length <= text.length ? byKey.get(text.slice(p, p + length)) : undefined;
      if (
        e &&
        !TOKEN_AFTER.test(text[p + length] ?? '') &&
        !SUBSCRIPT_AFTER.test(text.slice(p + length, p + length + 2))
      ) {
        yield e;
        matched = length;
        break;
      }
    }
    p += matched || 1;
  }
}

/**
 * For each passage, the meanings of the glossary's symbols and abbreviations
 * it uses (a whole token in its own case) and does not define, joined by "; "
 * ("" for none), at most six, in the order it uses them.
 */
export function glossaryFor(
  passages: readonly { heading: string; text: string }[],
  glossary: readonly GlossaryEntry[],
): string[] {
  if (!glossary.length) return passages.map(() => '');
  const byKey = new Map(glossary.map((e) => [e.key, e]));
  // The key lengths to try at a position, by the character there, longest first.
  const lengthsFrom = new Map<string, number[]>();
  for (const e of glossary) {
    const lengths = lengthsFrom.get(e.key[0]!) ?? lengthsFrom.set(e.key[0]!, []).get(e.key[0]!)!;
    if (!lengths.includes(e.key.length)) lengths.push(e.key.length);
  }
  for (const lengths of lengthsFrom.values()) lengths.sort((a, b) => b - a);
  return passages.map((p, i) => {
    const found = new Set<GlossaryEntry>();
    for (const e of keysUsed(`${p.heading}\n${p.text}`, byKey, lengthsFrom)) {
      if (e.definedIn !== i) found.add(e);
      if (found.size >= PER_PASSAGE) break;
    }
    return [...new Set([...found].map((e) => e.meaning))].join('; ');
  });
}
