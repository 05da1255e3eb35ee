// Code search: full-text and vector candidates fused by reciprocal rank, and
// exact clause references ("ACI 318 22.5.1.1", "EN 1992 6.2.2") answered
// straight from the clause. Scores are normalised so that 1.0 means "first
// in both lists" (or an exact clause), comparable across queries.
import type { Embedder } from './embed.ts';
import type { Hit, PassageIndex } from './passage-index.ts';
import { snippet } from './snippet.ts';
import { expandQuery } from './thesaurus.ts';

export interface CatalogueEntry {
  fileId: string;
  filename: string;
  description: string;
  designStandard: string;
}

export interface SearchParams {
  query: string;
  fileIds: readonly string[] | null;
  page: number;
  perPage: number;
}

export interface SearchMatch {
  file_id: string;
  filename: string;
  description: string;
  design_standard: string;
  snippet: string;
  page_number: number;
  relevance_score: number;
  context: string;
  content_type: string;
}

export interface SearchResults {
  total: number;
  page: number;
  per_page: number;
  total_pages: number;
  matches: SearchMatch[];
}

const RRF_K = 60;
const CANDIDATES = 100;

/** Words that name a standard in a query ("ACI 318", "EN 1992-1-1", "AS 3600") and the files they mean. */
export function standardsNamed(query: string, catalogue: readonly CatalogueEntry[]): string[] {
  const q = ` ${query.toLowerCase().replace(/[^a-z0-9.]+/g, ' ')} `;
  return catalogue
    .filter((c) => {
      const [family, number] = c.fileId.split('-');
      return family && number && new RegExp(`\\b${family}\\s*${number}\\b`).test(q);
    })
    .map((c) => c.fileId);
}

/** The clause number in a query ("22.5.1.1", "Table 4.3", "6.2.2"), if it names one. */
export function clauseNamed(query: string): string | null {
  const m = /\b((?:table|figure|fig\.)\s+)?(\d+(?:\.\d+){1,5})\b/i.exec(query);
  if (!m) return null;
  return m[1] ? `${m[1].trim().replace(/^fig\.$/i, 'Figure').replace(/^\w/, (c) => c.toUpperCase())} ${m[2]}` : m[2]!;
}

export async function searchCodes(index: PassageIndex, embedder: Embedder, catalogue: readonly CatalogueEntry[], params: SearchParams): Promise<SearchResults> {
  const byId = new Map(catalogue.map((c) => [c.fileId, c]));
  const named = standardsNamed(params.query, catalogue);
  const scope = named.length ? (params.fileIds ? params.fileIds.filter((f) => named.includes(f)) : named) : params.fileIds;

  const fused = new Map<number, number>();
  const add = (ranked: number[]) =>
    ranked.forEach((id, rank) => fused.set(id, (fused.get(id) ?? 0) + 1 / (RRF_K + rank + 1)));

  const clause = clauseNamed(params.query);
  const exact = clause && named.length ? await index.bySection(clause, scope) : [];
  // The thesaurus's words join the query, in full text and in its embedding;
  // one list each keeps the cost of a search at two index lookups.
  const expansion = expandQuery(params.query).join(' ');
  const expanded = expansion ? `${params.query} ${expansion}` : params.query;
  const [embedding] = await embedder.embed([expanded]);
  const [fullText, nearest] = await Promise.all([index.fullText(expanded, scope, CANDIDATES), index.nearest(embedding!, scope, CANDIDATES)]);
  add(fullText);
  add(nearest);
  const max = 2 / (RRF_K + 1);
  const exactIds = new Set(exact.map((e) => e.id));
  const ranked = [...fused]
    .filter(([id]) => !exactIds.has(id))
    .map(([id, score]) => ({ id, relevance: Math.min(1, score / max) }))
    .sort((a, b) => b.relevance - a.relevance || a.id - b.id);
  const all = [...exact.map((hit) => ({ id: hit.id, relevance: 1 })), ...ranked];

  // Only the passages of the requested page are read in full.
  const total = all.length;
  const start = (params.page - 1) * params.perPage;
  const pageOf = all.slice(start, start + params.perPage);
  const rows = new Map<number, Hit>([...exact, ...(await index.passages(pageOf.filter((r) => !exactIds.has(r.id)).map((r) => r.id)))].map((h) => [h.id, h]));
  const matches = pageOf.flatMap(({ id, relevance }): SearchMatch[] => {
    const hit = rows.get(id);
    if (!hit) return []; // deleted by a re-ingest between the two reads
    const entry = byId.get(hit.fileId);
    return [
      {
        file_id: hit.fileId,
        filename: entry?.filename ?? '',
        description: entry?.description ?? '',
        design_standard: entry?.designStandard ?? '',
        snippet: snippet(hit.text, params.query),
        page_number: hit.page,
        relevance_score: Number(relevance.toFixed(4)),
        context: [hit.section, hit.heading].filter(Boolean).join(' '),
        content_type: hit.contentType,
      },
    ];
  });
  return { total, page: params.page, per_page: params.perPage, total_pages: Math.max(1, Math.ceil(total / params.perPage)), matches };
}
