// Projects through REST and GraphQL over real HTTP: create → ingest a range →
// follow the jobs → detail counts → browse → search → delete; another account
// sees 404 everywhere; bad inputs get the spec's envelope and change nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, waitFor, type TestServer } from '../helpers/server.ts';
import { fixture } from '../helpers/samples.ts';
import { startModelServer, type ModelServer } from '../helpers/model-server.ts';

// Two real sheets: AF101 (a floor finish plan with a detail tag 7/AE213) and AF600 (a schedule with two revision clouds).
const SAMPLE = fixture('drawings/va-stcloud-bldg28-AF101-AF600.pdf');

let server: TestServer;
let key: string;
let other: string;
let model: ModelServer;

beforeAll(async () => {
  // A scripted model writes community summaries (PROJECT_LLM_URL); more answers than communities, the rest unused.
  model = await startModelServer();
  model.script(...Array.from({ length: 40 }, (_, i) => ({ content: `Summary ${i + 1} by the model.` })));
  server = await startTestServer({ PROJECT_LLM_URL: model.url, PROJECT_LLM_MODEL: 'scripted-model' });
  key = (await server.key('pro')).secret;
  other = (await server.key('pro')).secret;
});
afterAll(async () => {
  await server.stop();
  await model.close();
});

const json = (body: unknown, k = key, method = 'POST') => ({
  method,
  key: k,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});
function sheets(projectId: string, fields: Record<string, string>, file?: Uint8Array, k = key) {
  const form = new FormData();
  for (const [n, v] of Object.entries(fields)) form.append(n, v);
  if (file) form.append('file', new Blob([file as unknown as BlobPart], { type: 'application/pdf' }), 'set.pdf');
  return server.rest(`/v1/projects/${projectId}/sheets`, { method: 'POST', body: form, key: k });
}
async function finished(jobId: string, k = key) {
  return waitFor(
    async () => {
      const job = await (await server.rest(`/v1/jobs/${jobId}`, { key: k })).json();
      return job.status === 'completed' || job.status === 'failed' ? job : null;
    },
    120_000,
    200,
  );
}

describe('projects over REST and GraphQL', () => {
  let project: any;
  let fileHash: string;
  let ingestJobId: string;

  it('creates a project (201, the spec fields) and lists it newest first', async () => {
    const res = await server.rest(
      '/v1/projects',
      json({ name: 'St. Cloud building 28', description: 'VA finish plans' }),
    );
    expect(res.status).toBe(201);
    project = await res.json();
    expect(Object.keys(project).sort()).toEqual(['created_at', 'description', 'id', 'name']);
    const list = await (await server.rest('/v1/projects', { key })).json();
    expect(list.projects[0]).toEqual(project);
    expect(list.next_cursor).toBeNull();
  });

  it('ingests a range: one job per page, each followed to completion', async () => {
    const res = await sheets(project.id, { page: '1-2' }, SAMPLE);
    expect(res.status).toBe(202);
    const body = await res.json();
    expect(body.jobs.map((j: any) => [j.page, j.status])).toEqual([
      [1, 'pending'],
      [2, 'pending'],
    ]);
    const results = [];
    for (const j of body.jobs) {
      const job = await finished(j.job_id);
      expect(job.status, JSON.stringify(job.error)).toBe('completed');
      expect(job.type).toBe('project.ingest_sheet');
      results.push(job.results);
    }
    expect(results.map((r) => r.sheet_number).sort()).toEqual(['AF101', 'AF600']);
    fileHash = results[0].file_hash;
    ingestJobId = body.jobs[0].job_id;
    expect(results[0].entity_count).toBeGreaterThan(5);
    // Neither sheet prints a sheet index (AF600's finish legend keys, CE-1 …, are no index): nothing to check against.
    expect(results.map((r) => r.index_check)).toEqual([null, null]);
  }, 240_000); // Tier 1 analysis of two dense 42x30 in sheets: 10-15 s each on a loaded 2-core machine

  it('answers the detail with counts that match what browsing shows', async () => {
    const detail = await (await server.rest(`/v1/projects/${project.id}`, { key })).json();
    expect(detail).toMatchObject({
      id: project.id,
      name: project.name,
      sheet_count: 2,
      page_count: 2,
      ingestions: { pending: 0, in_progress: 0, completed: 2, failed: 0 },
      usage: { pages_ingested: 2, searches: 0 },
    });
    expect(Object.keys(detail).slice(0, 8)).toEqual([
      'id',
      'name',
      'description',
      'created_at',
      'sheet_count',
      'entity_count',
      'rel_count',
      'community_count',
    ]);
    expect(detail.community_count).toBeGreaterThan(0);
    const all = await (await server.rest(`/v1/projects/${project.id}/entities?limit=1`, { key })).json();
    expect(all.total).toBe(detail.entity_count);
    expect(all.next_cursor).toBeTruthy();
    const sheetList = await (await server.rest(`/v1/projects/${project.id}/sheets`, { key })).json();
    expect(sheetList.sheets.map((s: any) => [s.number, s.discipline])).toEqual([
      ['AF101', 'Architectural'],
      ['AF600', 'Architectural'],
    ]);
    const communities = await (await server.rest(`/v1/projects/${project.id}/communities`, { key })).json();
    expect(communities.total).toBe(detail.community_count);
    expect(communities.communities[0].summary).toMatch(/entities on/);
    // The configured model wrote the largest communities' summaries, told about this project's sheets.
    expect(communities.communities[0].llm_summary).toMatch(/^Summary \d+ by the model\.$/);
    expect(model.requests.length).toBeGreaterThan(0);
    expect(model.requests[0]!.messages.at(-1).content).toMatch(/AF101|AF600/);
  });

  it('browses entities by type and sheet number; a callout to a sheet not ingested dangles with its reason', async () => {
    const callouts = await (
      await server.rest(`/v1/projects/${project.id}/entities?type=Callout&sheet=AF-101`, { key })
    ).json();
    const tag = callouts.entities.find((e: any) => e.provenance === 'tier1:detail_tags');
    expect(tag.label).toBe('7/AE213');
    const detail = await (await server.rest(`/v1/projects/${project.id}/entities/${tag.id}`, { key })).json();
    expect(detail.link).toMatchObject({
      target_sheet: 'AE213',
      target_view: '7',
      status: 'dangling',
      reason: 'sheet_not_ingested',
    });
    expect(detail.sheet.number).toBe('AF101');
    expect(detail.relationships.map((r: any) => r.type)).toContain('ON_SHEET');
    const revisions = await (
      await server.rest(`/v1/projects/${project.id}/entities?type=Revision&sheet=AF600`, { key })
    ).json();
    expect(revisions.total).toBeGreaterThan(0);
    expect((await server.rest(`/v1/projects/${project.id}/entities?type=Widget`, { key })).status).toBe(422);
    expect((await server.rest(`/v1/projects/${project.id}/entities/nope`, { key })).status).toBe(404);
  });

  it('re-ingesting the same file and page answers the existing sheet', async () => {
    const res = await sheets(project.id, { page: '2', file_hash: fileHash });
    expect(res.status).toBe(202);
    const [j] = (await res.json()).jobs;
    const job = await finished(j.job_id);
    expect(job.results).toMatchObject({ unchanged: true, sheet_number: 'AF600' });
    expect((await (await server.rest(`/v1/projects/${project.id}`, { key })).json()).sheet_count).toBe(2);
  });

  it('searches in plain language (a job) and names the sheet and box of each match', async () => {
    const res = await server.rest(
      `/v1/projects/${project.id}/search/jobs`,
      json({ query: 'which sheet has the room finish schedule?', per_page: 5 }),
    );
    expect(res.status).toBe(202);
    const job = await finished((await res.json()).job_id);
    expect(job.status).toBe('completed');
    const r = job.results;
    expect(r).toMatchObject({ page: 1, per_page: 5 });
    expect(r.total).toBeGreaterThan(0);
    expect(r.matches.length).toBeLessThanOrEqual(5);
    const first = r.matches[0];
    expect(first.sheet_number).toBe('AF600');
    expect(first.bbox).toHaveLength(4);
    expect(first.relevance_score).toBeGreaterThan(0);
    expect(first.relevance_score).toBeLessThanOrEqual(1);
    expect(first.snippet).toMatch(/<mark>/);
  });

  it('GraphQL: project(id) with nested paginated lists, and the ingestion jobs as Job', async () => {
    const q = `query ($id: ID!) { project(id: $id) { name sheetCount entityCount relCount communityCount
      sheets(first: 1) { nodes { number title indexCheck { status note } } totalCount pageInfo { hasNextPage endCursor } }
      entities(type: "Sheet", first: 5) { nodes { label type provenance } totalCount }
      relationships(type: "ON_SHEET", first: 2) { nodes { type } totalCount }
      communities(first: 1) { nodes { title size } totalCount } } }`;
    const { status, body } = await server.gql(q, { id: project.id }, key);
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    const p = body.data.project;
    expect(p.sheetCount).toBe(2);
    expect(p.sheets).toMatchObject({ totalCount: 2, pageInfo: { hasNextPage: true } });
    // Neither sheet prints a sheet index: nothing to check against (identity/sheet-index.ts covers the check itself).
    expect(p.sheets.nodes[0].indexCheck).toBeNull();
    expect(p.entities.nodes.map((n: any) => n.label).sort()).toEqual(['AF101', 'AF600']);
    expect(p.relationships.totalCount).toBe(p.entityCount - 2);
    const created = await server.gql(`mutation { createProject(input: { name: "Second" }) { id name } }`, {}, key);
    expect(created.body.data.createProject.name).toBe('Second');
    const search = await server.gql(
      `mutation ($p: ID!) { createProjectSearchJob(projectId: $p, input: { query: "revision 1" }) { id status kind { title } } }`,
      { p: project.id },
      key,
    );
    expect(search.body.data.createProjectSearchJob).toMatchObject({
      status: 'PENDING',
      kind: { title: 'Project search' },
    });
  });

  it('GraphQL: a finished project search has typed results (entity, sheet, box, how it was found)', async () => {
    const created = await server.gql(
      `mutation ($p: ID!) { createProjectSearchJob(projectId: $p, input: { query: "room finish schedule", perPage: 3 }) { id } }`,
      { p: project.id },
      key,
    );
    const id = created.body.data.createProjectSearchJob.id;
    await finished(id);
    const { body } = await server.gql(
      `query ($id: ID!) { job(id: $id) { status projectSearchResults { query total page perPage totalPages
        matches { sheetNumber sheetTitle snippet bbox relevanceScore via entity { id type label sheetId bbox provenance props } } } } }`,
      { id },
      key,
    );
    expect(body.errors).toBeUndefined();
    const r = body.data.job.projectSearchResults;
    expect(r).toMatchObject({ query: 'room finish schedule', page: 1, perPage: 3 });
    expect(r.matches.length).toBeGreaterThan(0);
    expect(r.matches.length).toBeLessThanOrEqual(3);
    const first = r.matches[0];
    expect(first.sheetNumber).toBe('AF600');
    expect(['TEXT', 'VECTOR', 'GRAPH']).toContain(first.via);
    expect(first.entity.bbox).toHaveLength(4);
    expect(typeof first.entity.sheetId).toBe('string');
    // Another job type has no project search results.
    const sheetJob = await server.gql(
      `query ($id: ID!) { job(id: $id) { projectSearchResults { total } } }`,
      { id: ingestJobId },
      key,
    );
    expect(sheetJob.body.data.job.projectSearchResults).toBeNull();
  });

  it('another account sees 404 PROJECT_NOT_FOUND everywhere', async () => {
    for (const [method, path] of [
      ['GET', `/v1/projects/${project.id}`],
      ['GET', `/v1/projects/${project.id}/sheets`],
      ['GET', `/v1/projects/${project.id}/entities`],
      ['DELETE', `/v1/projects/${project.id}`],
    ]) {
      const res = await server.rest(path!, { method, key: other });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect((await res.json()).error.code).toBe('PROJECT_NOT_FOUND');
    }
    expect((await sheets(project.id, { page: '1', file_hash: fileHash }, undefined, other)).status).toBe(404);
    expect((await server.rest(`/v1/projects/${project.id}/search/jobs`, json({ query: 'x' }, other))).status).toBe(404);
    expect((await (await server.rest('/v1/projects', { key: other })).json()).projects).toEqual([]);
    expect(
      (await server.gql(`query ($id: ID!) { project(id: $id) { id } }`, { id: project.id }, other)).body.data.project,
    ).toBeNull();
  });

  it('bad inputs get the envelope, name the field and create no job', async () => {
    const jobsBefore = await server.platform.db.job.count();
    const beyond = await sheets(project.id, { page: '2-3', file_hash: fileHash });
    expect(beyond.status).toBe(422);
    expect((await beyond.json()).error).toMatchObject({
      code: 'PAGE_OUT_OF_RANGE',
      details: { page: 3, page_count: 2 },
    });
    for (const page of ['x', '3-1', '0', '1-']) {
      const res = await sheets(project.id, { page, file_hash: fileHash });
      expect(res.status, page).toBe(400);
      expect((await res.json()).error).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'page' } });
    }
    const notPdf = await sheets(project.id, { page: '1' }, new TextEncoder().encode('hello, not a pdf'));
    expect(notPdf.status).toBe(422);
    expect((await notPdf.json()).error.code).toBe('INVALID_PDF');
    const unknown = await sheets('00000000-0000-4000-8000-000000000000', { page: '1', file_hash: fileHash });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.code).toBe('PROJECT_NOT_FOUND');
    const empty = await server.rest('/v1/projects', json({ name: '  ' }));
    expect(empty.status).toBe(400);
    expect((await empty.json()).error.details.field).toBe('name');
    expect((await server.rest('/v1/projects', json({ name: 'x'.repeat(201) }))).status).toBe(422);
    expect((await server.rest('/v1/projects', json({}))).status).toBe(400);
    expect((await server.rest(`/v1/projects/${project.id}/search/jobs`, json({ query: '' }))).status).toBe(400);
    expect(await server.platform.db.job.count()).toBe(jobsBefore);
    expect((await (await server.rest(`/v1/projects/${project.id}`, { key })).json()).sheet_count).toBe(2);
  });

  it('deletes the project, its graph and its files', async () => {
    const del = await server.rest(`/v1/projects/${project.id}`, { method: 'DELETE', key });
    expect(await del.json()).toEqual({ id: project.id, deleted: true });
    const gone = await server.rest(`/v1/projects/${project.id}`, { key });
    expect(gone.status).toBe(404);
    expect(await server.platform.blobs.exists(`projects/${project.id}/${fileHash}.pdf`)).toBe(false);
    const left = await server.platform.db.$queryRaw<
      { n: number }[]
    >`SELECT COUNT(*) AS n FROM "ProjectEntity" WHERE "projectId" = ${project.id}`;
    expect(Number(left[0]!.n)).toBe(0);
  });
});
