// The content subgraph's tools for agents (core/platform-tools.ts): code search.
import { z } from 'zod';
import { settle, tool } from '../../core/platform-tools.ts';
import { DESIGN_STANDARDS } from './codes.ts';
import { createSearchJob } from './service.ts';

export const contentTools = {
  search_codes: tool({
    description:
      'Searches the building codes and standards in the code library (full text and meaning) and answers the best passages with the code, page and a snippet. ' +
      'Cite the code and page of what you use.',
    args: z.object({
      query: z.string().describe('What to look for, in words (e.g. "minimum concrete cover for slabs exposed to weather")'),
      design_standard: z.enum(DESIGN_STANDARDS).optional().describe('Only codes of this design standard'),
      file_ids: z.array(z.string()).max(50).optional().describe('Only these codes (file ids from the code library)'),
      per_page: z.int().min(1).max(20).default(5).describe('How many passages to answer'),
    }),
    async run(ctx, a) {
      const job = await createSearchJob(ctx.platform, ctx.principal, { query: a.query, designStandard: a.design_standard, fileIds: a.file_ids, perPage: a.per_page });
      const { done, result } = await settle(ctx, job);
      return { result, charges: done ? [{ kind: 'search_query', units: 1 }] : [] };
    },
  }),
};
