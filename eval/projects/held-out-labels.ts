/**
 * Held-out questions over the same 17 real pages as real-labels.ts, kept apart so that the search
 * is never tuned to them: they were written from the sheets' text layers (pdftotext) on
 * 2026-11-24, before any change to search or reading that session, and first scored blind
 * against the search as it then was. A change made after seeing their misses turns them into
 * tuning questions; add new held-out ones instead of fixing these.
 */
import type { RealQuestion } from './real-labels.ts';

export const HELD_OUT_QUESTIONS: RealQuestion[] = [
  // Q-CAD first- and second-floor plans.
  { question: "where is the surgeon's office?", sheets: ['FLOOR_PLANS'] },
  { question: 'where is the air police office?', sheets: ['FLOOR_PLANS'] },
  { question: 'which sheet shows the avionics room?', sheets: ['FLOOR_PLANS'] },
  { question: 'what is the gross area of the building?', sheets: ['FLOOR_PLANS'] },
  { question: 'where are the chalk boards?', sheets: ['FLOOR_PLANS'] },
  { question: 'where is the light lock of the dark room?', sheets: ['FLOOR_PLANS'] },
  // Q-CAD wall sections and details.
  { question: 'where is the operable partition header?', sheets: ['WALL_SECTIONS'] },
  { question: 'which detail shows the automatic sliding doors?', sheets: ['WALL_SECTIONS'] },
  { question: 'where is the gutter hanger?', sheets: ['WALL_SECTIONS'] },
  { question: 'where is the retrofit metal roofing system?', sheets: ['WALL_SECTIONS'] },
  { question: 'where is the concrete masonry lintel?', sheets: ['WALL_SECTIONS'] },
  // Q-CAD typical wood framing details.
  { question: 'where are the stair details?', sheets: ['WOOD_DETAILS'] },
  { question: 'which sheet has the shear wall nailing?', sheets: ['WOOD_DETAILS'] },
  { question: 'where is the THA213 truss hanger?', sheets: ['WOOD_DETAILS'] },
  { question: 'where is the mud sill with anchor bolts?', sheets: ['WOOD_DETAILS'] },
  // Cimolai and CN3 steel shop drawings.
  { question: 'which drawings are for the AEK Athens stadium?', sheets: ['CIMOLAI_5509', 'CIMOLAI_3003'] },
  { question: 'where is the central secondary girder?', sheets: ['CIMOLAI_3003'] },
  { question: 'which drawings use S355JR steel?', sheets: ['CIMOLAI_5509', 'CIMOLAI_3003'] },
  { question: 'which drawing uses the RHS50X25X3 tube?', sheets: ['CIMOLAI_3003'] },
  { question: 'which sheet shows the steel frame for Ny Oslo Plads?', sheets: ['TEKLA_BW2033'] },
  // The residence schemes.
  { question: 'where is the bay window seating?', sheets: ['RES_B_SECOND'] },
  { question: 'which plan shows the gazebo?', sheets: ['RES_B_TERRACE'] },
  { question: 'where are the microwave and oven?', sheets: ['RES_A_FIRST', 'RES_B_FIRST'] },
  { question: 'where is the queen size bed?', sheets: ['RES_B_FIRST'] },
  // VA St. Cloud building 28.
  { question: 'which sheet lists the Benjamin Moore paints?', sheets: ['VA_AF600'] },
  { question: 'where is the soiled utility room?', sheets: ['VA_AF101', 'VA_AF600'] },
  { question: 'where is the mental health multi-use space?', sheets: ['VA_AF600'] },
  { question: 'which sheet has the finish plan general notes?', sheets: ['VA_AF101'] },
  { question: 'where is the room finish schedule for the basement?', sheets: ['VA_AF600'] },
];
