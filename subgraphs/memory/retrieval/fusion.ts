// Reciprocal rank fusion over the candidate lists (full text, vector,
// neighbourhood): Σ 1/(rank+1) with 0-based ranks, as Graphiti does, divided
// by the number of lists so a fact first in every list scores 1.0. A list may carry a weight
// (the sum of the weights of the lists that have candidates then divides).
import type { Ranked } from '../model.ts';

export function rrf(
  lists: readonly (readonly Ranked[])[],
  weights: readonly number[] = lists.map(() => 1),
): Map<string, number> {
  const used = lists.map((l, i) => [l, weights[i] ?? 1] as const).filter(([l, w]) => l.length && w > 0);
  const total = used.reduce((s, [, w]) => s + w, 0) || 1;
  const scores = new Map<string, number>();
  for (const [list, w] of used)
    list.forEach((r, rank) => scores.set(r.uuid, (scores.get(r.uuid) ?? 0) + w / (rank + 1)));
  for (const [k, v] of scores) scores.set(k, v / total);
  return scores;
}

/** A centre entity lifts facts near it: the relevance becomes the mean of the score and the proximity (1 touching, 0.5 one hop away, 0 otherwise). */
export const withProximity = (score: number, proximity: number | undefined): number =>
  proximity === undefined ? score : (score + proximity) / 2;
