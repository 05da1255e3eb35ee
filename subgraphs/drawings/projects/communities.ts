// Recomputes a project's communities (Louvain in a worker thread, seeded) and
// stores them with their deterministic summaries; entities get IN_COMMUNITY.
import { randomUUID } from 'node:crypto';
import type { WorkerPool } from '../../../core/jobs/worker-pool.ts';
import type { CommunityDraft } from './communities-task.ts';
import type { Community } from './model.ts';
import type { ProjectGraphStore } from './store/project-graph-store.ts';

const TASK = new URL('./communities-task.ts', import.meta.url);
/** Sheets read per page of the sheet list while collecting their numbers and disciplines. */
const SHEET_PAGE = 1000;

export async function computeCommunities(store: ProjectGraphStore, projectId: string, workers: WorkerPool): Promise<number> {
  const snapshot = await store.graph(projectId);
  const sheets: Record<string, { number: string | null; discipline: string | null }> = {};
  for (let offset = 0; ; offset += SHEET_PAGE) {
    const page = await store.listSheets(projectId, offset, SHEET_PAGE);
    for (const s of page.items) sheets[s.id] = { number: s.number, discipline: s.discipline };
    if (offset + SHEET_PAGE >= page.total) break;
  }
  const drafts = await workers.run<CommunityDraft[]>(TASK, { snapshot, sheets }, undefined, { timeoutMs: 120_000 });
  const membership = new Map<string, string>();
  const communities: Community[] = drafts.map((d) => {
    const id = randomUUID();
    for (const m of d.members) membership.set(m, id);
    return { id, projectId, index: d.index, title: d.title, summary: d.summary, size: d.members.length, rank: d.rank, sheets: d.sheets, disciplines: d.disciplines, topMembers: d.topMembers, topGrids: d.topGrids };
  });
  await store.replaceCommunities(projectId, communities, membership);
  return communities.length;
}
