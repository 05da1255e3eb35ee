// Code search: full-text and vector candidates fused by reciprocal rank, the
// best of them scored on their text (relevance.ts), and clause, table and
// page references ("UFC 4-010-01 3-11.2", "Table 5-2a", "page 2-14")
// answered straight from the index with relevance 1.
import type { Embedder } from '../../../core/embedding/embed.ts';
import type { Hit, PassageIndex } from './passage-index.ts';
import { clauseNamed, codesNamed, pageNamed, referenceForms, type CatalogueEntry } from './query-parts.ts';
import { conceptTerms, conceptWeights, relevance } from './relevance.ts';
import { snippet } from './snippet.ts';
import { concepts } from './thesaurus.ts';

export type { CatalogueEntry } from './query-parts.ts';

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
  /** The page number printed on the page ("2-14", "iii"). */
  page_label: string;
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
  /** Beyond the spec: conditions the caller should know, e.g. requested codes that are not indexed. */
  warnings?: { code: string; message: string; file_ids: string[] }[];
}

const RRF_K = 60;
const CANDIDATES = 100;

/** Fused candidates whose text is read to score them (the score re-orders these; later ones keep fused order). */
const SCORED = 30;
/**
 * The leaders of each list are read and scored too: rank fusion favours a
 * passage both lists hold at middling ranks over one that leads a single list
 * (a table of figures leads full text but has no near vector), and the score
 * should judge both.
 */
const LEADERS = 10;

/** The letters commentary clauses prefix to the number of the code clause they explain (numbering.ts). */
const COMMENTARY_PREFIXES = ['C', 'R'];

/** The code clause a commentary passage explains: "C5.3.4(1)" → "5.3.4". */
const explained = (section: string) => {
  const number = section.replace(/^[A-Z]/, '');
  const items = number.indexOf('(');
  return items < 0 ? number : number.slice(0, items);
};

/**
 * Commentary explains a clause and never stands above it: a commentary passage listed before its
 * own code clause moves to just after that clause's first passage (with no higher a score).
 * Only passages whose rows were read (the scored head) are looked at.
 */
export function commentaryAfterClause<T extends { id: number; relevance: number }>(
  list: readonly T[],
  rows: ReadonlyMap<number, Pick<Hit, 'fileId' | 'section' | 'contentType'>>,
): T[] {
  const out = [...list];
  for (let i = 0; i < out.length; i++) {
    const row = rows.get(out[i]!.id);
    if (row?.contentType !== 'commentary') continue;
    const clause = explained(row.section);
    const j = out.findIndex((e, k) => {
      if (k <= i) return false;
      const r = rows.get(e.id);
      return (
        !!r &&
        r.fileId === row.fileId &&
        r.contentType !== 'commentary' &&
        (r.section === clause || r.section.startsWith(`${clause}(`))
      );
    });
    if (j < 0) continue;
    const [moved] = out.splice(i, 1);
    out.splice(j, 0, { ...moved!, relevance: Math.min(moved!.relevance, out[j - 1]!.relevance) });
    i--;
  }
  return out;
}

export async function searchCodes(
  index: PassageIndex,
  embedder: Embedder,
  catalogue: readonly CatalogueEntry[],
  params: SearchParams,
): Promise<SearchResults> {
  const byId = new Map(catalogue.map((c) => [c.fileId, c]));
  // Code names narrow an unscoped search to those codes and leave the words;
  // they are never searched as words (they would match every page's header).
  const named = codesNamed(params.query, catalogue);
  const narrowed = params.fileIds?.filter((f) => named.fileIds.includes(f)) ?? [];
  const scope = params.fileIds
    ? narrowed.length
      ? narrowed
      : params.fileIds
    : named.fileIds.length
      ? named.fileIds
      : null;
  const words = named.rest || params.query;

  const clause = clauseNamed(words);
  let exact: Hit[] = [];
  if (clause) {
    // "Section 1905" is an IBC division where one is printed, else a statute's whole section 1905 (statute-sections.ts).
    const forms = clause.startsWith('Equation ')
      ? [clause, `Eq. (${clause.slice(9)})`, `(${clause.slice(9)})`]
      : clause.startsWith('Section ')
        ? [clause, clause.slice(8)]
        : referenceForms(clause);
    for (const form of forms) if (!exact.length) exact = await index.bySection(form, scope);
    // A code clause's commentary ("C5.3.4", "R22.5.1") follows it.
    if (/^\d/.test(clause)) {
      for (const prefix of COMMENTARY_PREFIXES)
        exact.push(
          ...(await index.bySection(`${prefix}${referenceForms(clause).pop()}`, scope)).filter(
            (h) => h.contentType === 'commentary',
          ),
        );
    }
  } else {
    const page = pageNamed(words);
    if (page) exact = await index.byPage(page, scope);
  }

  const fused = new Map<number, number>();
  const ftRank = new Map<number, number>();
  const vecRank = new Map<number, number>();
  const add = (ranked: number[], ranks: Map<number, number>) =>
    ranked.forEach((id, rank) => {
      fused.set(id, (fused.get(id) ?? 0) + 1 / (RRF_K + rank + 1));
      ranks.set(id, rank);
    });
  // The thesaurus's words join the query, in full text and in its embedding;
  // one list each keeps the cost of a search at two index lookups (and a
  // third, of how common the query's words are, for the score).
  const wanted = concepts(words);
  const expansion = [...new Set(wanted.flatMap((c) => c.added))].join(' ');
  const expanded = expansion ? `${words} ${expansion}` : words;
  const [embedding] = await embedder.embed([expanded]);
  const [fullText, nearest, counts] = await Promise.all([
    index.fullText(expanded, scope, CANDIDATES),
    index.nearest({ model: embedder.model, vector: embedding! }, scope, CANDIDATES),
    index.termCounts(conceptTerms(wanted), scope),
  ]);
  const weights = conceptWeights(wanted, counts);
  add(fullText, ftRank);
  add(nearest, vecRank);
  const exactIds = new Set(exact.map((e) => e.id));
  const fusedOrder = [...fused]
    .filter(([id]) => !exactIds.has(id))
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .map(([id]) => id);

  // The best fused candidates are read and scored (relevance.ts), and ordered by that score.
  const head = [
    ...new Set([
      ...fusedOrder.slice(0, SCORED),
      ...[...fullText.slice(0, LEADERS), ...nearest.slice(0, LEADERS)].filter((id) => !exactIds.has(id)),
    ]),
  ];
  const inHead = new Set(head);
  const rows = new Map<number, Hit>([...exact, ...(await index.passages(head))].map((h) => [h.id, h]));
  const scored = head
    .flatMap((id) => {
      const hit = rows.get(id);
      return hit
        ? [{ id, relevance: relevance(wanted, weights, hit, ftRank.get(id) ?? null, vecRank.get(id) ?? null) }]
        : [];
    })
    .sort((a, b) => b.relevance - a.relevance || a.id - b.id);
  const floor = scored.length ? scored[scored.length - 1]!.relevance : 1;
  // Candidates past the scored head keep fused order, below the lowest scored one.
  const rest = fusedOrder.filter((id) => !inHead.has(id));
  const tail = rest.map((id, i) => ({ id, relevance: floor * (1 - (i + 1) / (rest.length + 1)) }));
  // What the query named stays first; below it, commentary never stands above its own clause.
  const all = [
    ...exact.map((hit) => ({ id: hit.id, relevance: 1 })),
    ...commentaryAfterClause([...scored, ...tail], rows),
  ];

  // Only the passages of the requested page are read in full.
  const total = all.length;
  const start = (params.page - 1) * params.perPage;
  const pageOf = all.slice(start, start + params.perPage);
  for (const h of await index.passages(pageOf.filter((r) => !rows.has(r.id)).map((r) => r.id))) rows.set(h.id, h);
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
        snippet: snippet(hit.text, words),
        page_number: hit.page,
        page_label: hit.pageLabel || String(hit.page),
        relevance_score: Number(relevance.toFixed(4)),
        context: [hit.section, hit.heading].filter(Boolean).join(' '),
        content_type: hit.contentType,
      },
    ];
  });
  return {
    total,
    page: params.page,
    per_page: params.perPage,
    total_pages: Math.max(1, Math.ceil(total / params.perPage)),
    matches,
  };
}
