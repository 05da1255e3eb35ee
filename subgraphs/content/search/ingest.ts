// Loading a code's PDF into the search index. The catalogue entry records
// the outcome: indexed (with pages and passages) or no_text.
import type { Database } from '../../../core/db/client.ts';
import { AppError } from '../../../core/errors.ts';
import type { Embedder } from '../../../core/embedding/embed.ts';
import type { ExtractedCode } from './extract-text.ts';
import type { IndexedPassage, PassageIndex } from './passage-index.ts';
import type { Passage } from './passages.ts';
import { passageTerms } from './relevance.ts';

export interface IngestSummary {
  fileId: string;
  pages: number;
  passages: number;
  seconds: number;
}

export interface IngestDeps {
  db: Database;
  index: PassageIndex;
  embedder: Embedder;
  /** Text extraction: inline (with progress) in the command, in a worker thread in the server. */
  extract(bytes: Uint8Array): Promise<ExtractedCode>;
  /** Checks what was read before it is indexed (a private library's room for its pages); throws to refuse it. */
  admit?(extracted: ExtractedCode): Promise<void>;
}

export async function ingestCode(
  deps: IngestDeps,
  fileId: string,
  bytes: Uint8Array,
  onStage?: (stage: string) => void,
): Promise<IngestSummary> {
  const started = performance.now();
  const entry = await deps.db.codeEntry.findUnique({ where: { fileId } });
  if (!entry) throw new AppError('UNPROCESSABLE', `file_id ${fileId} is not in the code library`, { file_id: fileId });
  let extracted: ExtractedCode;
  try {
    extracted = await deps.extract(bytes);
  } catch (err) {
    if (err instanceof AppError && err.code === 'NO_TEXT_LAYER') {
      await deps.db.codeEntry.update({
        where: { fileId },
        data: {
          indexStatus: 'no_text',
          pageCount: Number(err.details?.pages ?? 0) || null,
          passageCount: 0,
          indexedAt: new Date(),
        },
      });
    }
    throw err;
  }
  await deps.admit?.(extracted);
  onStage?.('embedding');
  const indexed = await toIndex(extracted.passages, deps.embedder);
  onStage?.('indexing');
  await deps.index.replaceFile(fileId, indexed);
  await deps.db.codeEntry.update({
    where: { fileId },
    data: {
      indexStatus: 'indexed',
      pageCount: extracted.pageCount,
      passageCount: extracted.passages.length,
      indexedAt: new Date(),
      designations: extracted.designations,
    },
  });
  return {
    fileId,
    pages: extracted.pageCount,
    passages: extracted.passages.length,
    seconds: (performance.now() - started) / 1000,
  };
}

/** Passages with what the index keeps beside them: their embedding (clause, heading path, heading, text and glossary) and their terms. */
export async function toIndex(
  passages: readonly Passage[],
  embedder: Embedder,
): Promise<Omit<IndexedPassage, 'fileId'>[]> {
  const withPage = await passageVectors(passages, embedder);
  return passages.map((p, i) => ({
    ...p,
    glossary: p.glossary ?? '',
    embedding: withPage[i]!,
    embeddingModel: embedder.model,
    terms: passageTerms(p),
  }));
}

/** A code's passage vectors: each passage's text (clause, heading path, heading, text and glossary) leaning toward its page's. */
export async function passageVectors(passages: readonly Passage[], embedder: Embedder): Promise<Float32Array[]> {
  const vectors: Float32Array[] = [];
  for (let i = 0; i < passages.length; i += 256) {
    vectors.push(
      ...(await embedder.embed(
        passages
          .slice(i, i + 256)
          .map((p) => `${p.section} ${p.headingPath} ${p.heading}\n${p.text}${p.glossary ? `\n${p.glossary}` : ''}`),
      )),
    );
  }
  return withPageContext(passages, vectors);
}

/** How much the direction of a passage's page counts beside its own (1). */
const PAGE_WEIGHT = 0.5;

/**
 * Each passage's vector leaning toward its page's: its own, plus half the mean
 * direction of the other passages on its page, normalised. One clause is now
 * cut into passages (its subsections, equations, tables), and a question
 * seldom uses only the words of one of them; the page they share says what
 * they are about. Its own direction still counts most: at equal weight the
 * two clauses of a two-clause page got one vector and could not be told
 * apart. A sum per page, so linear in the passages.
 */
export function withPageContext(
  passages: readonly Pick<Passage, 'page'>[],
  vectors: readonly Float32Array[],
): Float32Array[] {
  const sums = new Map<number, Float32Array>();
  passages.forEach((p, i) => {
    const v = vectors[i]!;
    const sum = sums.get(p.page) ?? sums.set(p.page, new Float32Array(v.length)).get(p.page)!;
    for (let d = 0; d < v.length; d++) sum[d]! += v[d]!;
  });
  return passages.map((p, i) => {
    const v = vectors[i]!;
    const sum = sums.get(p.page)!;
    const rest = sum.map((x, d) => x - v[d]!);
    const restNorm = Math.hypot(...rest);
    // Alone on its page (or its page's other passages cancel out): its own vector.
    if (restNorm < 1e-6) return v;
    const out = v.map((x, d) => x + (PAGE_WEIGHT * rest[d]!) / restNorm);
    const norm = Math.hypot(...out) || 1;
    return out.map((x) => x / norm);
  });
}
