import { createHash } from 'node:crypto';
import { z } from 'zod';
import { designStandardParam, fromGraphqlStandard, toGraphqlStandard } from '../design-standard.ts';
import type { Route } from '../route.ts';

export const codeRoutes: Route[] = [
  {
    method: 'get',
    path: '/v1/codes',
    summary: 'The code library: indexed building codes and standards (public, cacheable for 24 hours)',
    tag: 'codes',
    auth: 'public',
    errors: 'hosted',
    query: z.object({
      // An empty value (`?design_standard=`) means no filter, as an absent one does.
      design_standard: z.preprocess((v) => (v === '' ? undefined : v), designStandardParam.optional()),
    }),
    successStatus: 200,
    etag: true,
    response: z.object({
      codes: z.array(
        z.object({
          file_id: z.string(),
          filename: z.string(),
          description: z.string().nullable(),
          design_standard: z.string().nullable(),
          path: z.string().nullable(),
          added_at: z.number().describe('Unix seconds'),
          indexed: z.boolean(),
          page_count: z.number().nullable(),
        }),
      ),
    }),
    async handle({ query, headers }, run) {
      // REST answers the whole library: the GraphQL pages, followed to the end. Pages of 100: the
      // cost limit multiplies a list's cost by its `first`, and 100 codes stay well inside it.
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- GraphQL answers are JSON the route reads field by field
      const all: Record<string, any>[] = [];
      for (let after: string | null = null; ;) {
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- GraphQL answers are JSON the route reads field by field
        const data: Record<string, any> = await run(
          `query Codes($s: DesignStandard, $after: String) { codes(designStandard: $s, first: 100, after: $after) { nodes { fileId filename description designStandard path addedAt indexed pageCount } pageInfo { endCursor hasNextPage } } }`,
          { s: query.design_standard ? toGraphqlStandard(query.design_standard) : null, after },
        );
        all.push(...data.codes.nodes);
        if (!data.codes.pageInfo.hasNextPage) break;
        after = data.codes.pageInfo.endCursor;
      }
      const body = {
        codes: all.map((c) => ({
          file_id: c.fileId,
          filename: c.filename,
          description: c.description,
          design_standard: fromGraphqlStandard(c.designStandard),
          path: c.path,
          // The spec's shape: Unix seconds with fractions (GraphQL: DateTime).
          added_at: Date.parse(c.addedAt) / 1000,
          // Beyond the spec: whether the code is searchable yet, and its pages.
          indexed: c.indexed,
          page_count: c.pageCount,
        })),
      };
      const json = JSON.stringify(body);
      const etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
      const cache = { 'Cache-Control': 'public, max-age=86400', ETag: etag };
      const match = headers['if-none-match']?.split(',').map((t) => t.trim().replace(/^W\//, ''));
      if (match?.includes(etag) || match?.includes('*')) return { status: 304, headers: cache };
      return { json, headers: cache };
    },
  },
];
