// Blog posts: markdown files with front matter in data/blog, seeded into the
// database. Only published posts are ever served.
import fs from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import { z } from 'zod';
import type { Database } from '../../core/db/client.ts';

export interface BlogPost {
  id: string;
  slug: string;
  title: string;
  content: string;
  author: string | null;
  description: string | null;
  tags: string[];
  thumbnail: string | null;
  published: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

const frontMatter = z.object({
  id: z.string().regex(UUID_V4, 'id must be a UUID v4'),
  title: z.string().min(1),
  slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  author: z.string().nullable().default(null),
  description: z.string().nullable().default(null),
  tags: z.array(z.string()).default([]),
  thumbnail: z.string().url().nullable().default(null),
  published: z.boolean(),
  created_at: z.coerce.date(),
  updated_at: z.coerce.date(),
});

/** Parses one markdown post; the error names the file. */
export function parsePost(fileName: string, source: string): BlogPost {
  const { data, content } = matter(source);
  const parsed = frontMatter.safeParse(data);
  if (!parsed.success)
    throw new Error(`${fileName}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  const fm = parsed.data;
  if (`${fm.slug}.md` !== fileName) throw new Error(`${fileName}: slug "${fm.slug}" must match the file name`);
  return {
    id: fm.id.toLowerCase(),
    slug: fm.slug,
    title: fm.title,
    content: content.trim() + '\n',
    author: fm.author,
    description: fm.description,
    tags: fm.tags,
    thumbnail: fm.thumbnail,
    published: fm.published,
    createdAt: fm.created_at,
    updatedAt: fm.updated_at,
  };
}

export function readPosts(dir: string): BlogPost[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => parsePost(f, fs.readFileSync(path.join(dir, f), 'utf8')));
}

export async function seedPosts(db: Database, posts: BlogPost[]): Promise<void> {
  await db.$transaction([
    db.blogPost.deleteMany({ where: { id: { notIn: posts.map((p) => p.id) } } }),
    ...posts.map((p) => db.blogPost.upsert({ where: { id: p.id }, create: p, update: p })),
  ]);
}

type Row = Awaited<ReturnType<Database['blogPost']['findFirst']>>;
const toPost = (row: NonNullable<Row>): BlogPost => ({ ...row, tags: row.tags as string[] });

/** A published post by id; null for an unknown, unpublished or malformed id. */
export async function findPublishedPost(db: Database, id: string): Promise<BlogPost | null> {
  if (!UUID_V4.test(id)) return null;
  const row = await db.blogPost.findFirst({ where: { id: id.toLowerCase(), published: true } });
  return row ? toPost(row) : null;
}

export async function findPublishedPostBySlug(db: Database, slug: string): Promise<BlogPost | null> {
  const row = await db.blogPost.findFirst({ where: { slug, published: true } });
  return row ? toPost(row) : null;
}

export async function listPublishedPosts(db: Database): Promise<BlogPost[]> {
  return (await db.blogPost.findMany({ where: { published: true }, orderBy: { createdAt: 'desc' } })).map(toPost);
}
