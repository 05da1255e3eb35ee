import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

it('a storage failure on blog lookup answers 500 {detail: "Failed to fetch blog: <reason>"} and the server lives on', async () => {
  const post = await server.platform.db.blogPost.findFirstOrThrow({ where: { published: true } });
  expect((await server.rest(`/blogs/${post.id}`)).status).toBe(200);
  await server.platform.db.$executeRawUnsafe('ALTER TABLE "BlogPost" RENAME TO "BlogPostGone"');
  const res = await server.rest(`/blogs/${post.id}`);
  expect(res.status).toBe(500);
  const body = await res.json();
  expect(body.detail).toMatch(/^Failed to fetch blog: .+/);
  // The reason is generic: a driver's message (the SQL, the table, a path) never leaves the server.
  expect(body.detail).not.toContain('BlogPost');
  expect((await server.rest('/v1/codes')).status).toBe(200);
});
