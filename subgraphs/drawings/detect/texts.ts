// Text lookups shared by the detectors. A text's id is its index in the
// page's text runs, so the same run has the same id in every annotation.
import type { BBox } from '../geometry/types.ts';
import { boxDistance, center, unionAll } from '../geometry/bbox.ts';
import { dist } from '../geometry/vec.ts';
import type { Circle } from './circles.ts';
import type { Scene } from './scene.ts';

export interface TextRef {
  id: number;
  text: string;
}

/** Runs whose centre lies inside the circle, top to bottom. */
export function textsInCircle(scene: Scene, c: Circle): TextRef[] {
  const found: { id: number; text: string; y: number; x: number }[] = [];
  scene.texts.forEach((t, id) => {
    const p = center(t.bbox);
    if (dist(p, c.center) < 0.95 * c.radius) found.push({ id, text: t.str.trim(), y: p[1], x: p[0] });
  });
  return found.sort((a, b) => a.y - b.y || a.x - b.x).map(({ id, text }) => ({ id, text }));
}

/**
 * The block of text nearest to `box` within `reach`: its closest run, plus runs
 * stacked with it (similar size, one line apart).
 */
export function textBlockNear(scene: Scene, box: BBox, reach: number): { bbox: BBox; texts: TextRef[] } | null {
  let seed = -1;
  let best = Infinity;
  scene.texts.forEach((t, i) => {
    const d = boxDistance(t.bbox, box);
    if (d < best && d <= reach) {
      best = d;
      seed = i;
    }
  });
  if (seed < 0) return null;
  const members = new Set([seed]);
  let grew = true;
  while (grew) {
    grew = false;
    scene.texts.forEach((t, i) => {
      if (members.has(i)) return;
      for (const m of members) {
        const o = scene.texts[m]!;
        const gap = Math.max(o.size, t.size) * 0.9;
        if (Math.abs(o.size - t.size) < 0.3 * o.size && boxDistance(o.bbox, t.bbox) < gap) {
          members.add(i);
          grew = true;
          break;
        }
      }
    });
  }
  const ids = [...members].sort((a, b) => scene.texts[a]!.bbox[1] - scene.texts[b]!.bbox[1] || scene.texts[a]!.bbox[0] - scene.texts[b]!.bbox[0]);
  return { bbox: unionAll(ids.map((i) => scene.texts[i]!.bbox)), texts: ids.map((id) => ({ id, text: scene.texts[id]!.str.trim() })) };
}
