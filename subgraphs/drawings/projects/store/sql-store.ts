// ProjectGraphStore on the platform database's tables, whichever engine holds them: the row
// mappers, the writes with their deletion cascades and link resolution, and the graph walk
// are written once here, with `?` placeholders; what differs between libSQL and PostgreSQL
// (full text, vectors, JSON, new ids, planner hints, collation) is the engine's SqlDialect,
// given by libsql-store.ts and postgres-store.ts. The same contract runs on both
// (test/subgraphs/drawings/projects/store-contract.ts). One file a concern under sql/: projects,
// files and ingestions, sheets (sheet-write.ts: a sheet's graph in one transaction), the graph
// read, communities; rows.ts maps rows, context.ts holds the statements they share.
import type { Database } from '../../../../core/db/client.ts';
import type { ProjectGraphStore } from './project-graph-store.ts';
import { sqlCommunities } from './sql/communities.ts';
import { sqlContext } from './sql/context.ts';
import type { SqlDialect } from './sql/dialect.ts';
import { sqlFiles } from './sql/files.ts';
import { sqlGraph } from './sql/graph.ts';
import { sqlProjects } from './sql/projects.ts';
import { sqlSheets } from './sql/sheets.ts';

export type { Row, SqlDialect } from './sql/dialect.ts';

export function createSqlProjectStore(db: Database, dialect: SqlDialect): ProjectGraphStore {
  const s = sqlContext(db, dialect);
  return {
    ...sqlProjects(s),
    ...sqlFiles(s),
    ...sqlSheets(s),
    ...sqlGraph(s),
    ...sqlCommunities(s),
    async close() {},
  };
}
