// The targets on the real code PDFs of ../shared/samples/codes/ (skipped, with a notice, when absent).
import fs from 'node:fs';
import { expect, it } from 'vitest';
import { evaluateReal, SAMPLES_DIR } from '../../../eval/search/evaluate-real.ts';

const present = fs.existsSync(SAMPLES_DIR);
if (!present) console.warn(`SKIPPED real code-search set: ${SAMPLES_DIR} (../shared/samples/codes/) is absent`);

it.skipIf(!present)(
  'real codes: keyword, paraphrased and clause references found, clause references first, no header or footer in snippets, scores that warn',
  async () => {
    const lines: string[] = [];
    const r = await evaluateReal((l: string) => lines.push(l));
    const why = lines.join('\n');
    expect(r, why).not.toBeNull();
    expect(r!.byKind.keyword.recall, why).toBeGreaterThanOrEqual(0.95);
    expect(r!.byKind.clause_ref.recall, why).toBeGreaterThanOrEqual(0.95);
    expect(r!.byKind.clause_ref.mrr, why).toBeGreaterThanOrEqual(0.8);
    expect(r!.furnitureSnippets, why).toBe(0);
    expect(r!.firstScore.right, why).toBeGreaterThan(r!.firstScore.wrong);
    expect(r!.byKind.paraphrase.recall, why).toBeGreaterThanOrEqual(0.85);
  },
  300_000,
);
