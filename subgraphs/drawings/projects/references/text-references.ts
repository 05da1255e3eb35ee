// Rule text-reference: a note that names another view or sheet. Drafting notes send the reader
// elsewhere with a lead word, an optional view (a view word and its id, or "id/"), and the sheet
// (a sheet word and its number, or a sheet number in UDS form alone):
//   English (NCS/UDS notes):  SEE 5/S-501 · SIM. 3/A5.1 · REFER TO S-201 · DET. ON SHEET 10 ·
//                             SEE DETAIL 3 ON SHEET S-501
//   German:                   siehe Plan 5.1.00 · s. Detail 3, Blatt 12 · vgl. Schnitt A-A, Plan-Nr. 203 ·
//                             Detail 3 siehe Plan A-501
//   Italian:                  vedi tav. A301 · v. tav. 5 · vedi dettaglio 3 tav. A5 · cfr. tavola 12 ·
//                             dettaglio 2 vedi tav. 12
// After a sheet word any drawing number is a sheet (older and European sets number sheets 1, 2, 3
// or 5.1.00); without one, only a UDS sheet number (a designator and a digit) is, so "SEE NOTE 3"
// and "s. 12" name no sheet. A note that says where to look is required: "SHEET 10 OF 20" alone is
// a title block, "Plan 3" alone a heading.
import type { BBox } from '../../../../core/geometry/types.ts';
import { isSheetNumber, SHEET_NUMBER_PATTERN } from '../sheet-number.ts';
import { readingFrame, type TextLine } from '../text-lines.ts';

export type Language = 'en' | 'de' | 'it';

export interface TextReference {
  view: string | null;
  sheet: string;
  language: Language | 'any';
  /** Where the reference starts in the text. */
  at: number;
}

interface Words {
  /** Words that send the reader elsewhere. */
  lead: string;
  /** Words naming a view. */
  view: string;
  /** Words naming a sheet, and the number word that may follow them. */
  sheet: string;
  number: string;
  /** Prepositions between a view and its sheet ("DETAIL 3 ON SHEET 5", "Detail 3 auf Plan 5"). */
  on: string;
}

const WORDS: Record<Language, Words> = {
  en: {
    lead: String.raw`SEE|REFER\s+TO|REF\.?|SIM\.?|SIMILAR(?:\s+TO)?|ON`,
    view: String.raw`DETAILS?|DET\.|SECTIONS?|SECT?\.|ELEVATIONS?|ELEV\.|VIEW`,
    sheet: String.raw`SHEET|SHT\.?|SH\.|DWG\.?|DRAWING`,
    number: String.raw`NO\.?|#`,
    on: String.raw`ON|IN`,
  },
  de: {
    lead: String.raw`SIEHE(?:\s+AUCH)?|S\.|VGL\.|VERGLEICHE|GEM\.|GEMÄ(?:SS|ß)|LT\.|LAUT`,
    view: String.raw`DETAILS?|DET\.|SCHNITT|SCHN\.|ANSICHT|ANS\.|AUSSCHNITT`,
    sheet: String.raw`PLAN(?:-?NR\.?|NUMMER)?|BLATT|BL\.|ZEICHNUNG(?:S-?NR\.?)?|ZCHNG\.?`,
    number: String.raw`NR\.?|NUMMER`,
    on: String.raw`AUF|IN|IM`,
  },
  it: {
    lead: String.raw`VEDI|VEDERE|VD\.|V\.|CFR\.?|CONFRONTA|RIF\.?|RIFERIMENTO`,
    view: String.raw`DETTAGLI[OA]?|DETT\.|PARTICOLAR[EI]|PART\.|SEZIONE|SEZ\.|PROSPETTO|PROSP\.|VISTA`,
    sheet: String.raw`TAVOL[AE]|TAV\.?|ELABORATO|ELAB\.?|DISEGNO|DIS\.|FOGLIO`,
    number: String.raw`N\.?|N°|NR\.?|NUM\.?`,
    on: String.raw`IN|SU|DELLA|ALLA`,
  },
};

/** A view's id in a note: 3, 12, A, AA, B2, 3A, or a section's pair "A-A". */
const VIEW = String.raw`[A-Z]-[A-Z]|[A-Z]{1,2}\d{0,2}|\d{1,3}[A-Z]?`;
/** After a sheet word: a drawing number (1, 12, 5.1.00, A-501, 15-G-06b): up to 24 characters with a digit. */
const NUMBERED = String.raw`[A-Z0-9][A-Z0-9._\-]{0,23}`;
const END = String.raw`(?![\w\/])`;

function formsOf(w: Words): RegExp[] {
  const sheetWord = String.raw`(?:${w.sheet})\s*(?:(?:${w.number})\s*)?`;
  return [
    // [view word [id] [,|on]] [id/] [sheet word] SHEET, after a lead: "SEE 5/S-501", "vedi dettaglio 3 tav. A5", "DET. ON SHEET 10".
    new RegExp(
      String.raw`(?<![\w.])(?<lead>(?:${w.lead})(?!\p{L}))\s*(?:(?<vw>${w.view})\s*(?:(?<v1>${VIEW})(?:\s*,\s*|\s+(?:${w.on})\s+|\s+))?)?(?:(?:${w.on})\s+)?(?:(?<v2>${VIEW})\s*\/\s*)?(?:(?<word>${sheetWord})(?<n1>${NUMBERED})|(?<n2>${SHEET_NUMBER_PATTERN})${END})`,
      'giu',
    ),
    // view word id LEAD [sheet word] SHEET: "Detail 3 siehe Plan A-501", "dettaglio 2 vedi tav. 12".
    new RegExp(
      String.raw`(?<![\w.])(?<vw>${w.view})\s*(?<v1>${VIEW})\s*,?\s*(?<lead>(?:${w.lead})(?!\p{L}))\s*(?:(?<word>${sheetWord})(?<n1>${NUMBERED})|(?<n2>${SHEET_NUMBER_PATTERN})${END})`,
      'giu',
    ),
  ];
}

const FORMS: [Language, RegExp][] = (Object.entries(WORDS) as [Language, Words][]).flatMap(([lang, w]) =>
  formsOf(w).map((re) => [lang, re] as [Language, RegExp]),
);

/** Rule view-on-sheet: "3/A501" standing alone in a note, a view id over a sheet number written on one line. */
const VIEW_ON_SHEET = new RegExp(
  String.raw`(?<![\w\/.-])([A-Z]?\d{1,2}[A-Z]?)\s*\/\s*(${SHEET_NUMBER_PATTERN})(?![\w\/])`,
  'g',
);
/**
 * Rule product-code: a manufacturer's name before a pair in view/sheet form ("SIMPSON A35/A35F", "USP
 * LUS26/LUS28") names its products, not a view on a sheet.
 */
const MANUFACTURER_BEFORE =
  /\b(?:SIMPSON(?:\s+STRONG-?TIE)?|SIMP\.?|STRONG-?TIE|USP|MITEK|HILTI|DEWALT|RED\s+HEAD)\s*$/i;

const designated = (s: string) => isSheetNumber(s) && /[A-Z]/i.test(s) && /\d/.test(s);
/** A drawing number ends at a letter or digit: "E400." and "Plan 12," end a sentence or a list. */
const trimNumber = (s: string) => {
  // A scan from the end, not /[._-]+$/: the regex retries from every separator of a long run (quadratic).
  let end = s.length;
  while (end > 0 && '._-'.includes(s[end - 1]!)) end--;
  return s.slice(0, end);
};

/** Leads too short to stand alone ("ON A2 BEAM", German "s." for page, Italian "v." for street): they need a sheet or view word. */
const WEAK_LEAD = /^(?:ON|S\.|V\.)$/i;

/** The references one note's text makes, each once: of two readings of one passage, the longer. */
export function referencesIn(text: string): TextReference[] {
  const found: (TextReference & { end: number })[] = [];
  for (const [language, re] of FORMS) {
    for (const m of text.matchAll(re)) {
      const g = m.groups!;
      const view = g.v1 ?? g.v2 ?? null;
      const sheet = g.n1 !== undefined ? trimNumber(g.n1) : g.n2!;
      // After a sheet word, any drawing number with a digit; alone, a designated UDS number.
      if (g.n1 !== undefined ? !/\d/.test(sheet) : !designated(sheet)) continue;
      if (WEAK_LEAD.test(g.lead!.trim()) && g.n1 === undefined && !g.vw) continue;
      found.push({
        view: view ? view.toUpperCase() : null,
        sheet,
        language,
        at: m.index!,
        end: m.index! + m[0].length,
      });
    }
  }
  for (const m of text.matchAll(VIEW_ON_SHEET)) {
    if (MANUFACTURER_BEFORE.test(text.slice(0, m.index!)) || !designated(m[2]!)) continue;
    found.push({ view: m[1]!.toUpperCase(), sheet: m[2]!, language: 'any', at: m.index!, end: m.index! + m[0].length });
  }
  // A reading inside a longer one of the same sheet is part of it ("siehe Plan A-501" in "Detail 3 siehe Plan A-501").
  const kept = found.filter(
    (r, i) =>
      !found.some(
        (o, j) =>
          j !== i &&
          o.sheet.toUpperCase() === r.sheet.toUpperCase() &&
          o.at <= r.at &&
          o.end >= r.end &&
          (o.end - o.at > r.end - r.at || j < i),
      ),
  );
  return kept.sort((a, b) => a.at - b.at).map(({ end: _end, ...r }) => r);
}

/**
 * Rule reference-over-two-lines: a note whose line ends where its sheet is still to come ("DET. ON",
 * "SEE DETAIL", "siehe", "vedi tav.") and whose next line below starts with the sheet ("SHEET 10",
 * "Plan 5.1.00", "tav. 12") is read as one line.
 */
const all = (k: keyof Words) =>
  Object.values(WORDS)
    .map((w) => w[k])
    .join('|');
const LEAD_AT_END = new RegExp(
  String.raw`(?<![\w.])(?:${all('lead')})(?:\s+(?:${all('view')}))?(?:\s+(?:${all('on')}))?\s*$`,
  'iu',
);
const SHEET_AT_START = new RegExp(String.raw`^\s*(?:${all('sheet')})\s*(?:(?:${all('number')})\s*)?\d`, 'iu');

/**
 * Pairs of lines that hold one reference between them: each line ending with a lead maps to the
 * line that continues it; that line maps to null (read with the first). The next line reads in the
 * same direction, starts within 2.5 of its font sizes below, and overlaps it along the line. Only
 * lines ending with a lead are paired, against lines starting with a sheet word, so the cost stays
 * that of the few such lines. A second line that is a reference on its own ("ON SHEET NO.23") is
 * left to be read alone.
 */
export function continuedReferences(lines: readonly TextLine[]): Map<TextLine, TextLine | null> {
  const out = new Map<TextLine, TextLine | null>();
  const heads = lines.filter((l) => LEAD_AT_END.test(l.text));
  const tails = lines.filter((l) => SHEET_AT_START.test(l.text) && !referencesIn(l.text).length);
  for (const head of heads) {
    const h = readingFrame(head.bbox, head.angle);
    let best: TextLine | null = null;
    let bestGap = Infinity;
    for (const tail of tails) {
      if (out.has(tail) || Math.abs(tail.angle - head.angle) > 0.09) continue;
      const t = readingFrame(tail.bbox, head.angle);
      const gap = t.top - h.bottom;
      const overlaps = t.x1 < h.x2 && t.x2 > h.x1;
      if (overlaps && gap > -0.5 * head.size && gap < 2.5 * head.size && gap < bestGap) {
        best = tail;
        bestGap = gap;
      }
    }
    if (best) {
      out.set(head, best);
      out.set(best, null);
    }
  }
  return out;
}

/** A note's references with the line(s) they were read from. */
export interface NoteReferences {
  text: string;
  box: BBox;
  raw: string[];
  refs: TextReference[];
}

/** Every line's references, a continued reference read once from its two lines. */
export function noteReferences(lines: readonly TextLine[]): NoteReferences[] {
  const continued = continuedReferences(lines);
  const out: NoteReferences[] = [];
  for (const line of lines) {
    const next = continued.get(line);
    if (continued.has(line) && !next) continue;
    const text = next ? `${line.text} ${next.text}` : line.text;
    const refs = referencesIn(text);
    if (!refs.length) continue;
    const box: BBox = next
      ? [
          Math.min(line.bbox[0], next.bbox[0]),
          Math.min(line.bbox[1], next.bbox[1]),
          Math.max(line.bbox[2], next.bbox[2]),
          Math.max(line.bbox[3], next.bbox[3]),
        ]
      : line.bbox;
    out.push({ text, box, raw: next ? [line.text, next.text] : [line.text], refs });
  }
  return out;
}
