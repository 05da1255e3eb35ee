// Reciprocal rank fusion over the candidate lists (full text, vector,
// neighbourhood): Σ 1/(rank+1) with 0-based ranks, as Graphiti does, divided
// by the number of lists so a fact first in every list scores 1.0. (Weights per list were tried
// on the LoCoMo tuning conversations in round 3 and lifted nothing beyond noise.)
import type { Ranked } from '../model.ts';

export function rrf(lists: readonly (readonly Ranked[])[]): Map<string, number> {
  const used = lists.filter((l) => l.length);
  const scores = new Map<string, number>();
  for (const list of used) list.forEach((r, rank) => scores.set(r.uuid, (scores.get(r.uuid) ?? 0) + 1 / (rank + 1)));
  for (const [k, v] of scores) scores.set(k, v / (used.length || 1));
  return scores;
}

/** A centre entity lifts facts near it: the relevance becomes the mean of the score and the proximity (1 touching, 0.5 one hop away, 0 otherwise). */
export const withProximity = (score: number, proximity: number | undefined): number =>
  proximity === undefined ? score : (score + proximity) / 2;
