// The clause headings a code PDF prints, read by a reader that is not the search engine's:
// poppler's pdftotext (-bbox-layout: its own text layout, lines within its own column blocks).
// The self-check (self-check.ts) looks each one up by its number; this module decides, without
// labels, which numbers are headings and on which page each is printed. It shares no code with
// subgraphs/content/search/, so an error of the engine's numbering is not repeated here.
//
// A heading is a line that opens with a clause number of two or more parts (26.4.2, 1613.1.1.3,
// 2-3.1, A-5.6, B-18.3.1.1, C4.2, 3.2.1.1.) followed by a heading or the clause's text starting
// with a capital, or by its first subsection, spaced or tight ("5.3.4 – Cyclonic Region Factor",
// "3-6.2.5 Asset Dynamics. This…", "6.11 (1) Subject to…", "291.4(1) An employer…"; a later
// subsection printing the number again, "291.4(2) …", is not a heading). A number
// set apart from its heading (a block of its own on the same baseline, as SpecsIntact prints
// "1.6.4.1    Fly Ash…") is joined to the text beside it. Not headings:
// - lines with dot leaders, and pages that list headings (contents, lists of tables): a page
//   titled so, or one where most numbered lines name a heading printed again on a later page;
// - a number followed by a unit ("4.5 MPa") or by lower-case text (a sentence wrapping "1.5 times");
// - a number printed as a heading on two body pages (a misnumbered document, or a running
//   head): its page is ambiguous, so it is left out and counted.
// A single integer ("5. FACTORS …", a regulation's "9.") is a heading too, but a bare "5" is a
// page, a count or a section, so the self-check leaves those out and says how many there were.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

export interface PrintedHeading {
  /** As printed, without a closing dot or brackets: "3-11.2", "3.2.1.1". */
  number: string;
  /** PDF page (1-based). */
  page: number;
  heading: string;
}

/** A table or figure caption: its label as a reader types it ("Table 3-1", "Fig. 15") and the pages it is printed on (a table may run on). */
export interface PrintedCaption {
  label: string;
  pages: number[];
}

export interface HeadingScan {
  headings: PrintedHeading[];
  captions: PrintedCaption[];
  /** Numbers printed as headings on more than one body page (left out). */
  ambiguous: number;
  /** Pages read as listings (contents, lists of tables or figures). */
  listingPages: number[];
  /** Headings numbered by a single integer (left out). */
  integerHeadings: number;
}

interface Line {
  text: string;
  x0: number;
  x1: number;
  y1: number;
  h: number;
}

const NUMBER = String.raw`(?:\d{1,4}(?:\.\d{1,3})+|\d{1,3}-\d{1,3}(?:\.\d{1,3})*|[A-Z]-\d{1,3}(?:\.\d{1,3})*|[A-Z]\d{1,2}(?:\.\d{1,3})+)`;
const HEADING = new RegExp(
  String.raw`^[\[\]\s]*(${NUMBER})\.?\]?(?:\s+|(?=\(1\)\s))(?:[–—-]\s*)?((?:\(\d{1,2}\)\s+)?[A-Z][A-Za-z].*)$`,
);
const INTEGER_HEADING = /^[[\]\s]*\d{1,3}\.?\s+(?:[–—-]\s*)?[A-Z][A-Z]{2,}/;
/** "Table 3-1 Level of…", "TABLE 4 MINIMUM…", "Figure 3-1. Sample…", "Fig. 15 Plate…": a caption opens its line and a title follows. */
const CAPTION =
  /^[[\]\s]*(Table|TABLE|Figure|FIGURE|Fig\.|FIG\.)\s+([A-Z]?-?\d{1,3}(?:[.-]\d{1,3})*[a-z]?)\.?\s*(?:[–—:.-]\s*)?(?:\(continued\)\s*)?([A-Z(].*)?$/;
const NUMBER_ONLY = new RegExp(String.raw`^[\[\]\s]*${NUMBER}\.?\]?$`);
const LEADERS = /(?:\.\s?){4,}|…/;
const LISTING_TITLE =
  /^\s*(?:section\s+)?(?:table of contents|contents|table of provisions|list of (?:tables|figures))\s*$/i;
const UNIT = /^(?:MPa|GPa|kPa|Pa|N|kN|MN|mm|cm|m|km|in|ft|lb|kg|psi|ksi|Hz|kHz|V|kV|A|mA|W|kW|MW|K|C|F|S|J)\b/;

const decode = (s: string) =>
  s.replace(
    /&(amp|lt|gt|quot|apos|#\d+);/g,
    (_, e: string) =>
      ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[e] ?? String.fromCharCode(Number(e.slice(1))),
  );

/** pdftotext -bbox-layout's lines, page by page. */
export async function pdfLines(file: string): Promise<Line[][]> {
  const { stdout } = await promisify(execFile)('pdftotext', ['-bbox-layout', file, '-'], {
    maxBuffer: 512 * 1024 * 1024,
  });
  const pages: Line[][] = [];
  for (const page of stdout.split('<page ').slice(1)) {
    const lines: Line[] = [];
    for (const m of page.matchAll(
      /<line xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([\s\S]*?)<\/line>/g,
    )) {
      const words = [...m[5]!.matchAll(/<word[^>]*>([^<]*)<\/word>/g)].map((w) => decode(w[1]!));
      const y0 = Number(m[2]);
      const y1 = Number(m[4]);
      lines.push({ text: words.join(' '), x0: Number(m[1]), x1: Number(m[3]), y1, h: y1 - y0 });
    }
    pages.push(lines);
  }
  return pages;
}

/** A number alone joined with the text beside it on its baseline. */
function joined(lines: readonly Line[]): string[] {
  const out: string[] = [];
  const used = new Set<number>();
  lines.forEach((l, i) => {
    if (used.has(i)) return;
    if (NUMBER_ONLY.test(l.text)) {
      let best = -1;
      lines.forEach((r, j) => {
        if (j === i || used.has(j) || Math.abs(r.y1 - l.y1) > 2 || r.x0 < l.x1 || r.x0 - l.x1 > 8 * Math.max(l.h, 6))
          return;
        if (best < 0 || r.x0 < lines[best]!.x0) best = j;
      });
      if (best >= 0) {
        used.add(best);
        out.push(`${l.text} ${lines[best]!.text}`);
        return;
      }
    }
    out.push(l.text);
  });
  return out;
}

export async function printedHeadings(file: string): Promise<HeadingScan> {
  const pages = (await pdfLines(file)).map(joined);
  const candidates: { page: number; number: string; heading: string }[][] = pages.map(() => []);
  const captionsAt: { label: string; page: number }[] = [];
  let integerHeadings = 0;
  pages.forEach((lines, p) => {
    for (const text of lines) {
      if (LEADERS.test(text)) continue;
      const cap = CAPTION.exec(text);
      if (cap && (cap[3] || text.trim().split(/\s+/).length <= 3)) {
        captionsAt.push({ label: `${/^t/i.test(cap[1]!) ? 'Table' : 'Figure'} ${cap[2]}`, page: p + 1 });
        continue;
      }
      const m = HEADING.exec(text);
      if (!m) {
        if (INTEGER_HEADING.test(text)) integerHeadings++;
        continue;
      }
      const number = m[1]!;
      const heading = m[2]!.trim();
      if (/^0/.test(number) || UNIT.test(heading)) continue;
      candidates[p]!.push({ page: p + 1, number, heading });
    }
  });
  // Listing pages: titled so, or most of their numbered lines are printed again on a later page.
  const lastPage = new Map<string, number>();
  candidates.forEach((c, p) => c.forEach((h) => lastPage.set(h.number, p)));
  const listingPages: number[] = [];
  pages.forEach((lines, p) => {
    const titled = lines.some((t) => LISTING_TITLE.test(t));
    const leaders = lines.filter((t) => LEADERS.test(t)).length;
    const c = candidates[p]!;
    const later = c.filter((h) => lastPage.get(h.number)! > p).length;
    if (titled || leaders >= 3 || (c.length >= 5 && later >= 0.5 * c.length)) listingPages.push(p + 1);
  });
  const listing = new Set(listingPages);
  const byNumber = new Map<string, PrintedHeading[]>();
  for (const c of candidates.flat())
    if (!listing.has(c.page)) byNumber.set(c.number, [...(byNumber.get(c.number) ?? []), c]);
  const headings: PrintedHeading[] = [];
  let ambiguous = 0;
  for (const [, hs] of byNumber) {
    if (new Set(hs.map((h) => h.page)).size > 1) ambiguous++;
    else headings.push(hs[0]!);
  }
  headings.sort((a, b) => a.page - b.page);
  const captionPages = new Map<string, number[]>();
  for (const c of captionsAt)
    if (!listing.has(c.page)) captionPages.set(c.label, [...new Set([...(captionPages.get(c.label) ?? []), c.page])]);
  const captions = [...captionPages].map(([label, pages]) => ({ label, pages }));
  return { headings, captions, ambiguous, listingPages, integerHeadings };
}
