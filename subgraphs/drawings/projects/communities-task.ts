// Worker-thread entry: Louvain communities over a project graph, with a
// deterministic summary of each. Seeded, so the same graph gives the same
// communities (graphology-communities-louvain's `rng` option).
import { UndirectedGraph } from 'graphology';
import louvainModule, { type LouvainOptions } from 'graphology-communities-louvain';
import { mulberry32 } from '../../../core/seeded-random.ts';
import type { GraphSnapshot } from './store/project-graph-store.ts';

export interface CommunityDraft {
  index: number;
  members: string[];
  title: string;
  summary: string;
  rank: number;
  sheets: string[];
  disciplines: string[];
  topMembers: string[];
  topGrids: string[];
}

/**
 * Edge weights: a cross-sheet reference or a shared member/grid says more about what belongs
 * together than sitting on the same sheet, so they weigh more than ON_SHEET.
 */
const WEIGHT: Record<string, number> = {
  ON_SHEET: 1,
  REFERENCES: 3,
  SAME_AS: 2,
  MENTIONS: 2,
  POINTS_TO: 2,
  SHOWN_ON: 1,
  REVISED_IN: 1,
};
export const LOUVAIN_SEED = 0xdeadbeef;

// The package is CommonJS; its default export is the function itself at run time.
const louvain = louvainModule as unknown as (graph: UndirectedGraph, options: LouvainOptions) => Record<string, number>;

const top = (counts: Map<string, number>, n: number) =>
  [...counts]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, n)
    .map(([k]) => k);
const bump = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);

export function communitiesOf(
  snapshot: GraphSnapshot,
  sheets: Record<string, { number: string | null; discipline: string | null }>,
): CommunityDraft[] {
  if (!snapshot.nodes.length) return [];
  const graph = new UndirectedGraph({ allowSelfLoops: false });
  for (const n of snapshot.nodes) graph.addNode(n.id);
  for (const e of snapshot.edges) {
    if (e.source === e.target || !graph.hasNode(e.source) || !graph.hasNode(e.target)) continue;
    graph.updateEdge(e.source, e.target, (attr: { weight?: number }) => ({
      weight: (attr.weight ?? 0) + (WEIGHT[e.type] ?? 1),
    }));
  }
  const mapping = louvain(graph, { getEdgeWeight: 'weight', rng: mulberry32(LOUVAIN_SEED), resolution: 1 });
  const groups = new Map<number, string[]>();
  for (const n of snapshot.nodes) groups.set(mapping[n.id]!, [...(groups.get(mapping[n.id]!) ?? []), n.id]);
  const byId = new Map(snapshot.nodes.map((n) => [n.id, n]));
  const totalDegree = graph.size * 2 || 1;
  const ordered = [...groups.values()].sort((a, b) => b.length - a.length || a[0]!.localeCompare(b[0]!));
  return ordered.map((members, index) => {
    const sheetCounts = new Map<string, number>();
    const disciplines = new Map<string, number>();
    const marks = new Map<string, number>();
    const grids = new Map<string, number>();
    const types = new Map<string, number>();
    let degree = 0;
    for (const id of members) {
      const n = byId.get(id)!;
      const s = sheets[n.sheetId];
      bump(sheetCounts, s?.number ?? 'unnumbered');
      if (s?.discipline) bump(disciplines, s.discipline);
      if (n.type === 'MemberMark') bump(marks, n.label);
      if (n.type === 'GridLine') bump(grids, n.label.replace(/^GRID /, ''));
      bump(types, n.type);
      degree += graph.hasNode(id) ? graph.degree(id) : 0;
    }
    const sheetList = top(sheetCounts, 20);
    const disciplineList = top(disciplines, 5);
    const topMembers = top(marks, 5);
    const topGrids = top(grids, 8);
    const title = `${sheetList.slice(0, 3).join(', ')}${sheetList.length > 3 ? ` and ${sheetList.length - 3} more` : ''}${disciplineList.length ? ` (${disciplineList.join(', ')})` : ''}`;
    const typeText = top(types, 10)
      .map((t) => `${types.get(t)} ${t}`)
      .join(', ');
    const summary = [
      `${members.length} entities on ${sheetList.length} sheet(s): ${typeText}.`,
      topMembers.length ? `Members: ${topMembers.join(', ')}.` : '',
      topGrids.length ? `Grids: ${topGrids.join(', ')}.` : '',
    ]
      .filter(Boolean)
      .join(' ');
    return {
      index,
      members,
      title,
      summary,
      rank: Number((degree / totalDegree).toFixed(4)),
      sheets: sheetList,
      disciplines: disciplineList,
      topMembers,
      topGrids,
    };
  });
}

export default function task({
  snapshot,
  sheets,
}: {
  snapshot: GraphSnapshot;
  sheets: Record<string, { number: string | null; discipline: string | null }>;
}): CommunityDraft[] {
  return communitiesOf(snapshot, sheets);
}
