// The project graph's nodes and relationships as the model's objects.
import neo4j from 'neo4j-driver';
import type { Props } from '../../../../../core/db/neo4j.ts';
import type { Community, Entity, Link, Project, Relationship, Sheet } from '../../model.ts';

export const int = (n: number) => neo4j.int(Math.max(0, Math.floor(n)));
export const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
export const num = (v: unknown) => Number(v ?? 0);

export const toProject = (p: Props): Project => ({
  id: p.id,
  accountId: p.accountId,
  name: p.name,
  description: str(p.description),
  createdAt: p.createdAt,
  updatedAt: p.updatedAt,
});
export const toSheet = (s: Props): Sheet => ({
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
export const toEntity = (e: Props): Entity => ({
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
export const toLink = (l: Props): Link => ({
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
export const toCommunity = (c: Props): Community => ({
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
export const toRel = (r: Props): Relationship => ({
  id: r.id,
  projectId: r.projectId,
  type: r.type,
  sourceId: r.sourceId,
  targetId: r.targetId,
  props: JSON.parse(r.props),
});
export const REL_RETURN = `r.id AS id, r.projectId AS projectId, type(r) AS type, startNode(r).id AS sourceId, endNode(r).id AS targetId, r.props AS props`;
