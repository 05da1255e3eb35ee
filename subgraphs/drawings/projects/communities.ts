// Recomputes a project's communities (Louvain in a worker thread, seeded) and
// stores them with their deterministic summaries; entities get IN_COMMUNITY.
// With a summarizer (PROJECT_LLM_URL), the largest communities also get a
// summary written by the model (community-summaries.ts).
import { randomUUID } from 'node:crypto';
import type { WorkerPool } from '../../../core/jobs/worker-pool.ts';
import { SAMPLE_MAX, type CommunityBrief, type CommunitySummarizer } from './community-summaries.ts';
import type { CommunityDraft } from './communities-task.ts';
import type { Community } from './model.ts';
import type { GraphSnapshot, ProjectGraphStore } from './store/project-graph-store.ts';

const TASK = new URL('./communities-task.ts', import.meta.url);
/** Sheets read per page of the sheet list while collecting their numbers and disciplines. */
const SHEET_PAGE = 1000;
/** Communities summarised by the model, largest first: a bound on calls per recomputation (the rest keep the deterministic summary). */
export const LLM_SUMMARY_LIMIT = 20;
/** Model calls at once. */
const LLM_CONCURRENCY = 4;

type SheetInfo = { number: string | null; title: string | null; discipline: string | null };

export interface CommunitiesOutcome {
  count: number;
  /** Communities the model summarised, and the calls that failed (those keep only the deterministic summary). */
  llm: { summarised: number; failed: number } | null;
}

export async function computeCommunities(
  store: ProjectGraphStore,
  projectId: string,
  workers: WorkerPool,
  summarizer: CommunitySummarizer | null = null,
): Promise<CommunitiesOutcome> {
  const snapshot = await store.graph(projectId);
  const sheets: Record<string, SheetInfo> = {};
  for (let offset = 0; ; offset += SHEET_PAGE) {
    const page = await store.listSheets(projectId, offset, SHEET_PAGE);
    for (const s of page.items) sheets[s.id] = { number: s.number, title: s.title, discipline: s.discipline };
    if (offset + SHEET_PAGE >= page.total) break;
  }
  const drafts = await workers.run<CommunityDraft[]>(TASK, { snapshot, sheets }, undefined, { timeoutMs: 120_000 });
  const membership = new Map<string, string>();
  const communities: Community[] = drafts.map((d) => {
    const id = randomUUID();
    for (const m of d.members) membership.set(m, id);
    return {
      id,
      projectId,
      index: d.index,
      title: d.title,
      summary: d.summary,
      llmSummary: null,
      size: d.members.length,
      rank: d.rank,
      sheets: d.sheets,
      disciplines: d.disciplines,
      topMembers: d.topMembers,
      topGrids: d.topGrids,
    };
  });
  const llm = summarizer
    ? await summarise(summarizer, communities.slice(0, LLM_SUMMARY_LIMIT), drafts, snapshot, sheets)
    : null;
  await store.replaceCommunities(projectId, communities, membership);
  return { count: communities.length, llm };
}

/** Sets `llmSummary` on each community the model answers for; a failed call leaves it null. */
async function summarise(
  summarizer: CommunitySummarizer,
  communities: Community[],
  drafts: CommunityDraft[],
  snapshot: GraphSnapshot,
  sheets: Record<string, SheetInfo>,
) {
  const nodes = new Map(snapshot.nodes.map((n) => [n.id, n]));
  const byNumber = new Map(
    Object.values(sheets)
      .filter((s) => s.number)
      .map((s) => [s.number!, s]),
  );
  let summarised = 0;
  let failed = 0;
  let next = 0;
  async function lane() {
    while (next < communities.length) {
      const i = next++;
      const c = communities[i]!;
      const brief: CommunityBrief = {
        title: c.title,
        summary: c.summary,
        sheets: c.sheets
          .filter((n) => byNumber.has(n))
          .map((n) => ({ number: n, title: byNumber.get(n)!.title, discipline: byNumber.get(n)!.discipline })),
        samples: briefSamples(drafts[i]!.members, nodes),
      };
      try {
        c.llmSummary = await summarizer.summarize(brief);
        summarised++;
      } catch {
        failed++;
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(LLM_CONCURRENCY, communities.length) }, lane));
  return { summarised, failed };
}

/** Distinct labels of the community's entities other than sheets, in graph order, with their type. */
function briefSamples(members: string[], nodes: Map<string, GraphSnapshot['nodes'][number]>): string[] {
  const seen = new Set<string>();
  for (const id of members) {
    const n = nodes.get(id);
    if (!n || n.type === 'Sheet') continue;
    seen.add(`${n.type}: ${n.label}`);
    if (seen.size >= SAMPLE_MAX) break;
  }
  return [...seen];
}
