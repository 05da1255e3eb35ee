// Near-duplicate facts (the same statement repeated across sessions, or
// extracted twice with a word of difference) take one slot of the answer:
// the best-ranked copy stays.
const words = (text: string) => new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);

/** Word-set Jaccard at which two facts say the same thing. */
export const NEAR_DUPLICATE = 0.85;

export function collapseDuplicates<T extends { fact: string }>(ranked: readonly T[], limit: number): T[] {
  const kept: { item: T; set: Set<string> }[] = [];
  for (const item of ranked) {
    if (kept.length >= limit) break;
    const set = words(item.fact);
    const dup = kept.some((k) => {
      let inter = 0;
      for (const w of set) if (k.set.has(w)) inter++;
      const union = set.size + k.set.size - inter;
      return union > 0 && inter / union >= NEAR_DUPLICATE;
    });
    if (!dup) kept.push({ item, set });
  }
  return kept.map((k) => k.item);
}
