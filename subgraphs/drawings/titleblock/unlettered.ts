// Rule unlettered-sheet: a sheet whose title block has no text layer (lettering plotted as
// strokes or glyph outlines) is read by the lettering reader, and only there. The title block is
// found from the geometry alone: the ruled box around the stroked lettering of the sheet's outer
// band (titleblock.ts, the same rule as for lettered sheets) that holds the most of it. The block
// is read twice: at the size of its small lettering (field labels and values), then at the size
// its largest lettering may have (the sheet number is the largest lettering of the block: NCS,
// ISO 7200). The readings come back as text runs, in the direction they read, so the identity
// rules read them as they read a text layer.
import type { BBox, PageGeometry, PathGeom, TextRun } from '../../../core/geometry/types.ts';
import { containsBox } from '../../../core/geometry/bbox.ts';
import { buildScene } from '../detect/scene.ts';
import { strokedText } from '../detect/stroked-text.ts';
import type { Lettering, LetteringReader } from '../lettering/reader.ts';
import { sheetFrame } from './frame.ts';
import { pageRulings } from './rulings.ts';
import { ruleStackAround, titleblockAround } from './titleblock.ts';

/** The outer band in display terms, any edge: without lettering there is no frame to say which edge is the bottom. */
const BAND = 0.28;
/** A title block holds at least this many stroked labels (its field labels and values). */
const MIN_LABELS = 3;
/** Stroked labels tried as anchors of the title block: those nearest the sheet's edges first. */
const MAX_ANCHORS = 240;
/** Labels read alone, at most, to find the sheet's reading direction. */
const PROBES = 7;
/** Probes reading one way that settle the direction. */
const AGREE = 3;
/** A title block's outer side lies within this share of the sheet's shorter side from an edge. */
const AT_BORDER = 0.05;
/** Points: the smallest lettering plotted (1.8 mm is 5 pt; a label across one line is at least 2.5 pt deep). */
const MIN_LETTER = 2.5;
/** A title block is at least this many of its letter heights deep. */
const FIELDS_DEEP = 4;
/**
 * The block's small lettering is read as if it were this many times the depth of its stroked
 * labels (a label is about one letter deep; the recogniser reads 20-48 px letters well, so
 * letters from 0.7 to 1.6 of that height are read, at a quarter of the pixels of a render at 30 px).
 */
const SMALL_FACTOR = 3;
/** A glyph this many times the block's small lettering is large lettering (a number is 2-4 times the field text). */
const LARGE_GLYPH = 2.5;
/** Large words read, largest first: the number and the title's lines. */
const LARGE_WORDS = 4;
/** Paths looked at as large glyphs: a block has tens; thousands is hatch or hostile input. */
const MAX_GLYPHS = 2000;

export interface UnletteredReading {
  runs: TextRun[];
  /** Where the lettering was read (display points), null when no title block was found. */
  block: BBox | null;
  regions: number;
  recogniserCpuMs: number;
}

const ANGLE_OF_QUARTERS = [0, -Math.PI / 2, Math.PI, Math.PI / 2];

export async function readUnlettered(
  page: Pick<PageGeometry, 'width' | 'height' | 'paths' | 'texts'>,
  reader: Pick<LetteringReader, 'read'>,
): Promise<UnletteredReading> {
  const none: UnletteredReading = { runs: [], block: null, regions: 0, recogniserCpuMs: 0 };
  const labels = bandLabels(page);
  if (labels.length < MIN_LABELS) return none;
  const probe = await readingDirection(page, labels, reader);
  const quarters = probe.quarters;
  if (quarters === null) return { ...none, regions: probe.recognised, recogniserCpuMs: probe.recogniserCpuMs };
  const block = unletteredBlock(page, labels, quarters);
  // Recognition only where the text layer has nothing: a block with text-layer lettering was read.
  if (!block || page.texts.some((t) => t.str.trim() && containsBox(block.box, t.bbox, 1)))
    return { ...none, regions: probe.recognised, recogniserCpuMs: probe.recogniserCpuMs };
  const { box, letter } = block;
  const small = await reader.read(page, [{ bbox: box, letterHeight: SMALL_FACTOR * letter, quarters: [quarters] }]);
  // The largest lettering alone, each word as a tight region at its own size.
  const words = largeLettering(page.paths, box, letter, quarters);
  const large = await reader.read(
    page,
    words.map((w) => ({ bbox: pad(w.box, 0.25 * w.height), letterHeight: w.height, quarters: [quarters] })),
  );
  const readings = merge(small.regions[0] ?? [], large.regions.flat());
  const passes = [probe, small, large];
  return {
    runs: readings.map(toRun),
    block: box,
    regions: passes.reduce((n, p) => n + p.recognised, 0),
    recogniserCpuMs: passes.reduce((n, p) => n + p.recogniserCpuMs, 0),
  };
}

/**
 * Words of the block lettered larger than its small lettering (the sheet number, often the title),
 * from the geometry: paths the size of a large glyph (LARGE_GLYPH x the small lettering up to
 * half the block's depth; a glyph of a filled font is one or two paths) gathered into words
 * where they stand closer than half a glyph apart, largest first.
 */
export function largeLettering(
  paths: readonly PathGeom[],
  block: BBox,
  letter: number,
  quarters: number,
): { box: BBox; height: number }[] {
  const depth = minSide(block);
  const glyphs = paths
    .map((p) => p.bbox)
    .filter(
      (b) =>
        containsBox(block, b, 1) &&
        longSide(b) >= LARGE_GLYPH * letter &&
        longSide(b) <= 0.5 * depth &&
        minSide(b) > 1.5,
    )
    .slice(0, MAX_GLYPHS);
  // Glyphs joined into words until no two words stand that close (each join removes one: at most n rounds).
  let words: { box: BBox; glyph: number }[] = glyphs.map((box) => ({ box, glyph: longSide(box) }));
  for (let joined = true; joined;) {
    joined = false;
    const next: typeof words = [];
    for (const w of words) {
      const near = next.find((o) => gapBetween(o.box, w.box) < 0.5 * Math.max(o.glyph, w.glyph));
      if (!near) next.push(w);
      else {
        near.box = union(near.box, w.box);
        near.glyph = Math.max(near.glyph, w.glyph);
        joined = true;
      }
    }
    words = next;
  }
  // Across the line: a word reading along x is as high as its letters; one reading along y, as wide.
  const height = (w: BBox) => (quarters % 2 ? w[2] - w[0] : w[3] - w[1]);
  return words
    .map(({ box }) => ({ box, height: height(box) }))
    .filter((w) => w.height >= LARGE_GLYPH * letter)
    .sort((a, b) => b.height - a.height)
    .slice(0, LARGE_WORDS);
}

const union = (a: BBox, b: BBox): BBox => [
  Math.min(a[0], b[0]),
  Math.min(a[1], b[1]),
  Math.max(a[2], b[2]),
  Math.max(a[3], b[3]),
];
const gapBetween = (a: BBox, b: BBox) =>
  Math.max(0, Math.max(a[0], b[0]) - Math.min(a[2], b[2]), Math.max(a[1], b[1]) - Math.min(a[3], b[3]));

const pad = (b: BBox, d: number): BBox => [b[0] - d, b[1] - d, b[2] + d, b[3] + d];
const longSide = (b: BBox) => Math.max(b[2] - b[0], b[3] - b[1]);
const elongated = (b: BBox) => longSide(b) >= 3 * minSide(b);

/** Stroked labels of the sheet's outer band (display terms, any edge), those nearest an edge first. */
export function bandLabels(page: Pick<PageGeometry, 'width' | 'height' | 'paths' | 'texts'>): BBox[] {
  const { width: W, height: H } = page;
  const inBand = (b: BBox) => b[0] >= (1 - BAND) * W || b[2] <= BAND * W || b[1] >= (1 - BAND) * H || b[3] <= BAND * H;
  const toEdge = (b: BBox) => Math.min(b[0], b[1], W - b[2], H - b[3]);
  return (
    strokedText(buildScene(page))
      .labels.map((l) => l.bbox)
      // A label thinner than the smallest plotted lettering (1.8 mm, ISO 3098) is a tick or a rule drawn as a sliver.
      .filter((b) => inBand(b) && minSide(b) >= MIN_LETTER)
      .sort((a, b) => toEdge(a) - toEdge(b))
  );
}

/**
 * The title block of a sheet without a text layer, in display points: in the frame the lettering
 * reads in (`quarters`), the ruled box or stack of field rules (titleblock.ts, the rules used for
 * lettered sheets) around an edge label, nearest the sheet's lower right corner, with the typical
 * height of its lettering. Title blocks stand against the drawing frame's right or bottom edge and
 * take its lower right corner, in the direction the sheet reads (NCS right and bottom strips, ISO
 * 7200, DIN 6771, GOST 2.104): a box farther than AT_BORDER of the sheet from both edges is a
 * legend, a notes box or a view.
 */
export function unletteredBlock(
  page: Pick<PageGeometry, 'width' | 'height' | 'paths'>,
  labels: readonly BBox[],
  quarters: number,
): { box: BBox; letter: number } | null {
  const frame = sheetFrame([{ str: 'x', angle: ANGLE_OF_QUARTERS[quarters]! }], page.width, page.height);
  const rulings = pageRulings(page.paths, frame);
  const inFrame = labels.map((l) => frame.box(l));
  const reach = AT_BORDER * Math.min(frame.width, frame.height);
  let best: { box: BBox; held: BBox[]; corner: number } | null = null;
  const tried: BBox[] = [];
  for (const a of inFrame.slice(0, MAX_ANCHORS)) {
    if (tried.some((t) => containsBox(t, a, 1))) continue;
    const box = titleblockAround(a, rulings, frame) ?? ruleStackAround(a, rulings, frame);
    if (!box) continue;
    tried.push(box);
    if (frame.width - box[2] > reach && frame.height - box[3] > reach) continue;
    const held = inFrame.filter((l) => containsBox(box, l, 1));
    // A block has room for several lines of its lettering: a strip one letter deep is the border's zone marks.
    if (held.length < MIN_LABELS || minSide(box) < FIELDS_DEEP * median(held.map(minSide))) continue;
    const corner = Math.hypot(frame.width - box[2], frame.height - box[3]);
    if (!best || corner < best.corner) best = { box, held, corner };
  }
  if (!best) return null;
  return { box: frame.unbox(best.box), letter: median(best.held.map(minSide)) };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const minSide = (b: BBox) => Math.min(b[2] - b[0], b[3] - b[1]);

/**
 * The direction the sheet reads, from its longest edge labels read one at a time until AGREE of
 * them read the same way (a block read whole in each of four directions would cost four times the
 * recognition). A label longer than it is deep reads along its length: two directions to try.
 */
async function readingDirection(
  page: Pick<PageGeometry, 'paths' | 'texts'>,
  labels: readonly BBox[],
  reader: Pick<LetteringReader, 'read'>,
): Promise<{ quarters: number | null; recognised: number; recogniserCpuMs: number }> {
  const probes = labels
    .slice(0, MAX_ANCHORS)
    .filter(elongated)
    .sort((a, b) => longSide(b) - longSide(a))
    .slice(0, PROBES);
  const read: Lettering[][] = [];
  let recognised = 0;
  let recogniserCpuMs = 0;
  for (const bbox of probes) {
    const r = await reader.read(page, [
      {
        bbox: pad(bbox, 0.3 * minSide(bbox)),
        letterHeight: minSide(bbox),
        quarters: bbox[2] - bbox[0] > bbox[3] - bbox[1] ? [0, 2] : [3, 1],
      },
    ]);
    recognised += r.recognised;
    recogniserCpuMs += r.recogniserCpuMs;
    read.push(r.regions[0] ?? []);
    const q = dominantQuarters(read);
    if (q !== null && read.filter((lines) => lines.some((l) => l.quarters === q)).length >= AGREE) break;
  }
  return { quarters: dominantQuarters(read), recognised, recogniserCpuMs };
}

/** The turn most labels were read at (one vote a label: a long plot stamp along the top is one line like any other). */
function dominantQuarters(regions: readonly (readonly Lettering[])[]): number | null {
  const votes = [0, 0, 0, 0];
  for (const lines of regions) {
    const sure = [...lines].sort((a, b) => b.confidence - a.confidence)[0];
    if (sure?.quarters !== undefined) votes[sure.quarters]! += sure.confidence;
  }
  const max = Math.max(...votes);
  return max > 0 ? votes.indexOf(max) : null;
}

/** Both passes' readings; where two overlap, the surer one. */
function merge(a: readonly Lettering[], b: readonly Lettering[]): Lettering[] {
  const out = [...a];
  for (const l of b) {
    const i = out.findIndex((o) => overlapShare(o.bbox, l.bbox) > 0.5);
    if (i < 0) out.push(l);
    else if (l.confidence > out[i]!.confidence) out[i] = l;
  }
  return out;
}

function overlapShare(a: BBox, b: BBox): number {
  const w = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
  const h = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  if (w <= 0 || h <= 0) return 0;
  return (w * h) / Math.min((a[2] - a[0]) * (a[3] - a[1]), (b[2] - b[0]) * (b[3] - b[1]));
}

/** A reading as a text run: its direction from the turn that read it, its size across the line. */
function toRun(l: Lettering): TextRun {
  const q = l.quarters ?? 0;
  const across = q % 2 ? l.bbox[2] - l.bbox[0] : l.bbox[3] - l.bbox[1];
  return { str: l.text, bbox: l.bbox, size: across, angle: ANGLE_OF_QUARTERS[q]! };
}
