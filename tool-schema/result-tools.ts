// Results beyond joint and member values: modal periods and mass participation, story drifts
// and story forces (ETABS), and any of the program's database tables by name, filtered and paged.
import { z } from 'zod';
import { CaseName, finite, name, positive, Step } from './common.ts';

export const TABLE_PAGE_MAX = 1000;
/**
 * JSON characters the rows of one read_table page may take. The platform refuses a tool result
 * over AGENT_MAX_TOOL_RESULT_BYTES (256 KiB by default) as TOO_LARGE, and the model then has no
 * rows at all: 1,000 rows of frame forces come near that. So a page also ends at this budget
 * (half the platform's default: room for the envelope and the fields) and next_offset says where
 * the next one begins; a page always has at least one row.
 */
export const TABLE_PAGE_CHARS = 128 * 1024;

/** One read_table page being filled: at most `limit` rows and TABLE_PAGE_CHARS of JSON. */
export class TablePage<C> {
  readonly rows: C[][] = [];
  private chars = 2;
  private closed = false;
  private readonly limit: number;

  constructor(limit: number) {
    this.limit = limit;
  }

  get full(): boolean {
    return this.closed || this.rows.length >= this.limit;
  }

  /** Takes the row if the page has room for it; false (and the page full) when it has not. */
  add(row: C[]): boolean {
    if (this.full) return false;
    const chars = JSON.stringify(row).length + 1;
    if (this.rows.length > 0 && this.chars + chars > TABLE_PAGE_CHARS) {
      this.closed = true;
      return false;
    }
    this.rows.push(row);
    this.chars += chars;
    return true;
  }
}

const Filter = z.object({
  field: z.string().min(1).max(64),
  op: z.enum(['=', '!=', '<', '<=', '>', '>=', 'contains']),
  value: z.union([z.string().max(256), z.number()]),
});

export const ARGS = {
  read_modal_results: z.object({ case: name.default('MODAL') }),
  story_drifts: z.object({
    case: CaseName,
    direction: z.enum(['X', 'Y', 'both']).default('both'),
    amplification: positive
      .default(1)
      .describe('Multiplies the drifts: Cd/Ie for ASCE 7 §12.8.6 design story drift from an elastic (÷ R/Ie) analysis'),
    limit: positive.optional().describe('Allowable drift ratio, e.g. 0.020 (ASCE 7 Table 12.12-1)'),
  }),
  story_forces: z.object({ case: CaseName }),
  list_tables: z.object({
    contains: z.string().max(64).optional().describe('Only tables whose name contains this (case-insensitive)'),
  }),
  read_table: z.object({
    table: z
      .string()
      .min(1)
      .max(128)
      .describe('The table\'s name as the program lists it, e.g. "Joint Displacements", "Story Drifts"'),
    fields: z.array(z.string().min(1).max(64)).max(100).optional().describe('Only these columns'),
    filters: z.array(Filter).max(20).default([]).describe('Rows matching every filter'),
    cases: z.array(CaseName).max(100).optional().describe('Result tables: only these cases and combinations'),
    offset: z.int().min(0).default(0),
    limit: z
      .int()
      .min(1)
      .max(TABLE_PAGE_MAX)
      .default(100)
      .describe(
        `Rows per page; a page of wide rows ends sooner, at ${TABLE_PAGE_CHARS / 1024} KiB of JSON (next_offset says where the next begins)`,
      ),
  }),
};

const ModeRow = z.object({
  mode: z.int().min(1),
  period: finite,
  frequency: finite,
  circular_frequency: finite,
  ux: finite,
  uy: finite,
  uz: finite,
  rz: finite,
  sum_ux: finite,
  sum_uy: finite,
  sum_uz: finite,
  sum_rz: finite,
});

const Cell = z.union([z.string(), z.number(), z.null()]);

export const RESULTS = {
  read_modal_results: z.object({
    case: z.string(),
    total_mass: z
      .tuple([finite, finite, finite])
      .nullable()
      .describe('Mass on free translations along X, Y, Z (null where the program does not report it)'),
    modes: z.array(ModeRow).describe('Participating mass ratios ux…rz of each mode and their running sums'),
  }),
  story_drifts: z.object({
    case: z.string(),
    amplification: finite,
    limit: finite.nullable(),
    stories: z.array(
      z.object({
        story: z.string(),
        direction: z.enum(['X', 'Y']),
        drift: finite.describe('Largest interstory drift ratio of the story, amplified'),
        joint: z.string(),
        x: finite,
        y: finite,
        z: finite,
        height: finite,
      }),
    ),
    max: z.object({ story: z.string(), direction: z.enum(['X', 'Y']), drift: finite, joint: z.string() }).nullable(),
    passes: z.boolean().nullable().describe('Every drift within the limit (null without a limit)'),
  }),
  story_forces: z.object({
    case: z.string(),
    stories: z
      .array(
        z.object({
          story: z.string(),
          location: z.enum(['top', 'bottom']),
          step: Step,
          p: finite,
          vx: finite,
          vy: finite,
          t: finite,
          mx: finite,
          my: finite,
        }),
      )
      .describe(
        "Resultants of the members cut just below the story's top (top) and just above its bottom (bottom), acting on the part above, moments about (0, 0, z)",
      ),
  }),
  list_tables: z.object({ tables: z.array(z.object({ key: z.string(), name: z.string().nullable() })) }),
  read_table: z.object({
    table: z.string(),
    fields: z.array(z.string()),
    total_rows: z.int().min(0).describe('Rows matching the filters'),
    offset: z.int().min(0),
    rows: z.array(z.array(Cell)),
    next_offset: z.int().nullable(),
  }),
};

export const DESCRIPTIONS: Record<keyof typeof ARGS, string> = {
  read_modal_results: 'Read the periods, frequencies and participating mass ratios (and their sums) of a modal case.',
  story_drifts:
    'Read the largest interstory drift ratio of each story and direction for a case or combination, amplified (Cd/Ie) and checked against a limit.',
  story_forces:
    'Read the story shears, axial force and moments at the top and bottom of each story for a case or combination.',
  list_tables: "List the program's database tables (definitions, assignments, results).",
  read_table:
    'Read a database table by name: chosen columns, rows filtered by column values, for given cases, a page at a time.',
};
