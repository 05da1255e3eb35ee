// A relevance score in [0, 1] that means the same across queries. Rank
// fusion alone gives the first answer ~1.0 whether it is right or not; this
// score rests mostly on evidence in the passage itself:
//
//   coverage   the share of the query's concepts (thesaurus.ts: a content
//              word, or a synonym group or question phrase the query uses)
//              that the passage's clause number, heading path, heading,
//              text and the meanings of its symbols (glossary.ts) hold, in
//              the query's words or an equivalent's, each concept weighed
//              by its rarity in the searched codes (inverse document
//              frequency, ln(1 + N / n) of N passages, n holding it): "bomb"
//              says more about a passage than "building";
//   full text  1 / (1 + rank / 10) in the BM25 list, 0 when absent;
//   vector     1 / (1 + rank / 10) in the nearest-neighbour list, 0 when absent.
//
// score = 0.6 · coverage + 0.2 · full text + 0.2 · vector. A passage that
// holds every concept of the query and leads both lists scores 1; one that
// shares none with it scores at most 0.4, however it ranked. The weights
// are set by that reading, not fitted to judged queries.
import type { Hit } from './passage-index.ts';
import { contentStems, type Concept } from './thesaurus.ts';

const W_COVERAGE = 0.6;
const W_FULL_TEXT = 0.2;
const W_VECTOR = 0.2;

const evidence = (rank: number | null) => (rank === null ? 0 : 1 / (1 + rank / 10));

/** What the score reads of a passage: its clause number, headings, text and the meanings of its symbols (glossary.ts). */
type Scored = Pick<Hit, 'section' | 'heading' | 'headingPath' | 'text'> & { glossary?: string };

/** The text of a passage the score reads. */
const scoredText = (hit: Scored) =>
  `${hit.section} ${hit.headingPath} ${hit.heading} ${hit.text} ${hit.glossary ?? ''}`;

/** The distinct terms of a passage that coverage counts (what the index keeps passage counts of). */
export function passageTerms(passage: Scored): string[] {
  return [...new Set(contentStems(scoredText(passage)))];
}

/** The terms whose passage counts weigh a query's concepts. */
export const conceptTerms = (wanted: readonly Concept[]) => [...new Set(wanted.flatMap((c) => c.alternatives.flat()))];

/**
 * Each concept's weight, ln(1 + N / n): n is the passages holding its
 * commonest phrasing (a phrase as common as its rarest word), N all passages.
 * Without counts (a code indexed before they were kept) every concept weighs 1.
 */
export function conceptWeights(
  wanted: readonly Concept[],
  counts: { passages: number; counts: ReadonlyMap<string, number> },
): number[] {
  if (!counts.passages) return wanted.map(() => 1);
  return wanted.map((c) => {
    const n = Math.max(1, ...c.alternatives.map((a) => Math.min(...a.map((w) => counts.counts.get(w) ?? 0))));
    return Math.log(1 + counts.passages / n);
  });
}

export function relevance(
  wanted: readonly Concept[],
  weights: readonly number[],
  hit: Scored,
  ftRank: number | null,
  vecRank: number | null,
): number {
  let coverage = 0;
  const total = weights.reduce((s, w) => s + w, 0);
  if (wanted.length && total > 0) {
    const have = new Set(contentStems(scoredText(hit)));
    // A phrase counts when the passage holds each of its content words.
    const holds = (phrase: readonly string[]) => phrase.every((w) => have.has(w));
    coverage = wanted.reduce((s, c, i) => s + (c.alternatives.some(holds) ? weights[i]! : 0), 0) / total;
  }
  return W_COVERAGE * coverage + W_FULL_TEXT * evidence(ftRank) + W_VECTOR * evidence(vecRank);
}
