// A sheet's graph written in one transaction: the sheet it replaces (same page, or same number)
// deleted with everything hanging from it, the new nodes and relationships, SAME_AS to the
// project's first entity of each key, then the resolution of this sheet's links and of every link
// waiting for its number.
import type { Cypher, Props } from '../../../../../core/db/neo4j.ts';
import { RELATIONSHIP_TYPES, type Relationship } from '../../model.ts';
import type { SheetWrite } from '../project-graph-store.ts';
import type { Neo4jContext } from './context.ts';

/** Relationship types are written into the statement (Cypher takes no parameter for them): only these. */
const REL_TYPES = new Set<string>(RELATIONSHIP_TYPES.filter((t) => t !== 'IN_COMMUNITY'));

/** Orders the entities of one write after every earlier write's (a JS number: exact to 2^53). */
let lastSeq = 0;
const seqBase = (n: number) => {
  const base = Math.max(Date.now() * 1000, lastSeq + 1);
  lastSeq = base + n;
  return base;
};

export async function writeSheet(s: Neo4jContext, w: SheetWrite): Promise<void> {
  const { sheet } = w;
  const p = sheet.projectId;
  const seq = seqBase(w.entities.length + w.relationships.length);
  await s.transaction(async (tx) => {
    const old = (
      await tx.run(
        `MATCH (s:ProjectSheet {projectId: $p}) WHERE (s.fileHash = $fileHash AND s.page = $page) OR (s.normNumber IS NOT NULL AND s.normNumber = $norm) RETURN s.id AS id`,
        { p, fileHash: sheet.fileHash, page: sheet.page, norm: sheet.normNumber },
      )
    ).map((r) => String(r.id));
    if (old.length) await deleteSheets(tx, p, old);
    await createSheet(tx, w, seq);
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
    await resolveLinks(tx, { p, sheetId: sheet.id, norm: sheet.normNumber });
    await tx.run(`MATCH (x:Project {id: $p}) SET x.updatedAt = $at`, { p, at: new Date().toISOString() });
  });
}

/**
 * The replaced sheets: their entities go with every relationship touching them (a relationship's
 * sheet is its source's); links into them wait again until resolution.
 */
async function deleteSheets(tx: Cypher, p: string, old: string[]) {
  await tx.run(`MATCH (e:ProjectEntity) WHERE e.sheetId IN $old DETACH DELETE e`, { old });
  await tx.run(`MATCH (l:ProjectLink) WHERE l.sheetId IN $old DELETE l`, { old });
  await tx.run(
    `MATCH (l:ProjectLink {projectId: $p}) WHERE l.resolvedSheetId IN $old
             SET l.status = 'dangling', l.reason = 'sheet_not_ingested', l.resolvedSheetId = null, l.resolvedViewId = null`,
    { p, old },
  );
  await tx.run(`MATCH (s:ProjectSheet) WHERE s.id IN $old DELETE s`, { old });
}

/** The sheet's node and its entities' (with their vectors when embedded), in the write's order. */
async function createSheet(tx: Cypher, w: SheetWrite, seq: number) {
  const { sheet } = w;
  await tx.run(`CREATE (s:ProjectSheet) SET s = $sheet`, { sheet: { ...sheet } });
  await tx.run(`UNWIND $rows AS row CREATE (e:ProjectEntity) SET e = row`, {
    rows: w.entities.map((e, i) => {
      const v = w.embeddings?.get(e.id);
      return {
        id: e.id,
        projectId: sheet.projectId,
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
}

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

/** Resolution: this sheet's links, and every link waiting for this sheet's number; their REFERENCES rebuilt. */
async function resolveLinks(tx: Cypher, args: { p: string; sheetId: string; norm: string | null }) {
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
    args,
  );
  await tx.run(
    `MATCH (l:ProjectLink {projectId: $p}) WHERE l.sheetId = $sheetId OR l.targetSheetNorm = $norm
           MATCH (c:ProjectEntity {id: l.calloutId})-[r:REFERENCES]->() DELETE r`,
    args,
  );
  await tx.run(
    `MATCH (l:ProjectLink {projectId: $p}) WHERE (l.sheetId = $sheetId OR l.targetSheetNorm = $norm) AND l.resolvedSheetId IS NOT NULL
           MATCH (c:ProjectEntity {id: l.calloutId})
           MATCH (se:ProjectEntity {sheetId: l.resolvedSheetId, type: 'Sheet'})
           CREATE (c)-[r:REFERENCES]->(se) SET r.id = randomUUID(), r.projectId = $p, r.sheetId = l.sheetId, r.props = '{"to":"sheet"}', r.seq = c.seq`,
    args,
  );
  await tx.run(
    `MATCH (l:ProjectLink {projectId: $p}) WHERE (l.sheetId = $sheetId OR l.targetSheetNorm = $norm) AND l.resolvedViewId IS NOT NULL
           MATCH (c:ProjectEntity {id: l.calloutId})
           MATCH (v:ProjectEntity {id: l.resolvedViewId})
           CREATE (c)-[r:REFERENCES]->(v) SET r.id = randomUUID(), r.projectId = $p, r.sheetId = l.sheetId, r.props = '{"to":"view"}', r.seq = c.seq`,
    args,
  );
}
