import { describe, expect, it } from 'vitest';
import type { CalcElement } from '../../../../subgraphs/documents/calcdoc/elements.ts';
import { planLayout } from '../../../../subgraphs/documents/calcdoc/layout.ts';

const els: CalcElement[] = [
  { type: 'text', content: 'Loads', style: 'heading2' },
  { type: 'variable', name: 'a', value: 1 },
  { type: 'variable', name: 'b', value: 2 },
  { type: 'variable', name: 'c', value: 3 },
  { type: 'formula', expression: 'd := a + c' },
  { type: 'text', content: 'Note' },
  { type: 'variable', name: 'e', value: 1 },
  { type: 'formula', expression: 'f := 2*d' },
];

describe('layout pass (aiFormatting)', () => {
  it('without it: one element a row, headings kept with what follows', () => {
    expect(planLayout(els, false)).toEqual(els.map((_, i) => ({ indices: [i], keepWithNext: i === 0 })));
  });

  it('sets consecutive variables two to a line and keeps a formula with the definitions it uses', () => {
    expect(planLayout(els, true)).toEqual([
      { indices: [0], keepWithNext: true },
      { indices: [1, 2], keepWithNext: true },
      { indices: [3], keepWithNext: true },
      { indices: [4], keepWithNext: false },
      { indices: [5], keepWithNext: false },
      // f uses d, not e: nothing to keep together
      { indices: [6], keepWithNext: false },
      { indices: [7], keepWithNext: false },
    ]);
  });
});
