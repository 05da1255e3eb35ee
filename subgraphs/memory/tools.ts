// The memory subgraph's tools for agents (core/platform-tools.ts). Memory has no price in the
// spec. add_memory answers its ingestion job's id at once rather than waiting for the job:
// nothing in its result is for the model.
import { z } from 'zod';
import { tool } from '../../core/platform-tools.ts';
import { addMessages, searchMemory } from './service.ts';

export const memoryTools = {
  search_memory: tool({
    description:
      "Searches the user's memory (facts learned from earlier conversations) and answers the facts that match, best first.",
    args: z.object({
      query: z.string().min(1).describe('What to recall'),
      group_ids: z.array(z.string()).max(20).optional().describe('Only these memory groups'),
      max_facts: z.int().min(1).max(50).default(10),
    }),
    async run(ctx, a) {
      const facts = await searchMemory(ctx.platform, ctx.principal, {
        query: a.query,
        groupIds: a.group_ids,
        maxFacts: a.max_facts,
      });
      return {
        result: {
          facts: facts.map((f) => ({
            fact: f.fact,
            relation: f.name,
            valid_at: f.validAt,
            invalid_at: f.invalidAt,
            score: f.score,
          })),
        },
      };
    },
  }),

  add_memory: tool({
    description:
      "Adds messages to the user's memory (a group), from which facts are extracted in the background; answers the ingestion job's id.",
    args: z.object({
      group_id: z.string().describe('The memory group (letters, digits, - and _)'),
      messages: z
        .array(
          z.object({
            content: z.string().min(1),
            role_type: z.enum(['user', 'assistant', 'system']),
            role: z.string().optional(),
          }),
        )
        .min(1)
        .max(50),
    }),
    async run(ctx, a) {
      const added = await addMessages(
        ctx.platform,
        ctx.principal,
        a.group_id,
        a.messages.map((m) => ({ content: m.content, roleType: m.role_type, role: m.role ?? null })),
      );
      return { result: { accepted: added.accepted, job_id: added.jobId } };
    },
  }),
};
