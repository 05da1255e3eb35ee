// What the viewer page needs of a project, read in one GraphQL operation: its sheets, the
// callouts on them with the sheet and view each links to, and the views (to open a sheet at
// the referenced view). Pages of 200 sheets, 200 callouts and views, 500 references: the viewer shows
// the first ones of a larger project.
/** One operation per part: the gateway's cost limit (5,000) refuses them all in one. */
export const VIEWER_DATA_QUERIES = [
  `query ($id: ID!) { project(id: $id) { id name sheets(first: 100) { nodes { id fileHash page number title width height } } } }`,
  `query ($id: ID!) { project(id: $id) { callouts: entities(type: "Callout", first: 100) { nodes { id sheetId label bbox props } } } }`,
  `query ($id: ID!) { project(id: $id) { views: entities(type: "View", first: 100) { nodes { id sheetId label bbox } } } }`,
  `query ($id: ID!) { project(id: $id) { sheetEntities: entities(type: "Sheet", first: 100) { nodes { id sheetId } } } }`,
  `query ($id: ID!) { project(id: $id) { references: relationships(type: "REFERENCES", first: 100) { nodes { sourceId targetId props } } } }`,
];

interface Node {
  id: string;
  sheetId: string;
  label: string;
  bbox: number[];
  props?: Record<string, unknown>;
}
interface ProjectData {
  id: string;
  name: string;
  sheets: {
    nodes: {
      id: string;
      fileHash: string;
      page: number;
      number: string | null;
      title: string | null;
      width: number;
      height: number;
    }[];
  };
  callouts: { nodes: Node[] };
  views: { nodes: Node[] };
  sheetEntities: { nodes: { id: string; sheetId: string }[] };
  references: { nodes: { sourceId: string; targetId: string; props: { to?: string } }[] };
}

export interface ViewerCallout {
  id: string;
  sheetId: string;
  label: string;
  bbox: number[];
  target: string | null;
  targetSheetId: string | null;
  targetView: { id: string; bbox: number[] } | null;
}

export function viewerModel(p: ProjectData) {
  const sheetOfEntity = new Map(p.sheetEntities.nodes.map((e) => [e.id, e.sheetId]));
  const views = new Map(p.views.nodes.map((v) => [v.id, v]));
  const toSheet = new Map<string, string>();
  const toView = new Map<string, Node>();
  for (const r of p.references.nodes) {
    if (r.props?.to === 'view' && views.has(r.targetId)) toView.set(r.sourceId, views.get(r.targetId)!);
    else if (sheetOfEntity.has(r.targetId)) toSheet.set(r.sourceId, sheetOfEntity.get(r.targetId)!);
  }
  const callouts: ViewerCallout[] = p.callouts.nodes.map((c) => {
    const view = toView.get(c.id);
    return {
      id: c.id,
      sheetId: c.sheetId,
      label: c.label,
      bbox: c.bbox,
      target: (c.props?.targetSheet as string | null) ?? null,
      targetSheetId: toSheet.get(c.id) ?? view?.sheetId ?? null,
      targetView: view ? { id: view.id, bbox: view.bbox } : null,
    };
  });
  return { id: p.id, name: p.name, sheets: p.sheets.nodes, callouts };
}
