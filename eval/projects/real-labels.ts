/**
 * Hand labels on the real sheets of ../shared/samples/drawings (the dev set and the two VA
 * sheets), for project search and text references. Made by reading the sheets — renders
 * (pdftoppm) and their text layers (pdftotext) — and never from what our detector or search
 * answers: the questions were written, and their answer sheets chosen, before search was run on
 * them. A sheet is named by file and page, since most of these sheets print no sheet number.
 */

export interface RealSheet {
  /** Path under ../shared/samples/drawings. */
  file: string;
  page: number;
}

export const REAL_SHEETS = {
  FLOOR_PLANS: { file: 'dev/qcad-floor-plans-tags-delta-rot270.pdf', page: 1 },
  WALL_SECTIONS: { file: 'dev/qcad-wall-sections-details-keynotes-rot270.pdf', page: 1 },
  WOOD_DETAILS: { file: 'dev/qcad-wood-framing-details-grid-rot270.pdf', page: 1 },
  CIMOLAI_5509: { file: 'dev/cimolai-tekla-steel-assembly-sections-mk5509.pdf', page: 1 },
  CIMOLAI_3003: { file: 'dev/cimolai-tekla-steel-revclouds-deltas-rot90.pdf', page: 1 },
  TEKLA_BW2033: { file: 'dev/tekla-steel-truss-assembly-bw2033.pdf', page: 1 },
  APARTMENT: { file: 'dev/india-apartment-floor-layout-no-text-rot270.pdf', page: 1 },
  RES_A_GROUND: { file: 'dev/india-residence-4-floor-schemes-issue-a.pdf', page: 1 },
  RES_A_FIRST: { file: 'dev/india-residence-4-floor-schemes-issue-a.pdf', page: 2 },
  RES_A_SECOND: { file: 'dev/india-residence-4-floor-schemes-issue-a.pdf', page: 3 },
  RES_A_TERRACE: { file: 'dev/india-residence-4-floor-schemes-issue-a.pdf', page: 4 },
  RES_B_GROUND: { file: 'dev/india-residence-4-floor-schemes-issue-b.pdf', page: 1 },
  RES_B_FIRST: { file: 'dev/india-residence-4-floor-schemes-issue-b.pdf', page: 2 },
  RES_B_SECOND: { file: 'dev/india-residence-4-floor-schemes-issue-b.pdf', page: 3 },
  RES_B_TERRACE: { file: 'dev/india-residence-4-floor-schemes-issue-b.pdf', page: 4 },
  VA_AF101: { file: 'va-stcloud-bldg28-AF101-AF600.pdf', page: 1 },
  VA_AF600: { file: 'va-stcloud-bldg28-AF101-AF600.pdf', page: 2 },
} satisfies Record<string, RealSheet>;

export type RealSheetKey = keyof typeof REAL_SHEETS;

export interface RealQuestion {
  question: string;
  /** The sheets that answer it; each found in the top 10 counts (recall over min(sheets, 10)). */
  sheets: RealSheetKey[];
}

/**
 * Questions an engineer opening this mixed set would ask, each answered by reading the sheets.
 * Where both issues of the residence show the thing, both sheets are relevant; where only one
 * issue does (the crockery unit is on issue A's first floor only), only that one.
 */
export const REAL_PROJECT_QUESTIONS: RealQuestion[] = [
  // Q-CAD first- and second-floor plans (institutional building).
  { question: 'where is the pharmacy?', sheets: ['FLOOR_PLANS'] },
  { question: 'which sheet shows the kitchen elevations?', sheets: ['FLOOR_PLANS'] },
  { question: 'where are the masonry wall control joints noted?', sheets: ['FLOOR_PLANS'] },
  { question: 'where is the dental room?', sheets: ['FLOOR_PLANS'] },
  { question: 'where is the x-ray room?', sheets: ['FLOOR_PLANS'] },
  { question: 'which sheets have a second floor plan?', sheets: ['FLOOR_PLANS', 'RES_A_SECOND', 'RES_B_SECOND'] },
  { question: 'where is the ladder to the roof scuttle?', sheets: ['FLOOR_PLANS'] },
  { question: 'where are the fan coil units?', sheets: ['FLOOR_PLANS'] },
  { question: 'which drawing shows the laboratory elevation?', sheets: ['FLOOR_PLANS'] },
  // Q-CAD wall sections and details with keynotes.
  { question: 'where is the exterior column footing detail?', sheets: ['WALL_SECTIONS'] },
  { question: 'which sheet has the wall sections?', sheets: ['WALL_SECTIONS'] },
  { question: 'where is the exterior insulation and finish system (EIFS) detailed?', sheets: ['WALL_SECTIONS'] },
  { question: 'which sheet details the awning bracket?', sheets: ['WALL_SECTIONS'] },
  { question: 'where is the typical stoop detail?', sheets: ['WALL_SECTIONS'] },
  { question: 'what are the keynotes for the aluminum storefront?', sheets: ['WALL_SECTIONS'] },
  { question: 'where is the W16X40 used?', sheets: ['WALL_SECTIONS'] },
  { question: 'where is the door jamb detail?', sheets: ['WALL_SECTIONS'] },
  // Q-CAD typical wood framing details.
  { question: 'where is the shear transfer detail?', sheets: ['WOOD_DETAILS'] },
  { question: 'which sheet gives the stud notching and boring limits?', sheets: ['WOOD_DETAILS'] },
  { question: 'how is the fireplace connected to the framing?', sheets: ['WOOD_DETAILS'] },
  { question: 'where is the masonry veneer cavity wall detail?', sheets: ['WOOD_DETAILS'] },
  { question: 'where is the typical vent block?', sheets: ['WOOD_DETAILS'] },
  { question: 'which sheet shows the sheathing layout?', sheets: ['WOOD_DETAILS'] },
  // Cimolai and CN3 steel shop drawings.
  { question: 'which drawing is mark 5509 of the outer ring?', sheets: ['CIMOLAI_5509'] },
  { question: 'where is the PJP weld detail W39?', sheets: ['CIMOLAI_5509'] },
  { question: 'which drawing uses the CHS457X20 tube?', sheets: ['CIMOLAI_5509'] },
  { question: 'what changed in revision 4?', sheets: ['CIMOLAI_3003'] },
  { question: 'which drawing shows the north truss of phase 302?', sheets: ['CIMOLAI_3003'] },
  { question: 'which sheets list the CJP welds?', sheets: ['CIMOLAI_5509', 'CIMOLAI_3003'] },
  { question: 'where is the UPE120 channel used?', sheets: ['TEKLA_BW2033'] },
  { question: 'which drawing is unit BW2033?', sheets: ['TEKLA_BW2033'] },
  // The residence schemes (issue A and the later issue B) and the apartment layout (no text layer).
  { question: 'where is the ground floor scheme?', sheets: ['RES_A_GROUND', 'RES_B_GROUND'] },
  { question: 'which sheets show the terrace floor?', sheets: ['RES_A_TERRACE', 'RES_B_TERRACE'] },
  { question: 'where is the wicket gate?', sheets: ['RES_A_GROUND', 'RES_B_GROUND'] },
  { question: 'which plan has the dresser and study?', sheets: ['RES_A_SECOND', 'RES_B_SECOND'] },
  { question: 'where is the crockery unit?', sheets: ['RES_A_FIRST'] },
  { question: 'where is the typical floor layout plan of the flats?', sheets: ['APARTMENT'] },
  // VA St. Cloud building 28: AF101 floor finish plan, AF600 material and room finish schedule.
  { question: 'which sheet has the material and room finish schedule?', sheets: ['VA_AF600'] },
  { question: 'where is the first floor finish plan?', sheets: ['VA_AF101'] },
  { question: 'where is patient room 145?', sheets: ['VA_AF101'] },
  { question: 'where is the conference and break room?', sheets: ['VA_AF101', 'VA_AF600'] },
  { question: 'where is the testing office finish?', sheets: ['VA_AF600'] },
  { question: 'where is welded seam sheet flooring used?', sheets: ['VA_AF101', 'VA_AF600'] },
  { question: 'where is the oxygen room?', sheets: ['VA_AF101'] },
  { question: 'where is the laundry?', sheets: ['VA_AF101'] },
  { question: 'what refers to detail 7 on AE213?', sheets: ['VA_AF101'] },
  { question: 'what changed in revision 1?', sheets: ['VA_AF600'] },
];

/**
 * References in notes that name another sheet or view (issue 17: they count as callouts), by
 * sheet, as the view (null when none is named) and the sheet the note points to, exactly as
 * written. Notes that name no sheet ("SEE MECH DWGS", "SEE SPECIFICATIONS", "SEE FINISH PLAN",
 * "SEE FOUNDATION PLAN", "see document CIM-MSP-2018035", "see drawings series 2018035DGD8000",
 * "see general detail drawings") are not references; the pages not listed have none.
 */
export const REAL_TEXT_REFERENCES: Partial<Record<RealSheetKey, { view: string | null; sheet: string }[]>> = {
  FLOOR_PLANS: [
    { view: null, sheet: '13' }, // SEE SHEET 13 (PLATE 18) FOR COMPLETE CONTROL JOINT DETAILS.
    { view: null, sheet: '10' }, // DET. ON / SHEET 10 (two lines, by the dark room)
    { view: null, sheet: '10' }, // DET. ON SHEET 10 (by the lavatory)
    { view: null, sheet: '23' }, // FLOOR. DUCT-SEE DETAIL / ON SHEET NO.23
    { view: null, sheet: '10' }, // NOTE: SEE DETAIL SHT 10
    { view: null, sheet: '5' }, // NOTE: FOR KITCHEN PLAN SEE SH. NO.5.
  ],
  WOOD_DETAILS: [
    { view: '13', sheet: 'SN-2' }, // 2X SHAPED BLKG. (SEE 13/SN-2 FOR ALT.)
  ],
};
