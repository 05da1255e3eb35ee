// ProjectGraphStore on the platform database's tables, whichever engine holds them: the row
// mappers, the writes with their deletion cascades and link resolution, and the graph walk
// are written once here, with `?` placeholders; what differs between libSQL and PostgreSQL
// (full text, vectors, JSON, new ids, planner hints, collation) is the engine's SqlDialect,
// given by libsql-store.ts and postgres-store.ts. The same contract runs on both
// (test/subgraphs/drawings/projects/store-contract.ts).
import type { ModelVector } from '../../../../core/embedding/model-vector.ts';
import type { Database } from '../../../../core/db/client.ts';
import type { BBox } from '../../../../core/geometry/types.ts';
import type {
  Community,
  Entity,
  EntityType,
  Link,
  Page,
  Project,
  ProjectFile,
  ProjectStats,
  Relationship,
  RelationshipType,
  Sheet,
} from '../model.ts';
import type { EntityFilter, GraphSnapshot, ProjectGraphStore, SheetWrite } from './project-graph-store.ts';

export type Row = Record<string, unknown>;

/** What the engines write differently; everything else is one SQL text with `?` placeholders. */
export interface SqlDialect {
  /** Statements on the database; `exec` answers Prisma's lazy promise, so statements also go to a batch `$transaction([...])`. */
  query<T = Row>(sql: string, ...args: unknown[]): Promise<T[]>;
  exec(sql: string, ...args: unknown[]): ReturnType<Database['$executeRawUnsafe']>;
  /** A JSON object's text from `'key', value, …` pairs. */
  jsonObject(pairs: string): string;
  /** An expression giving a random id to rows the SQL itself creates. */
  newId: string;
  /** The SQL value of one embedding and its bound argument. */
  vector: { sql: string; arg(v: Float32Array): unknown };
  /**
   * Keeps the planner off an index for a column compared in a WHERE clause (SQLite's unary `+`),
   * where the index would scan the whole project instead of the id lookup beside it.
   */
  noIndex(column: string): string;
  /** Sheet numbers compared byte by byte, as SQLite does (PostgreSQL: COLLATE "C"). */
  byteOrder(column: string): string;
  /** The column relationships are listed by, in insertion order. */
  relationshipOrder: string;
  /** Entities whose label or text match an FTS5 `"a" OR "b"` query: the FROM, WHERE and ORDER BY parts, null when the query has no word. */
  textFilter(match: string): { from: string; where: string; order: string; args: unknown[] } | null;
  /** Entity ids by full-text rank (label weighted 2×), best first. */
  searchText(projectId: string, match: string, limit: number): Promise<{ id: string; score: number }[]>;
  /** Entity ids by cosine similarity within the project, best first. */
  searchVector(projectId: string, embedding: ModelVector, limit: number): Promise<{ id: string; score: number }[]>;
}

const ph = (n: number) => Array.from({ length: n }, () => '?').join(',');
const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
const num = (v: unknown) => Number(v ?? 0);
/**
 * Rows per multi-row INSERT: 13 columns × 500 stays far under SQLite's 32,766 parameters (and
 * PostgreSQL's 65,535). Each
 * statement costs the main thread a few ms through the adapter whatever its size, so a sheet's
 * entities go in one statement where they can.
 */
const BATCH = 500;
/** Ids per IN (…) list. */
const CHUNK = 400;

const toProject = (r: Row): Project => ({
  id: String(r.id),
  accountId: String(r.accountId),
  name: String(r.name),
  description: str(r.description),
  createdAt: String(r.createdAt),
  updatedAt: String(r.updatedAt),
});

const toSheet = (r: Row): Sheet => ({
  id: String(r.id),
  projectId: String(r.projectId),
  fileHash: String(r.fileHash),
  page: num(r.page),
  number: str(r.number),
  normNumber: str(r.normNumber),
  title: str(r.title),
  discipline: str(r.discipline),
  width: num(r.width),
  height: num(r.height),
  createdAt: String(r.createdAt),
});

const ENTITY_COLUMNS = `e."id", e."projectId", e."sheetId", e."type", e."label", e."text", e."page", e."bbox", e."provenance", e."props", e."sameKey", e."viewKey", e."communityId"`;

const toEntity = (r: Row): Entity => ({
  id: String(r.id),
  projectId: String(r.projectId),
  sheetId: String(r.sheetId),
  type: String(r.type) as EntityType,
  label: String(r.label),
  text: String(r.text),
  page: num(r.page),
  bbox: JSON.parse(String(r.bbox)) as BBox,
  provenance: String(r.provenance),
  props: JSON.parse(String(r.props)) as Record<string, unknown>,
  sameKey: str(r.sameKey),
  viewKey: str(r.viewKey),
  communityId: str(r.communityId),
});

const toRel = (r: Row): Relationship => ({
  id: String(r.id),
  projectId: String(r.projectId),
  type: String(r.type) as RelationshipType,
  sourceId: String(r.sourceId),
  targetId: String(r.targetId),
  props: JSON.parse(String(r.props)) as Record<string, unknown>,
});

const toLink = (r: Row): Link => ({
  calloutId: String(r.calloutId),
  projectId: String(r.projectId),
  sheetId: String(r.sheetId),
  targetSheet: str(r.targetSheet),
  targetSheetNorm: str(r.targetSheetNorm),
  targetView: str(r.targetView),
  status: String(r.status) as Link['status'],
  reason: str(r.reason) as Link['reason'],
  resolvedSheetId: str(r.resolvedSheetId),
  resolvedViewId: str(r.resolvedViewId),
});

const toCommunity = (r: Row): Community => {
  // The model's summary rides in details beside the lists (no column of its own: it is shown, never queried).
  const { llmSummary, ...d } = JSON.parse(String(r.details)) as Pick<
    Community,
    'sheets' | 'disciplines' | 'topMembers' | 'topGrids'
  > & { llmSummary?: string | null };
  return {
    id: String(r.id),
    projectId: String(r.projectId),
    index: num(r.idx),
    title: String(r.title),
    summary: String(r.summary),
    llmSummary: llmSummary ?? null,
    size: num(r.size),
    rank: num(r.rank),
    ...d,
  };
};

const ENTITY_WRITE_COLUMNS = [
  'id',
  'projectId',
  'sheetId',
  'type',
  'label',
  'text',
  'page',
  'bbox',
  'provenance',
  'props',
  'sameKey',
  'viewKey',
];
const entityRow = (e: Entity, projectId: string, sheetId: string) => [
  e.id,
  projectId,
  sheetId,
  e.type,
  e.label,
  e.text,
  e.page,
  JSON.stringify(e.bbox),
  e.provenance,
  JSON.stringify(e.props),
  e.sameKey,
  e.viewKey,
];

export function createSqlProjectStore(db: Database, dialect: SqlDialect): ProjectGraphStore {
  const { query, exec, noIndex } = dialect;
  const count = async (sql: string, ...args: unknown[]) => num((await query<{ n: unknown }>(sql, ...args))[0]?.n);

  /** Multi-row INSERT statements for `rows`, `columns.length` values each; `values` is the SQL of one row's values when a column needs an expression. */
  function inserts(table: string, columns: string[], rows: unknown[][], values = `(${ph(columns.length)})`) {
    const out = [];
    const cols = columns.map((c) => `"${c}"`).join(', ');
    for (let i = 0; i < rows.length; i += BATCH) {
      const chunk = rows.slice(i, i + BATCH);
      out.push(exec(`INSERT INTO "${table}" (${cols}) VALUES ${chunk.map(() => values).join(', ')}`, ...chunk.flat()));
    }
    return out;
  }

  async function inChunks<T>(ids: readonly string[], run: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
    const out: T[] = [];
    for (let i = 0; i < ids.length; i += CHUNK) out.push(...(await run(ids.slice(i, i + CHUNK))));
    return out;
  }

  /**
   * The statement that recounts a project's graph into Project.counts (read by stats) and marks
   * it updated; run last in the transaction that changed the graph, so the counts never lag it.
   * Each count is one index range of the project.
   */
  function refreshCounts(projectId: string) {
    return exec(
      `UPDATE "Project" SET "updatedAt" = ?2, "counts" = ${dialect.jsonObject(`
         'sheetCount', (SELECT COUNT(*) FROM "ProjectSheet" WHERE "projectId" = ?1),
         'entityCount', (SELECT COUNT(*) FROM "ProjectEntity" WHERE "projectId" = ?1),
         'relCount', (SELECT COUNT(*) FROM "ProjectRelationship" WHERE "projectId" = ?1),
         'communityCount', (SELECT COUNT(*) FROM "ProjectCommunity" WHERE "projectId" = ?1),
         'resolved', (SELECT COUNT(*) FROM "ProjectLink" WHERE "projectId" = ?1 AND "status" = 'resolved'),
         'dangling', (SELECT COUNT(*) FROM "ProjectLink" WHERE "projectId" = ?1 AND "status" = 'dangling')`)}
       WHERE "id" = ?1`,
      projectId,
      new Date().toISOString(),
    );
  }

  return {
    async createProject(p) {
      await exec(
        `INSERT INTO "Project" ("id", "accountId", "name", "description", "createdAt", "updatedAt") VALUES (?, ?, ?, ?, ?, ?)`,
        p.id,
        p.accountId,
        p.name,
        p.description,
        p.createdAt,
        p.updatedAt,
      );
      return p;
    },

    async getProject(accountId, id) {
      const rows = await query(`SELECT * FROM "Project" WHERE "id" = ? AND "accountId" = ?`, id, accountId);
      return rows[0] ? toProject(rows[0]) : null;
    },

    async listProjects(accountId, offset, limit) {
      return (
        await query(
          `SELECT * FROM "Project" WHERE "accountId" = ? ORDER BY "createdAt" DESC, "id" DESC LIMIT ? OFFSET ?`,
          accountId,
          limit,
          offset,
        )
      ).map(toProject);
    },

    async deleteProject(accountId, id) {
      if (!(await this.getProject(accountId, id))) return null;
      const keys = (
        await query<{ storageKey: string }>(`SELECT "storageKey" FROM "ProjectFile" WHERE "projectId" = ?`, id)
      ).map((r) => String(r.storageKey));
      await db.$transaction([
        ...[
          'ProjectRelationship',
          'ProjectLink',
          'ProjectEntity',
          'ProjectSheet',
          'ProjectCommunity',
          'ProjectIngestion',
          'ProjectFile',
        ].map((t) => exec(`DELETE FROM "${t}" WHERE "projectId" = ?`, id)),
        exec(`DELETE FROM "Project" WHERE "id" = ?`, id),
      ]);
      return keys;
    },

    async stats(project) {
      const id = project.id;
      // The graph's counts are stored with the project when a sheet or the communities change
      // (refreshCounts); counting a large project on every read would not stay under 50 ms.
      const [row] = await query<{ counts: string | null }>(`SELECT "counts" FROM "Project" WHERE "id" = ?`, id);
      const c = {
        sheetCount: 0,
        entityCount: 0,
        relCount: 0,
        communityCount: 0,
        resolved: 0,
        dangling: 0,
        ...(row?.counts ? JSON.parse(row.counts) : {}),
      } as Record<string, number>;
      const pages = await count(
        `SELECT COALESCE(SUM("pageCount"), 0) AS n FROM "ProjectFile" WHERE "projectId" = ?`,
        id,
      );
      const ingestions: Record<string, number> = { pending: 0, in_progress: 0, completed: 0, failed: 0 };
      for (const r of await query<{ status: string; n: unknown }>(
        `SELECT "status", COUNT(*) AS n FROM "ProjectIngestion" WHERE "projectId" = ? GROUP BY "status"`,
        id,
      ))
        ingestions[String(r.status)] = num(r.n);
      const usage = { pagesIngested: 0, searches: 0 };
      for (const r of await query<{ kind: string; n: unknown }>(
        `SELECT "kind", SUM("units") AS n FROM "ProjectUsage" WHERE "projectId" = ? GROUP BY "kind"`,
        id,
      )) {
        if (r.kind === 'page_ingested') usage.pagesIngested = num(r.n);
        if (r.kind === 'search') usage.searches = num(r.n);
      }
      const ps: ProjectStats = {
        sheetCount: c.sheetCount!,
        entityCount: c.entityCount!,
        relCount: c.relCount!,
        communityCount: c.communityCount!,
        pageCount: pages,
        ingestions,
        links: { resolved: c.resolved!, dangling: c.dangling! },
        usage,
      };
      return ps;
    },

    async putFile(f) {
      await exec(
        `INSERT INTO "ProjectFile" ("projectId", "hash", "size", "pageCount", "storageKey", "uploadedAt") VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
        f.projectId,
        f.hash,
        f.size,
        f.pageCount,
        f.storageKey,
        new Date().toISOString(),
      );
    },

    async getFile(projectId, hash) {
      const r = (await query(`SELECT * FROM "ProjectFile" WHERE "projectId" = ? AND "hash" = ?`, projectId, hash))[0];
      return r
        ? { projectId, hash, size: num(r.size), pageCount: num(r.pageCount), storageKey: String(r.storageKey) }
        : null;
    },

    async recordIngestion(row) {
      await exec(
        `INSERT INTO "ProjectIngestion" ("jobId", "projectId", "fileHash", "page", "status", "updatedAt") VALUES (?, ?, ?, ?, ?, ?)`,
        row.jobId,
        row.projectId,
        row.fileHash,
        row.page,
        row.status,
        new Date().toISOString(),
      );
    },

    async updateIngestion(jobId, status, sheetId, error) {
      await exec(
        `UPDATE "ProjectIngestion" SET "status" = ?, "sheetId" = ?, "error" = ?, "updatedAt" = ? WHERE "jobId" = ?`,
        status,
        sheetId,
        error,
        new Date().toISOString(),
        jobId,
      );
    },

    async unfinishedIngestions(projectId) {
      return count(
        `SELECT COUNT(*) AS n FROM "ProjectIngestion" WHERE "projectId" = ? AND "status" IN ('pending', 'in_progress')`,
        projectId,
      );
    },

    async sheetAt(projectId, fileHash, page) {
      const r = (
        await query(
          `SELECT * FROM "ProjectSheet" WHERE "projectId" = ? AND "fileHash" = ? AND "page" = ?`,
          projectId,
          fileHash,
          page,
        )
      )[0];
      return r ? toSheet(r) : null;
    },

    async writeSheet(w) {
      const { sheet } = w;
      const p = sheet.projectId;
      const old = (
        await query<{ id: string }>(
          `SELECT "id" FROM "ProjectSheet" WHERE "projectId" = ? AND (("fileHash" = ? AND "page" = ?) OR ("normNumber" IS NOT NULL AND "normNumber" = ?))`,
          p,
          sheet.fileHash,
          sheet.page,
          sheet.normNumber,
        )
      ).map((r) => String(r.id));
      const statements = [];
      if (old.length) {
        const o = ph(old.length);
        const oldEntities = `SELECT "id" FROM "ProjectEntity" WHERE "sheetId" IN (${o})`;
        statements.push(
          exec(
            `DELETE FROM "ProjectRelationship" WHERE "projectId" = ? AND ("sheetId" IN (${o}) OR "targetId" IN (${oldEntities}) OR "sourceId" IN (${oldEntities}))`,
            p,
            ...old,
            ...old,
            ...old,
          ),
          exec(`DELETE FROM "ProjectLink" WHERE "sheetId" IN (${o})`, ...old),
          // Links into the replaced sheet wait again until resolution below finds them a target.
          exec(
            `UPDATE "ProjectLink" SET "status" = 'dangling', "reason" = 'sheet_not_ingested', "resolvedSheetId" = NULL, "resolvedViewId" = NULL WHERE "projectId" = ? AND "resolvedSheetId" IN (${o})`,
            p,
            ...old,
          ),
          exec(`DELETE FROM "ProjectEntity" WHERE "sheetId" IN (${o})`, ...old),
          exec(`DELETE FROM "ProjectSheet" WHERE "id" IN (${o})`, ...old),
        );
      }
      statements.push(
        exec(
          `INSERT INTO "ProjectSheet" ("id", "projectId", "fileHash", "page", "number", "normNumber", "title", "discipline", "width", "height", "createdAt") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          sheet.id,
          p,
          sheet.fileHash,
          sheet.page,
          sheet.number,
          sheet.normNumber,
          sheet.title,
          sheet.discipline,
          sheet.width,
          sheet.height,
          sheet.createdAt,
        ),
        ...inserts(
          'ProjectEntity',
          ENTITY_WRITE_COLUMNS,
          w.entities.filter((e) => !w.embeddings?.has(e.id)).map((e) => entityRow(e, p, sheet.id)),
        ),
        // With an embedder, the vectors go in with their rows.
        ...inserts(
          'ProjectEntity',
          [...ENTITY_WRITE_COLUMNS, 'embedding', 'embeddingModel'],
          w.entities
            .filter((e) => w.embeddings?.has(e.id))
            .map((e) => [
              ...entityRow(e, p, sheet.id),
              dialect.vector.arg(w.embeddings!.get(e.id)!),
              w.embeddingModel ?? '',
            ]),
          `(${ph(ENTITY_WRITE_COLUMNS.length)}, ${dialect.vector.sql}, ?)`,
        ),
        ...inserts(
          'ProjectRelationship',
          ['id', 'projectId', 'sheetId', 'type', 'sourceId', 'targetId', 'props'],
          w.relationships.map((r) => [r.id, p, sheet.id, r.type, r.sourceId, r.targetId, JSON.stringify(r.props)]),
        ),
        ...inserts(
          'ProjectLink',
          ['calloutId', 'projectId', 'sheetId', 'targetSheet', 'targetSheetNorm', 'targetView', 'status'],
          w.links.map((l) => [l.calloutId, p, sheet.id, l.targetSheet, l.targetSheetNorm, l.targetView, 'dangling']),
        ),
        // SAME_AS: each grid line, level and mark of this sheet to the project's first one with its key on another sheet.
        exec(
          `INSERT INTO "ProjectRelationship" ("id", "projectId", "sheetId", "type", "sourceId", "targetId", "props")
           SELECT ${dialect.newId}, ?, ?, 'SAME_AS', n."id", t."id", '{}'
             FROM "ProjectEntity" n
             JOIN "ProjectEntity" t ON t."seq" = (SELECT o."seq" FROM "ProjectEntity" o WHERE o."projectId" = ? AND o."sameKey" = n."sameKey" AND o."sheetId" <> ? ORDER BY o."seq" LIMIT 1)
            WHERE n."sheetId" = ? AND n."sameKey" IS NOT NULL`,
          p,
          sheet.id,
          p,
          sheet.id,
          sheet.id,
        ),
      );
      // Resolution: this sheet's links, and every link waiting for this sheet's number.
      const affected = `"projectId" = ? AND ("sheetId" = ? OR "targetSheetNorm" = ?)`;
      const affectedL = `l."projectId" = ? AND (l."sheetId" = ? OR l."targetSheetNorm" = ?)`;
      const affectedX = `x."projectId" = ? AND (x."sheetId" = ? OR x."targetSheetNorm" = ?)`;
      const affectedArgs = [p, sheet.id, sheet.normNumber];
      statements.push(
        // One pass: each affected link's target sheet (by normalised number) and view (by view id on that sheet),
        // then its status and the reason it waits.
        exec(
          `UPDATE "ProjectLink" AS l SET "resolvedSheetId" = r.sid, "resolvedViewId" = r.vid,
             "reason" = CASE WHEN l."targetSheetNorm" IS NULL THEN 'target_unreadable' WHEN r.sid IS NULL THEN 'sheet_not_ingested'
                             WHEN l."targetView" IS NOT NULL AND r.vid IS NULL THEN 'view_not_found' ELSE NULL END,
             "status" = CASE WHEN r.sid IS NOT NULL AND (l."targetView" IS NULL OR r.vid IS NOT NULL) THEN 'resolved' ELSE 'dangling' END
           FROM (SELECT t.cid, t.sid,
                        (SELECT e."id" FROM "ProjectEntity" e WHERE e."sheetId" = t.sid AND e."type" = 'View' AND e."viewKey" = t.view ORDER BY e."seq" LIMIT 1) AS vid
                   FROM (SELECT x."calloutId" AS cid, x."targetView" AS view,
                                (SELECT s."id" FROM "ProjectSheet" s WHERE s."projectId" = x."projectId" AND s."normNumber" = x."targetSheetNorm" LIMIT 1) AS sid
                           FROM "ProjectLink" x WHERE ${affectedX}) AS t) AS r
          WHERE l."calloutId" = r.cid`,
          ...affectedArgs,
        ),
        exec(
          `DELETE FROM "ProjectRelationship" WHERE "type" = 'REFERENCES' AND "sourceId" IN (SELECT "calloutId" FROM "ProjectLink" WHERE ${affected})`,
          ...affectedArgs,
        ),
        exec(
          `INSERT INTO "ProjectRelationship" ("id", "projectId", "sheetId", "type", "sourceId", "targetId", "props")
           SELECT ${dialect.newId}, l."projectId", l."sheetId", 'REFERENCES', l."calloutId", se."id", '{"to":"sheet"}'
             FROM "ProjectLink" l JOIN "ProjectEntity" se ON se."sheetId" = l."resolvedSheetId" AND se."type" = 'Sheet'
            WHERE ${affectedL}
           UNION ALL
           SELECT ${dialect.newId}, l."projectId", l."sheetId", 'REFERENCES', l."calloutId", l."resolvedViewId", '{"to":"view"}'
             FROM "ProjectLink" l WHERE l."resolvedViewId" IS NOT NULL AND ${affectedL}`,
          ...affectedArgs,
          ...affectedArgs,
        ),
        refreshCounts(p),
      );
      await db.$transaction(statements);
    },

    async listSheets(projectId, offset, limit) {
      const rows = await query(
        `SELECT * FROM "ProjectSheet" WHERE "projectId" = ? ORDER BY "normNumber" IS NULL, ${dialect.byteOrder('"normNumber"')}, "fileHash", "page" LIMIT ? OFFSET ?`,
        projectId,
        limit,
        offset,
      );
      return {
        items: rows.map(toSheet),
        total: await count(`SELECT COUNT(*) AS n FROM "ProjectSheet" WHERE "projectId" = ?`, projectId),
      };
    },

    async sheetsByIds(ids) {
      return inChunks(ids, async (c) =>
        (await query(`SELECT * FROM "ProjectSheet" WHERE "id" IN (${ph(c.length)})`, ...c)).map(toSheet),
      );
    },

    async sheetByNumber(projectId, normNumber) {
      const r = (
        await query(
          `SELECT * FROM "ProjectSheet" WHERE "projectId" = ? AND "normNumber" = ? LIMIT 1`,
          projectId,
          normNumber,
        )
      )[0];
      return r ? toSheet(r) : null;
    },

    async listEntities(projectId, filter, offset, limit) {
      let where = `e."projectId" = ?`;
      const args: unknown[] = [projectId];
      if (filter.type) ((where += ` AND e."type" = ?`), args.push(filter.type));
      if (filter.sheetId) ((where += ` AND e."sheetId" = ?`), args.push(filter.sheetId));
      let from = `"ProjectEntity" e`;
      let order = `ORDER BY e."seq"`;
      if (filter.match) {
        const text = dialect.textFilter(filter.match);
        if (!text) return { items: [], total: 0 };
        from = text.from;
        where = `${text.where} AND ${where}`;
        order = text.order;
        args.unshift(...text.args);
      }
      const rows = await query(
        `SELECT ${ENTITY_COLUMNS} FROM ${from} WHERE ${where} ${order} LIMIT ? OFFSET ?`,
        ...args,
        limit,
        offset,
      );
      return {
        items: rows.map(toEntity),
        total: await count(`SELECT COUNT(*) AS n FROM ${from} WHERE ${where}`, ...args),
      };
    },

    async entitiesByIds(projectId, ids) {
      return inChunks(ids, async (c) =>
        (
          await query(
            `SELECT ${ENTITY_COLUMNS} FROM "ProjectEntity" e WHERE ${noIndex('e."projectId"')} = ? AND e."id" IN (${ph(c.length)})`,
            projectId,
            ...c,
          )
        ).map(toEntity),
      );
    },

    async relationshipsOf(projectId, ids, types) {
      // Two index lookups (by source, by target), kept off the project index, which would scan the project.
      const typed = types ? ` AND "type" IN (${ph(types.length)})` : '';
      const typeArgs = types ?? [];
      const out = await inChunks(ids, async (c) =>
        (
          await query(
            `SELECT * FROM "ProjectRelationship" WHERE "sourceId" IN (${ph(c.length)}) AND ${noIndex('"projectId"')} = ?${typed}
             UNION ALL SELECT * FROM "ProjectRelationship" WHERE "targetId" IN (${ph(c.length)}) AND ${noIndex('"projectId"')} = ?${typed}`,
            ...c,
            projectId,
            ...typeArgs,
            ...c,
            projectId,
            ...typeArgs,
          )
        ).map(toRel),
      );
      return [...new Map(out.map((r) => [r.id, r])).values()];
    },

    async listRelationships(projectId, type, offset, limit) {
      const where = type ? `"projectId" = ? AND "type" = ?` : `"projectId" = ?`;
      const args = type ? [projectId, type] : [projectId];
      const rows = await query(
        `SELECT * FROM "ProjectRelationship" WHERE ${where} ORDER BY ${dialect.relationshipOrder} LIMIT ? OFFSET ?`,
        ...args,
        limit,
        offset,
      );
      return {
        items: rows.map(toRel),
        total: await count(`SELECT COUNT(*) AS n FROM "ProjectRelationship" WHERE ${where}`, ...args),
      };
    },

    async linksOf(projectId, ids) {
      return inChunks(ids, async (c) =>
        (
          await query(
            `SELECT * FROM "ProjectLink" WHERE ${noIndex('"projectId"')} = ? AND "calloutId" IN (${ph(c.length)})`,
            projectId,
            ...c,
          )
        ).map(toLink),
      );
    },

    async listLinks(projectId) {
      return (await query(`SELECT * FROM "ProjectLink" WHERE "projectId" = ?`, projectId)).map(toLink);
    },

    searchText: (projectId, match, limit) => dialect.searchText(projectId, match, limit),

    searchVector: (projectId, embedding, limit) => dialect.searchVector(projectId, embedding, limit),

    async graph(projectId): Promise<GraphSnapshot> {
      const nodes = (
        await query(
          `SELECT "id", "type", "label", "sheetId" FROM "ProjectEntity" WHERE "projectId" = ? ORDER BY "seq"`,
          projectId,
        )
      ).map((r) => ({
        id: String(r.id),
        type: String(r.type),
        label: String(r.label),
        sheetId: String(r.sheetId),
      }));
      const edges = (
        await query(
          `SELECT "sourceId", "targetId", "type" FROM "ProjectRelationship" WHERE "projectId" = ? ORDER BY ${dialect.relationshipOrder}`,
          projectId,
        )
      ).map((r) => ({
        source: String(r.sourceId),
        target: String(r.targetId),
        type: String(r.type),
      }));
      return { nodes, edges };
    },

    async replaceCommunities(projectId, communities, membership) {
      const byCommunity = new Map<string, string[]>();
      for (const [entity, c] of membership) byCommunity.set(c, [...(byCommunity.get(c) ?? []), entity]);
      const statements = [
        exec(`DELETE FROM "ProjectCommunity" WHERE "projectId" = ?`, projectId),
        exec(`UPDATE "ProjectEntity" SET "communityId" = NULL WHERE "projectId" = ?`, projectId),
        ...inserts(
          'ProjectCommunity',
          ['id', 'projectId', 'idx', 'title', 'summary', 'size', 'rank', 'details'],
          communities.map((c) => [
            c.id,
            projectId,
            c.index,
            c.title,
            c.summary,
            c.size,
            c.rank,
            JSON.stringify({
              sheets: c.sheets,
              disciplines: c.disciplines,
              topMembers: c.topMembers,
              topGrids: c.topGrids,
              llmSummary: c.llmSummary,
            }),
          ]),
        ),
      ];
      for (const [c, ids] of byCommunity) {
        for (let i = 0; i < ids.length; i += CHUNK) {
          const chunk = ids.slice(i, i + CHUNK);
          statements.push(
            exec(
              `UPDATE "ProjectEntity" SET "communityId" = ? WHERE "projectId" = ? AND "id" IN (${ph(chunk.length)})`,
              c,
              projectId,
              ...chunk,
            ),
          );
        }
      }
      statements.push(refreshCounts(projectId));
      await db.$transaction(statements);
    },

    async listCommunities(projectId, offset, limit) {
      const rows = await query(
        `SELECT * FROM "ProjectCommunity" WHERE "projectId" = ? ORDER BY "idx" LIMIT ? OFFSET ?`,
        projectId,
        limit,
        offset,
      );
      return {
        items: rows.map(toCommunity),
        total: await count(`SELECT COUNT(*) AS n FROM "ProjectCommunity" WHERE "projectId" = ?`, projectId),
      };
    },

    async recordUsage(accountId, projectId, kind, units, at) {
      await exec(
        `INSERT INTO "ProjectUsage" ("accountId", "projectId", "kind", "units", "at") VALUES (?, ?, ?, ?, ?)`,
        accountId,
        projectId,
        kind,
        units,
        at,
      );
    },

    async close() {},
  };
}
