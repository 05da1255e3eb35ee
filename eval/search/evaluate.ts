// npm run eval:search — NDCG@10 and Recall@10 of full-text only, vector only
// and fused search on the generated code corpus with its judged queries.
// Recall@10 counts the answering pages (grade 2) found in the first ten
// distinct pages; NDCG@10 uses both grades.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../../core/db/client.ts';
import { catalogueEntryOf, readCatalogue, seedCodes } from '../../subgraphs/content/codes.ts';
import { createLocalEmbedder, HASH_DIMENSIONS, type Embedder } from '../../core/embedding/embed.ts';
import { evalEmbedders, sideBySide } from '../shared/embedders.ts';
import { extractCodeText } from '../../subgraphs/content/search/extract-text.ts';
import { ingestCode } from '../../subgraphs/content/search/ingest.ts';
import { createLibsqlIndex } from '../../subgraphs/content/search/libsql-index.ts';
import { searchCodes } from '../../subgraphs/content/search/search.ts';
import { defaultCorpus, generateCode } from './corpus/index.ts';
import { evaluateReal } from './evaluate-real.ts';
import { selfCheck } from './self-check/self-check.ts';
import { HELDOUT, QUERIES, type Query } from './queries.ts';

export const MODES = ['full_text', 'vector', 'fused'] as const;
export type Mode = (typeof MODES)[number];

/** Distinct (file, page) pairs in rank order. */
export function distinctPages(hits: readonly { fileId: string; page: number }[], k: number): string[] {
  const out: string[] = [];
  for (const h of hits) {
    const key = `${h.fileId}#${h.page}`;
    if (!out.includes(key)) out.push(key);
    if (out.length === k) break;
  }
  return out;
}

export function ndcgAt(ranked: readonly string[], grades: ReadonlyMap<string, number>, k: number): number {
  const dcg = ranked.slice(0, k).reduce((s, key, i) => s + (2 ** (grades.get(key) ?? 0) - 1) / Math.log2(i + 2), 0);
  const ideal = [...grades.values()]
    .sort((a, b) => b - a)
    .slice(0, k)
    .reduce((s, g, i) => s + (2 ** g - 1) / Math.log2(i + 2), 0);
  return ideal ? dcg / ideal : 0;
}

export function recallAt(ranked: readonly string[], grades: ReadonlyMap<string, number>, k: number): number {
  const answers = [...grades].filter(([, g]) => g === 2).map(([key]) => key);
  return answers.length ? answers.filter((a) => ranked.slice(0, k).includes(a)).length / answers.length : 1;
}

export async function evaluateSearch(
  log = console.log,
  perQuery = false,
  embedder: Embedder = createLocalEmbedder(HASH_DIMENSIONS),
) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eval-search-'));
  const db = await openDatabase({ url: `file:${path.join(dir, 'eval.db')}` });
  try {
    await seedCodes(db, readCatalogue(new URL('../../subgraphs/content/data/codes.json', import.meta.url)));
    const index = createLibsqlIndex(db);
    for (const spec of defaultCorpus()) {
      const { pdf } = await generateCode(spec);
      await ingestCode({ db, index, embedder, extract: (b) => extractCodeText(b) }, spec.fileId, pdf);
    }
    const catalogue = (await db.codeEntry.findMany()).map(catalogueEntryOf);

    const run = async (mode: Mode, q: Query): Promise<string[]> => {
      const inOrder = async (ids: number[]) => {
        const rows = new Map((await index.passages(ids)).map((h) => [h.id, h]));
        return ids.flatMap((id) => rows.get(id) ?? []);
      };
      if (mode === 'full_text') return distinctPages(await inOrder(await index.fullText(q.query, null, 100)), 10);
      if (mode === 'vector')
        return distinctPages(
          await inOrder(
            await index.nearest({ model: embedder.model, vector: (await embedder.embed([q.query]))[0]! }, null, 100),
          ),
          10,
        );
      const r = await searchCodes(index, embedder, catalogue, { query: q.query, fileIds: null, page: 1, perPage: 50 });
      return distinctPages(
        r.matches.map((m) => ({ fileId: m.file_id, page: m.page_number })),
        10,
      );
    };

    const totals = Object.fromEntries(
      MODES.map((m) => [
        m,
        { ndcg: 0, recall: 0, byKind: {} as Record<string, { ndcg: number; recall: number; n: number }> },
      ]),
    ) as Record<
      Mode,
      { ndcg: number; recall: number; byKind: Record<string, { ndcg: number; recall: number; n: number }> }
    >;
    for (const q of QUERIES) {
      const grades = new Map(q.relevant.map((j) => [`${j.fileId}#${j.page}`, j.grade as number]));
      for (const mode of MODES) {
        const ranked = await run(mode, q);
        const n = ndcgAt(ranked, grades, 10);
        const r = recallAt(ranked, grades, 10);
        if (perQuery && mode === 'fused' && r < 1)
          log(`  ${q.id} recall ${r.toFixed(2)} ndcg ${n.toFixed(2)}  ${q.query}`);
        totals[mode].ndcg += n;
        totals[mode].recall += r;
        const k = (totals[mode].byKind[q.kind] ??= { ndcg: 0, recall: 0, n: 0 });
        k.ndcg += n;
        k.recall += r;
        k.n++;
      }
    }
    const n = QUERIES.length;
    const result = Object.fromEntries(
      MODES.map((m) => [m, { ndcg: totals[m].ndcg / n, recall: totals[m].recall / n }]),
    ) as Record<Mode, { ndcg: number; recall: number }>;
    log(`\neval:search — ${n} judged queries over ${defaultCorpus().length} generated codes\n`);
    log(
      `${'mode'.padEnd(12)} ${'NDCG@10'.padStart(8)} ${'Recall@10'.padStart(10)}   ${[...new Set(QUERIES.map((q) => q.kind))].map((k) => `${k} NDCG/R`.padStart(22)).join('')}`,
    );
    for (const m of MODES) {
      const kinds = Object.entries(totals[m].byKind)
        .map(([, v]) => `${(v.ndcg / v.n).toFixed(3)}/${(v.recall / v.n).toFixed(3)}`.padStart(22))
        .join('');
      log(
        `${m.padEnd(12)} ${result[m].ndcg.toFixed(3).padStart(8)} ${result[m].recall.toFixed(3).padStart(10)}   ${kinds}`,
      );
    }
    // The held-out set, fused search only: how the tuned pipeline does on queries it was not tuned on.
    let heldNdcg = 0;
    let heldRecall = 0;
    for (const q of HELDOUT) {
      const grades = new Map(q.relevant.map((j) => [`${j.fileId}#${j.page}`, j.grade as number]));
      const ranked = await run('fused', q);
      const r = recallAt(ranked, grades, 10);
      heldNdcg += ndcgAt(ranked, grades, 10);
      heldRecall += r;
      if (perQuery && r < 1) log(`  ${q.id} recall ${r.toFixed(2)}  ${q.query}`);
    }
    const heldout = { ndcg: heldNdcg / HELDOUT.length, recall: heldRecall / HELDOUT.length };
    log(
      `${'held out'.padEnd(12)} ${heldout.ndcg.toFixed(3).padStart(8)} ${heldout.recall.toFixed(3).padStart(10)}   (${HELDOUT.length} queries written after the thesaurus was frozen; fused)`,
    );
    const beats = result.fused.ndcg > result.full_text.ndcg && result.fused.ndcg > result.vector.ndcg;
    const ok = beats && result.fused.recall >= 0.9;
    log(
      `\nfused beats both on NDCG@10: ${beats ? 'yes' : 'NO'}; fused Recall@10 ${result.fused.recall.toFixed(3)} (target ≥ 0.9): ${result.fused.recall >= 0.9 ? 'met' : 'MISSED'}`,
    );
    return { ok, result, heldout };
  } finally {
    await db.$disconnect();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const perQuery = process.argv.includes('--per-query');
  // --self-check-only: the label-free self-check alone; --per-document=N: N headings a document (the issue sampled 40).
  const only = process.argv.includes('--self-check-only');
  const perDocument = Number(process.argv.find((a) => a.startsWith('--per-document='))?.split('=')[1]) || undefined;
  const embedders = only ? [] : evalEmbedders();
  const runs: {
    generated: Awaited<ReturnType<typeof evaluateSearch>>;
    real: Awaited<ReturnType<typeof evaluateReal>>;
  }[] = [];
  try {
    for (const e of embedders) {
      console.log(`\n=== embedder ${e.name} (${e.embedder.model}, ${e.embedder.dimensions} dimensions)`);
      const generated = await evaluateSearch(console.log, perQuery, e.embedder);
      runs.push({ generated, real: await evaluateReal(console.log, perQuery, e.embedder) });
    }
  } finally {
    for (const e of embedders) await e.close();
  }
  if (!only) {
    const rows: { set: string; measure: string; values: (number | null)[] }[] = [
      { set: 'generated (fused)', measure: 'NDCG@10', values: runs.map((r) => r.generated.result.fused.ndcg) },
      { set: 'generated (vector only)', measure: 'NDCG@10', values: runs.map((r) => r.generated.result.vector.ndcg) },
      { set: 'generated held out (fused)', measure: 'NDCG@10', values: runs.map((r) => r.generated.heldout.ndcg) },
    ];
    for (const kind of ['paraphrase', 'paraphrase_heldout', 'keyword', 'clause_ref'] as const) {
      rows.push({ set: `real ${kind}`, measure: 'MRR@10', values: runs.map((r) => r.real?.byKind[kind]?.mrr ?? null) });
      rows.push({
        set: `real ${kind}`,
        measure: 'R@10',
        values: runs.map((r) => r.real?.byKind[kind]?.recall ?? null),
      });
    }
    sideBySide(
      `eval:search, both embedders (load average ${os.loadavg()[0]!.toFixed(1)})`,
      embedders.map((e) => e.name),
      rows,
    );
  }
  // The label-free self-check: every printed clause heading of every real code, and of the generated house styles.
  await selfCheck({ perQuery, blind: process.argv.includes('--blind'), perDocument });
  process.exitCode = runs.every((r) => r.generated.ok) ? 0 : 1;
}
