// Text lookups shared by the detectors. A text's id is its index in the
// page's text runs, so the same run has the same id in every annotation.
import type { BBox } from '../../../core/geometry/types.ts';
import { boxDistance, center, expand, unionAll } from '../../../core/geometry/bbox.ts';
import type { Circle } from './tags/circles.ts';
import type { Scene } from './scene.ts';
import { insideOutline, outlineBox } from './tags/tag-outlines.ts';

export interface TextRef {
  id: number;
  text: string;
  /** Set where the lettering reader recognised the text (pages without a text layer); absent for text-layer runs. */
  source?: 'text-layer' | 'recognised';
  confidence?: number;
}

/** Runs whose centre lies inside the circle (or a tag's hexagon or square), top to bottom. */
export function textsInCircle(scene: Scene, c: Circle): TextRef[] {
  const found: { id: number; text: string; y: number; x: number }[] = [];
  for (const id of scene.textIndex.query(outlineBox(c))) {
    const t = scene.texts[id]!;
    const p = center(t.bbox);
    if (insideOutline(c, p, 0.95)) found.push({ id, text: t.str.trim(), y: p[1], x: p[0] });
  }
  return found.sort((a, b) => a.y - b.y || a.x - b.x).map(({ id, text }) => ({ id, text }));
}

/**
 * The block of text nearest to `box` within `reach`: its closest run, plus runs
 * stacked with it (similar size, one line apart).
 */
export function textBlockNear(scene: Scene, box: BBox, reach: number): { bbox: BBox; texts: TextRef[] } | null {
  let seed = -1;
  let best = Infinity;
  for (const i of scene.textIndex.query(expand(box, reach))) {
    const d = boxDistance(scene.texts[i]!.bbox, box);
    if (d < best && d <= reach) {
      best = d;
      seed = i;
    }
  }
  if (seed < 0) return null;
  const members = new Set([seed]);
  const queue = [seed];
  while (queue.length) {
    const o = scene.texts[queue.pop()!]!;
    const gap = o.size * 0.9;
    for (const i of scene.textIndex.query(expand(o.bbox, gap * 1.2))) {
      if (members.has(i)) continue;
      const t = scene.texts[i]!;
      if (Math.abs(o.size - t.size) < 0.3 * o.size && boxDistance(o.bbox, t.bbox) < Math.max(gap, t.size * 0.9)) {
        members.add(i);
        queue.push(i);
      }
    }
  }
  const ids = [...members].sort(
    (a, b) => scene.texts[a]!.bbox[1] - scene.texts[b]!.bbox[1] || scene.texts[a]!.bbox[0] - scene.texts[b]!.bbox[0],
  );
  return {
    bbox: unionAll(ids.map((i) => scene.texts[i]!.bbox)),
    texts: ids.map((id) => ({ id, text: scene.texts[id]!.str.trim() })),
  };
}
