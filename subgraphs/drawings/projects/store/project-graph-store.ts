// Where a project graph lives. The embedded implementation is libsql-store.ts
// (the platform database); another engine (Neo4j) implements the same calls
// and runs the same contract suite (test/subgraphs/drawings/projects/store-contract.ts).
// Scoping: every call names the project; callers check the project belongs
// to the account first (getProject), so an id of another account reaches nothing.
import type { ModelVector } from '../../../../core/embedding/model-vector.ts';
import type {
  Community,
  Entity,
  Link,
  Page,
  Project,
  ProjectFile,
  ProjectStats,
  Relationship,
  RelationshipType,
  Sheet,
} from '../model.ts';

/** A sheet ready to store: ids assigned, links as read. */
export interface SheetWrite {
  sheet: Sheet;
  entities: Entity[];
  relationships: Relationship[];
  links: Omit<Link, 'status' | 'reason' | 'resolvedSheetId' | 'resolvedViewId'>[];
  /** Embeddings by entity id, when an embedder is configured, and the tag of the model that made them. */
  embeddings?: Map<string, Float32Array>;
  embeddingModel?: string;
}

export interface EntityFilter {
  type?: string | null;
  sheetId?: string | null;
  /** Full-text words (FTS5 query built by the caller). */
  match?: string | null;
}

export interface GraphSnapshot {
  nodes: { id: string; type: string; label: string; sheetId: string }[];
  edges: { source: string; target: string; type: string }[];
}

export interface ProjectGraphStore {
  createProject(project: Project): Promise<Project>;
  /** The project when it belongs to the account, else null. */
  getProject(accountId: string, id: string): Promise<Project | null>;
  /** Newest first. */
  listProjects(accountId: string, offset: number, limit: number): Promise<Project[]>;
  /** Deletes the project and its graph; answers the storage keys of its files (null when there was no such project). */
  deleteProject(accountId: string, id: string): Promise<string[] | null>;
  stats(project: Project): Promise<ProjectStats>;

  putFile(file: ProjectFile): Promise<void>;
  getFile(projectId: string, hash: string): Promise<ProjectFile | null>;

  recordIngestion(row: {
    jobId: string;
    projectId: string;
    fileHash: string;
    page: number;
    status: string;
  }): Promise<void>;
  updateIngestion(jobId: string, status: string, sheetId: string | null, error: string | null): Promise<void>;
  /** Ingestions of the project not yet finished. */
  unfinishedIngestions(projectId: string): Promise<number>;

  sheetAt(projectId: string, fileHash: string, page: number): Promise<Sheet | null>;
  /**
   * Stores a sheet, replacing the sheet of the same file page and any sheet with the same
   * normalised number, then resolves links: the sheet's own, and every link of the project that
   * targets its number (late resolution). SAME_AS joins its grid lines, levels and marks to
   * the project's existing ones.
   */
  writeSheet(write: SheetWrite): Promise<void>;
  listSheets(projectId: string, offset: number, limit: number): Promise<Page<Sheet>>;
  sheetsByIds(ids: readonly string[]): Promise<Sheet[]>;
  sheetByNumber(projectId: string, normNumber: string): Promise<Sheet | null>;

  listEntities(projectId: string, filter: EntityFilter, offset: number, limit: number): Promise<Page<Entity>>;
  entitiesByIds(projectId: string, ids: readonly string[]): Promise<Entity[]>;
  /** Relationships touching the entities (either end); only those of `types` when given (search walks a few types, and a sheet has an ON_SHEET edge from every entity on it). */
  relationshipsOf(
    projectId: string,
    entityIds: readonly string[],
    types?: readonly RelationshipType[],
  ): Promise<Relationship[]>;
  listRelationships(projectId: string, type: string | null, offset: number, limit: number): Promise<Page<Relationship>>;
  linksOf(projectId: string, calloutIds: readonly string[]): Promise<Link[]>;
  listLinks(projectId: string): Promise<Link[]>;

  /** Entity ids by BM25 rank for an FTS5 query, best first. */
  searchText(projectId: string, match: string, limit: number): Promise<{ id: string; score: number }[]>;
  /** Entity ids by cosine similarity, best first (entities stored with an embedding only). */
  searchVector(projectId: string, embedding: ModelVector, limit: number): Promise<{ id: string; score: number }[]>;

  graph(projectId: string): Promise<GraphSnapshot>;
  replaceCommunities(projectId: string, communities: Community[], membership: Map<string, string>): Promise<void>;
  listCommunities(projectId: string, offset: number, limit: number): Promise<Page<Community>>;

  recordUsage(
    accountId: string,
    projectId: string,
    kind: 'page_ingested' | 'search',
    units: number,
    at: string,
  ): Promise<void>;
  close(): Promise<void>;
}

/** The store's parts: each backend writes one file per part (sql/, neo4j/), so the two read side by side. */
export type ProjectRecords = Pick<
  ProjectGraphStore,
  'createProject' | 'getProject' | 'listProjects' | 'deleteProject' | 'stats'
>;
export type FileRecords = Pick<
  ProjectGraphStore,
  'putFile' | 'getFile' | 'recordIngestion' | 'updateIngestion' | 'unfinishedIngestions' | 'recordUsage'
>;
export type SheetRecords = Pick<
  ProjectGraphStore,
  'sheetAt' | 'writeSheet' | 'listSheets' | 'sheetsByIds' | 'sheetByNumber'
>;
export type GraphReads = Pick<
  ProjectGraphStore,
  | 'listEntities'
  | 'entitiesByIds'
  | 'relationshipsOf'
  | 'listRelationships'
  | 'linksOf'
  | 'listLinks'
  | 'searchText'
  | 'searchVector'
>;
export type CommunityRecords = Pick<ProjectGraphStore, 'graph' | 'replaceCommunities' | 'listCommunities'>;
