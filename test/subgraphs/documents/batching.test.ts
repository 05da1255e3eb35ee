// Entity references and list fields batch their loads: no N+1 queries.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { graphql } from 'graphql';
import { CREATE_DIAGNOSTIC, startTestServer, type TestServer } from '../../helpers/server.ts';
import { buildSchema } from '../../../subgraphs/registry.ts';
import { documentsSubgraph } from '../../../subgraphs/documents/index.ts';

let server: TestServer;
const queries: string[] = [];
let key: string;
const ids: string[] = [];

beforeAll(async () => {
  server = await startTestServer({}, { onQuery: (sql) => queries.push(sql) });
  key = (await server.key('enterprise')).secret;
  for (let i = 0; i < 8; i++) {
    const res = await server.gql(CREATE_DIAGNOSTIC, { input: { durationMs: 0, steps: 1, startDelayMs: 60_000 } }, key);
    ids.push(res.body.data.createDiagnosticJob.id);
  }
});
afterAll(() => server.stop());

// Reads that serve the request; the runner's own poll for due jobs runs on a timer and is left out:
// its per-account look-ups (GROUP BY accountId, for fair claiming) and its SELECT id … of a candidate.
// SQLite quotes `main`.`Job`, PostgreSQL "public"."Job".
const JOB_TABLE = '[`"](?:main|public)[`"]\\.[`"]Job[`"]';
const fromJob = new RegExp(`FROM ${JOB_TABLE}`);
const idOnly = new RegExp(`^SELECT ${JOB_TABLE}\\.[\x60"]id[\x60"] FROM`);
const jobSelects = () =>
  queries.filter((q) => /^SELECT/i.test(q) && fromJob.test(q) && !idOnly.test(q) && !/GROUP BY/i.test(q)).length;

it('resolves eight Job references with one query', async () => {
  const principal = await server.platform.keys.authenticate(key);
  const before = jobSelects();
  const result = await graphql({
    schema: buildSchema(documentsSubgraph),
    source: `query($r: [_Any!]!) { _entities(representations: $r) { ... on Job { id status } } }`,
    variableValues: { r: ids.map((id) => ({ __typename: 'Job', id })) },
    contextValue: {
      platform: server.platform,
      principal,
      requestId: 't',
      address: '127.0.0.1',
      log: server.platform.log,
      loaders: new Map(),
    },
  });
  expect(result.errors).toBeUndefined();
  expect((result.data!._entities as { id: string }[]).map((e) => e.id)).toEqual(ids);
  expect(jobSelects() - before).toBe(1);
});

it('a job list with a field from another subgraph costs one job query through the gateway', async () => {
  const before = jobSelects();
  const res = await server.gql(`{ jobs(first: 8) { nodes { id status kind { title } } } }`, {}, key);
  expect(res.body.errors).toBeUndefined();
  expect(res.body.data.jobs.nodes).toHaveLength(8);
  expect(res.body.data.jobs.nodes.every((j: any) => j.kind.title === 'Diagnostic job')).toBe(true);
  expect(jobSelects() - before).toBe(1);
});
