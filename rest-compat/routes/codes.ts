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
      design_standard: designStandardParam.optional(),
    }),
    successStatus: 200,
    async handle({ query, headers }, run) {
      const data = await run(
        `query Codes($s: DesignStandard) { codes(designStandard: $s) { fileId filename description designStandard path addedAt indexed pageCount } }`,
        { s: query.design_standard ? toGraphqlStandard(query.design_standard) : null },
      );
      const body = {
        codes: data.codes.map((c: Record<string, any>) => ({
          file_id: c.fileId,
          filename: c.filename,
          description: c.description,
          design_standard: fromGraphqlStandard(c.designStandard),
          path: c.path,
          added_at: c.addedAt,
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
