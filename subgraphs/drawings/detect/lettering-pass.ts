// Tier 1 on a page without a text layer, after the geometric pass: the lettering of each tag
// and delta is read by the lettering reader (../lettering/reader.ts) from the region rendered,
// and the rules that read lettering on text-layer pages are applied to what it read:
// - TYPE TAG and MEASUREMENT INSIDE (tags/tags.ts): a divided circle holding a bare letter over
//   a bare number, or only a measurement, is no view callout; it is left out when read surely.
// - REVISION MARK (revisions/triangles.ts): a delta holds a revision number or letter alone.
// Readings carry their source ('recognised') and confidence in texts_inside. What cannot be
// read (the budget ran out, nothing sure enough) keeps the geometric answer.
import type { BBox, PageGeometry } from '../../../core/geometry/types.ts';
import type { LetteringReader, Lettering } from '../lettering/reader.ts';
import type { PageAnalysis } from './analyze.ts';
import { isMeasurement, isTypeTag } from './tags/tags.ts';
import { isRevisionMark } from './revisions/triangles.ts';
import type { TextRef } from './texts.ts';

export interface LetteringPassStats {
  regions: number;
  recognised: number;
  skipped: number;
  recogniserCpuMs: number;
}

/** A reading sure enough to drop a detection on. */
const SURE_TO_DROP = 0.8;

/** Lettering read from a region, as texts_inside entries (ids after the text layer's runs). */
function refs(lines: readonly Lettering[], firstId: number): TextRef[] {
  return lines.map((l, k) => ({ id: firstId + k, text: l.text.toUpperCase(), source: l.source, confidence: l.confidence }));
}

/** Whether a page has a text layer, as the detectors judge it (scene.ts: five lettered runs). */
export const hasTextLayer = (page: Pick<PageGeometry, 'texts'>) => page.texts.filter((t) => /[A-Za-z0-9]/.test(t.str)).length >= 5;

export async function readLettering(page: Pick<PageGeometry, 'paths' | 'texts'>, analysis: PageAnalysis, reader: LetteringReader): Promise<{ analysis: PageAnalysis; stats: LetteringPassStats }> {
  const a = analysis.annotations;
  const stats: LetteringPassStats = { regions: 0, recognised: 0, skipped: 0, recogniserCpuMs: 0 };
  if (hasTextLayer(page)) return { analysis, stats };
  const circleBox = (c: { center: [number, number]; radius: number }): BBox => [c.center[0] - c.radius, c.center[1] - c.radius, c.center[0] + c.radius, c.center[1] + c.radius];
  const tags = [...a.section_tags, ...a.detail_tags];
  const regions = [
    // A tag's letters are about a third of its radius high (two lines and a bar in the circle).
    ...tags.map((t) => ({ bbox: circleBox(t.circle), letterHeight: 0.45 * t.circle.radius })),
    // A delta's mark is about a third of its side.
    ...a.revision_triangles.map((t) => ({ bbox: t.bbox, letterHeight: 0.35 * (t.bbox[2] - t.bbox[0]), quarters: [0] })),
  ];
  if (!regions.length) return { analysis, stats };
  const read = await reader.read(page, regions);
  Object.assign(stats, { regions: regions.length, recognised: read.recognised, skipped: read.skipped, recogniserCpuMs: read.recogniserCpuMs });
  let next = page.texts.length;
  const sure = (lines: readonly Lettering[]) => lines.length > 0 && lines.every((l) => l.confidence >= SURE_TO_DROP);
  const keepTag = (i: number) => {
    const lines = read.regions[i]!;
    const texts = refs(lines, next);
    next += texts.length;
    tags[i]!.texts_inside = texts;
    return !(sure(lines) && (isTypeTag(texts) || isMeasurement(texts)));
  };
  const kept = tags.map((_, i) => keepTag(i));
  const sections = a.section_tags.filter((_, i) => kept[i]);
  const details = a.detail_tags.filter((_, i) => kept[a.section_tags.length + i]);
  const triangles = a.revision_triangles.filter((t, k) => {
    const lines = read.regions[tags.length + k]!;
    const mark = lines.map((l) => l.text).join(' ').toUpperCase();
    if (lines.length) t.text = mark;
    return !(sure(lines) && !isRevisionMark(mark));
  });
  return {
    analysis: { ...analysis, annotations: { ...a, section_tags: sections, detail_tags: details, revision_triangles: triangles } },
    stats,
  };
}
