// A relevance score in [0, 1] that means the same across queries. Rank
// fusion alone gives the first answer ~1.0 whether it is right or not; this
// score rests mostly on evidence in the passage itself:
//
//   coverage   the share of the query's content words (stemmed) that occur in
//              the passage's clause number, heading path, heading and text;
//   full text  1 / (1 + rank / 10) in the BM25 list, 0 when absent;
//   vector     1 / (1 + rank / 10) in the nearest-neighbour list, 0 when absent.
//
// score = 0.6 · coverage + 0.2 · full text + 0.2 · vector. A passage that
// holds every word of the query and leads both lists scores 1; one that
// shares no word with it scores at most 0.4, however it ranked. The weights
// are set by that reading, not fitted to judged queries.
import { stem, tokens } from './embed.ts';
import type { Hit } from './passage-index.ts';

const W_COVERAGE = 0.6;
const W_FULL_TEXT = 0.2;
const W_VECTOR = 0.2;

const evidence = (rank: number | null) => (rank === null ? 0 : 1 / (1 + rank / 10));

export function relevance(query: string, hit: Pick<Hit, 'section' | 'heading' | 'headingPath' | 'text'>, ftRank: number | null, vecRank: number | null): number {
  const wanted = [...new Set(tokens(query).map(stem))];
  let coverage = 0;
  if (wanted.length) {
    const have = new Set(tokens(`${hit.section} ${hit.headingPath} ${hit.heading} ${hit.text}`).map(stem));
    coverage = wanted.filter((w) => have.has(w)).length / wanted.length;
  }
  return W_COVERAGE * coverage + W_FULL_TEXT * evidence(ftRank) + W_VECTOR * evidence(vecRank);
}
