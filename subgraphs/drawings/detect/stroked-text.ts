// Text drawn as strokes (no text layer): a tight cluster of short segments.
// It has no readable string, but its box still tells where a note is.
import type { BBox } from '../../../core/geometry/types.ts';
import { boxDistance, expand, unionAll } from '../../../core/geometry/bbox.ts';
import { dist } from '../../../core/geometry/vec.ts';
import type { Scene, Seg } from './scene.ts';
import { segBox } from './scene.ts';
import type { TextRef } from './texts.ts';

const GLYPH_STROKE = 14;

export function strokedTextNear(scene: Scene, box: BBox, reach: number, exclude: ReadonlySet<Seg>): { bbox: BBox; texts: TextRef[] } | null {
  const isGlyph = (l: Seg) => !exclude.has(l) && dist(l.a, l.b) <= GLYPH_STROKE;
  const seeds = [...scene.lineIndex.query(expand(box, reach))].filter((l) => isGlyph(l) && boxDistance(segBox(l), box) <= reach);
  if (!seeds.length) return null;
  const members = new Set<Seg>(seeds);
  const queue = [...seeds];
  while (queue.length && members.size < 2000) {
    const s = queue.pop()!;
    for (const l of scene.lineIndex.query(expand(segBox(s), 4))) {
      if (members.has(l) || !isGlyph(l) || boxDistance(segBox(l), segBox(s)) > 4) continue;
      members.add(l);
      queue.push(l);
    }
  }
  if (members.size < 4) return null;
  return { bbox: unionAll([...members].map(segBox)), texts: [] };
}
