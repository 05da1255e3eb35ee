// Every registered job type is complete: a kind in the catalogue (so Job.kind is never null), one
// handler, and a way for a caller to create it: a GraphQL mutation in the composed supergraph whose
// subgraph resolves it, and (unless the type is internal) the REST route that runs that mutation.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildASTSchema, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../rest-compat/table.ts';
import { jobKind, jobKinds } from '../../subgraphs/content/job-kinds.ts';
import { allJobHandlers, SUBGRAPHS } from '../../subgraphs/registry.ts';
import { ROOT } from '../helpers/child.ts';

interface Creator {
  mutation: string;
  /** method, path and the file that declares it; null: no REST route, with the reason. */
  rest: { method: string; path: string; file: string } | { none: string };
}

const hosted = (method: string, p: string, file: string) => ({ method, path: p, file: `rest-compat/routes/${file}` });

// Adding a job type means adding its line here: the test then checks each part exists.
const CREATORS: Record<string, Creator> = {
  search: { mutation: 'createSearchJob', rest: hosted('post', '/v1/search/jobs', 'search.ts') },
  'calcdoc.create_document': { mutation: 'createDocument', rest: hosted('post', '/v1/calcdoc/jobs', 'calcdoc.ts') },
  'calcdoc.generate_pdf': { mutation: 'generatePdf', rest: hosted('post', '/v1/calcdoc/jobs', 'calcdoc.ts') },
  'calcdoc.read': { mutation: 'readDocument', rest: hosted('post', '/v1/calcdoc/jobs', 'calcdoc.ts') },
  'calcdoc.append_elements': { mutation: 'appendElements', rest: hosted('post', '/v1/calcdoc/{doc_id}/elements', 'calcdoc.ts') },
  'calcdoc.convert': { mutation: 'convertWorksheet', rest: hosted('post', '/v1/calcdoc/convert', 'calcdoc.ts') },
  'spreadsheet.create_spreadsheet': { mutation: 'createSpreadsheet', rest: hosted('post', '/v1/spreadsheet/jobs', 'spreadsheet.ts') },
  'spreadsheet.populate_template': { mutation: 'populateTemplate', rest: hosted('post', '/v1/spreadsheet/jobs', 'spreadsheet.ts') },
  'memory.ingest': { mutation: 'addMessages', rest: { method: 'post', path: '/messages', file: 'rest-compat/memory-service.ts' } },
  'project.ingest_sheet': { mutation: 'addProjectSheets', rest: hosted('post', '/v1/projects/{project_id}/sheets', 'projects.ts') },
  'project.search': { mutation: 'createProjectSearchJob', rest: hosted('post', '/v1/projects/{project_id}/search/jobs', 'projects.ts') },
  diagnostic: { mutation: 'createDiagnosticJob', rest: { none: 'exercises the job machinery in tests and benchmarks; not in the spec' } },
};

const handlers = allJobHandlers();
const types = handlers.map((h) => h.type);
const supergraph = buildASTSchema(parse(readFileSync(path.join(ROOT, 'schema/supergraph.graphql'), 'utf8')), { assumeValidSDL: true });
const mutations = supergraph.getMutationType()!.getFields();
const source = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

describe('job types', () => {
  it('each type has exactly one handler, and the catalogue names no type without one', () => {
    expect(new Set(types).size).toBe(types.length);
    expect(jobKinds().map((k) => k.type).sort()).toEqual([...types].sort());
    expect(Object.keys(CREATORS).sort()).toEqual([...types].sort());
  });

  it.each(types)('%s has its kind, its handler, and the mutation and route that create it', (type) => {
    const handler = handlers.find((h) => h.type === type)!;
    expect(typeof handler.run).toBe('function');
    const kind = jobKind(type);
    expect(kind, `${type} is missing from KINDS in subgraphs/content/job-kinds.ts`).not.toBeNull();
    expect(kind!.typicalSecondsMax).toBeGreaterThanOrEqual(kind!.typicalSecondsMin);

    const creator = CREATORS[type]!;
    expect(mutations[creator.mutation], `Mutation.${creator.mutation} in the supergraph`).toBeDefined();
    expect(mutations[creator.mutation]!.type.toString()).not.toMatch(/^\[/);
    const resolvedBy = Object.values(SUBGRAPHS).filter((m) => (m.resolvers as Record<string, Record<string, unknown>>).Mutation?.[creator.mutation]);
    expect(resolvedBy.length, `one subgraph resolves Mutation.${creator.mutation}`).toBe(1);

    if ('none' in creator.rest) return;
    const { method, path: p, file } = creator.rest;
    if (file.startsWith('rest-compat/routes/')) expect(ROUTES.some((r) => r.method === method && r.path === p && !r.notImplemented), `${method.toUpperCase()} ${p}`).toBe(true);
    else expect(source(file)).toContain(`'${method}',\n    '${p}'`);
    // The route's module runs that mutation.
    expect(source(file)).toMatch(new RegExp(`\\b${creator.mutation}\\(`));
  });
});
