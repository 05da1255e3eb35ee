// Page layout of a code document: text runs turned into lines in reading
// order, with the running headers and footers set apart. Pure; every rule
// is stated where it is applied:
//
// - Reading direction: a page is read in the direction most of its text runs
//   (a landscape table set sideways on a portrait page is turned upright);
//   the few runs at another angle (rotated column headers) become lines of
//   their own at their place on the page, not words scattered across rows.
// - Running headers and footers: lines in the top or bottom margin band whose
//   text, with the digits and page numerals masked, recurs at the same height
//   on several pages (see FURNITURE_*), running from one page to the next (a
//   "CHAPTER n" heading recurs only on chapters' first pages, and a bare
//   "CHAPTER n" naming another chapter on every page is never a running head). A margin slot
//   where most pages have a line, and 80 % of those lines are furniture, is
//   furniture on every page (a chapter title that changes).
//   Lines above the lowest header line (or below the highest footer line) of a
//   page belong to that running head (a part or division title between two
//   fixed lines). A page read sideways (a landscape figure or table) keeps its
//   running head upright, across its reading direction: a line there that
//   repeats a running head's text is furniture.
// - Columns: a vertical gutter that no text crosses, at the same place on
//   most pages of the document, splits those pages into columns read left
//   then right. A gap that only some pages show (a table) splits nothing. A
//   page of a document in columns whose gutter a table's cells reach into is
//   split at the document's gutter all the same when at least 8 of its lines
//   right of it stand flush at one x near the right column's margin (where
//   that column's lines start on the other pages) and at most a tenth of its
//   runs cross the gutter: a column is a block of lines flush at its margin.
// - Table rows stay one line, cells separated by " | " where the gap between
//   runs is wider than two characters.
import type { TextRun } from '../../../core/geometry/types.ts';

export interface PageText {
  page: number;
  height: number;
  /** Display width; taken from the text when absent. */
  width?: number;
  runs: TextRun[];
}

export interface Line {
  text: string;
  x0: number;
  x1: number;
  /** Baseline height from the top of the page (display space). */
  y: number;
  size: number;
}

export interface LaidOutPage {
  page: number;
  /** Body lines in reading order (columns one after the other). */
  lines: Line[];
  /** Running header and footer lines, top to bottom. */
  furniture: Line[];
}

/** Margin bands searched for running headers and footers (share of the page height). */
const TOP_BAND = 0.16;
const BOTTOM_BAND = 0.12;
/** A masked line is furniture when it recurs on this many pages (at least 3, or 8 % of a long document). */
const FURNITURE_MIN_PAGES = 3;
const FURNITURE_SHARE = 0.08;
/** Two lines are "at the same place" within this many points. */
const SAME_PLACE = 4;

const angleOf = (r: TextRun) => Math.round(r.angle / (Math.PI / 2)) & 3;

/** Runs turned so that the page's dominant reading direction runs left to right, top to bottom. */
function upright(page: PageText): { runs: TextRun[]; cross: TextRun[]; width: number; height: number } {
  const weight = [0, 0, 0, 0];
  for (const r of page.runs) weight[angleOf(r)]! += r.str.length;
  const q = weight.indexOf(Math.max(...weight));
  const w = page.width ?? Math.max(0, ...page.runs.map((r) => r.bbox[2]));
  const h = page.height;
  // Quarter turns of display space: text at angle q*90° reads left to right after turning by -q*90°.
  const turn = (b: TextRun['bbox'], k: number, W: number, H: number): TextRun['bbox'] => {
    if (k === 0) return b;
    if (k === 1) return [b[1], W - b[2], b[3], W - b[0]]; // text running downwards
    if (k === 2) return [W - b[2], H - b[3], W - b[0], H - b[1]];
    return [H - b[3], b[0], H - b[1], b[2]]; // text running upwards
  };
  const [W, H] = q % 2 ? [h, w] : [w, h];
  const runs: TextRun[] = [];
  const cross: TextRun[] = [];
  for (const r of page.runs) {
    if (!r.str.trim()) continue;
    const turned = { ...r, bbox: turn(r.bbox, q, w, h), angle: 0 };
    (angleOf(r) === q ? runs : cross).push(turned);
  }
  return { runs, cross, width: W, height: H };
}

/** Runs grouped into lines by baseline, left to right. */
export function linesOf(runs: readonly TextRun[]): Line[] {
  const sorted = runs.filter((r) => r.str.trim()).sort((a, b) => a.bbox[3] - b.bbox[3] || a.bbox[0] - b.bbox[0]);
  const lines: { runs: TextRun[]; y: number }[] = [];
  for (const r of sorted) {
    const last = lines[lines.length - 1];
    if (last && Math.abs(last.y - r.bbox[3]) < Math.max(1.5, 0.35 * r.size)) last.runs.push(r);
    else lines.push({ runs: [r], y: r.bbox[3] });
  }
  return lines.map((l) => {
    const rs = l.runs.sort((a, b) => a.bbox[0] - b.bbox[0]);
    let text = '';
    let right = -Infinity;
    for (const r of rs) {
      // A gap wider than a space between runs is a column break in a table row: keep it visible.
      const gap = r.bbox[0] - right;
      text += text ? (gap > 2 * r.size ? '  |  ' : gap > 0.15 * r.size ? ' ' : '') : '';
      text += r.str.trim();
      right = Math.max(right, r.bbox[2]);
    }
    return {
      text: text.replace(/\s+/g, (m) => (m.includes('|') ? m : ' ')),
      x0: rs[0]!.bbox[0],
      x1: right,
      y: l.y,
      size: Math.max(...rs.map((r) => r.size)),
    };
  });
}

/** Page numerals that change from page to page: digits and lower-case roman numerals. */
export function masked(text: string): string {
  return text.replace(/\d+/g, '#').replace(/\b(?=[ivxlc]+\b)(x{0,3})(ix|iv|v?i{0,3})\b/g, (m) => (m ? '#' : m));
}

interface Prepared {
  page: number;
  width: number;
  height: number;
  runs: TextRun[];
  cross: TextRun[];
  lines: Line[];
}

/** A line that is only a division's label: "CHAPTER 8", "Part II", "APPENDIX C". */
const isDivisionLabel = (text: string) =>
  /^\s*(?:chapter|part|appendix|division|schedule)\s+(?:\d{1,3}|[A-Z]|[IVXL]{1,6})\s*$/i.test(text);

const bandOf = (l: Line, height: number): 'top' | 'bottom' | null =>
  l.y < TOP_BAND * height ? 'top' : l.y > (1 - BOTTOM_BAND) * height ? 'bottom' : null;

/** Which lines of which pages are running headers or footers, and the running heads' masked texts. */
function furnitureOf(pages: readonly Prepared[]): { out: Set<Line>; running: Set<string> } {
  const out = new Set<Line>();
  const running = new Set<string>();
  if (pages.length < FURNITURE_MIN_PAGES) {
    // Too few pages to see repetition: the outermost margin lines are taken as furniture.
    for (const p of pages) for (const l of p.lines) if (l.y < 0.06 * p.height || l.y > 0.95 * p.height) out.add(l);
    return { out, running };
  }
  const need = Math.max(FURNITURE_MIN_PAGES, Math.ceil(FURNITURE_SHARE * pages.length));
  // Recurrence of (band, height, masked text), counted once per page.
  const groups = new Map<string, { pages: Set<number>; lines: Line[] }>();
  const keyOf = (band: string, l: Line) => `${band}|${Math.round(l.y / SAME_PLACE)}|${masked(l.text)}`;
  for (const p of pages) {
    for (const l of p.lines) {
      const band = bandOf(l, p.height);
      if (!band) continue;
      // Heights are bucketed; a line near a bucket edge is counted in the neighbour bucket too.
      for (const k of new Set([
        keyOf(band, l),
        keyOf(band, { ...l, y: l.y + SAME_PLACE / 2 }),
        keyOf(band, { ...l, y: l.y - SAME_PLACE / 2 }),
      ])) {
        const g = groups.get(k) ?? { pages: new Set(), lines: [] };
        g.pages.add(p.page);
        g.lines.push(l);
        groups.set(k, g);
      }
    }
  }
  for (const g of groups.values()) {
    // A bare "CHAPTER 8" / "PART 2" that names another division on every page it is on opens those
    // divisions (short chapters, one a page), however closely they follow: a running head repeats its
    // division's number on each of that division's pages.
    if (
      g.lines.every((l) => isDivisionLabel(l.text)) &&
      new Set(g.lines.map((l) => l.text.trim().toUpperCase())).size === g.pages.size
    )
      continue;
    // Running: it recurs from one page to the next, unlike a chapter heading that opens each chapter's first page.
    const runs = [...g.pages].filter((n) => g.pages.has(n + 1)).length;
    if (g.pages.size >= need && runs >= 0.5 * (g.pages.size - 1)) {
      for (const l of g.lines) out.add(l);
      running.add(masked(g.lines[0]!.text));
    }
  }
  // Slots: a margin height where most pages have a line and most of those lines are furniture already.
  const slots = new Map<number, { pages: Set<number>; furniture: number; lines: Line[] }>();
  for (const p of pages) {
    for (const l of p.lines) {
      if (!bandOf(l, p.height)) continue;
      const s = Math.round(l.y / SAME_PLACE);
      const slot = slots.get(s) ?? { pages: new Set(), furniture: 0, lines: [] };
      slot.pages.add(p.page);
      slot.lines.push(l);
      if (out.has(l)) slot.furniture++;
      slots.set(s, slot);
    }
  }
  for (const slot of slots.values()) {
    if (slot.pages.size >= 0.6 * pages.length && slot.furniture >= 0.8 * slot.lines.length)
      for (const l of slot.lines) out.add(l);
  }
  // A running head is a block: what lies above its lowest furniture line (or below a footer's highest) belongs to it.
  for (const p of pages) {
    let top = -Infinity;
    let bottom = Infinity;
    for (const l of p.lines) {
      if (!out.has(l)) continue;
      const band = bandOf(l, p.height);
      if (band === 'top') top = Math.max(top, l.y);
      if (band === 'bottom') bottom = Math.min(bottom, l.y);
    }
    for (const l of p.lines) if (l.y < top || l.y > bottom) out.add(l);
  }
  return { out, running };
}

/** The x of a gutter that (almost) no body run crosses — a full-width title may — with text on both sides, or null. */
function gutterOf(runs: readonly TextRun[], width: number): number | null {
  if (runs.length < 10 || width <= 0 || width > 5000) return null;
  const cols = Math.ceil(width);
  const cover = new Int32Array(cols + 1);
  const mass = new Float64Array(cols + 1);
  for (const r of runs) {
    const a = Math.max(0, Math.floor(r.bbox[0]));
    const b = Math.min(cols, Math.ceil(r.bbox[2]));
    if (b <= a) continue;
    cover[a]!++;
    cover[b]!--;
    mass[Math.min(cols, Math.floor((r.bbox[0] + r.bbox[2]) / 2))]! += r.str.length;
  }
  let run = 0;
  let best: { from: number; to: number } | null = null;
  let from = -1;
  const crossing = Math.max(2, Math.floor(0.04 * runs.length));
  for (let x = 0; x <= cols; x++) {
    run += cover[x]!;
    const inMiddle = x > 0.3 * width && x < 0.7 * width;
    if (run <= crossing && inMiddle) {
      if (from < 0) from = x;
      if (!best || x - from > best.to - best.from) best = { from, to: x };
    } else from = -1;
  }
  if (!best || best.to - best.from < 6) return null;
  const x = (best.from + best.to) / 2;
  let left = 0;
  let total = 0;
  for (let i = 0; i <= cols; i++) {
    total += mass[i]!;
    if (i < x) left += mass[i]!;
  }
  // Both sides must carry a real share of the text to be columns.
  return left > 0.25 * total && left < 0.75 * total ? x : null;
}

/** Lines set flush at one x make a column's margin: at least this many on a page. */
const FLUSH_LINES = 8;
/** Runs that may cross the gutter of a page read in columns (cells of a table reaching into it). */
const CROSSING_SHARE = 0.1;

/** The x at which the right column's lines start on the pages split at their own gutter (the most common), or null. */
function rightMargin(
  pages: readonly Prepared[],
  bodyRuns: readonly TextRun[][],
  gutters: readonly (number | null)[],
  median: number,
): number | null {
  const starts = new Map<number, number>();
  pages.forEach((p, i) => {
    const g = gutters[i];
    if (g == null || Math.abs(g - median) >= 0.03 * p.width) return;
    for (const l of linesOf(bodyRuns[i]!.filter((r) => r.bbox[0] >= g)))
      starts.set(Math.round(l.x0), (starts.get(Math.round(l.x0)) ?? 0) + 1);
  });
  let best: [number, number] | null = null;
  for (const e of starts) if (!best || e[1] > best[1]) best = e;
  return best ? best[0] : null;
}

/**
 * Whether a page's runs right of the document's gutter form a column: at least FLUSH_LINES lines
 * flush at one x (within 2 pt) near the document's right-column margin (within 3 % of the page
 * width: a scanned page sits a little askew or off-centre), and few runs crossing the gutter.
 */
function flushRight(runs: readonly TextRun[], gutter: number, margin: number, width: number): boolean {
  const crossing = runs.filter((r) => r.bbox[0] < gutter && r.bbox[2] > gutter).length;
  if (crossing > CROSSING_SHARE * runs.length) return false;
  const starts = linesOf(runs.filter((r) => r.bbox[0] >= gutter)).map((l) => l.x0);
  return starts.some(
    (x) => Math.abs(x - margin) <= 0.03 * width && starts.filter((y) => Math.abs(y - x) <= 2).length >= FLUSH_LINES,
  );
}

/**
 * @example
 * layoutPages(pages)[0] // → { page: 1, lines: [{ text: '3-3.4 Fuel Tanks.', ... }], furniture: [{ text: 'UFC 4-010-01', ... }] }
 */
export function layoutPages(pages: readonly PageText[]): LaidOutPage[] {
  const prepared: Prepared[] = pages.map((p) => {
    const u = upright(p);
    return { page: p.page, width: u.width, height: u.height, runs: u.runs, cross: u.cross, lines: linesOf(u.runs) };
  });
  const { out: furniture, running } = furnitureOf(prepared);
  // Body runs: those not on a furniture line (a run belongs to the line whose baseline it shares).
  const bodyRuns = prepared.map((p) => {
    const drop = p.lines.filter((l) => furniture.has(l));
    return p.runs.filter(
      (r) =>
        !drop.some(
          (l) =>
            Math.abs(l.y - r.bbox[3]) < Math.max(1.5, 0.35 * r.size) && r.bbox[0] >= l.x0 - 1 && r.bbox[2] <= l.x1 + 1,
        ),
    );
  });
  // A document is in columns when most pages with text show a gutter at the same place.
  const gutters = prepared.map((p, i) => gutterOf(bodyRuns[i]!, p.width));
  const found = gutters.filter((g): g is number => g !== null).sort((a, b) => a - b);
  const withText = bodyRuns.filter((r) => r.length >= 10).length;
  const median = found.length ? found[Math.floor(found.length / 2)]! : null;
  const columnar = median !== null && found.length >= 0.5 * withText;
  const margin = columnar ? rightMargin(prepared, bodyRuns, gutters, median!) : null;
  return prepared.map((p, i) => {
    const runs = bodyRuns[i]!;
    let g = gutters[i];
    // A page whose gutter a table's cells reach into is still in columns when its right column's
    // lines stand flush at the document's right-column margin.
    if (
      columnar &&
      margin !== null &&
      (g == null || Math.abs(g - median!) >= 0.03 * p.width) &&
      flushRight(runs, median!, margin, p.width)
    )
      g = median!;
    let lines: Line[];
    if (columnar && g != null && Math.abs(g - median!) < 0.03 * p.width) {
      // Runs that span the gutter (a full-width title) are read with the left column.
      const left = (r: TextRun) => r.bbox[0] < g;
      lines = [...linesOf(runs.filter(left)), ...linesOf(runs.filter((r) => !left(r)))];
    } else {
      lines = linesOf(runs);
    }
    const heads = p.lines.filter((l) => furniture.has(l));
    if (p.cross.length) {
      // Rotated runs (column headers set sideways) read as lines of their own, placed by their top.
      const crossLines = linesOf(
        p.cross.map((r) => ({ ...r, bbox: [r.bbox[1], r.bbox[0], r.bbox[3], r.bbox[2]] as TextRun['bbox'] })),
      );
      for (const c of crossLines) {
        // A page turned to read a sideways figure or table keeps its running head upright: across its text.
        if (running.has(masked(c.text))) {
          heads.push(c);
          continue;
        }
        const at = lines.findIndex((l) => l.y > c.x0);
        lines.splice(at < 0 ? lines.length : at, 0, { ...c, y: c.x0 });
      }
    }
    return { page: p.page, lines, furniture: heads };
  });
}
