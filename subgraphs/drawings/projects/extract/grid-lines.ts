// Grid lines: bubbles (circles holding one label) outside the title block and the tag symbols.
import { overlaps, unionAll } from '../../../../core/geometry/bbox.ts';
import type { BBox } from '../../../../core/geometry/types.ts';
import { inTitleblock, type DraftEntity, type GridBubble, type SheetContext } from './draft.ts';
import type { SheetTag } from './tags.ts';

const bubbleBox = (b: GridBubble): BBox => [
  b.center[0] - b.radius,
  b.center[1] - b.radius,
  b.center[0] + b.radius,
  b.center[1] + b.radius,
];

/** A GridLine entity per bubble label; returns them by label for the lines that mention a grid. */
export function readGridLines(ctx: SheetContext, bubbles: GridBubble[], tags: SheetTag[]): Map<string, DraftEntity> {
  const byLabel = new Map<string, GridBubble[]>();
  for (const b of bubbles) {
    const box = bubbleBox(b);
    if (inTitleblock(ctx, box) || tags.some((t) => overlaps(t.bbox, box))) continue;
    byLabel.set(b.label, [...(byLabel.get(b.label) ?? []), b]);
  }
  const axes = { letter: gridAxis(byLabel, 'letter'), number: gridAxis(byLabel, 'number') };
  const gridsByLabel = new Map<string, DraftEntity>();
  for (const [label, bs] of byLabel) {
    const g = ctx.draft.add({
      type: 'GridLine',
      label: `GRID ${label}`,
      text: `grid line ${label}`,
      bbox: unionAll(bs.map(bubbleBox)),
      provenance: 'text:grid-bubble',
      props: { label, axis: axes[/^\d/.test(label) ? 'number' : 'letter'], bubbles: bs.length },
      sameKey: `GridLine:${label}`,
      viewKey: null,
    });
    if (g) gridsByLabel.set(label, g);
  }
  return gridsByLabel;
}

/** Rule grid-axis: bubbles of one label style (letters or numbers) spread along x label vertical lines. */
function gridAxis(byLabel: Map<string, GridBubble[]>, style: 'letter' | 'number'): 'vertical' | 'horizontal' | null {
  const pts = [...byLabel.entries()]
    .filter(([l]) => (/^\d/.test(l) ? 'number' : 'letter') === style)
    .flatMap(([, bs]) => bs.map((b) => b.center));
  if (pts.length < 2) return null;
  const sx = Math.max(...pts.map((p) => p[0])) - Math.min(...pts.map((p) => p[0]));
  const sy = Math.max(...pts.map((p) => p[1])) - Math.min(...pts.map((p) => p[1]));
  return sx >= sy ? 'vertical' : 'horizontal';
}
