// Tier 1 after the geometric pass: lettering the text layer does not hold is read by the lettering
// reader (../lettering/reader.ts) from the region rendered, and the rules that read lettering on
// text-layer runs are applied to what it read. The decision is made per region, not per page:
// - REGION WITHOUT A TEXT LAYER: a leader whose note is stroked lettering on a page that has a
//   text layer elsewhere (SHX notes beside a text-layer title block) stands only when its note is
//   read surely as a note; there small stroke clusters are as often symbols and hatch.
// - On a page without a text layer, each tag's, delta's and leader note's lettering is read:
//   TYPE TAG and MEASUREMENT INSIDE (tags/tags.ts): a divided circle holding a bare letter over a
//   bare number, or only a measurement, is no view callout; REVISION MARK (revisions/triangles.ts):
//   a delta holds a revision number or letter alone; NOT A NOTE (leaders/leaders.ts): an arrow to a
//   dimension value, UP/DN or SLOPE is no leader. Each is left out when read surely.
// Readings carry their source ('recognised') and confidence in texts_inside. What cannot be read
// on a page without a text layer (the budget ran out, nothing sure enough) keeps the geometric
// answer; an unread leader on a text-layer page is left out. The work is bounded by
// LETTERING_MAX_REGIONS and LETTERING_CPU_MS (core/limits.ts), and on a text-layer page by
// LETTERING_TEXT_LAYER_REGIONS, and runs in the analysis's worker.
import type { BBox, PageGeometry } from '../../../core/geometry/types.ts';
import type { LetteringReader, Lettering, LetteringRegion } from '../lettering/reader.ts';
import { LIMITS } from '../../../core/limits.ts';
import type { PageAnalysis, PageDraft } from './analyze.ts';
import { isMeasurement, isTypeTag } from './tags/tags.ts';
import { isRevisionMark } from './revisions/triangles.ts';
import { isNote } from './leaders/leaders.ts';
import type { TextRef } from './texts.ts';

export interface LetteringPassStats {
  regions: number;
  recognised: number;
  skipped: number;
  recogniserCpuMs: number;
}

/** A reading sure enough to decide on (drop a detection, or keep a leader to stroked lettering). */
const SURE = 0.8;
/** Points of margin around a stroked note's cluster, so the recogniser sees its letters whole. */
const NOTE_MARGIN = 3;

/** Lettering read from a region, as texts_inside entries (ids after the text layer's runs). */
function refs(lines: readonly Lettering[], firstId: number): TextRef[] {
  return lines.map((l, k) => ({
    id: firstId + k,
    text: l.text.toUpperCase(),
    source: l.source,
    confidence: l.confidence,
  }));
}

/** Whether a page has a text layer, as the detectors judge it (scene.ts: five lettered runs). */
export const hasTextLayer = (page: Pick<PageGeometry, 'texts'>) =>
  page.texts.filter((t) => /[A-Za-z0-9]/.test(t.str)).length >= 5;

const sure = (lines: readonly Lettering[]) => lines.length > 0 && lines.every((l) => l.confidence >= SURE);
/** Lettering, not a stray character read in line work: two letters or digits at least. */
const lettered = (texts: readonly TextRef[]) =>
  texts
    .map((t) => t.text)
    .join('')
    .replace(/[^A-Z0-9]/gi, '').length >= 2;
const circleBox = (c: { center: [number, number]; radius: number }): BBox => [
  c.center[0] - c.radius,
  c.center[1] - c.radius,
  c.center[0] + c.radius,
  c.center[1] + c.radius,
];
const pad = (b: BBox, m: number): BBox => [b[0] - m, b[1] - m, b[2] + m, b[3] + m];

export async function readLettering(
  page: Pick<PageGeometry, 'paths' | 'texts'>,
  draft: PageDraft,
  reader: LetteringReader,
): Promise<{ analysis: PageAnalysis; stats: LetteringPassStats }> {
  const { analysis, unreadLeaders } = draft;
  const a = analysis.annotations;
  const stats: LetteringPassStats = { regions: 0, recognised: 0, skipped: 0, recogniserCpuMs: 0 };
  const noText = !hasTextLayer(page);
  const tags = noText ? [...a.section_tags, ...a.detail_tags] : [];
  const triangles = noText ? a.revision_triangles : [];
  const readLeaders = noText ? a.leaders : [];
  // Regions in the order of their worth when the budget runs short: tags and deltas, then the notes
  // that decide whether a leader stands, then the notes of leaders that stand already. Several
  // leaders of one note share its reading.
  const regions: LetteringRegion[] = [
    // A tag's letters are about a third of its radius high (two lines and a bar in the circle).
    ...tags.map((t) => ({ bbox: circleBox(t.circle), letterHeight: 0.45 * t.circle.radius })),
    // A delta's mark is about a third of its side.
    ...triangles.map((t) => ({ bbox: t.bbox, letterHeight: 0.35 * (t.bbox[2] - t.bbox[0]), quarters: [0] })),
  ];
  const noteAt = new Map<string, number>();
  const noteRegion = (b: BBox) => {
    const key = b.join(',');
    let i = noteAt.get(key);
    if (i === undefined) {
      noteAt.set(key, (i = regions.length));
      regions.push({ bbox: pad(b, NOTE_MARGIN) });
    }
    return i;
  };
  // On a page with a text layer a stroked note is the exception: LETTERING_TEXT_LAYER_REGIONS of them
  // are read, in page order; the leaders of notes past that are left out, as unread ones are.
  const firstNote = regions.length;
  const cap = noText ? Infinity : LIMITS.letteringTextLayerRegions;
  const unreadAt = unreadLeaders.map((l) =>
    noteAt.has(l.text_bbox.join(',')) || regions.length - firstNote < cap ? noteRegion(l.text_bbox) : -1,
  );
  const readAt = readLeaders.map((l) => noteRegion(l.text_bbox));
  if (!regions.length) return { analysis, stats };
  const read = await reader.read(page, regions);
  Object.assign(stats, {
    regions: regions.length,
    recognised: read.recognised,
    skipped: read.skipped,
    recogniserCpuMs: read.recogniserCpuMs,
  });
  let next = page.texts.length;
  const textsOf = (i: number) => {
    const texts = refs(read.regions[i]!, next);
    next += texts.length;
    return texts;
  };
  const kept = tags.map((t, i) => {
    t.texts_inside = textsOf(i);
    return !(sure(read.regions[i]!) && (isTypeTag(t.texts_inside) || isMeasurement(t.texts_inside)));
  });
  const deltas = triangles.filter((t, k) => {
    const lines = read.regions[tags.length + k]!;
    const mark = lines
      .map((l) => l.text)
      .join(' ')
      .toUpperCase();
    if (lines.length) t.text = mark;
    return !(sure(lines) && !isRevisionMark(mark));
  });
  const notes = new Map<number, TextRef[]>();
  const note = (i: number) => notes.get(i) ?? notes.set(i, textsOf(i)).get(i)!;
  const standing = readLeaders.filter((l, k) => {
    l.texts_inside = note(readAt[k]!);
    return !(sure(read.regions[readAt[k]!]!) && !isNote(l.texts_inside));
  });
  const confirmed = unreadLeaders.filter((l, k) => {
    if (unreadAt[k]! < 0) return false;
    l.texts_inside = note(unreadAt[k]!);
    return sure(read.regions[unreadAt[k]!]!) && lettered(l.texts_inside) && isNote(l.texts_inside);
  });
  const leaders = [...(noText ? standing : a.leaders), ...confirmed].map((l, i) => ({ ...l, id: `leader-${i + 1}` }));
  return {
    analysis: {
      ...analysis,
      annotations: {
        ...a,
        leaders,
        section_tags: noText ? a.section_tags.filter((_, i) => kept[i]) : a.section_tags,
        detail_tags: noText ? a.detail_tags.filter((_, i) => kept[a.section_tags.length + i]) : a.detail_tags,
        revision_triangles: noText ? deltas : a.revision_triangles,
      },
    },
    stats,
  };
}
