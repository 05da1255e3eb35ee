// What title blocks print, as the conventions state it. Each pattern names its source.

/**
 * US National CAD Standard, Uniform Drawing System (module 1, sheet identification): a discipline
 * designator of one letter, optionally a second (modifier) letter, an optional separator (hyphen,
 * dot or space), the sheet-type digit and a two-digit sequence, optionally a dot and a suffix:
 * A-101, A101, A 101, S2.01, AF101, E-400, A11.4. Older and smaller sets use fewer digits (A1.1, S1).
 */
export const UDS_NUMBER = /^[A-Z]{1,2}[-. ]?\d{1,3}(?:\.\d{1,3})?[A-Z]?$/;

/**
 * A drawing number as non-UDS offices print it: ISO 7200's "identification number" is whatever the
 * owner's scheme gives (6075_A_GR_EG_901, 15-G-06b-303, 2018035DCD05509A0, QL-001, 5.1.00, ГП-01):
 * one token of letters, digits and separators, with at least one digit, 3-40 characters.
 */
export const DRAWING_NUMBER = /^(?=.*\d)[\p{L}\p{N}][\p{L}\p{N}._/-]{1,38}[\p{L}\p{N}]$/u;

/** Lettering that is a number of something else: dates, scales, sizes, years, counts, sheet-of-sheets, levels, file names. */
export const NOT_A_SHEET_NUMBER = [
  /^\d{1,4}[./-]\d{1,2}[./-]\d{2,4}$/, // date
  /^[YMDJA]{1,4}[./-][MD]{2}[./-][YMDJA]{2,4}$/i, // date placeholder (YYYY/MM/DD)
  /^\(?\d{3}\)?[-. ]?\d{3}[-. ]\d{4}$/, // telephone (NANP)
  /^\+?\d{1,3}(?:[ .-]\d{2,4}){2,}$/, // telephone (international)
  /^1\s*:\s*\d+/, // scale
  /^[A-Z]?\d{1,2}$/i, // a bare grid or view label (1, 12, A1): too short to name a sheet without a label
  /^(?:19|20)\d{2}$/, // year
  /^[±+-]/, // level
  /\.(?:dwg|dxf|dgn|pdf|rvt|pln)$/i, // file
  /^A[0-4]$/i, // paper size
  /^\d+(?:[.,]\d+)?$/, // a plain number (dimension) unless a label says it is the sheet number
  /^(?:ISO|DIN|EN|UNI|NF|BS|GOST|ГОСТ)\b/i, // standards
];

/**
 * Field labels of the sheet number, by convention and language. NCS/UDS title blocks print
 * "SHEET NUMBER", "SHEET NO.", "DWG NO."; ISO 7200 "Drawing number" / "Identification number";
 * DIN/German practice "Plan-Nr.", "Plannummer", "Zeichnungs-Nr.", "Blatt(-Nr.)"; Swiss "Plan-Nr.";
 * Italian "Tavola" (TAV.), "Elaborato", "N. disegno"; French "N° de plan", "Planche"; Spanish
 * "Plano N°"; GOST 2.104's main stamp puts the document designation ("Обозначение") in its largest
 * field and the sheet in "Лист".
 */
export const NUMBER_LABEL =
  /^(?:SHEET\s*(?:NO\.?|NUMBER|#)|SHT\.?\s*NO\.?|DWG\.?\s*(?:NO\.?|#)|DRAWING\s*(?:NO\.?|NUMBER|#)|IDENTIFICATION\s+NUMBER|PLAN[-\s]?(?:NR\.?|NUMMER|NO\.?)|ZEICHNUNGS?[-\s]?(?:NR\.?|NUMMER)|BLATT[-\s]?(?:NR\.?|NUMMER)|TAVOLA(?:\s*N[.°O]*)?|TAV\.|ELABORATO|N\.?\s*DISEGNO|N°\s*DE\s*PLAN|PLANCHE|PLANO\s*N[°O.]*|ОБОЗНАЧЕНИЕ|ЛИСТ)\s*(?::\s*)?/i;

/**
 * Field labels of the sheet title. NCS: "SHEET TITLE", "DRAWING TITLE"; ISO 7200: "Title";
 * German: "Planinhalt", "Planbezeichnung", "Inhalt", "Darstellung", "Plan" (DIN stamps label the
 * title field "Plan" beside "Plannummer"); Italian: "Oggetto", "Titolo", "Contenuto"; French: "Titre";
 * GOST 2.104: "Наименование". A label is a whole word: "PLANNUMMER" is the number's label and
 * "Planung" a phase, not the title label "Plan" followed by the title.
 */
export const TITLE_LABEL =
  /^(?:SHEET\s+TITLE|DRAWING\s+TITLE|DWG\.?\s+TITLE|TITLE|PLANINHALT|PLANBEZEICHNUNG|INHALT|DARSTELLUNG|PLAN|OGGETTO|TITOLO|CONTENUTO|TITRE|НАИМЕНОВАНИЕ)(?!\p{L})\s*(?::\s*)?/iu;

/** Labels of other title-block fields: never a title or a number themselves. */
export const FIELD_LABEL =
  /^(?:PROJECT|PROJ\.|JOB|CLIENT|OWNER|DATE|SCALE|DRAWN|CHECKED|APPROVED|DESIGNED|REV(?:ISION)?S?|ISSUE|STATUS|PHASE|FILE|CONSULTANT|STAMP|KEY\s*PLAN|BAUHERR|BAUVORHABEN|BAUOBJEKT|PROJEKT|BAUORT|MASSSTAB|MAßSTAB|DATUM|FORMAT|GEZEICHNET|GEPRÜFT|INDEX|LEISTUNGSPHASE|PROGETTO|CORSO|DOCENTE|STUDENTI|NOTE|NOME\s+FILE|SCALA|DATA|VERS|FORMATO|COMMITTENTE|CLIENTE|CUSTOMER|PRODUCT|VERSION|SIGN|NAME|NOTES|VIEW)\b/i;
