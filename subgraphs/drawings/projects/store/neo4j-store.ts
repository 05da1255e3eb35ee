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
// runs the same contract as the embedded store against it. One file a concern under neo4j/, the
// same set as the SQL store's (sql/).
import type { Driver } from 'neo4j-driver';
import { openNeo4j, type Neo4jOptions } from '../../../../core/db/neo4j.ts';
import { neo4jCommunities } from './neo4j/communities.ts';
import { neo4jContext } from './neo4j/context.ts';
import { neo4jFiles } from './neo4j/files.ts';
import { neo4jGraph } from './neo4j/graph.ts';
import { neo4jProjects } from './neo4j/projects.ts';
import { neo4jSheets } from './neo4j/sheets.ts';
import type { ProjectGraphStore } from './project-graph-store.ts';

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

/** `driver` is for tests that wrap the driver; by default one is opened from `options`. */
export function createNeo4jProjectStore(options: Neo4jProjectOptions, driver?: Driver): ProjectGraphStore {
  const connection = openNeo4j(options, SCHEMA, driver);
  const s = neo4jContext(connection);
  return {
    ...neo4jProjects(s),
    ...neo4jFiles(s),
    ...neo4jSheets(s),
    ...neo4jGraph(s),
    ...neo4jCommunities(s),
    close: connection.close,
  };
}
