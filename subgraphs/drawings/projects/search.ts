// Natural-language search over a project graph: the question's words against
// entity text (FTS5, BM25) and, with an embeddings endpoint, by vector; the
// two fused by reciprocal rank; then graph expansion from the best hits
// (callout → the view and sheet it references; member mark → the notes that
// mention it and the same mark on other sheets; revision → what was revised
// in it), and each match named by its sheet and the box to zoom to.
import type { Embedder } from '../../../core/embedding/embed.ts';
import type { Entity, RelationshipType } from './model.ts';
import type { ProjectGraphStore } from './store/project-graph-store.ts';

export const MAX_PER_PAGE = 50;
/** Candidates each ranking contributes, and seeds expanded through the graph. */
const CANDIDATES = 100;
const SEEDS = 30;
/** Reciprocal-rank constant (the usual 60). */
const RRF_K = 60;
/** An entity reached through the graph scores this share of the hit it was reached from. */
const EXPANSION_DECAY = 0.6;
/**
 * The relationships the expansion walks. Only these are read: a sheet seed is the target of an
 * ON_SHEET edge from every entity on it (about 26 on a generated sheet, thousands on a dense real
 * one), which the walk never follows.
 */
const WALKED: readonly RelationshipType[] = ['REFERENCES', 'MENTIONS', 'SAME_AS', 'REVISED_IN', 'SHOWN_ON'];

/** Question words carry no evidence; drop them so BM25 ranks by the engineering words. */
const STOP = new Set(
  'a an and are as at be by for from has have how in is it of on or that the this to with which where what when who whom why does do did show shows shown sheet sheets drawing drawings find me all any there their its was were detailed'.split(
    ' ',
  ),
);

/** A grid is named by one letter ("grid E", "grid C/4"): that letter is a word of the question, unlike other single letters. */
const GRID_LETTER = /\bgrids?\s+(?:lines?\s+)?([a-z])(?![a-z])/gi;

export function queryTerms(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const gridLetters = new Set([...text.matchAll(GRID_LETTER)].map((m) => m[1]!.toLowerCase()));
  return [...new Set(words.filter((w) => !STOP.has(w) && (w.length > 1 || /\d/.test(w) || gridLetters.has(w))))].slice(
    0,
    32,
  );
}

/** A member size written as one word that FTS5's tokenizer splits at "/" or "." (L4X4X1/4, C10X15.3, HSS6X6X3/8). */
const SPLIT_SIZE = /^[a-z]+\d+(?:x\d+)+(?:[./]\d+)+/i;

/**
 * The words as an FTS5 query: each quoted, any may match (BM25 ranks by how many and how rare).
 * A member size the tokenizer would split ("L4X4X1/4" → l4x4x1, 4) is one phrase, as it is one
 * word on the drawing, quoted as written ("l4x4x1/4"): its tail alone ("4") is on nearly every entity, and would make the query
 * rank thousands of rows that hold nothing of the question. Null when no word is left.
 */
export function ftsMatch(text: string): string | null {
  const terms = queryTerms(text);
  if (!terms.length) return null;
  const wordsOf = (chunk: string): string[] => chunk.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const chunks = text.split(/\s+/).filter(Boolean);
  const sizes = chunks.filter((c) => SPLIT_SIZE.test(c));
  // Quoted as written: FTS5 reads it as the phrase of its pieces, PostgreSQL's parser as one token, as each indexed it.
  const phrases = sizes.map((c) => SPLIT_SIZE.exec(c)![0].toLowerCase());
  // A word stays a term of its own unless every place the question writes it is inside a size.
  const alone = terms.filter((t) => chunks.some((c) => !SPLIT_SIZE.test(c) && wordsOf(c).includes(t)));
  return [...new Set([...phrases, ...alone])].map((t) => `"${t}"`).join(' OR ');
}

export interface SearchMatch {
  entity: Entity;
  sheetNumber: string | null;
  sheetTitle: string | null;
  snippet: string;
  bbox: number[];
  relevanceScore: number;
  /** How it was found: text, vector, or graph (reached from another match). */
  via: 'text' | 'vector' | 'graph';
}

export interface SearchOutcome {
  total: number;
  page: number;
  perPage: number;
  totalPages: number;
  matches: SearchMatch[];
}

const esc = (s: string) => s.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);

/** At most 300 characters around the first of the question's words in the text (a sheet's text is its whole page). */
function snippet(text: string, terms: string[]): string {
  const re = terms.length
    ? new RegExp(`(${terms.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`, 'gi')
    : null;
  let clipped = text;
  if (text.length > 300) {
    const at = re ? Math.max(0, text.search(re)) : 0;
    const start = at > 200 ? at - 100 : 0;
    clipped = `${start ? '…' : ''}${text.slice(start, start + 297)}${start + 297 < text.length ? '…' : ''}`;
  }
  return re ? esc(clipped).replace(re, '<mark>$1</mark>') : esc(clipped);
}

/**
 * Share of the query's terms an entity's words hold. A sheet counts its heading only (number, title,
 * discipline): it also carries every word printed on it, and would otherwise outrank the entity that
 * holds the words, with the box to zoom to.
 */
function coverage(e: Entity, terms: string[]): number {
  if (!terms.length) return 0;
  const own = e.type === 'Sheet' ? e.text.split('\n', 1)[0]! : e.text;
  const words = new Set(`${e.type} ${e.label} ${own}`.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
  return (
    terms.filter((t) => words.has(t) || [...words].some((w) => w.startsWith(t) && t.length >= 4)).length / terms.length
  );
}

export async function searchProject(
  services: { store: ProjectGraphStore; embedder: Embedder | null },
  projectId: string,
  query: string,
  page: number,
  perPage: number,
): Promise<SearchOutcome> {
  const { store, embedder } = services;
  const terms = queryTerms(query);
  const match = ftsMatch(query);
  const fused = new Map<string, { score: number; via: SearchMatch['via'] }>();
  const addRanked = (ids: string[], via: 'text' | 'vector') =>
    ids.forEach((id, rank) => {
      const prev = fused.get(id);
      fused.set(id, { score: (prev?.score ?? 0) + 1 / (RRF_K + rank + 1), via: prev?.via ?? via });
    });
  if (match)
    addRanked(
      (await store.searchText(projectId, match, CANDIDATES)).map((r) => r.id),
      'text',
    );
  if (embedder) {
    const [v] = await embedder.embed([query]);
    addRanked(
      (await store.searchVector(projectId, { model: embedder.model, vector: v! }, CANDIDATES)).map((r) => r.id),
      'vector',
    );
  }

  // Evidence: 0.6 × share of the question's words the entity holds + 0.4 × rank evidence.
  const seedsRanked = [...fused].sort((a, b) => b[1].score - a[1].score);
  const seedEntities = new Map(
    (
      await store.entitiesByIds(
        projectId,
        seedsRanked.map(([id]) => id),
      )
    ).map((e) => [e.id, e]),
  );
  const scored = new Map<string, { score: number; via: SearchMatch['via'] }>();
  seedsRanked.forEach(([id, f], rank) => {
    const e = seedEntities.get(id);
    if (!e) return;
    scored.set(id, { score: 0.6 * coverage(e, terms) + 0.4 / (1 + rank / 10), via: f.via });
  });

  // Graph expansion from the best seeds.
  const seeds = [...scored].sort((a, b) => b[1].score - a[1].score).slice(0, SEEDS);
  const rels = await store.relationshipsOf(
    projectId,
    seeds.map(([id]) => id),
    WALKED,
  );
  const seedScore = new Map(seeds.map(([id, s]) => [id, s.score]));
  const reach = (target: string, from: string) => {
    const s = (seedScore.get(from) ?? 0) * EXPANSION_DECAY;
    const prev = scored.get(target);
    if (!prev || prev.score < s) scored.set(target, { score: s, via: prev?.via ?? 'graph' });
  };
  const seedType = (id: string) => seedEntities.get(id)?.type;
  for (const r of rels) {
    if (r.type === 'REFERENCES' && seedScore.has(r.sourceId)) reach(r.targetId, r.sourceId);
    else if (r.type === 'MENTIONS' && seedScore.has(r.targetId)) reach(r.sourceId, r.targetId);
    else if (r.type === 'SAME_AS') {
      if (seedScore.has(r.sourceId)) reach(r.targetId, r.sourceId);
      if (seedScore.has(r.targetId)) reach(r.sourceId, r.targetId);
    } else if (r.type === 'REVISED_IN' && seedScore.has(r.targetId) && seedType(r.targetId) === 'Revision')
      reach(r.sourceId, r.targetId);
    else if (r.type === 'SHOWN_ON' && seedScore.has(r.sourceId)) reach(r.targetId, r.sourceId);
  }

  const ranked = [...scored].sort((a, b) => b[1].score - a[1].score || a[0].localeCompare(b[0]));
  const total = ranked.length;
  const slice = ranked.slice((page - 1) * perPage, page * perPage);
  // The seeds are loaded already; only entities reached through the graph are read.
  const entities = new Map(
    slice.flatMap(([id]) => (seedEntities.has(id) ? [[id, seedEntities.get(id)!] as const] : [])),
  );
  const reached = slice.map(([id]) => id).filter((id) => !entities.has(id));
  if (reached.length) for (const e of await store.entitiesByIds(projectId, reached)) entities.set(e.id, e);
  const sheets = new Map(
    (await store.sheetsByIds([...new Set([...entities.values()].map((e) => e.sheetId))])).map((s) => [s.id, s]),
  );
  const matches: SearchMatch[] = [];
  for (const [id, s] of slice) {
    const e = entities.get(id);
    if (!e) continue;
    const sheet = sheets.get(e.sheetId);
    matches.push({
      entity: e,
      sheetNumber: sheet?.number ?? null,
      sheetTitle: sheet?.title ?? null,
      snippet: snippet(`${e.label} — ${e.text}`, terms),
      bbox: e.bbox,
      relevanceScore: Number(Math.min(1, s.score).toFixed(4)),
      via: s.via,
    });
  }
  return { total, page, perPage, totalPages: Math.ceil(total / perPage), matches };
}

/** A search job's results: the REST shape (as every job's), snake_case; the GraphQL Job maps them back (resolvers.ts). */
export function searchJobResult(query: string, r: SearchOutcome) {
  return {
    query,
    total: r.total,
    page: r.page,
    per_page: r.perPage,
    total_pages: r.totalPages,
    matches: r.matches.map((m) => ({
      entity: {
        id: m.entity.id,
        type: m.entity.type,
        label: m.entity.label,
        text: m.entity.text,
        sheet_id: m.entity.sheetId,
        page: m.entity.page,
        bbox: m.entity.bbox,
        provenance: m.entity.provenance,
        props: m.entity.props,
        community_id: m.entity.communityId,
      },
      sheet_number: m.sheetNumber,
      sheet_title: m.sheetTitle,
      snippet: m.snippet,
      bbox: m.bbox,
      relevance_score: m.relevanceScore,
      via: m.via,
    })),
  };
}
export type ProjectSearchJobResult = ReturnType<typeof searchJobResult>;
