/**
 * The spec a code is generated from and the truth it is checked against.
 * A spec is plain data (it could be JSON): the outline of one synthetic code
 * with its hand-written clauses, plus "filler" requests that the composer
 * expands from topic banks so that each code reaches a realistic length.
 */
import type { FontKey } from './fonts.ts';

/** Numbering and vocabulary house styles; one per code family. */
export type Family = 'aci' | 'asce' | 'aisc' | 'en' | 'as' | 'csa';

export type ContentType = 'text' | 'table' | 'equation' | 'figure_caption' | 'definition';

/** A topic bank that filler clauses are composed from (see content/topics-*.ts). */
export type TopicId = string;

export interface CodeSpec {
  /** The platform's code catalogue id, also the file stem. */
  fileId: string;
  /** Short designation for the running header, e.g. "ACI 318-19". */
  designation: string;
  /** Full title, on the title page and in the header. */
  title: string;
  family: Family;
  paper: 'letter' | 'a4';
  columns: 1 | 2;
  seed: number;
  chapters: ChapterSpec[];
}

export interface ChapterSpec {
  /** "CHAPTER 22", "SECTION 6", "CLAUSE 11", "APPENDIX C". */
  label: string;
  title: string;
  sections: SectionSpec[];
}

export interface SectionSpec {
  /** "22.5", "6.2", "J3". Every clause below belongs to it for relevance judging. */
  number: string;
  title: string;
  /** Bank that this section's filler clauses draw on. */
  topic: TopicId;
  items: ItemSpec[];
}

/** A displayed formula. `label` is printed at the right margin exactly as given. */
export interface EquationSpec {
  eq: string;
  label: string;
  /** Optional "where ..." line printed under the formula. */
  where?: string;
}

/**
 * A clause body is a list of paragraphs and formulas. Paragraphs starting with
 * "(a) " .. "(z) " or "(1) "-style list markers in US and CSA text are list
 * items with a hanging indent; Eurocode paragraphs are numbered (1), (2), ...
 * automatically.
 */
export type BodyPart = string | EquationSpec;

export interface ClauseItem {
  kind: 'clause';
  number: string;
  heading: string;
  body: BodyPart[];
}

export interface TableItem {
  kind: 'table';
  /** Printed label, e.g. "Table 22.5.5.1", "Table 12.12-1", "Table 2.1N". */
  number: string;
  title: string;
  columns: { header: string; weight: number }[];
  rows: string[][];
  /** Small print under the table; part of the table's truth text. */
  note?: string;
}

export type Drawing =
  'section' | 'slab-column' | 'frame-drift' | 'map' | 'roof-drift' | 'bolted-plate' | 'curve' | 'roof-zones' | 'lap';

export interface FigureItem {
  kind: 'figure';
  /** Printed label, e.g. "Figure 6.12". */
  number: string;
  caption: string;
  drawing: Drawing;
  /** Height of the drawn frame in points. */
  height: number;
}

export interface DefinitionsItem {
  kind: 'definitions';
  /** Entries are numbered `${prefix}.${from}`, `${prefix}.${from + 1}`, ... */
  prefix: string;
  from: number;
  entries: [term: string, meaning: string][];
}

export interface FillerItem {
  kind: 'filler';
  /** Clauses are numbered `${prefix}.${from}`, ... and must not collide with hand-written ones. */
  prefix: string;
  from: number;
  count: number;
  /** Defaults to the section's topic. */
  topic?: TopicId;
}

export type ItemSpec = ClauseItem | TableItem | FigureItem | DefinitionsItem | FillerItem;

export interface TruthClause {
  /** As printed: "22.5.5.1", "Table 22.5.5.1", "(22.5.5.1)", "Figure 6.12", "2.3.14". */
  number: string;
  /** Clause heading, table or figure title, defined term; for an equation, its clause's heading. */
  heading: string;
  contentType: ContentType;
  /** The body as printed, paragraphs separated by "\n"; table cells by " | ", rows by "\n". */
  text: string;
}

export interface CodeTruth {
  fileId: string;
  title: string;
  pages: { page: number; clauses: TruthClause[] }[];
}

/** One drawing operation of a laid-out page (layout.ts writes them, figures.ts draws figures with them). */
export type DrawOp =
  | { op: 'text'; x: number; y: number; text: string; font: FontKey; size: number }
  | { op: 'line'; x1: number; y1: number; x2: number; y2: number; width: number; dash?: number[] }
  | { op: 'rect'; x: number; y: number; w: number; h: number; width: number; dash?: number[]; fillGray?: number }
  | { op: 'circle'; x: number; y: number; r: number; width: number; fill?: boolean };
