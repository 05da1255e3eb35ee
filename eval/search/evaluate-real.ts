// The real judged set: five real code PDFs from ../shared/samples/codes/
// ingested as an operator would, and the queries of real-queries.ts run
// scoped to their document. Reports Recall@10 and MRR per kind, the mean
// relevance score of right and wrong first answers, snippets that carry
// running header or footer text, and ingestion speed. Skips with a notice
// when ../shared is absent.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../../core/db/client.ts';
import { catalogueEntryOf, seedCodes } from '../../subgraphs/content/codes.ts';
import { createLocalEmbedder, HASH_DIMENSIONS, type Embedder } from '../../core/embedding/embed.ts';
import { extractCodeText } from '../../subgraphs/content/search/extract-text.ts';
import { ingestCode } from '../../subgraphs/content/search/ingest.ts';
import { createLibsqlIndex } from '../../subgraphs/content/search/libsql-index.ts';
import { searchCodes } from '../../subgraphs/content/search/search.ts';
import { HELDOUT_PARAPHRASES, REAL_DOCUMENTS, REAL_QUERIES, type RealKind } from './real-queries.ts';

export const SAMPLES_DIR = fileURLToPath(new URL('../../../shared/samples/codes/', import.meta.url));

export interface RealResult {
  byKind: Record<RealKind, { recall: number; mrr: number; n: number }>;
  firstScore: { right: number; wrong: number; nRight: number; nWrong: number };
  furnitureSnippets: number;
  snippets: number;
  /** Whole ingestion (reading, passages, embedding, index) with the reader warm, as in a running server. */
  pagesPerSecond: number;
  /** Reading and passages alone, the process's first time (the reader's code not yet compiled). */
  coldReadingPagesPerSecond: number;
  loadAverage: number;
}

export async function evaluateReal(
  log = console.log,
  perQuery = false,
  embedder: Embedder = createLocalEmbedder(HASH_DIMENSIONS),
): Promise<RealResult | null> {
  const missing = REAL_DOCUMENTS.filter((d) => !fs.existsSync(path.join(SAMPLES_DIR, d.file)));
  if (missing.length) {
    log(
      `\neval:search real set SKIPPED: ${missing.map((d) => d.file).join(', ')} not found under ../shared/samples/codes/`,
    );
    return null;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eval-real-'));
  const db = await openDatabase({ url: `file:${path.join(dir, 'eval.db')}` });
  try {
    await seedCodes(
      db,
      REAL_DOCUMENTS.map((d, i) => ({
        fileId: d.fileId,
        filename: d.file,
        description: d.description,
        designStandard: d.designStandard,
        path: d.file,
        addedAt: i,
      })),
    );
    const index = createLibsqlIndex(db);
    const files = REAL_DOCUMENTS.map((d) => new Uint8Array(fs.readFileSync(path.join(SAMPLES_DIR, d.file))));
    // A fresh process reads its first PDFs with the PDF reader's code not yet
    // compiled (about half again as long); a running server's readers are
    // warm. The documents are read once untimed first, and that cold reading
    // is reported beside the ingestion.
    const t = performance.now();
    let pages = 0;
    for (const bytes of files) pages += (await extractCodeText(bytes)).pageCount;
    const coldReading = pages / ((performance.now() - t) / 1000);
    let seconds = 0;
    pages = 0;
    for (const [i, d] of REAL_DOCUMENTS.entries()) {
      const s = await ingestCode({ db, index, embedder, extract: (b) => extractCodeText(b) }, d.fileId, files[i]!);
      pages += s.pages;
      seconds += s.seconds;
    }
    const catalogue = (await db.codeEntry.findMany()).map(catalogueEntryOf);
    const furniture = new Map(REAL_DOCUMENTS.map((d) => [d.fileId, d.furniture]));

    const byKind = {} as RealResult['byKind'];
    const first = { right: 0, wrong: 0, nRight: 0, nWrong: 0 };
    let furnitureSnippets = 0;
    let snippets = 0;
    for (const q of [...REAL_QUERIES, ...HELDOUT_PARAPHRASES]) {
      const r = await searchCodes(index, embedder, catalogue, {
        query: q.query,
        fileIds: [q.fileId],
        page: 1,
        perPage: 30,
      });
      const ranked: number[] = [];
      for (const m of r.matches) if (!ranked.includes(m.page_number) && ranked.length < 10) ranked.push(m.page_number);
      const recall = q.pages.filter((p) => ranked.includes(p)).length / q.pages.length;
      const rank = ranked.findIndex((p) => q.pages.includes(p));
      const rr = rank < 0 ? 0 : 1 / (rank + 1);
      const k = (byKind[q.kind] ??= { recall: 0, mrr: 0, n: 0 });
      k.recall += recall;
      k.mrr += rr;
      k.n++;
      const top = r.matches[0];
      if (top) {
        if (q.pages.includes(top.page_number)) {
          first.right += top.relevance_score;
          first.nRight++;
        } else {
          first.wrong += top.relevance_score;
          first.nWrong++;
        }
      }
      for (const m of r.matches.slice(0, 10)) {
        snippets++;
        const text = m.snippet.replace(/<\/?mark>/g, '');
        if (furniture.get(q.fileId)!.some((re) => re.test(text))) {
          furnitureSnippets++;
          if (perQuery) log(`  ${q.id} header/footer in snippet: ${text.slice(0, 120)}`);
        }
      }
      if (perQuery && (recall < 1 || rr < 1))
        log(
          `  ${q.id} recall ${recall.toFixed(2)} rr ${rr.toFixed(2)} top ${ranked.slice(0, 5).join(',')} want ${q.pages.join(',')}  ${q.query}`,
        );
    }
    for (const k of Object.values(byKind)) {
      k.recall /= k.n;
      k.mrr /= k.n;
    }
    const firstScore = {
      right: first.nRight ? first.right / first.nRight : 0,
      wrong: first.nWrong ? first.wrong / first.nWrong : 0,
      nRight: first.nRight,
      nWrong: first.nWrong,
    };
    const result: RealResult = {
      byKind,
      firstScore,
      furnitureSnippets,
      snippets,
      pagesPerSecond: pages / seconds,
      coldReadingPagesPerSecond: coldReading,
      loadAverage: os.loadavg()[0]!,
    };

    log(
      `\neval:search real set — ${REAL_QUERIES.length} judged queries and ${HELDOUT_PARAPHRASES.length} held-out paraphrases over ${REAL_DOCUMENTS.length} real code PDFs (${pages} pages, scoped to the document)\n`,
    );
    log(`${'kind'.padEnd(12)} ${'n'.padStart(3)} ${'Recall@10'.padStart(10)} ${'MRR'.padStart(7)}`);
    for (const [kind, v] of Object.entries(byKind))
      log(
        `${kind.padEnd(12)} ${String(v.n).padStart(3)} ${v.recall.toFixed(3).padStart(10)} ${v.mrr.toFixed(3).padStart(7)}`,
      );
    log(
      `first answer score: right ${firstScore.right.toFixed(3)} (${firstScore.nRight}), wrong ${firstScore.wrong.toFixed(3)} (${firstScore.nWrong}); ` +
        `snippets with header/footer text: ${furnitureSnippets} of ${snippets}; ingestion ${result.pagesPerSecond.toFixed(1)} pages/s ` +
        `(reading warm; a fresh process's first reading alone ${coldReading.toFixed(1)} pages/s), load average ${result.loadAverage.toFixed(1)}`,
    );
    return result;
  } finally {
    await db.$disconnect();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
