// The content subgraph's tools for agents (core/platform-tools.ts): code search, over the public
// codes and the account's own private library, and the list of that library.
import { z } from 'zod';
import { settle, tool } from '../../core/platform-tools.ts';
import { DESIGN_STANDARDS } from './codes.ts';
import { listDocuments } from './library.ts';
import { createSearchJob } from './service.ts';

export const contentTools = {
  search_codes: tool({
    description:
      "Searches the building codes and standards in the code library, and the account's own documents in its private library (full text and meaning), and answers the best passages with the code, page and a snippet. " +
      'A clause, table or figure number, with or without the code\'s name ("UFC 4-010-01 3-11.2", "Table 4"), goes straight to it. Cite the code and page of what you use.',
    args: z.object({
      query: z
        .string()
        .describe(
          'What to look for, in words (e.g. "minimum concrete cover for slabs exposed to weather") or a clause reference',
        ),
      design_standard: z.enum(DESIGN_STANDARDS).optional().describe('Only codes of this design standard'),
      file_ids: z
        .array(z.string())
        .max(50)
        .optional()
        .describe('Only these codes or documents (file ids from the code library or list_library_documents)'),
      per_page: z.int().min(1).max(20).default(5).describe('How many passages to answer'),
    }),
    async run(ctx, a) {
      const job = await createSearchJob(ctx.platform, ctx.principal, {
        query: a.query,
        designStandard: a.design_standard,
        fileIds: a.file_ids,
        perPage: a.per_page,
      });
      const { done, result } = await settle(ctx, job);
      return { result, charges: done ? [{ kind: 'search_query', units: 1 }] : [] };
    },
  }),

  list_library_documents: tool({
    description:
      "Lists the account's own documents in its private code library (project specifications, company standards): their file ids for search_codes, titles, status and the names they print for themselves.",
    args: z.object({}),
    async run(ctx) {
      const docs = await listDocuments(ctx.platform.db, ctx.principal);
      return {
        result: {
          documents: docs.map((d) => ({
            file_id: d.fileId,
            description: d.description,
            filename: d.filename,
            status: d.status,
            page_count: d.pageCount,
            designations: d.designations,
          })),
        },
      };
    },
  }),
};
