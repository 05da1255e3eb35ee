// Splits the text of a code's pages into passages that keep their page (and
// its printed label), clause number, heading and the heading path above it,
// and classifies each by content type. Pure: text runs in, passages out.
// Layout (reading order, running headers and footers) is layout.ts; which
// numbers are clauses is numbering.ts; printed page labels are page-labels.ts.
import { layoutPages, type LaidOutPage, type PageText } from './layout.ts';
import {
  documentClauses,
  itemLabel,
  itemReference,
  lineStart,
  nextItems,
  parentsOf,
  parseNumber,
  type LineStart,
  type OpenItem,
} from './numbering.ts';
import { glossaryFor, glossaryOf } from './glossary.ts';
import { pageLabels } from './page-labels.ts';
import { designationsOf } from './designations.ts';
import { SECTION_NUMBER, statuteSections } from './statute-sections.ts';

function* linesOfPages(pages: readonly LaidOutPage[]): Generator<string> {
  for (const p of pages) for (const l of p.lines) yield l.text;
}

export type { PageText } from './layout.ts';
export { linesOf } from './layout.ts';

/** `commentary`: a commentary clause ("C5.3.4") beside the code clause it explains, which it follows in results. */
export const CONTENT_TYPES = ['text', 'table', 'equation', 'figure_caption', 'definition', 'commentary'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

export interface Passage {
  page: number;
  /** The page number printed on the page ("2-14", "iii"); the PDF page index as text when none is printed. */
  pageLabel: string;
  /**
   * Clause, subsection, table, figure or equation number, e.g. "22.5.1.1",
   * "3-11.2", "11.11(1)", "Table 5-2a", "Eq. (6-1)"; empty before the first.
   */
  section: string;
  heading: string;
  /** Headings of the clauses above this one, outermost first, joined by " › ". */
  headingPath: string;
  contentType: ContentType;
  text: string;
  /**
   * What the symbols and abbreviations the passage uses mean, in the code's
   * own words from where it defines them (glossary.ts); indexed and scored
   * beside the text, never shown. Absent or empty: none.
   */
  glossary?: string;
}

const EQ_NUMBER = /\(((?:Eq\.\s*)?[A-Z]?\d+(?:[.-]\d+)*[a-z]?)\)\s*$/;
const DEFINITION = /^([A-Za-z][A-Za-z ,'-]{1,60})\s+[—–]\s+(\S.*)$/;
const CHAPTER_DEFINITIONS = /\bdefinitions\b/i;
/** A heading is the text after the number up to its first full stop, when that is short (a run-in heading). */
const MAX_HEADING = 80;
/** A short line in title form: a capital first, no sentence punctuation, a few words. */
const TITLE_LINE = /^[A-Z][A-Za-z0-9 ,'’()/&-]{2,60}$/;

/** The content type a passage's first line announces. */
export function classify(first: string, inDefinitions: boolean): ContentType {
  const start = lineStart(first);
  if (start?.kind === 'caption')
    return /^Table/.test(start.label) ? 'table' : /^Figure/.test(start.label) ? 'figure_caption' : 'equation';
  if (/=/.test(first) && EQ_NUMBER.test(first)) return 'equation';
  if (inDefinitions || DEFINITION.test(first)) return 'definition';
  return 'text';
}

function headingOf(rest: string): string {
  const t = rest.replace(/^\(\d+\)\s*/, '').trim();
  const stop = /^(.{2,80}?[a-z)\]])\.(?:\s|$)/.exec(t);
  if (stop) return stop[1]!;
  return t.length <= MAX_HEADING ? t.replace(/\.$/, '') : '';
}

/**
 * Whether a page is a table of contents (its numbered lines are not clauses):
 * it says so ("Contents", "Table of provisions", "List of tables"), at least
 * three of its lines carry dot leaders to a page number, or most of its lines
 * are numbered titles. Lines merely ending in numbers are not enough (table
 * rows do too).
 */
/**
 * `/(?:\.\s?){4,}\s*\S+$/.test(text)` (four or more leader dots, each maybe followed by one blank,
 * then a last word) in one pass: the pattern itself lets its dots and its last word take the same
 * dots, quadratic over a long run of them. dots[i] is the longest run of leader units (`.` or
 * `. `) ending at i; the line qualifies when a run of four or more ends where only blanks and the
 * line's last word follow.
 */
export function endsInDotLeader(text: string): boolean {
  const n = text.length;
  if (n === 0 || /\s/.test(text[n - 1]!)) return false;
  let word = n;
  while (word > 0 && !/\s/.test(text[word - 1]!)) word--;
  let blanks = word;
  while (blanks > 0 && /\s/.test(text[blanks - 1]!)) blanks--;
  const dots = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= n; i++) {
    if (text[i - 1] === '.') dots[i] = 1 + dots[i - 1]!;
    else if (i >= 2 && text[i - 2] === '.' && /\s/.test(text[i - 1]!)) dots[i] = 1 + dots[i - 2]!;
    if (i >= blanks && i < n && dots[i]! >= 4) return true;
  }
  return false;
}

function isContents(page: LaidOutPage, starts: readonly (LineStart | null)[]): boolean {
  if (
    page.lines.some(
      (l) =>
        l.text.length <= 40 &&
        /\btable of contents$|^contents$|^table of provisions$|^list of (?:tables|figures)$|^index$/i.test(
          l.text.trim(),
        ),
    )
  )
    return true;
  if (page.lines.filter((l) => endsInDotLeader(l.text)).length >= 3) return true;
  // A list of numbered titles with no text between them.
  const titles = starts.filter((s) => s?.kind === 'clause' && s.rest.length <= 70 && !/[—–;]|\.\s/.test(s.rest)).length;
  return page.lines.length >= 8 && titles >= 0.6 * page.lines.length;
}

/**
 * @example
 * passagesOf([{ page: 3, height: 792, runs }]) // → [{ page: 3, pageLabel: '3', section: '22.5.1.1', heading: 'Nominal shear strength', contentType: 'text', ... }]
 */
export function passagesOf(pages: readonly PageText[], pdfLabels: readonly string[] | null = null): Passage[] {
  return readDocument(pages, pdfLabels).passages;
}

/** A document's passages and the names it prints for itself (designations.ts). */
export function readDocument(
  pages: readonly PageText[],
  pdfLabels: readonly string[] | null = null,
): { passages: Passage[]; designations: string[] } {
  const laid = layoutPages(pages);
  const labels = pageLabels(laid, pdfLabels);
  // A statute numbers whole sections and prints them again on each subsection (statute-sections.ts).
  const sections = statuteSections(linesOfPages(laid));
  const { starts, commentaryAt } = lineStarts(laid, sections);
  const r: PassageReading = {
    sections,
    commentaryAt,
    out: [],
    headings: new Map(),
    carry: null,
    current: null,
    inDefinitions: false,
    lastClause: null,
    clause: null,
    open: [],
  };
  laid.forEach((page, pi) => {
    page.lines.forEach((line, li) => readLine(r, page, labels[pi]!, line.text, starts[pi]![li]!, `${pi}:${li}`));
    // Passages do not run across pages: each keeps the page its words are on.
    flush(r);
  });
  const meanings = glossaryFor(r.out, glossaryOf(r.out));
  const firstClause = starts.findIndex((s) => s.some((st) => st?.kind === 'clause'));
  return {
    passages: r.out.map((p, i) => (meanings[i] ? { ...p, glossary: meanings[i] } : p)),
    designations: designationsOf(laid, firstClause < 0 ? laid.length : firstClause),
  };
}

/**
 * What each line starts (a clause, a caption, a structural heading, or nothing), in reading order.
 * The document's clause order decides which numbers are clauses: the other candidates become null.
 * Also the commentary clauses by place ("page:line"): the code clause each explains.
 */
function lineStarts(
  laid: readonly LaidOutPage[],
  sections: boolean,
): { starts: (LineStart | null)[][]; commentaryAt: Map<string, string> } {
  const starts = laid.map((p) => {
    const s = p.lines.map((l) => lineStart(l.text, sections));
    return isContents(p, s) ? s.map(() => null) : s;
  });
  const candidates: { page: number; line: number }[] = [];
  starts.forEach((s, p) => s.forEach((st, l) => st?.kind === 'clause' && candidates.push({ page: p, line: l })));
  const { clauses, commentaryOf } = documentClauses(
    candidates.map((c) => starts[c.page]![c.line]!),
    sections,
  );
  const commentaryAt = new Map<string, string>();
  candidates.forEach((c, i) => {
    if (!clauses.has(i)) starts[c.page]![c.line] = null;
    else if (commentaryOf.has(i)) commentaryAt.set(`${c.page}:${c.line}`, commentaryOf.get(i)!);
  });
  return { starts, commentaryAt };
}

type PassageStart = { section: string; heading: string; headingPath: string };

/** The state of one reading of a document's lines into passages. */
interface PassageReading {
  sections: boolean;
  commentaryAt: Map<string, string>;
  out: Passage[];
  /** Clause headings by number, for the heading paths of the clauses under them. */
  headings: Map<string, string>;
  /** What the last passage was under: a clause that runs onto the next page continues there under it. */
  carry: Pick<Passage, 'section' | 'heading' | 'headingPath' | 'contentType'> | null;
  current: Passage | null;
  inDefinitions: boolean;
  lastClause: string | null;
  /** The clause whose enumerated items are being read (numbering.ts), and its open items. */
  clause: { label: string; heading: string; headingPath: string; contentType: ContentType } | null;
  open: OpenItem[];
}

/** The passage being read ends; a clause that runs onto the next page continues there under the same number. */
function flush(r: PassageReading): void {
  const current = r.current;
  if (current && current.text.trim()) r.out.push({ ...current, text: current.text.trim() });
  if (current)
    r.carry = {
      section: current.section,
      heading: current.heading,
      headingPath: current.headingPath,
      contentType: current.contentType,
    };
  r.current = null;
}

const pathOf = (r: PassageReading, section: string) =>
  parentsOf(section)
    .map((p) => r.headings.get(p))
    .filter(Boolean)
    .join(' › ');

/** One line: it opens a passage (a clause, an item, a caption, a heading, an equation, a definition) or continues the current one. */
function readLine(
  r: PassageReading,
  page: LaidOutPage,
  pageLabel: string,
  t: string,
  st: LineStart | null,
  place: string,
): void {
  const eq = !st && /=/.test(t) ? EQ_NUMBER.exec(t) : null;
  if (st?.kind === 'caption' || st?.kind === 'structural') r.clause = null;
  let start: PassageStart | null = null;
  let type: ContentType | null = null;
  if (st?.kind === 'caption') start = { section: st.label, heading: st.rest.trim(), headingPath: '' };
  else if (st?.kind === 'clause') ({ start, type } = clauseStart(r, st, r.commentaryAt.get(place)));
  else if (!st && !eq && r.clause) ({ start, type } = itemStart(r, r.clause, t));
  else if (st?.kind === 'structural') {
    start = { section: st.label, heading: st.rest.trim(), headingPath: '' };
    r.inDefinitions = CHAPTER_DEFINITIONS.test(t);
  } else if (eq)
    start = {
      section: /^Eq/i.test(eq[1]!) ? `(${eq[1]})` : `Eq. (${eq[1]})`,
      heading: '',
      headingPath: r.lastClause
        ? [pathOf(r, r.lastClause), r.headings.get(r.lastClause)].filter(Boolean).join(' › ')
        : '',
    };
  const isDefinitionEntry = r.inDefinitions && DEFINITION.test(t);
  if (isDefinitionEntry && !start) r.clause = null;
  if (start || isDefinitionEntry || !r.current) {
    flush(r);
    const def = isDefinitionEntry ? DEFINITION.exec(t) : null;
    const c = !start && !isDefinitionEntry ? r.carry : null;
    r.current = {
      page: page.page,
      pageLabel,
      section: start?.section ?? c?.section ?? '',
      heading: c?.heading ?? start?.heading ?? def?.[1]?.trim() ?? '',
      headingPath: start?.headingPath ?? c?.headingPath ?? '',
      contentType:
        c?.contentType ?? type ?? (st?.kind === 'structural' ? 'text' : classify(t, r.inDefinitions && !start)),
      text: t,
    };
  } else {
    r.current.text += '\n' + t;
  }
}

/**
 * A clause line opens a passage under its number; its heading is the run-in title, or a marginal
 * note or heading set on its own line just above. `explains`: the code clause a commentary clause
 * explains ("C5.3.4" under "5.3.4 Cyclonic Region Factor").
 */
function clauseStart(
  r: PassageReading,
  st: LineStart,
  explains: string | undefined,
): { start: PassageStart; type: ContentType } {
  let heading = headingOf(st.rest);
  // A statute's section has no run-in heading, only its marginal note (statute-sections.ts).
  const before = r.current?.text.split('\n') ?? [];
  const note = before[before.length - 1];
  if (
    !heading.length ||
    heading.length > MAX_HEADING / 2 ||
    !/^[A-Z]/.test(st.rest) ||
    (r.sections && SECTION_NUMBER.test(st.label))
  ) {
    if (r.current && before.length >= 1 && note && TITLE_LINE.test(note)) {
      heading = note;
      r.current.text = before.slice(0, -1).join('\n');
    }
  }
  r.headings.set(st.label, heading);
  const type: ContentType = explains ? 'commentary' : 'text';
  const path = explains
    ? [pathOf(r, explains), `${explains} ${r.headings.get(explains) ?? ''}`.trim()].filter(Boolean).join(' › ')
    : pathOf(r, st.label);
  if (!explains) r.lastClause = st.label;
  const start = { section: st.label, heading, headingPath: path };
  r.clause = { label: st.label, ...start, contentType: type };
  // "11.11 (1) If …": the clause's text opens with its first subsection.
  const first = itemLabel(st.rest);
  r.open = (first && nextItems([], first.label)) || [];
  start.section = itemReference(st.label, r.open);
  const parts = parseNumber(st.label).parts;
  if (parts.length === 2 && !explains) r.inDefinitions = CHAPTER_DEFINITIONS.test(st.rest);
  return { start, type };
}

/**
 * An enumerated item of the clause (numbering.ts): a subsection (the first level) is a passage of
 * its own under the clause's heading; deeper items continue their subsection's sentence and stay in it.
 * Some codes print the clause's number again on each subsection ("291.4(2) An employer…").
 */
function itemStart(
  r: PassageReading,
  clause: NonNullable<PassageReading['clause']>,
  t: string,
): { start: PassageStart | null; type: ContentType | null } {
  const label = itemLabel(t.startsWith(`${clause.label}(`) ? t.slice(clause.label.length) : t);
  const next = label && nextItems(r.open, label.label);
  if (!next) return { start: null, type: null };
  r.open = next;
  if (next.length !== 1) return { start: null, type: null };
  return {
    start: { section: itemReference(clause.label, next), heading: clause.heading, headingPath: clause.headingPath },
    type: clause.contentType,
  };
}
