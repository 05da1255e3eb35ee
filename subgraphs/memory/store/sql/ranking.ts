// Ranking that does not depend on the engine that found the facts: rows as ranked uuids, and the
// breadth-first walk of an entity neighbourhood, whose per-hop query each engine writes itself.
import type { Ranked } from '../../model.ts';

/** Rows with a uuid and a score (drivers hand back strings, bigints or numbers) as ranked facts, in their order. */
export const toRanked = (rows: readonly { uuid: unknown; score: unknown }[]): Ranked[] =>
  rows.map((r) => ({ uuid: String(r.uuid), score: Number(r.score) }));

/** Rows best first, a fact more than once (one row per episode that stated it): each fact once, at its best score. */
export function firstPerUuid(rows: readonly { uuid: unknown; score: unknown }[]): Ranked[] {
  const out = new Map<string, number>();
  for (const r of rows) if (!out.has(String(r.uuid))) out.set(String(r.uuid), Number(r.score));
  return [...out].map(([uuid, score]) => ({ uuid, score }));
}

/** A fact found at one hop, with the two entities it joins. */
export interface HopRow {
  uuid: unknown;
  sourceUuid: unknown;
  targetUuid: unknown;
}

/** Entities a hop starts from at most: a hub's neighbours would otherwise flood the next hop. */
const FRONTIER = 50;

/**
 * Facts around `entityUuids`, breadth first for up to `depth` hops: a fact scores 1/hop of the first
 * hop that reaches it, and the next hop starts from the entities this one reached first (up to
 * FRONTIER, in the order the engine's `hop` query returned their facts). `hop(frontier)` answers the
 * facts in scope that touch the frontier's entities, best first, at most `limit`.
 */
export async function walkNeighbourhood(
  entityUuids: readonly string[],
  depth: number,
  limit: number,
  hop: (frontier: string[]) => Promise<readonly HopRow[]>,
): Promise<Ranked[]> {
  const out = new Map<string, number>();
  let frontier = [...new Set(entityUuids)];
  const seen = new Set(frontier);
  for (let n = 1; n <= depth && frontier.length && out.size < limit; n++) {
    const next: string[] = [];
    for (const r of await hop(frontier)) {
      const uuid = String(r.uuid);
      if (!out.has(uuid)) out.set(uuid, 1 / n);
      for (const e of [String(r.sourceUuid), String(r.targetUuid)]) {
        if (!seen.has(e)) {
          seen.add(e);
          next.push(e);
        }
      }
    }
    frontier = next.slice(0, FRONTIER);
  }
  return [...out].slice(0, limit).map(([uuid, score]) => ({ uuid, score }));
}
