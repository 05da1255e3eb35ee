import type { Generate } from '@structural-platform/tool-schema';

export interface GeneratedCombination {
  name: string;
  type: 'linear';
  items: { case: string; factor: number }[];
  design: 'strength' | 'service' | 'none';
  /** The code and equation, e.g. "ASCE 7-16 §2.3.1 (2)". */
  source: string;
}

/** A load effect group: its patterns act together with one factor. */
export type Group = readonly string[];

export class CombinationError extends Error {}

/** Items of factored groups; a pattern named twice has its factors added. */
export function items(...terms: [number, Group][]): { case: string; factor: number }[] {
  const out = new Map<string, number>();
  for (const [factor, group] of terms) {
    if (factor === 0) continue;
    for (const p of group) out.set(p, (out.get(p) ?? 0) + factor);
  }
  return [...out]
    .filter(([, f]) => f !== 0)
    .map(([c, factor]) => ({ case: c, factor: Math.round(factor * 1e9) / 1e9 }));
}

/** Each lateral pattern alone, and with the opposite sign when asked. */
export function lateral(
  patterns: readonly string[],
  opposite: boolean,
): { sign: 1 | -1; pattern: string; label: string }[] {
  return patterns.flatMap((p) =>
    opposite
      ? [
          { sign: 1 as const, pattern: p, label: `+${p}` },
          { sign: -1 as const, pattern: p, label: `-${p}` },
        ]
      : [{ sign: 1 as const, pattern: p, label: p }],
  );
}

export type Options = Generate;
