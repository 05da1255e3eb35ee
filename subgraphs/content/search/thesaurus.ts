// Query expansion for code search. Codes say the same thing in different
// words on each side of the Atlantic (story / storey, development / anchorage
// length, strength / resistance / capacity), and engineers and their clients
// say it in lay words ("sway", "hard hat", "pour"). Neither BM25 nor a hashing
// embedder can bridge a word that does not occur in the passage, so the
// thesaurus (subgraphs/content/data/thesaurus.json, each group with where its
// terms are used) states two rules:
//
// - Synonyms: a query that uses one member of a group is also searched with
//   the others, and a passage holding any member holds the query's word.
// - Questions: "how far", "how long", "how deep" ask for a distance, a
//   period, a depth; the phrase implies the noun a code uses (one way only).
//
// Both match on stems and whole phrases. No language model; nothing leaves
// the machine.
import fs from 'node:fs';
import { stem } from '../../../core/embedding/embed.ts';
import { contentWords } from './words.ts';

interface ThesaurusFile {
  synonyms: { terms: string[]; source: string }[];
  questions: { asks: string[]; means: string[]; source: string }[];
}

const data = JSON.parse(fs.readFileSync(new URL('../data/thesaurus.json', import.meta.url), 'utf8')) as ThesaurusFile;

export const THESAURUS: readonly (readonly string[])[] = data.synonyms.map((g) => g.terms);
export const QUESTIONS: readonly { asks: readonly string[]; means: readonly string[] }[] = data.questions;

/** The embedder's stem, folded further so that earthquake/earthquakes and lap/lapped meet. */
function conflate(word: string): string {
  const s = stem(word).replace(/e$/, '');
  return /([b-df-hj-np-tv-z])\1$/.test(s) && !/(ll|ss|zz)$/.test(s) ? s.slice(0, -1) : s;
}

/** Question words are not content (words.ts), but "how far" needs its "how": stems of every word here. */
const stems = (text: string) => (text.toLowerCase().match(/[a-z][a-z0-9']*|\d+(?:\.\d+)*/g) ?? []).map(conflate);
/** Stems of the words that carry meaning (what coverage counts). */
export const contentStems = (text: string) => contentWords(text).map(conflate);

function indexOf(haystack: readonly string[], needle: readonly string[]): number {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return needle.length > 0 ? i : -1;
  }
  return -1;
}

/** One thing a query asks for: the query's own words, and the phrases any of which a passage may hold instead. */
export interface Concept {
  /** Content stems of the query words this concept stands for. */
  words: string[];
  /** Phrases (content stems) any of which satisfies it. */
  alternatives: string[][];
  /** Members of the group the query did not use, as written (what expansion adds). */
  added: string[];
}

// s: every word's stem, to find the phrase in a query; c: the content stems a passage must hold.
const SYNONYMS = THESAURUS.map((group) => group.map((m) => ({ m, s: stems(m), c: contentStems(m) })));
const ASKS = QUESTIONS.map((q) => ({
  asks: q.asks.map(stems),
  means: q.means.map((m) => ({ m, c: contentStems(m) })),
}));

/**
 * The concepts of a query: each thesaurus group or question phrase it uses,
 * then each remaining content word on its own.
 * @example concepts('how far from a bomb') // → [{ words: ['far'], alternatives: [['distanc'], …] }, { words: ['bomb'], alternatives: [['bomb'], ['explosiv'], …] }]
 */
export function concepts(query: string): Concept[] {
  const all = stems(query);
  const used = new Array<boolean>(all.length).fill(false);
  const out: Concept[] = [];
  const take = (at: number, length: number) => {
    const words = all.slice(at, at + length).filter((_, i) => !used[at + i]);
    for (let i = at; i < at + length; i++) used[i] = true;
    return contentStems(words.join(' '));
  };
  for (const q of ASKS) {
    for (const ask of q.asks) {
      const at = indexOf(all, ask);
      if (at < 0) continue;
      const words = take(at, ask.length);
      out.push({ words, alternatives: q.means.map((m) => m.c), added: q.means.map((m) => m.m) });
    }
  }
  for (const group of SYNONYMS) {
    const hits = group.map(({ s }) => indexOf(all, s));
    if (hits.every((at) => at < 0)) continue;
    // A member inside a longer one the query uses ("cover" in "concrete
    // cover") is part of it, not a second thing to find: it is one more
    // way of meeting the longer one.
    const within = (i: number) =>
      group.some(
        (o, j) =>
          hits[j]! >= 0 &&
          o.s.length > group[i]!.s.length &&
          hits[j]! <= hits[i]! &&
          hits[i]! + group[i]!.s.length <= hits[j]! + o.s.length,
      );
    const own = hits.map((at, i) => at >= 0 && !within(i));
    const unused = group.filter((_, i) => !own[i]);
    // Each member the query uses is its own concept ("punching shear" and
    // "critical perimeter" are two things to find), met by itself or by a
    // member the query did not use.
    hits.forEach((at, i) => {
      if (!own[i] || used[at]) return;
      out.push({
        words: take(at, group[i]!.s.length),
        alternatives: [group[i]!.c, ...unused.map(({ c }) => c)],
        added: unused.map(({ m }) => m),
      });
    });
  }
  const content = new Set(contentStems(query));
  all.forEach((w, i) => {
    if (
      !used[i] &&
      content.has(w) &&
      !out.some((c) => c.words.length === 1 && c.alternatives.length === 1 && c.words[0] === w)
    )
      out.push({ words: [w], alternatives: [[w]], added: [] });
  });
  return out;
}

/**
 * The words and phrases a query implies but does not say: every other member
 * of each group one of whose members occurs in the query, and the nouns its
 * question phrases ask for.
 * @example expandQuery('interstorey sway limit') // → ['story', 'storey', 'floor level', 'interstory', …, 'drift', …]
 */
export function expandQuery(query: string): string[] {
  return [...new Set(concepts(query).flatMap((c) => c.added))];
}
