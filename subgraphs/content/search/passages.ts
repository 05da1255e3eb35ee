// Splits the text of a code's pages into passages that keep their page,
// clause number and heading, and classifies each by content type. Pure:
// text runs in, passages out.
import type { TextRun } from '../../../core/geometry/types.ts';

export const CONTENT_TYPES = ['text', 'table', 'equation', 'figure_caption', 'definition'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

export interface Passage {
  page: number;
  /** Clause, table, figure or equation number, e.g. "22.5.1.1", "Table 4.3", "Eq. (6-1)"; empty before the first. */
  section: string;
  heading: string;
  contentType: ContentType;
  text: string;
}

export interface PageText {
  page: number;
  height: number;
  runs: TextRun[];
}

interface Line {
  text: string;
  y: number;
  size: number;
}

/** Runs grouped into lines by baseline, left to right. */
export function linesOf(runs: readonly TextRun[]): Line[] {
  const sorted = [...runs].filter((r) => r.str.trim()).sort((a, b) => a.bbox[3] - b.bbox[3] || a.bbox[0] - b.bbox[0]);
  const lines: { runs: TextRun[]; y: number }[] = [];
  for (const r of sorted) {
    const last = lines[lines.length - 1];
    if (last && Math.abs(last.y - r.bbox[3]) < Math.max(1.5, 0.35 * r.size)) last.runs.push(r);
    else lines.push({ runs: [r], y: r.bbox[3] });
  }
  return lines.map((l) => {
    const runs = l.runs.sort((a, b) => a.bbox[0] - b.bbox[0]);
    let text = '';
    let right = -Infinity;
    for (const r of runs) {
      // A gap wider than a space between runs is a column break in a table row: keep it visible.
      const gap = r.bbox[0] - right;
      text += text ? (gap > 2 * r.size ? '  |  ' : gap > 0.15 * r.size ? ' ' : '') : '';
      text += r.str.trim();
      right = r.bbox[2];
    }
    return { text: text.replace(/\s+/g, (m) => (m.includes('|') ? m : ' ')), y: l.y, size: Math.max(...runs.map((r) => r.size)) };
  });
}

const CLAUSE = /^((?:\d+\.){1,5}\d+|\d+\.\d+)(?:\s*\((\d+)\))?\s+(\S.*)$/;
const TABLE = /^(Table\s+[A-Z]?\d+(?:[.-]\d+)*[a-z]?)\s*[—–:-]?\s*(.*)$/i;
const FIGURE = /^((?:Figure|Fig\.)\s+[A-Z]?\d+(?:[.-]\d+)*[a-z]?)\s*[—–:-]?\s*(.*)$/i;
const EQ_NUMBER = /\(((?:Eq\.\s*)?[A-Z]?\d+(?:[.-]\d+)*[a-z]?)\)\s*$/;
const DEFINITION = /^([A-Za-z][A-Za-z ,'-]{1,60})\s+[—–]\s+(\S.*)$/;
const CHAPTER_DEFINITIONS = /\bdefinitions\b/i;

/** The content type a passage's first line announces. */
export function classify(first: string, inDefinitions: boolean): ContentType {
  if (TABLE.test(first)) return 'table';
  if (FIGURE.test(first)) return 'figure_caption';
  if (/=/.test(first) && EQ_NUMBER.test(first)) return 'equation';
  if (inDefinitions || DEFINITION.test(first)) return 'definition';
  return 'text';
}

/**
 * @example
 * passagesOf([{ page: 3, height: 792, runs }]) // → [{ page: 3, section: '22.5.1.1', heading: 'Nominal shear strength', contentType: 'text', text: '...' }]
 */
export function passagesOf(pages: readonly PageText[]): Passage[] {
  const out: Passage[] = [];
  const state: { current: Passage | null; carry: Pick<Passage, 'section' | 'heading' | 'contentType'> | null } = { current: null, carry: null };
  let inDefinitions = false;
  const flush = () => {
    const c = state.current;
    if (c && c.text.trim()) out.push({ ...c, text: c.text.trim() });
    // A clause that runs onto the next page continues there under the same number.
    if (c) state.carry = { section: c.section, heading: c.heading, contentType: c.contentType };
    state.current = null;
  };
  for (const page of pages) {
    // Running headers and footers sit in the top and bottom margins of every page.
    const body = linesOf(page.runs).filter((l) => l.y > 0.06 * page.height && l.y < 0.95 * page.height);
    for (const line of body) {
      const t = line.text;
      const clause = CLAUSE.exec(t);
      const table = TABLE.exec(t);
      const figure = FIGURE.exec(t);
      const eq = /=/.test(t) ? EQ_NUMBER.exec(t) : null;
      let start: { section: string; heading: string } | null = null;
      if (table) start = { section: table[1]!, heading: table[2] ?? '' };
      else if (figure) start = { section: figure[1]!, heading: figure[2] ?? '' };
      else if (eq) start = { section: /^Eq/i.test(eq[1]!) ? `(${eq[1]})` : `Eq. (${eq[1]})`, heading: '' };
      else if (clause) {
        const number = clause[2] ? `${clause[1]} (${clause[2]})` : clause[1]!;
        start = { section: number, heading: clause[3]!.length <= 80 ? clause[3]! : '' };
        if (/^\d+$/.test(clause[1]!.split('.')[0]!) && clause[1]!.split('.').length === 2) inDefinitions = CHAPTER_DEFINITIONS.test(clause[3]!);
      } else if (/^(chapter|section|part)\s+\d+/i.test(t)) {
        inDefinitions = CHAPTER_DEFINITIONS.test(t);
      }
      const isDefinitionEntry = inDefinitions && DEFINITION.test(t);
      const previous = state.current;
      if (start || isDefinitionEntry || !previous) {
        flush();
        const def = isDefinitionEntry ? DEFINITION.exec(t) : null;
        const heading: string = start?.heading ?? def?.[1]?.trim() ?? '';
        const carried = !start && !isDefinitionEntry ? state.carry : null;
        state.current = {
          page: page.page,
          section: start?.section ?? carried?.section ?? '',
          heading: carried?.heading ?? heading,
          contentType: carried?.contentType ?? classify(t, inDefinitions && !start),
          text: t,
        };
      } else {
        previous.text += '\n' + t;
      }
    }
    // Passages do not run across pages: each keeps the page its words are on.
    flush();
  }
  return out;
}
