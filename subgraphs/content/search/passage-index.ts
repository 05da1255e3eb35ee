// The search index seam: the embedded database implements it now; a
// PostgreSQL or search-engine backend implements the same calls later.
import type { ModelVector } from '../../../core/embedding/model-vector.ts';
import type { Passage } from './passages.ts';

export interface IndexedPassage extends Passage {
  fileId: string;
  embedding: Float32Array;
  /** The tag of the model that made `embedding` (Embedder.model). */
  embeddingModel: string;
  /** The distinct terms the relevance score counts (relevance.ts `passageTerms`). */
  terms: readonly string[];
}

export interface Hit {
  id: number;
  fileId: string;
  page: number;
  pageLabel: string;
  section: string;
  heading: string;
  headingPath: string;
  contentType: string;
  text: string;
  /** Meanings of the symbols and abbreviations the passage uses (Passage.glossary); '' for none. */
  glossary: string;
}

export interface PassageIndex {
  /** Replaces every passage of a file (re-ingesting a code). */
  replaceFile(fileId: string, passages: readonly Omit<IndexedPassage, 'fileId'>[]): Promise<void>;
  /** Passage ids by BM25 full-text rank over heading, text and section, best first. */
  fullText(query: string, fileIds: readonly string[] | null, limit: number): Promise<number[]>;
  /** Passage ids by cosine similarity, nearest first, among the passages whose vectors `embedding`'s model made. */
  nearest(embedding: ModelVector, fileIds: readonly string[] | null, limit: number): Promise<number[]>;
  /** The passages with these ids (in any order; missing ids are skipped). */
  passages(ids: readonly number[]): Promise<Hit[]>;
  /** Passages of clause `section` (a clause reference): the clause's own and its subsections' ("11.11(1)"). */
  bySection(section: string, fileIds: readonly string[] | null): Promise<Hit[]>;
  /** Passages of a page, by its printed label or its PDF page number. */
  byPage(page: string, fileIds: readonly string[] | null): Promise<Hit[]>;
  /** How many passages (of these files, or of all) hold each term, and how many passages there are. */
  termCounts(
    terms: readonly string[],
    fileIds: readonly string[] | null,
  ): Promise<{ passages: number; counts: Map<string, number> }>;
  /** Indexed passages and distinct pages of a file. */
  stats(fileId: string): Promise<{ passages: number; pages: number }>;
  // Re-embedding (core/embedding/reembed.ts), a code at a time (a passage's vector leans on its page's):
  /** A code with passages of another model than `model`, or null when none is left. */
  fileToReembed(model: string): Promise<string | null>;
  /** A code's passages in storing order, with their ids. */
  filePassages(fileId: string): Promise<(Passage & { id: number })[]>;
  countToReembed(model: string): Promise<{ stale: number; total: number }>;
  setVectors(model: string, rows: readonly { id: number; vector: Float32Array }[]): Promise<void>;
  /** The approximate index made anew for `model`'s vectors, once every passage has one (libSQL; PostgreSQL keeps one per model). */
  activateVectors(space: { model: string; dimensions: number }): Promise<void>;
}
