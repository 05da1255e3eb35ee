// What a search query names besides its words: codes (by catalogue id, their
// designation, a short name such as "ACI 318", or the document's own title),
// a clause, table or figure reference, and a printed page. Pure.

export interface CatalogueEntry {
  fileId: string;
  filename: string;
  description: string;
  designStandard: string;
  /** The names the document prints for itself (designations.ts), learnt when it was indexed. */
  designations?: readonly string[];
}

/** A printed name, and the same without the year or edition it ends with ("IS : 3043 - 1987" → "IS : 3043"; "NECB 2025" → "NECB"). */
function printedForms(name: string): string[] {
  const printed = name.trim();
  // Fixed-length and anchored at the end; the separators before the year are trimmed by a scan (no rescanning blank runs).
  const year = /(?:19|20)\d\d\)?$/.exec(printed);
  if (!year || !/[\s:(-]$/.test(printed.slice(0, year.index))) return [name];
  const bare = trimEnd(printed.slice(0, year.index), ' \t:(-');
  return bare ? [name, bare] : [name];
}

/** The text without the given characters at its start. */
function trimStart(text: string, chars: string): string {
  let i = 0;
  while (i < text.length && chars.includes(text[i]!)) i++;
  return text.slice(i);
}

/** The text without the given characters at its end. */
function trimEnd(text: string, chars: string): string {
  let i = text.length;
  while (i > 0 && chars.includes(text[i - 1]!)) i--;
  return text.slice(0, i);
}

/**
 * The ways a catalogue entry is named: its id's words ("ufc 4 010 01"), the
 * same without the edition ("aci 318" of "aci-318-19"), the family and first
 * number ("EN 1992", "ASCE 7"), the designation that opens its description
 * ("UFC 4-010-01", "SOR/86-304") and the title after it ("Scour Evaluation
 * Guide"), and the names the document prints for itself (its designations and
 * title, with and without their year). A name that two entries share names neither.
 */
export function namesOf(c: CatalogueEntry): string[] {
  const names = new Set<string>();
  const id = c.fileId.split('-');
  names.add(id.join(' '));
  if (id.length > 2 && /^(?:\d{2}|\d{4})$/.test(id[id.length - 1]!)) names.add(id.slice(0, -1).join(' '));
  if (id.length >= 2 && /\d/.test(id[1]!)) names.add(`${id[0]} ${id[1]}`);
  const title = withoutParentheticals(c.description).trim();
  const words = title.split(/\s+/);
  const designation: string[] = [];
  for (const w of words) {
    if (/\d/.test(w) || (/^[A-Z/]{2,}$/.test(w) && designation.length < 2)) designation.push(w);
    else break;
  }
  if (designation.some((w) => /\d/.test(w))) names.add(designation.join(' '));
  const rest = words.slice(designation.length).join(' ');
  if (rest.split(/\s+/).length >= 3) names.add(rest);
  for (const d of c.designations ?? []) for (const form of printedForms(d)) names.add(form);
  return [...names].filter((n) => n.replace(/[^A-Za-z0-9]/g, '').length >= 3);
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A name as a pattern: its words in order, with any separators between them ("IS 875 (Part 3)" is "IS 875 Part 3" too). */
const namePattern = (name: string) =>
  new RegExp(
    `(?<![A-Za-z0-9])${name
      .split(/[^A-Za-z0-9]+/)
      .filter(Boolean)
      .map(escape)
      .join('[\\s/\\-–—.,:;()]*')}(?![A-Za-z0-9]|[-–.:][0-9])\\)?`,
    'i',
  );

/** The catalogue entries a query names, and the query with those names taken out. */
export function codesNamed(query: string, catalogue: readonly CatalogueEntry[]): { fileIds: string[]; rest: string } {
  const all = catalogue.flatMap((c) =>
    namesOf(c).map((name) => ({ fileId: c.fileId, name, key: name.toLowerCase().replace(/[^a-z0-9]+/g, ' ') })),
  );
  const owners = new Map<string, Set<string>>();
  for (const n of all) owners.set(n.key, (owners.get(n.key) ?? new Set()).add(n.fileId));
  const found = all.filter((n) => owners.get(n.key)!.size === 1 && namePattern(n.name).test(query));
  let rest = query;
  // Longest first, so "ACI 318-19" goes whole rather than leaving "-19" behind.
  for (const { name } of [...found].sort((a, b) => b.name.length - a.name.length))
    rest = rest.replace(namePattern(name), ' ');
  // What the names leave at the edges is punctuation ("IS 875 (Part 3) 5.3.4" leaves "5.3.4", "…Standard, Annex B" leaves "Annex B").
  return {
    fileIds: [...new Set(found.map((f) => f.fileId))],
    rest: trimEnd(trimStart(rest.replace(/\s+/g, ' '), ' ,;:)]–—-'), ' ,;:([–—-'),
  };
}

const REF_NUMBER = String.raw`(?:[A-Z]-\d{1,4}(?:\.\d{1,3})*|\d{1,4}-\d{1,3}(?:\.\d{1,3})*|[A-Z]\d{1,3}(?:\.\d{1,3})+|\d{1,4}(?:\.\d{1,3})+)`;
const CAPTION_REF = new RegExp(
  String.raw`\b(table|figure|fig\.?|equation|eq\.?)\s+([A-Z]?-?\d{1,4}(?:[.-]\d{1,3})*[A-Za-z]?)\b`,
  'i',
);
/** Enumerated items after a clause number, as printed or with spaces: "(1)(a)(ii)", " (2)(b)" (numbering.ts). */
const ITEMS = String.raw`(?:\s*\((?:\d{1,3}|[a-z]{1,5}|[A-Z]{1,2})\))*`;
// An Article's closing dot ("3.2.1.1.", "3.2.1.1.(1)") is punctuation, not part of its number.
const WORD_REF = new RegExp(
  String.raw`(?:\b(?:section|clause|paragraph|para\.?|article|subsection|sec\.?|regulation|rule)\s+|§\s*)(${REF_NUMBER})\.?(${ITEMS})`,
  'i',
);
/** A division the number is in, printed before it ("Division B 3.2.1.1.", "Part 3, 3.2.1"): the number is still the whole reference. */
const DIVISION = String.raw`(?:(?:division|part|volume|book|annex|appendix)\s+(?:\d{1,3}|[A-Z]|[IVXL]{1,6})(?:\s*[,:])?\s+)?`;
const BARE_REF = new RegExp(String.raw`^\s*${DIVISION}(${REF_NUMBER})\.?(${ITEMS})\.?\s*$`, 'i');
const STRUCTURAL_REF = /^\s*(chapter|part|appendix|annex|schedule|section)\s+(\d{1,4}|[A-Z]|[IVXL]{1,6})\s*$/i;
/** A statute's whole section with its subsection, as cited: "180(1)", "180(2)(a)" (statute-sections.ts). A bare "180" is a page or a count. */
const SECTION_REF = new RegExp(String.raw`^\s*(\d{1,4}\(\d{1,3}\)${ITEMS})\s*$`);

/**
 * The clause, sub-clause, table or figure a query refers to, as the index stores it, or null.
 * A number counts as a reference when a word says so ("section 3.3", "Table 2-2")
 * or when it is the whole query once code names are removed ("3-11.2", "A-5.6",
 * "11.11(1)(a)", "1613.1.1.3 (2)(b)"); a number inside a sentence ("1.5 times the
 * stone size") is not one. A sub-clause reference is given without spaces.
 * @example
 * clauseNamed('Table 5-2a') // → 'Table 5-2a'
 * clauseNamed('section 3.14.3') // → '3.14.3'
 */
export function clauseNamed(rest: string): string | null {
  const cap = CAPTION_REF.exec(rest);
  if (cap) {
    const word = cap[1]!.toLowerCase().replace(/\.$/, '');
    const kind = word.startsWith('fig') ? 'Figure' : word.startsWith('eq') ? 'Equation' : 'Table';
    return `${kind} ${cap[2]}`;
  }
  const worded = WORD_REF.exec(rest);
  if (worded) return (worded[1]! + worded[2]!).replace(/\s+/g, '');
  const bare = BARE_REF.exec(rest);
  if (bare) return (bare[1]! + bare[2]!).replace(/\s+/g, '');
  const section = SECTION_REF.exec(rest);
  if (section) return section[1]!.replace(/\s+/g, '');
  const st = STRUCTURAL_REF.exec(rest);
  if (st) return `${st[1]!.charAt(0).toUpperCase()}${st[1]!.slice(1).toLowerCase()} ${st[2]!.toUpperCase()}`;
  return null;
}

/**
 * The references a sub-clause reference may be stored under, the most precise first:
 * a subsection is a passage of its own, deeper items are read in their subsection's.
 * @example referenceForms('11.11(1)(a)(ii)') // → ['11.11(1)(a)(ii)', '11.11(1)(a)', '11.11(1)', '11.11']
 */
export function referenceForms(reference: string): string[] {
  const out = [reference];
  while (/\([^()]*\)$/.test(out[out.length - 1]!)) out.push(out[out.length - 1]!.replace(/\([^()]*\)$/, ''));
  return out;
}

/** A printed or PDF page a query names ("page 2-14", "p. iii"), or null. */
export function pageNamed(rest: string): string | null {
  const m = /^\s*(?:page|p\.|pg\.?)\s*((?:[A-Z]-)?\d{1,4}(?:-\d{1,4})?|[ivxlc]{1,7})\s*$/i.exec(rest);
  return m ? m[1]! : null;
}

/**
 * Each `(…)` replaced by a blank, as `replace(/\([^)]*\)/g, ' ')` did (an opening bracket to the
 * next closing one), with index scans: the pattern rescanned to the end from every `(` of an
 * unclosed run (quadratic).
 */
function withoutParentheticals(text: string): string {
  let out = '';
  let at = 0;
  for (;;) {
    const open = text.indexOf('(', at);
    const close = open < 0 ? -1 : text.indexOf(')', open);
    if (close < 0) return out + text.slice(at);
    out += `${text.slice(at, open)} `;
    at = close + 1;
  }
}
