import { z } from 'zod';
import type { Route } from '../route.ts';

const POST_FIELDS = `id title content author description tags thumbnail slug published createdAt updatedAt`;

/** The blog answers in {detail} form: unknown posts are 404, storage failures 500 with the reason. */
function detailFor(code: string, message: string) {
  if (code === 'NOT_FOUND') return { status: 404, detail: 'Blog not found' };
  if (code === 'RATE_LIMITED') return { status: 429, detail: 'Rate limit exceeded' };
  if (code === 'METHOD_NOT_ALLOWED') return { status: 405, detail: 'Method Not Allowed' };
  // A database driver's message can carry a code frame of the failing call over several lines
  // (Prisma on PostgreSQL does); the reason is its last line, and nothing else leaves the server.
  const reason = message.trim().split('\n').at(-1)!.trim();
  return { status: 500, detail: `Failed to fetch blog: ${reason}` };
}

export const blogRoutes: Route[] = [
  {
    method: 'get',
    path: '/blogs/{blog_id}',
    summary: 'One published blog post by its UUID v4',
    tag: 'blog',
    auth: 'public',
    errors: 'detail',
    params: z.object({ blog_id: z.string() }),
    successStatus: 200,
    detailFor,
    operation: `query Post($blogId: ID!) { blogPost(id: $blogId) { ${POST_FIELDS} } }`,
    notFound: 'NOT_FOUND',
  },
  {
    method: 'get',
    path: '/blogs/slug/{slug}',
    summary: 'One published blog post by its slug',
    tag: 'blog',
    auth: 'public',
    errors: 'detail',
    params: z.object({ slug: z.string() }),
    successStatus: 200,
    detailFor,
    operation: `query PostBySlug($slug: String!) { blogPostBySlug(slug: $slug) { ${POST_FIELDS} } }`,
    notFound: 'NOT_FOUND',
  },
];
