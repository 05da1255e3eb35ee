// The project graph read: entities (by filter, text, vector, id), relationships and links.
import { ENTITY_COLUMNS, ph, toEntity, toLink, toRel } from './rows.ts';
import type { GraphReads } from '../project-graph-store.ts';
import type { SqlContext } from './context.ts';

export function sqlGraph(s: SqlContext): GraphReads {
  const { dialect, query, noIndex, count, inChunks } = s;
  return {
    async listEntities(projectId, filter, offset, limit) {
      let where = `e."projectId" = ?`;
      const args: unknown[] = [projectId];
      if (filter.type) {
        where += ` AND e."type" = ?`;
        args.push(filter.type);
      }
      if (filter.sheetId) {
        where += ` AND e."sheetId" = ?`;
        args.push(filter.sheetId);
      }
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
  };
}
