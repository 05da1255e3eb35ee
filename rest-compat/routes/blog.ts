import { z } from 'zod';
import type { Route } from '../route.ts';

const POST_FIELDS = `id title content author description tags thumbnail slug published createdAt updatedAt`;

const restPost = (p: Record<string, any>) => ({
  id: p.id,
  title: p.title,
  content: p.content,
  author: p.author,
  description: p.description,
  tags: p.tags,
  thumbnail: p.thumbnail,
  slug: p.slug,
  published: p.published,
  created_at: p.createdAt,
  updated_at: p.updatedAt,
});

/** The blog answers in {detail} form: unknown posts are 404, storage failures 500 with the reason. */
function detailFor(code: string, message: string) {
  if (code === 'RATE_LIMITED') return { status: 429, detail: 'Rate limit exceeded' };
  if (code === 'METHOD_NOT_ALLOWED') return { status: 405, detail: 'Method Not Allowed' };
  return { status: 500, detail: `Failed to fetch blog: ${message}` };
}

const notFound = { status: 404, body: { detail: 'Blog not found' } };

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
    async handle({ params }, run) {
      const data = await run(`query Post($id: ID!) { blogPost(id: $id) { ${POST_FIELDS} } }`, { id: params.blog_id });
      return data.blogPost ? { body: restPost(data.blogPost) } : notFound;
    },
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
    async handle({ params }, run) {
      const data = await run(`query PostBySlug($slug: String!) { blogPostBySlug(slug: $slug) { ${POST_FIELDS} } }`, { slug: params.slug });
      return data.blogPostBySlug ? { body: restPost(data.blogPostBySlug) } : notFound;
    },
  },
];
