// The gateway keeps public queries' answers (gateway/plugins/public-response-cache.ts): a repeat is
// answered without executing, over GraphQL and REST alike; keyed fields, other variables and
// failed answers are never answered from it.
import type { ApolloServerPlugin } from '@apollo/server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let key: string;
let executions = 0;
const countExecutions: ApolloServerPlugin = {
  async requestDidStart() {
    return {
      async executionDidStart() {
        executions++;
      },
    };
  },
};
const CODES =
  'query Codes($ds: DesignStandard) { codes(designStandard: $ds, first: 5) { nodes { fileId designStandard } } }';

beforeAll(async () => {
  server = await startTestServer({ PUBLIC_CACHE_S: '300' }, { plugins: [countExecutions as never] });
  key = (await server.key('pro')).secret;
});
afterAll(() => server.stop());

async function executed<T>(run: () => Promise<T>): Promise<[number, T]> {
  const before = executions;
  const value = await run();
  return [executions - before, value];
}

it('answers a repeated public query without executing it, for any caller, and a new variable value afresh', async () => {
  const [first, a] = await executed(() => server.gql(CODES, { ds: 'US' }));
  const [repeat, b] = await executed(() => server.gql(CODES, { ds: 'US' }, key));
  const [other] = await executed(() => server.gql(CODES, { ds: 'CANADA' }));
  expect([first, repeat, other]).toEqual([1, 0, 1]);
  expect(b.body).toEqual(a.body);
  expect(a.body.data.codes.nodes.every((n: { designStandard: string }) => n.designStandard === 'US')).toBe(true);
});

it('serves REST from the same answers', async () => {
  const [first, a] = await executed(async () => (await server.rest('/v1/codes')).json());
  const [repeat, b] = await executed(async () => (await server.rest('/v1/codes')).json());
  expect([first, repeat]).toEqual([1, 0]);
  expect(b).toEqual(a);
});

it('never keeps a keyed query', async () => {
  const JOBS = '{ jobs(first: 5) { nodes { id } } }';
  const [first] = await executed(() => server.gql(JOBS, {}, key));
  const [repeat] = await executed(() => server.gql(JOBS, {}, key));
  expect([first, repeat]).toEqual([1, 1]);
});

it('never keeps a failed answer: the next read after a storage failure is fresh', async () => {
  const POST = 'query Post($slug: String!) { blogPostBySlug(slug: $slug) { title } }';
  const { slug } = await server.platform.db.blogPost.findFirstOrThrow({ where: { published: true } });
  await server.platform.db.$executeRawUnsafe('ALTER TABLE "BlogPost" RENAME TO "BlogPostGone"');
  const failed = await server.gql(POST, { slug });
  await server.platform.db.$executeRawUnsafe('ALTER TABLE "BlogPostGone" RENAME TO "BlogPost"');
  expect(failed.body.errors?.length).toBeGreaterThan(0);
  const [executedAgain, fresh] = await executed(() => server.gql(POST, { slug }));
  expect(executedAgain).toBe(1);
  expect(fresh.body.data.blogPostBySlug.title).toBeTruthy();
});

it('spends the rate limit on an answer from the cache as on any other', async () => {
  const limited = await startTestServer({ PUBLIC_CACHE_S: '300', PUBLIC_RATE_PER_MIN: '3' });
  try {
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await limited.gql(CODES, { ds: 'US' })).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  } finally {
    await limited.stop();
  }
});
