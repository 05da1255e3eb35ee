// The search index seam: the embedded database implements it now; a
// PostgreSQL or search-engine backend implements the same calls later.
import type { Passage } from './passages.ts';

export interface IndexedPassage extends Passage {
  fileId: string;
  embedding: Float32Array;
}

export interface Hit {
  id: number;
  fileId: string;
  page: number;
  section: string;
  heading: string;
  contentType: string;
  text: string;
  /** Higher is better; each method's own scale (BM25, cosine similarity). */
  score: number;
}

export interface PassageIndex {
  /** Replaces every passage of a file (re-ingesting a code). */
  replaceFile(fileId: string, passages: readonly Omit<IndexedPassage, 'fileId'>[]): Promise<void>;
  /** BM25 full-text search over heading, text and section. */
  fullText(query: string, fileIds: readonly string[] | null, limit: number): Promise<Hit[]>;
  /** Nearest passages by cosine similarity. */
  nearest(embedding: Float32Array, fileIds: readonly string[] | null, limit: number): Promise<Hit[]>;
  /** Passages whose section number is exactly `section` (a clause reference). */
  bySection(section: string, fileIds: readonly string[] | null): Promise<Hit[]>;
  /** Indexed passages and distinct pages of a file. */
  stats(fileId: string): Promise<{ passages: number; pages: number }>;
}
