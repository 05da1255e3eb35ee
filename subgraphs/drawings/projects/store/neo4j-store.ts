// ProjectGraphStore on Neo4j, for deployments that keep their graphs there.
// Entities are (:ProjectEntity) nodes and relationships are typed Neo4j
// relationships between them (ON_SHEET, REFERENCES, …) carrying id, projectId,
// sheetId, props and seq; sheets, links, files, ingestions, communities and
// usage are nodes of their own label. Full text is a FULLTEXT index over entity
// label and text (Lucene reads the caller's `"a" OR "b"` queries as FTS5 does);
// vectors are scanned exactly within the project with vector.similarity.cosine
// (Neo4j 5.18+), as the embedded store scans them. Every statement names the
// project; getProject checks the account.
//
// Tested only when NEO4J_URI is set: test/subgraphs/drawings/projects/store-contract.test.ts
// runs the same contract as the embedded store against it.
import neo4j, { type Driver } from 'neo4j-driver';
import { openNeo4j, type Cypher, type Neo4jOptions, type Props } from '../../../../core/db/neo4j.ts';
import {
  RELATIONSHIP_TYPES,
  type Community,
  type Entity,
  type Link,
  type Project,
  type Relationship,
  type Sheet,
} from '../model.ts';
import type { GraphSnapshot, ProjectGraphStore } from './project-graph-store.ts';

export type Neo4jProjectOptions = Neo4jOptions;

const SCHEMA = [
  'CREATE CONSTRAINT project_id IF NOT EXISTS FOR (p:Project) REQUIRE p.id IS UNIQUE',
  'CREATE CONSTRAINT project_sheet_id IF NOT EXISTS FOR (s:ProjectSheet) REQUIRE s.id IS UNIQUE',
  'CREATE CONSTRAINT project_entity_id IF NOT EXISTS FOR (e:ProjectEntity) REQUIRE e.id IS UNIQUE',
  'CREATE CONSTRAINT project_link_callout IF NOT EXISTS FOR (l:ProjectLink) REQUIRE l.calloutId IS UNIQUE',
  'CREATE CONSTRAINT project_ingestion_job IF NOT EXISTS FOR (i:ProjectIngestion) REQUIRE i.jobId IS UNIQUE',
  'CREATE INDEX project_account IF NOT EXISTS FOR (p:Project) ON (p.accountId, p.createdAt)',
  'CREATE INDEX project_sheet_number IF NOT EXISTS FOR (s:ProjectSheet) ON (s.projectId, s.normNumber)',
  'CREATE INDEX project_sheet_page IF NOT EXISTS FOR (s:ProjectSheet) ON (s.projectId, s.fileHash, s.page)',
  'CREATE INDEX project_entity_project IF NOT EXISTS FOR (e:ProjectEntity) ON (e.projectId, e.type)',
  'CREATE INDEX project_entity_sheet IF NOT EXISTS FOR (e:ProjectEntity) ON (e.sheetId)',
  'CREATE INDEX project_entity_same IF NOT EXISTS FOR (e:ProjectEntity) ON (e.projectId, e.sameKey)',
  'CREATE INDEX project_link_target IF NOT EXISTS FOR (l:ProjectLink) ON (l.projectId, l.targetSheetNorm)',
  'CREATE INDEX project_link_sheet IF NOT EXISTS FOR (l:ProjectLink) ON (l.sheetId)',
  'CREATE INDEX project_file IF NOT EXISTS FOR (f:ProjectFile) ON (f.projectId, f.hash)',
  'CREATE INDEX project_ingestion IF NOT EXISTS FOR (i:ProjectIngestion) ON (i.projectId, i.status)',
  'CREATE INDEX project_community IF NOT EXISTS FOR (c:ProjectCommunity) ON (c.projectId, c.idx)',
  'CREATE INDEX project_usage IF NOT EXISTS FOR (u:ProjectUsage) ON (u.projectId, u.kind)',
  'CREATE FULLTEXT INDEX project_entity_text IF NOT EXISTS FOR (e:ProjectEntity) ON EACH [e.label, e.text]',
];

/** Labels of everything a project owns, deleted with it. */
const OWNED = [
  'ProjectEntity',
  'ProjectSheet',
  'ProjectLink',
  'ProjectFile',
  'ProjectIngestion',
  'ProjectCommunity',
  'ProjectUsage',
];
/** Relationship types are written into the statement (Cypher takes no parameter for them): only these. */
const REL_TYPES = new Set<string>(RELATIONSHIP_TYPES.filter((t) => t !== 'IN_COMMUNITY'));

const int = (n: number) => neo4j.int(Math.max(0, Math.floor(n)));
const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
const num = (v: unknown) => Number(v ?? 0);

const toProject = (p: Props): Project => ({
  id: p.id,
  accountId: p.accountId,
  name: p.name,
  description: str(p.description),
  createdAt: p.createdAt,
  updatedAt: p.updatedAt,
});
const toSheet = (s: Props): Sheet => ({
  id: s.id,
  projectId: s.projectId,
  fileHash: s.fileHash,
  page: num(s.page),
  number: str(s.number),
  normNumber: str(s.normNumber),
  title: str(s.title),
  discipline: str(s.discipline),
  width: num(s.width),
  height: num(s.height),
  createdAt: s.createdAt,
});
const toEntity = (e: Props): Entity => ({
  id: e.id,
  projectId: e.projectId,
  sheetId: e.sheetId,
  type: e.type,
  label: e.label,
  text: e.text,
  page: num(e.page),
  bbox: JSON.parse(e.bbox),
  provenance: e.provenance,
  props: JSON.parse(e.props),
  sameKey: str(e.sameKey),
  viewKey: str(e.viewKey),
  communityId: str(e.communityId),
});
const toLink = (l: Props): Link => ({
  calloutId: l.calloutId,
  projectId: l.projectId,
  sheetId: l.sheetId,
  targetSheet: str(l.targetSheet),
  targetSheetNorm: str(l.targetSheetNorm),
  targetView: str(l.targetView),
  status: l.status,
  reason: str(l.reason) as Link['reason'],
  resolvedSheetId: str(l.resolvedSheetId),
  resolvedViewId: str(l.resolvedViewId),
});
const toCommunity = (c: Props): Community => ({
  id: c.id,
  projectId: c.projectId,
  index: num(c.idx),
  title: c.title,
  summary: c.summary,
  llmSummary: str(c.llmSummary),
  size: num(c.size),
  rank: num(c.rank),
  ...JSON.parse(c.details),
});
/** A relationship row as returned by REL_RETURN. */
const toRel = (r: Props): Relationship => ({
  id: r.id,
  projectId: r.projectId,
  type: r.type,
  sourceId: r.sourceId,
  targetId: r.targetId,
  props: JSON.parse(r.props),
});
const REL_RETURN = `r.id AS id, r.projectId AS projectId, type(r) AS type, startNode(r).id AS sourceId, endNode(r).id AS targetId, r.props AS props`;

/** Orders the entities of one write after every earlier write's (a JS number: exact to 2^53). */
let lastSeq = 0;
const seqBase = (n: number) => {
  const base = Math.max(Date.now() * 1000, lastSeq + 1);
  lastSeq = base + n;
  return base;
};

/** `driver` is for tests that wrap the driver; by default one is opened from `options`. */
export function createNeo4jProjectStore(options: Neo4jProjectOptions, driver?: Driver): ProjectGraphStore {
  const { run, transaction, close } = openNeo4j(options, SCHEMA, driver);
  const count = async (cypher: string, parameters: Props) => num((await run(cypher, parameters))[0]?.n);

  /** Writes relationships, one statement per type. */
  async function writeRels(tx: Cypher, rels: Relationship[], sheetId: string, seq: number) {
    const byType = new Map<string, Props[]>();
    rels.forEach((r, i) => {
      if (!REL_TYPES.has(r.type)) throw new Error(`relationship type ${r.type} is not stored as an edge`);
      byType.set(r.type, [
        ...(byType.get(r.type) ?? []),
        {
          id: r.id,
          projectId: r.projectId,
          sheetId,
          source: r.sourceId,
          target: r.targetId,
          props: JSON.stringify(r.props),
          seq: seq + i,
        },
      ]);
    });
    for (const [type, rows] of byType) {
      await tx.run(
        `UNWIND $rows AS row MATCH (a:ProjectEntity {id: row.source}), (b:ProjectEntity {id: row.target})
         CREATE (a)-[r:${type}]->(b) SET r.id = row.id, r.projectId = row.projectId, r.sheetId = row.sheetId, r.props = row.props, r.seq = row.seq`,
        { rows },
      );
    }
  }

  return {
    async createProject(p) {
      await run(
        `CREATE (:Project {id: $id, accountId: $accountId, name: $name, description: $description, createdAt: $createdAt, updatedAt: $updatedAt})`,
        { ...p },
      );
      return p;
    },

    async getProject(accountId, id) {
      const [row] = await run(`MATCH (p:Project {id: $id}) WHERE p.accountId = $accountId RETURN p {.*} AS p`, {
        id,
        accountId,
      });
      return row ? toProject(row.p) : null;
    },

    async listProjects(accountId, offset, limit) {
      const rows = await run(
        `MATCH (p:Project) WHERE p.accountId = $accountId RETURN p {.*} AS p ORDER BY p.createdAt DESC, p.id DESC SKIP $offset LIMIT $limit`,
        {
          accountId,
          offset: int(offset),
          limit: int(limit),
        },
      );
      return rows.map((r) => toProject(r.p));
    },

    async deleteProject(accountId, id) {
      if (!(await this.getProject(accountId, id))) return null;
      const keys = (await run(`MATCH (f:ProjectFile {projectId: $id}) RETURN f.storageKey AS key`, { id })).map((r) =>
        String(r.key),
      );
      await transaction(async (tx) => {
        for (const label of OWNED) await tx.run(`MATCH (n:${label} {projectId: $id}) DETACH DELETE n`, { id });
        await tx.run(`MATCH (p:Project {id: $id}) DETACH DELETE p`, { id });
      });
      return keys;
    },

    async stats(project) {
      const id = project.id;
      const [c] = await run(
        `CALL { MATCH (s:ProjectSheet {projectId: $id}) RETURN count(s) AS sheets }
         CALL { MATCH (e:ProjectEntity {projectId: $id}) RETURN count(e) AS entities }
         CALL { MATCH (:ProjectEntity {projectId: $id})-[r]->() WHERE r.projectId = $id RETURN count(r) AS rels }
         CALL { MATCH (k:ProjectCommunity {projectId: $id}) RETURN count(k) AS communities }
         CALL { MATCH (l:ProjectLink {projectId: $id}) RETURN sum(CASE WHEN l.status = 'resolved' THEN 1 ELSE 0 END) AS resolved, sum(CASE WHEN l.status = 'dangling' THEN 1 ELSE 0 END) AS dangling }
         CALL { MATCH (f:ProjectFile {projectId: $id}) RETURN sum(f.pageCount) AS pages }
         RETURN sheets, entities, rels, communities, resolved, dangling, pages`,
        { id },
      );
      const ingestions: Record<string, number> = { pending: 0, in_progress: 0, completed: 0, failed: 0 };
      for (const r of await run(
        `MATCH (i:ProjectIngestion {projectId: $id}) RETURN i.status AS status, count(i) AS n`,
        { id },
      ))
        ingestions[String(r.status)] = num(r.n);
      const usage = { pagesIngested: 0, searches: 0 };
      for (const r of await run(`MATCH (u:ProjectUsage {projectId: $id}) RETURN u.kind AS kind, sum(u.units) AS n`, {
        id,
      })) {
        if (r.kind === 'page_ingested') usage.pagesIngested = num(r.n);
        if (r.kind === 'search') usage.searches = num(r.n);
      }
      return {
        sheetCount: num(c?.sheets),
        entityCount: num(c?.entities),
        relCount: num(c?.rels),
        communityCount: num(c?.communities),
        pageCount: num(c?.pages),
        ingestions,
        links: { resolved: num(c?.resolved), dangling: num(c?.dangling) },
        usage,
      };
    },

    async putFile(f) {
      await run(
        `MERGE (x:ProjectFile {projectId: $projectId, hash: $hash})
         ON CREATE SET x.size = $size, x.pageCount = $pageCount, x.storageKey = $storageKey, x.uploadedAt = $at`,
        { ...f, at: new Date().toISOString() },
      );
    },

    async getFile(projectId, hash) {
      const [r] = await run(`MATCH (f:ProjectFile {projectId: $projectId, hash: $hash}) RETURN f {.*} AS f`, {
        projectId,
        hash,
      });
      return r
        ? { projectId, hash, size: num(r.f.size), pageCount: num(r.f.pageCount), storageKey: String(r.f.storageKey) }
        : null;
    },

    async recordIngestion(row) {
      await run(
        `CREATE (:ProjectIngestion {jobId: $jobId, projectId: $projectId, fileHash: $fileHash, page: $page, status: $status, updatedAt: $at})`,
        { ...row, at: new Date().toISOString() },
      );
    },

    async updateIngestion(jobId, status, sheetId, error) {
      await run(
        `MATCH (i:ProjectIngestion {jobId: $jobId}) SET i.status = $status, i.sheetId = $sheetId, i.error = $error, i.updatedAt = $at`,
        { jobId, status, sheetId, error, at: new Date().toISOString() },
      );
    },

    async unfinishedIngestions(projectId) {
      return count(
        `MATCH (i:ProjectIngestion {projectId: $projectId}) WHERE i.status IN ['pending', 'in_progress'] RETURN count(i) AS n`,
        { projectId },
      );
    },

    async sheetAt(projectId, fileHash, page) {
      const [r] = await run(
        `MATCH (s:ProjectSheet {projectId: $projectId, fileHash: $fileHash, page: $page}) RETURN s {.*} AS s`,
        { projectId, fileHash, page },
      );
      return r ? toSheet(r.s) : null;
    },

    async writeSheet(w) {
      const { sheet } = w;
      const p = sheet.projectId;
      const seq = seqBase(w.entities.length + w.relationships.length);
      await transaction(async (tx) => {
        const old = (
          await tx.run(
            `MATCH (s:ProjectSheet {projectId: $p}) WHERE (s.fileHash = $fileHash AND s.page = $page) OR (s.normNumber IS NOT NULL AND s.normNumber = $norm) RETURN s.id AS id`,
            { p, fileHash: sheet.fileHash, page: sheet.page, norm: sheet.normNumber },
          )
        ).map((r) => String(r.id));
        if (old.length) {
          // Its entities go with every relationship touching them (a relationship's sheet is its source's);
          // links into it wait again until resolution below.
          await tx.run(`MATCH (e:ProjectEntity) WHERE e.sheetId IN $old DETACH DELETE e`, { old });
          await tx.run(`MATCH (l:ProjectLink) WHERE l.sheetId IN $old DELETE l`, { old });
          await tx.run(
            `MATCH (l:ProjectLink {projectId: $p}) WHERE l.resolvedSheetId IN $old
             SET l.status = 'dangling', l.reason = 'sheet_not_ingested', l.resolvedSheetId = null, l.resolvedViewId = null`,
            { p, old },
          );
          await tx.run(`MATCH (s:ProjectSheet) WHERE s.id IN $old DELETE s`, { old });
        }
        await tx.run(`CREATE (s:ProjectSheet) SET s = $sheet`, { sheet: { ...sheet } });
        await tx.run(`UNWIND $rows AS row CREATE (e:ProjectEntity) SET e = row`, {
          rows: w.entities.map((e, i) => {
            const v = w.embeddings?.get(e.id);
            return {
              id: e.id,
              projectId: p,
              sheetId: sheet.id,
              seq: seq + i,
              type: e.type,
              label: e.label,
              text: e.text,
              page: e.page,
              bbox: JSON.stringify(e.bbox),
              provenance: e.provenance,
              props: JSON.stringify(e.props),
              sameKey: e.sameKey,
              viewKey: e.viewKey,
              ...(v ? { embedding: Array.from(v), embeddingModel: w.embeddingModel ?? '' } : {}),
            };
          }),
        });
        await writeRels(tx, w.relationships, sheet.id, seq);
        await tx.run(`UNWIND $rows AS row CREATE (l:ProjectLink) SET l = row, l.status = 'dangling'`, {
          rows: w.links.map((l) => ({
            calloutId: l.calloutId,
            projectId: p,
            sheetId: sheet.id,
            targetSheet: l.targetSheet,
            targetSheetNorm: l.targetSheetNorm,
            targetView: l.targetView,
          })),
        });
        // SAME_AS: each grid line, level and mark of this sheet to the project's first one with its key on another sheet.
        await tx.run(
          `MATCH (n:ProjectEntity {sheetId: $sheetId}) WHERE n.sameKey IS NOT NULL
           MATCH (o:ProjectEntity {projectId: $p, sameKey: n.sameKey}) WHERE o.sheetId <> $sheetId
           WITH n, o ORDER BY o.seq
           WITH n, head(collect(o)) AS o
           CREATE (n)-[r:SAME_AS]->(o) SET r.id = randomUUID(), r.projectId = $p, r.sheetId = $sheetId, r.props = '{}', r.seq = n.seq`,
          { p, sheetId: sheet.id },
        );
        // Resolution: this sheet's links, and every link waiting for this sheet's number.
        await tx.run(
          `MATCH (l:ProjectLink {projectId: $p}) WHERE l.sheetId = $sheetId OR l.targetSheetNorm = $norm
           OPTIONAL MATCH (s:ProjectSheet {projectId: $p, normNumber: l.targetSheetNorm})
           WITH l, head(collect(s)) AS s
           OPTIONAL MATCH (v:ProjectEntity {sheetId: s.id, type: 'View', viewKey: l.targetView})
           WITH l, s, v ORDER BY v.seq
           WITH l, s, head(collect(v)) AS v
           SET l.resolvedSheetId = s.id, l.resolvedViewId = v.id,
               l.reason = CASE WHEN l.targetSheetNorm IS NULL THEN 'target_unreadable' WHEN s IS NULL THEN 'sheet_not_ingested'
                               WHEN l.targetView IS NOT NULL AND v IS NULL THEN 'view_not_found' ELSE null END,
               l.status = CASE WHEN s IS NOT NULL AND (l.targetView IS NULL OR v IS NOT NULL) THEN 'resolved' ELSE 'dangling' END`,
          { p, sheetId: sheet.id, norm: sheet.normNumber },
        );
        await tx.run(
          `MATCH (l:ProjectLink {projectId: $p}) WHERE l.sheetId = $sheetId OR l.targetSheetNorm = $norm
           MATCH (c:ProjectEntity {id: l.calloutId})-[r:REFERENCES]->() DELETE r`,
          { p, sheetId: sheet.id, norm: sheet.normNumber },
        );
        await tx.run(
          `MATCH (l:ProjectLink {projectId: $p}) WHERE (l.sheetId = $sheetId OR l.targetSheetNorm = $norm) AND l.resolvedSheetId IS NOT NULL
           MATCH (c:ProjectEntity {id: l.calloutId})
           MATCH (se:ProjectEntity {sheetId: l.resolvedSheetId, type: 'Sheet'})
           CREATE (c)-[r:REFERENCES]->(se) SET r.id = randomUUID(), r.projectId = $p, r.sheetId = l.sheetId, r.props = '{"to":"sheet"}', r.seq = c.seq`,
          { p, sheetId: sheet.id, norm: sheet.normNumber },
        );
        await tx.run(
          `MATCH (l:ProjectLink {projectId: $p}) WHERE (l.sheetId = $sheetId OR l.targetSheetNorm = $norm) AND l.resolvedViewId IS NOT NULL
           MATCH (c:ProjectEntity {id: l.calloutId})
           MATCH (v:ProjectEntity {id: l.resolvedViewId})
           CREATE (c)-[r:REFERENCES]->(v) SET r.id = randomUUID(), r.projectId = $p, r.sheetId = l.sheetId, r.props = '{"to":"view"}', r.seq = c.seq`,
          { p, sheetId: sheet.id, norm: sheet.normNumber },
        );
        await tx.run(`MATCH (x:Project {id: $p}) SET x.updatedAt = $at`, { p, at: new Date().toISOString() });
      });
    },

    async listSheets(projectId, offset, limit) {
      const rows = await run(
        `MATCH (s:ProjectSheet {projectId: $projectId}) RETURN s {.*} AS s ORDER BY s.normNumber IS NULL, s.normNumber, s.fileHash, s.page SKIP $offset LIMIT $limit`,
        { projectId, offset: int(offset), limit: int(limit) },
      );
      return {
        items: rows.map((r) => toSheet(r.s)),
        total: await count(`MATCH (s:ProjectSheet {projectId: $projectId}) RETURN count(s) AS n`, { projectId }),
      };
    },

    async sheetsByIds(ids) {
      if (!ids.length) return [];
      return (await run(`MATCH (s:ProjectSheet) WHERE s.id IN $ids RETURN s {.*} AS s`, { ids: [...ids] })).map((r) =>
        toSheet(r.s),
      );
    },

    async sheetByNumber(projectId, normNumber) {
      const [r] = await run(
        `MATCH (s:ProjectSheet {projectId: $projectId, normNumber: $normNumber}) RETURN s {.*} AS s LIMIT 1`,
        { projectId, normNumber },
      );
      return r ? toSheet(r.s) : null;
    },

    async listEntities(projectId, filter, offset, limit) {
      const where = `e.projectId = $projectId AND ($type IS NULL OR e.type = $type) AND ($sheetId IS NULL OR e.sheetId = $sheetId)`;
      const args = { projectId, type: filter.type ?? null, sheetId: filter.sheetId ?? null, q: filter.match ?? null };
      const source = filter.match
        ? `CALL db.index.fulltext.queryNodes('project_entity_text', $q) YIELD node AS e, score`
        : `MATCH (e:ProjectEntity {projectId: $projectId}) WITH e, 0 AS score`;
      const order = filter.match ? 'ORDER BY score DESC, e.seq' : 'ORDER BY e.seq';
      const rows = await run(
        `${source} WHERE ${where} RETURN e {.*, embedding: null} AS e ${order} SKIP $offset LIMIT $limit`,
        { ...args, offset: int(offset), limit: int(limit) },
      );
      return {
        items: rows.map((r) => toEntity(r.e)),
        total: await count(`${source} WHERE ${where} RETURN count(e) AS n`, args),
      };
    },

    async entitiesByIds(projectId, ids) {
      if (!ids.length) return [];
      return (
        await run(
          `MATCH (e:ProjectEntity) WHERE e.id IN $ids AND e.projectId = $projectId RETURN e {.*, embedding: null} AS e`,
          { projectId, ids: [...ids] },
        )
      ).map((r) => toEntity(r.e));
    },

    async relationshipsOf(projectId, ids, types) {
      if (!ids.length) return [];
      const rows = await run(
        `UNWIND $ids AS id MATCH (:ProjectEntity {id: id})-[r]-() WHERE r.projectId = $projectId AND ($types IS NULL OR type(r) IN $types) WITH DISTINCT r RETURN ${REL_RETURN}`,
        { projectId, ids: [...ids], types: types ? [...types] : null },
      );
      return rows.map(toRel);
    },

    async listRelationships(projectId, type, offset, limit) {
      const match = `MATCH (:ProjectEntity {projectId: $projectId})-[r]->() WHERE r.projectId = $projectId AND ($type IS NULL OR type(r) = $type)`;
      const rows = await run(`${match} RETURN ${REL_RETURN} ORDER BY r.seq, r.id SKIP $offset LIMIT $limit`, {
        projectId,
        type,
        offset: int(offset),
        limit: int(limit),
      });
      return { items: rows.map(toRel), total: await count(`${match} RETURN count(r) AS n`, { projectId, type }) };
    },

    async linksOf(projectId, calloutIds) {
      if (!calloutIds.length) return [];
      return (
        await run(`MATCH (l:ProjectLink) WHERE l.calloutId IN $ids AND l.projectId = $projectId RETURN l {.*} AS l`, {
          projectId,
          ids: [...calloutIds],
        })
      ).map((r) => toLink(r.l));
    },

    async listLinks(projectId) {
      return (await run(`MATCH (l:ProjectLink {projectId: $projectId}) RETURN l {.*} AS l`, { projectId })).map((r) =>
        toLink(r.l),
      );
    },

    async searchText(projectId, match, limit) {
      const rows = await run(
        `CALL db.index.fulltext.queryNodes('project_entity_text', $q) YIELD node AS e, score WHERE e.projectId = $projectId
         RETURN e.id AS id, score ORDER BY score DESC LIMIT $limit`,
        { q: match, projectId, limit: int(limit) },
      );
      return rows.map((r) => ({ id: String(r.id), score: Number(r.score) }));
    },

    async searchVector(projectId, embedding, limit) {
      // vector.similarity.cosine answers (1 + cos) / 2; the embedded store answers cos.
      const rows = await run(
        `MATCH (e:ProjectEntity {projectId: $projectId}) WHERE e.embedding IS NOT NULL AND coalesce(e.embeddingModel, '') = $model
         WITH e, vector.similarity.cosine(e.embedding, $v) AS s RETURN e.id AS id, 2 * s - 1 AS score ORDER BY score DESC LIMIT $limit`,
        { projectId, model: embedding.model, v: Array.from(embedding.vector), limit: int(limit) },
      );
      return rows.map((r) => ({ id: String(r.id), score: Number(r.score) }));
    },

    async graph(projectId): Promise<GraphSnapshot> {
      const nodes = (
        await run(
          `MATCH (e:ProjectEntity {projectId: $projectId}) RETURN e.id AS id, e.type AS type, e.label AS label, e.sheetId AS sheetId ORDER BY e.seq`,
          { projectId },
        )
      ).map((r) => ({ id: String(r.id), type: String(r.type), label: String(r.label), sheetId: String(r.sheetId) }));
      const edges = (
        await run(
          `MATCH (a:ProjectEntity {projectId: $projectId})-[r]->(b) WHERE r.projectId = $projectId RETURN a.id AS source, b.id AS target, type(r) AS type ORDER BY r.seq, r.id`,
          { projectId },
        )
      ).map((r) => ({ source: String(r.source), target: String(r.target), type: String(r.type) }));
      return { nodes, edges };
    },

    async replaceCommunities(projectId, communities, membership) {
      await transaction(async (tx) => {
        await tx.run(`MATCH (c:ProjectCommunity {projectId: $projectId}) DELETE c`, { projectId });
        await tx.run(
          `MATCH (e:ProjectEntity {projectId: $projectId}) WHERE e.communityId IS NOT NULL SET e.communityId = null`,
          { projectId },
        );
        await tx.run(`UNWIND $rows AS row CREATE (c:ProjectCommunity) SET c = row`, {
          rows: communities.map((c) => ({
            id: c.id,
            projectId,
            idx: c.index,
            title: c.title,
            summary: c.summary,
            llmSummary: c.llmSummary,
            size: c.size,
            rank: c.rank,
            details: JSON.stringify({
              sheets: c.sheets,
              disciplines: c.disciplines,
              topMembers: c.topMembers,
              topGrids: c.topGrids,
            }),
          })),
        });
        await tx.run(
          `UNWIND $rows AS row MATCH (e:ProjectEntity {id: row.entity}) WHERE e.projectId = $projectId SET e.communityId = row.community`,
          {
            projectId,
            rows: [...membership].map(([entity, community]) => ({ entity, community })),
          },
        );
      });
    },

    async listCommunities(projectId, offset, limit) {
      const rows = await run(
        `MATCH (c:ProjectCommunity {projectId: $projectId}) RETURN c {.*} AS c ORDER BY c.idx SKIP $offset LIMIT $limit`,
        { projectId, offset: int(offset), limit: int(limit) },
      );
      return {
        items: rows.map((r) => toCommunity(r.c)),
        total: await count(`MATCH (c:ProjectCommunity {projectId: $projectId}) RETURN count(c) AS n`, { projectId }),
      };
    },

    async recordUsage(accountId, projectId, kind, units, at) {
      await run(
        `CREATE (:ProjectUsage {accountId: $accountId, projectId: $projectId, kind: $kind, units: $units, at: $at})`,
        { accountId, projectId, kind, units, at },
      );
    },

    close,
  };
}
