// A sheet's graph written in one transaction: the sheet it replaces (same page, or same number)
// deleted with everything hanging from it, the new rows, SAME_AS to the project's first entity of
// each key, then the resolution of this sheet's links and of every link waiting for its number.
import type { SheetWrite } from '../project-graph-store.ts';
import type { SqlContext } from './context.ts';
import { ENTITY_WRITE_COLUMNS, entityRow, ph } from './rows.ts';

type Statement = ReturnType<SqlContext['exec']>;

export async function writeSheet(s: SqlContext, w: SheetWrite): Promise<void> {
  const { sheet } = w;
  const old = (
    await s.query<{ id: string }>(
      `SELECT "id" FROM "ProjectSheet" WHERE "projectId" = ? AND (("fileHash" = ? AND "page" = ?) OR ("normNumber" IS NOT NULL AND "normNumber" = ?))`,
      sheet.projectId,
      sheet.fileHash,
      sheet.page,
      sheet.normNumber,
    )
  ).map((r) => String(r.id));
  await s.db.$transaction([
    ...(old.length ? deleteSheets(s, sheet.projectId, old) : []),
    ...insertSheet(s, w),
    sameAs(s, sheet.projectId, sheet.id),
    ...resolveLinks(s, sheet.projectId, sheet.id, sheet.normNumber),
    s.refreshCounts(sheet.projectId),
  ]);
}

/** The replaced sheets and everything hanging from them; links into them wait again. */
function deleteSheets(s: SqlContext, p: string, old: string[]): Statement[] {
  const { exec } = s;
  const o = ph(old.length);
  const oldEntities = `SELECT "id" FROM "ProjectEntity" WHERE "sheetId" IN (${o})`;
  return [
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
  ];
}

/** The sheet's row, its entities (with their vectors when embedded), relationships and links (dangling until resolved). */
function insertSheet(s: SqlContext, w: SheetWrite): Statement[] {
  const { exec, inserts, dialect } = s;
  const { sheet } = w;
  const p = sheet.projectId;
  return [
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
  ];
}

/** SAME_AS: each grid line, level and mark of this sheet to the project's first one with its key on another sheet. */
function sameAs(s: SqlContext, p: string, sheetId: string): Statement {
  return s.exec(
    `INSERT INTO "ProjectRelationship" ("id", "projectId", "sheetId", "type", "sourceId", "targetId", "props")
           SELECT ${s.dialect.newId}, ?, ?, 'SAME_AS', n."id", t."id", '{}'
             FROM "ProjectEntity" n
             JOIN "ProjectEntity" t ON t."seq" = (SELECT o."seq" FROM "ProjectEntity" o WHERE o."projectId" = ? AND o."sameKey" = n."sameKey" AND o."sheetId" <> ? ORDER BY o."seq" LIMIT 1)
            WHERE n."sheetId" = ? AND n."sameKey" IS NOT NULL`,
    p,
    sheetId,
    p,
    sheetId,
    sheetId,
  );
}

/** Resolution: this sheet's links, and every link waiting for this sheet's number. */
function resolveLinks(s: SqlContext, p: string, sheetId: string, normNumber: string | null): Statement[] {
  const { exec, dialect } = s;
  const affected = `"projectId" = ? AND ("sheetId" = ? OR "targetSheetNorm" = ?)`;
  const affectedL = `l."projectId" = ? AND (l."sheetId" = ? OR l."targetSheetNorm" = ?)`;
  const affectedX = `x."projectId" = ? AND (x."sheetId" = ? OR x."targetSheetNorm" = ?)`;
  const affectedArgs = [p, sheetId, normNumber];
  return [
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
  ];
}
