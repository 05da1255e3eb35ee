// The accuracy targets, checked on every run: F1 ≥ 0.95 per kind on the
// synthetic sheets, ≥ 0.9 on the labelled real pages, and no page errors.
import { expect, it } from 'vitest';
import { evaluate } from '../../../eval/drawings/evaluate.ts';
import { KINDS, prf } from '../../../eval/drawings/score.ts';

it('meets the accuracy targets on the evaluation set', async () => {
  const lines: string[] = [];
  const { ok, totals, errors } = await evaluate((l) => lines.push(l));
  expect(errors).toEqual([]);
  for (const kind of KINDS) {
    expect(prf(totals.synthetic![kind]).f1, `synthetic ${kind}`).toBeGreaterThanOrEqual(0.95);
    expect(prf(totals.real![kind]).f1, `real ${kind}`).toBeGreaterThanOrEqual(0.9);
  }
  expect(ok, lines.join('\n')).toBe(true);
}, 120_000);
