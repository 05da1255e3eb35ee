// Name normalisation and the similarity tests of entity resolution.

const ARTICLES = /^(?:the|a|an)\s+/;

/** Lower-case, × as x, articles and surrounding punctuation dropped, whitespace collapsed. @example normName('The  W12×26') // → 'w12x26' */
export function normName(name: string): string {
  return name
    .toLowerCase()
    .replace(/×/g, 'x')
    .replace(/[“”"'‘’]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(ARTICLES, '')
    .replace(/(?<![.,;:!?])[.,;:!?]+$/, '');
}

export function trigrams(text: string): Set<string> {
  const padded = `  ${text} `;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  return out;
}

export function jaccard(a: Set<string>, b: Set<string>): number {
  let inter = 0;
  for (const x of a) if (b.has(x)) inter++;
  const union = a.size + b.size - inter;
  return union ? inter / union : 0;
}

/** Shannon entropy of the characters, in bits. */
export function charEntropy(text: string): number {
  const counts = new Map<string, number>();
  for (const ch of text.replace(/\s/g, '')) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  const n = [...counts.values()].reduce((a, b) => a + b, 0);
  let h = 0;
  for (const c of counts.values()) h -= (c / n) * Math.log2(c / n);
  return h;
}

/**
 * Graphiti's guard: short or repetitive names ("B3", "L1", "aaa") are too easy
 * to confuse, so only exact matches merge them.
 */
export function fuzzyEligible(norm: string): boolean {
  const tokens = norm.split(' ').length;
  if (norm.length < 6 && tokens < 2) return false;
  return charEntropy(norm) >= 1.5;
}

export const FUZZY_THRESHOLD = 0.9;

/** Trigram Jaccard ≥ 0.9 between two eligible normalised names, digits required to agree (W12x26 ≠ W12x28). */
export function fuzzySame(a: string, b: string): boolean {
  if (!fuzzyEligible(a) || !fuzzyEligible(b)) return false;
  if ((a.match(/\d+/g) ?? []).join(',') !== (b.match(/\d+/g) ?? []).join(',')) return false;
  return jaccard(trigrams(a), trigrams(b)) >= FUZZY_THRESHOLD;
}
