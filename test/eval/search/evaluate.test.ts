// The search quality targets, so a change that loses them fails the suite.
import { expect, it } from 'vitest';
import { evaluateSearch } from '../../../eval/search/evaluate.ts';

it('fused search beats full-text and vector alone and finds ≥ 90% of the answers in the top ten', async () => {
  const lines: string[] = [];
  const { ok, result, heldout } = await evaluateSearch((l: string) => lines.push(l));
  expect(result.fused.ndcg, lines.join('\n')).toBeGreaterThan(Math.max(result.full_text.ndcg, result.vector.ndcg));
  expect(result.fused.recall, lines.join('\n')).toBeGreaterThanOrEqual(0.9);
  // Not a target, a guard: the held-out queries must not fall back to what search did without the thesaurus (0.854).
  expect(heldout.recall, lines.join('\n')).toBeGreaterThanOrEqual(0.85);
  expect(ok).toBe(true);
}, 120_000);
