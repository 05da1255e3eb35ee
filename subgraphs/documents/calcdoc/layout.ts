// The deterministic layout pass behind `aiFormatting` (no language model):
// runs of consecutive variable definitions are set in two columns, and a
// formula is kept on one page with the run of definitions just above it that
// it uses; headings always stay with what follows them. Without
// aiFormatting every element gets its own row and only headings are kept.
/* eslint-disable @typescript-eslint/no-explicit-any -- mathjs's expression nodes are typed loosely; the walker narrows by node.type */
import type { CalcElement } from './elements.ts';
import { parseFormula } from './expression.ts';

export interface LayoutRow {
  /** Element indices in this row, left to right (two for a pair of variables). */
  indices: number[];
  /** Do not put a page break between this row and the next. */
  keepWithNext: boolean;
}

const namesUsed = (expression: string, index: number): Set<string> => {
  const names = new Set<string>();
  parseFormula(expression, index).expr.traverse((n: any) => {
    if (n.type === 'SymbolNode') names.add(n.name);
  });
  return names;
};

/** A run of definitions stays with the formula after it only if the block can fit on a page. */
const MAX_KEEP_ROWS = 10;

export function planLayout(elements: readonly CalcElement[], aiFormatting: boolean): LayoutRow[] {
  const rows: LayoutRow[] = [];
  for (let i = 0; i < elements.length; i++) {
    const e = elements[i]!;
    const heading = e.type === 'text' && e.style !== undefined && e.style !== 'normal';
    if (aiFormatting && e.type === 'variable' && elements[i + 1]?.type === 'variable') {
      rows.push({ indices: [i, i + 1], keepWithNext: false });
      i++;
      continue;
    }
    rows.push({ indices: [i], keepWithNext: heading });
  }
  if (!aiFormatting) return rows;
  // Keep a formula with the run of variable rows directly above it when it uses one of them.
  for (let r = 0; r < rows.length; r++) {
    const e = elements[rows[r]!.indices[0]!]!;
    if (e.type !== 'formula') continue;
    let used: Set<string>;
    try {
      used = namesUsed(e.expression, rows[r]!.indices[0]!);
    } catch {
      continue;
    }
    let start = r;
    while (
      start > 0 &&
      r - start < MAX_KEEP_ROWS &&
      rows[start - 1]!.indices.every((i) => elements[i]!.type === 'variable')
    )
      start--;
    const run = rows.slice(start, r);
    if (!run.some((row) => row.indices.some((i) => used.has((elements[i] as { name: string }).name)))) continue;
    for (const row of run) row.keepWithNext = true;
  }
  return rows;
}
