// Every registered job type is complete, as its descriptor declares it: a catalogue entry (so
// Job.kind is never null), one handler, and the way callers create it — its typed mutation,
// resolved by exactly one subgraph, and the REST route that runs it (or why there is none); every
// type that is not internal is also created by the generic createJob and POST /v1/jobs.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildASTSchema, parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../core/config.ts';
import { createPlatform, type Platform } from '../../core/platform.ts';
import { ROUTES } from '../../rest-compat/table.ts';
import { memoryRoutes } from '../../rest-compat/routes/memory.ts';
import type { SubgraphModule } from '../../subgraphs/module.ts';
import { allJobHandlers, startSubgraph, SUBGRAPHS } from '../../subgraphs/registry.ts';
import { ROOT } from '../helpers/child.ts';
import { tempDir } from '../helpers/server.ts';

const handlers = allJobHandlers();
const types = handlers.map((h) => h.type);
const supergraph = buildASTSchema(parse(readFileSync(path.join(ROOT, 'schema/supergraph.graphql'), 'utf8')), {
  assumeValidSDL: true,
});
const mutations = supergraph.getMutationType()!.getFields();
// A subgraph with collaborators of its own makes its resolvers when it starts: start those on a platform of the test's own.
let platform: Platform;
let served: SubgraphModule[] = [];
beforeAll(async () => {
  const dir = tempDir('job-types-');
  platform = await createPlatform(
    loadConfig({
      NODE_ENV: 'development',
      DATA_DIR: dir,
      DATABASE_URL: `file:${path.join(dir, 'p.db')}`,
      LOG_LEVEL: 'silent',
      RUN_JOBS: '0',
    }),
    { jobHandlers: [] },
  );
  served = await Promise.all(Object.values(SUBGRAPHS).map((m) => (m.resolvers ? m : startSubgraph(m, platform))));
}, 60_000);
afterAll(() => platform?.close(100));
const resolvedBy = (mutation: string) =>
  served.filter((m) => (m.resolvers as Record<string, Record<string, unknown>> | undefined)?.Mutation?.[mutation]);

describe('job types', () => {
  it('each type has exactly one handler, and each subgraph runs only the types it declares', () => {
    expect(new Set(types).size).toBe(types.length);
    expect(
      Object.values(SUBGRAPHS)
        .flatMap((m) => m.jobHandlers.map((h) => h.type))
        .sort(),
    ).toEqual([...types].sort());
  });

  it('the generic createJob and POST /v1/jobs create any type that is not internal', () => {
    expect(mutations.createJob?.args.map((a) => a.name)).toEqual(['type', 'input']);
    expect(resolvedBy('createJob')).toHaveLength(1);
    expect(ROUTES.some((r) => r.method === 'post' && r.path === '/v1/jobs')).toBe(true);
  });

  it.each(types)('%s has its catalogue entry, its handler, and the operation and route that create it', (type) => {
    const handler = handlers.find((h) => h.type === type)!;
    expect(typeof handler.run).toBe('function');
    expect(handler.title.length).toBeGreaterThan(0);
    expect(handler.typicalSeconds[1]).toBeGreaterThanOrEqual(handler.typicalSeconds[0]);
    // A type only its own operation creates must name that operation.
    if (handler.internal) expect(handler.operation, `${type} is internal: name its operation`).toBeDefined();
    if (!handler.operation) return;

    const { mutation, route } = handler.operation;
    expect(mutations[mutation], `Mutation.${mutation} in the supergraph`).toBeDefined();
    expect(mutations[mutation]!.type.toString()).not.toMatch(/^\[/);
    expect(resolvedBy(mutation).length, `one subgraph resolves Mutation.${mutation}`).toBe(1);
    if (typeof route !== 'string') return;
    const [method, p] = route.split(' ') as [string, string];
    const table = route.endsWith('(memory service)') ? memoryRoutes : ROUTES;
    expect(
      table.some((r) => r.method === method.toLowerCase() && r.path === p && !r.notImplemented),
      route,
    ).toBe(true);
  });
});
