// The realistic mix: the operations a web front end and an agent send to the platform, each with
// variables drawn per request, under several keys of several accounts. Weights are what a project
// dashboard, a code-search page and an agent's memory look-ups would send together: reads of
// many kinds, polls, and a few mutations that create jobs.
import type { Fixture, Account } from './fixture.ts';
import { WORDS } from './random.ts';

export { seeded, WORDS } from './random.ts';

export interface Shape {
  name: string;
  /** Share of the mix, in percent. */
  weight: number;
  query: string;
  variables(rng: () => number, account: Account, fixture: Fixture): Record<string, unknown>;
}

const pick = <T>(rng: () => number, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)]!;
const int = (rng: () => number, lo: number, hi: number) => lo + Math.floor(rng() * (hi - lo + 1));

const STANDARDS = ['US', 'EUROCODE', 'AUS_NZ', 'CANADA', null] as const;
const phrase = (rng: () => number, n: number) => Array.from({ length: n }, () => pick(rng, WORDS)).join(' ');
const ENTITY_TYPES = ['Callout', 'View', 'Note', 'MemberMark', 'GridLine', null] as const;

export const SHAPES: Shape[] = [
  {
    name: 'codes with a filter',
    weight: 18,
    query:
      'query Codes($ds: DesignStandard, $first: Int) { codes(designStandard: $ds, first: $first) { nodes { fileId filename description designStandard path addedAt } pageInfo { hasNextPage endCursor } } }',
    variables: (rng) => ({ ds: pick(rng, STANDARDS), first: int(rng, 5, 50) }),
  },
  {
    name: 'a search job with its results',
    weight: 15,
    query:
      'query SearchJob($id: ID!) { job(id: $id) { id type status createdAt completedAt searchResults { total page perPage totalPages ' +
      'matches { fileId filename snippet pageNumber pageLabel relevanceScore contentType } warnings { code message } } } }',
    variables: (rng, account) => ({ id: pick(rng, account.searchJobs) }),
  },
  {
    name: "a project's sheets and entities",
    weight: 15,
    query:
      'query Project($id: ID!, $type: String, $first: Int!) { project(id: $id) { id name sheetCount entityCount ' +
      'sheets(first: 24) { nodes { id page number title discipline width height } } ' +
      'entities(type: $type, first: $first) { nodes { id type label text sheetId page bbox props } pageInfo { hasNextPage endCursor } } } }',
    variables: (rng, account) => ({ id: account.projectId, type: pick(rng, ENTITY_TYPES), first: int(rng, 10, 50) }),
  },
  {
    name: 'memory search',
    weight: 15,
    query:
      'query Memory($input: SearchMemoryInput!) { searchMemory(input: $input) { uuid name fact validAt invalidAt createdAt score sourceNodeUuid targetNodeUuid } }',
    variables: (rng, account) => ({
      input: {
        query: phrase(rng, int(rng, 2, 5)),
        groupIds: [pick(rng, account.memoryGroups)],
        maxFacts: int(rng, 5, 20),
      },
    }),
  },
  {
    name: 'a blog post by slug',
    weight: 10,
    query:
      'query Post($slug: String!) { blogPostBySlug(slug: $slug) { id title content author description tags slug createdAt updatedAt } }',
    variables: (rng, _account, fixture) => ({ slug: pick(rng, fixture.blogSlugs) }),
  },
  {
    name: "a spreadsheet job's status",
    weight: 12,
    query:
      'query Sheet($id: ID!) { job(id: $id) { id type status progress createdAt completedAt expiresAt fileResult { fileUrl fileType expiresAt } error { code message } } }',
    variables: (rng, account) => ({ id: pick(rng, account.spreadsheetJobs) }),
  },
  {
    name: 'a poll of recent jobs',
    weight: 12,
    query:
      'query Jobs($first: Int) { jobs(first: $first) { nodes { id type status progress createdAt completedAt } pageInfo { hasNextPage endCursor } } }',
    variables: (rng) => ({ first: int(rng, 5, 20) }),
  },
  {
    name: 'a mutation that creates a search job',
    weight: 3,
    query: 'mutation Search($input: SearchJobInput!) { createSearchJob(input: $input) { id type status createdAt } }',
    variables: (rng, _account, fixture) => ({
      input: { query: phrase(rng, int(rng, 2, 4)), fileIds: [fixture.codeFileId], perPage: int(rng, 5, 10) },
    }),
  },
];

export interface MixRequest {
  shape: string;
  key: string;
  body: string;
}

/** The next request of the mix: a shape by weight, an account and one of its keys, fresh variables. */
export function drawRequest(rng: () => number, fixture: Fixture): MixRequest {
  let r = rng() * 100;
  let shape = SHAPES[SHAPES.length - 1]!;
  for (const s of SHAPES) {
    if ((r -= s.weight) < 0) {
      shape = s;
      break;
    }
  }
  const account = pick(rng, fixture.accounts);
  return {
    shape: shape.name,
    key: pick(rng, account.keys),
    body: JSON.stringify({ query: shape.query, variables: shape.variables(rng, account, fixture) }),
  };
}
