// Statute sections: how an enactment (an Act or a regulation) numbers its provisions, as Alberta's
// Occupational Health and Safety Code and Alberta's other enactments print them. Pure.
//
// - Sections are numbered by whole numbers through the whole enactment, whatever Part they are in
//   ("Part 11" holds sections 178 to 184); the Part is a division, not a part of the number.
// - A section inserted by a later amendment takes a decimal after the section it follows, and
//   the decimals are ordered as decimals: 291.1 … 291.7 stand between 291 and 292, and 468.51
//   between 468.5 and 468.6, 517.991 after 517.99.
// - Sections are never renumbered: a repealed section keeps its number ("688 Repealed"), and a
//   repealed Division takes a run of them away ("Division 2 Repealed": 604 is followed by 680).
//   So a later section may be any larger number, and a section never goes back.
// - Each subsection prints its section's number again, tight against its label: "180(1) Before
//   sending workers…", "180(2) The plan referred to…". A section without subsections prints its
//   number before its text: "182 If a worker has an illness…". Its heading is the marginal note
//   set above it ("Emergency transportation").
//
// Whole numbers opening a line are everywhere in other documents (list items, table rows, page
// numbers), so they are read as sections only in a document that follows the convention: one
// that prints whole section numbers tight against subsection (2) after (1) of the same number.
// Those documents' numbers with one decimal part are sections too (291.4 is not chapter 291,
// clause 4); numbers of more parts keep their own numbering (numbering.ts).

/** A section number opening a line, tight against its subsection or before its text: "180(1) Before…", "291.4(2) An…", "182 If…". */
const SECTION = /^\s*(\d{1,4}(?:\.\d{1,3})?)(?:(?=\(\d{1,3}\)\s)|\s+)(\S.*)?$/;
/** "180(2) " — a subsection after the first, its section's number printed again. */
const REPEATED = /^\s*(\d{1,4})\((\d{1,3})\)\s/;
/** A statute section number: a whole number, perhaps with an inserted section's decimal. */
export const SECTION_NUMBER = /^\d{1,4}(?:\.\d{1,3})?$/;

/** Distinct whole section numbers printed tight against subsections (1) and (2) that make a document a statute. */
const MIN_SECTIONS = 5;

/**
 * Whether a document's lines follow the statute convention: at least MIN_SECTIONS whole section
 * numbers printed tight against their subsection (1) and, later, (2).
 * @example statuteSections(['180(1) Before…', '180(2) The plan…', …]) // → true with five such sections
 */
export function statuteSections(lines: Iterable<string>): boolean {
  const first = new Set<string>();
  const both = new Set<string>();
  for (const text of lines) {
    const m = REPEATED.exec(text);
    if (!m) continue;
    if (m[2] === '1') first.add(m[1]!);
    else if (m[2] === '2' && first.has(m[1]!)) both.add(m[1]!);
    if (both.size >= MIN_SECTIONS) return true;
  }
  return false;
}

/** A section number opening a line and the text after it, or null. */
export function sectionStart(text: string): { label: string; rest: string } | null {
  const m = SECTION.exec(text);
  return m ? { label: m[1]!, rest: m[2] ?? '' } : null;
}

/** A section number's whole part and its inserted decimal as a fraction ("468.51" → [468, 0.51]). */
function valueOf(raw: string): [number, number] {
  const [whole, decimal] = raw.split('.');
  return [Number(whole), decimal ? Number(`0.${decimal}`) : 0];
}

/**
 * Whether section `b` can follow section `a`: a later section, or a section inserted after `a`
 * (a larger decimal of the same whole number).
 * @example followsSection('291', '291.1') // → true
 * @example followsSection('468.5', '468.51') // → true
 * @example followsSection('291.7', '292') // → true
 */
export function followsSection(a: string, b: string): boolean {
  const [wa, fa] = valueOf(a);
  const [wb, fb] = valueOf(b);
  return wb === wa ? fb > fa : wb > wa;
}
