// The names a document prints for itself, learnt from its own pages: the designation a
// publisher gives it ("UFC 4-010-01", "IS : 3043 - 1987", "IS 875 (Part 3)", "SOR/86-304",
// "NECB 2025", "ASCE/SEI 7-22") and its title. A query naming a document in any of these ways
// is scoped to it (query-parts.ts). Pure.
//
// Where a publisher prints its document's name, as typesetting conventions put it:
// - the running header or footer, on most pages ("UFC 4-010-01", "IS : 3043 - 1987",
//   "Scour Evaluation Guide | 5 | TxDOT 07/2023"): a head that recurs on at least a third of the
//   pages (a chapter's title recurs on that chapter's pages only);
// - the cover and title page: the pages before the first clause (at most the first three). The
//   cover's first designation is the document's; on a title page a designation is the
//   document's when it is displayed (set larger than the document's text), not when a sentence cites
//   another document ("prepared in accordance with MIL-STD 3007"). The title is the cover's
//   largest type after the designation's.
// A designation is a publisher's abbreviation (two to six capitals, "ASCE/SEI", not a word that
// opens a division such as PART or SECTION) followed by a number that may carry dashes, dots,
// spaces, a year ("IS : 3043 - 1987", "IS 3043 (1987)") or a part ("(Part 3)"); a regulation is
// cited by its number over its year ("SOR/86-304", "Alberta Regulation 191/2021", "O. Reg. 213/91").
// A title is a run
// of capitalised words ("Bridge Railing Manual", "Canada Occupational Health and Safety
// Regulations"), two words or more.
import { masked, type LaidOutPage, type Line } from './layout.ts';

/** At most this many names a document (a cover listing superseded editions names many). */
const MAX_NAMES = 8;
const MAX_NAME_CHARS = 120;
/** A running head names the document when it recurs on this share of the pages. */
const RUNNING_SHARE = 1 / 3;
/** Cover and title pages: those before the first clause, at most this many. */
const COVER_PAGES = 3;

const NOT_PUBLISHERS = new Set([
  'PART',
  'SECTION',
  'CHAPTER',
  'TABLE',
  'FIGURE',
  'FIG',
  'PAGE',
  'ANNEX',
  'APPENDIX',
  'SCHEDULE',
  'NO',
  'ITEM',
  'DIVISION',
  'ARTICLE',
  'CLAUSE',
  'STEP',
  'STANDARD',
  'LEVEL',
  'CHANGE',
]);
const YEAR = String.raw`(?:19|20)\d\d`;
/** ABBREV [/-:] NUMBER [year] [(Part n)]. */
const DESIGNATION = new RegExp(
  String.raw`(?<![A-Za-z0-9])([A-Z]{2,6}(?:/[A-Z]{2,6})?)(?:\s*[:/-]\s*|\s+)([A-Z]?\d[\dA-Z]*(?:(?:[-./]|\s(?=\d))\d[\dA-Z]*)*)((?:\s*[:-]\s*${YEAR}(?!\d)|\s*\(${YEAR}\))?)((?:\s*\((?:Part|PART)\s+\d{1,2}(?:\s*[:/]\s*(?:Sec|Section)\s*\d{1,2})?\))?)`,
  'g',
);
/** Type at least this much larger than the document's text is displayed. */
const DISPLAYED = 1.2;

const median = (xs: number[]) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]! : 0);

/** Capitalised words (function words allowed between them). */
const TITLE =
  /(?<![\p{L}’'-])(?:\p{Lu}[\p{L}’'-]+)(?:\s+(?:(?:of|and|for|the|on|in|to|with|&)\s+)*\p{Lu}[\p{L}’'-]+)+/gu;

/** A regulation's citation: "Alberta Regulation 191/2021", "O. Reg. 213/91", "B.C. Reg. 296/97" (the number over its year). */
const REGULATION =
  /(?<![A-Za-z])(?:(?:[A-Z][a-z]+|[A-Z]\.(?:[A-Z]\.)?)\s+)?(?:Regulation|Reg\.)\s+\d{1,4}\/\d{2,4}(?!\d)/g;

/** The designations printed in a text, in the order printed. */
export function designationsIn(text: string): string[] {
  const found: { at: number; name: string }[] = [];
  for (const m of text.matchAll(DESIGNATION)) {
    if (NOT_PUBLISHERS.has(m[1]!.split('/')[0]!)) continue;
    found.push({ at: m.index, name: m[0].replace(/\s+/g, ' ').trim() });
  }
  for (const m of text.matchAll(REGULATION)) found.push({ at: m.index, name: m[0].replace(/\s+/g, ' ').trim() });
  return found.sort((a, b) => a.at - b.at).map((f) => f.name);
}

/** The titles (runs of capitalised words, two or more, at least ten letters) in a text. */
function titlesIn(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(TITLE)) {
    const t = m[0].trim();
    if (t.split(/\s+/).length >= 2 && t.replace(/[^A-Za-z]/g, '').length >= 10 && !designationsIn(t).length)
      out.push(t);
  }
  return out;
}

/** Running heads recurring on a third of the pages, as printed on their first page. */
function runningHeads(pages: readonly LaidOutPage[]): string[] {
  const seen = new Map<string, { pages: number; text: string }>();
  for (const p of pages) {
    for (const l of p.furniture) {
      const key = masked(l.text);
      const s = seen.get(key) ?? { pages: 0, text: l.text };
      s.pages++;
      seen.set(key, s);
    }
  }
  return [...seen.values()].filter((s) => s.pages >= Math.max(2, RUNNING_SHARE * pages.length)).map((s) => s.text);
}

/** The lines of a cover set in its largest type but the designation's (within a tenth), joined; nothing when no such type is displayed. */
function coverTitle(all: readonly Line[], body: number): string {
  const lines = all.filter((l) => !designationsIn(l.text).length);
  const max = Math.max(0, ...lines.map((l) => l.size));
  if (max < DISPLAYED * body) return '';
  return lines
    .filter((l) => l.size >= 0.9 * max)
    .map((l) => l.text)
    .join(' ');
}

/**
 * The document's designations and title as it prints them, most telling first: designations
 * in running heads, then on the cover, then titles.
 * @param firstClausePage index (0-based) of the page with the document's first clause, or the page count.
 */
export function designationsOf(pages: readonly LaidOutPage[], firstClausePage: number): string[] {
  const heads = runningHeads(pages);
  const cover = pages.slice(0, Math.max(1, Math.min(COVER_PAGES, firstClausePage)));
  // The document's text size: the median line's, over its pages (a cover may be mostly display type).
  const body = median(pages.flatMap((p) => p.lines.map((l) => l.size)));
  const first = cover[0]
    ? [...cover[0].furniture, ...cover[0].lines].flatMap((l) => designationsIn(l.text)).slice(0, 1)
    : [];
  const displayed = cover.flatMap((p) =>
    p.lines.filter((l) => l.size >= DISPLAYED * body).flatMap((l) => designationsIn(l.text)),
  );
  const names = [
    ...heads.flatMap(designationsIn),
    ...first,
    ...displayed,
    // A title is a head's cell without digits (not "Current to February 18, 2026", not a page number).
    ...heads.flatMap((h) =>
      h
        .split('|')
        .filter((cell) => !/\d/.test(cell))
        .flatMap((cell) => titlesIn(cell.trim())),
    ),
    ...cover.slice(0, 1).flatMap((p) => titlesIn(coverTitle(p.lines, body))),
  ];
  const out: string[] = [];
  const keys = new Set<string>();
  for (const n of names) {
    const key = n
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ' ')
      .trim();
    if (keys.has(key) || n.length > MAX_NAME_CHARS) continue;
    keys.add(key);
    out.push(n);
    if (out.length === MAX_NAMES) break;
  }
  return out;
}
