// The contract every ProjectGraphStore meets, run against each implementation
// (store-contract.test.ts): projects scoped to their account, sheets replaced
// whole, links resolved by sheet number and view id, late resolution,
// SAME_AS across sheets, full-text search, communities, deletion.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Entity, Relationship, Sheet } from '../../../../subgraphs/drawings/projects/model.ts';
import type {
  ProjectGraphStore,
  SheetWrite,
} from '../../../../subgraphs/drawings/projects/store/project-graph-store.ts';
import { ftsMatch } from '../../../../subgraphs/drawings/projects/search.ts';

export interface StoreHandle {
  store: ProjectGraphStore;
  close(): Promise<void>;
}

const now = () => new Date().toISOString();

/** A sheet with a Sheet entity, optional views (by id), callouts (view/sheet) and grid lines. */
export function sheetWrite(
  projectId: string,
  o: {
    number: string;
    page: number;
    file?: string;
    views?: string[];
    callouts?: [string | null, string | null][];
    grids?: string[];
    words?: string;
  },
): SheetWrite {
  const sheet: Sheet = {
    id: randomUUID(),
    projectId,
    fileHash: o.file ?? 'f'.repeat(64),
    page: o.page,
    number: o.number,
    normNumber: o.number.replace(/[-.\s]/g, '').toUpperCase(),
    title: `Sheet ${o.number}`,
    discipline: 'Structural',
    width: 100,
    height: 100,
    createdAt: now(),
  };
  const entity = (type: Entity['type'], label: string, extra: Partial<Entity> = {}): Entity => ({
    id: randomUUID(),
    projectId,
    sheetId: sheet.id,
    type,
    label,
    text: `${type} ${label} ${o.words ?? ''}`.trim(),
    page: o.page,
    bbox: [0, 0, 10, 10],
    provenance: 'test',
    props: {},
    sameKey: null,
    viewKey: null,
    communityId: null,
    ...extra,
  });
  const sheetEntity = entity('Sheet', o.number);
  const views = (o.views ?? []).map((v) => entity('View', `${v}/${o.number}`, { viewKey: v }));
  const callouts = (o.callouts ?? []).map(([v, s]) => entity('Callout', `${v}/${s}`));
  const grids = (o.grids ?? []).map((g) => entity('GridLine', `GRID ${g}`, { sameKey: `GridLine:${g}` }));
  const entities = [sheetEntity, ...views, ...callouts, ...grids];
  const relationships: Relationship[] = entities.slice(1).map((e) => ({
    id: randomUUID(),
    projectId,
    type: 'ON_SHEET',
    sourceId: e.id,
    targetId: sheetEntity.id,
    props: {},
  }));
  const links = callouts.map((c, i) => {
    const [v, s] = o.callouts![i]!;
    return {
      calloutId: c.id,
      projectId,
      sheetId: sheet.id,
      targetSheet: s,
      targetSheetNorm: s ? s.replace(/[-.\s]/g, '').toUpperCase() : null,
      targetView: v,
    };
  });
  return { sheet, entities, relationships, links };
}

export function projectStoreContract(name: string, open: () => Promise<StoreHandle>) {
  describe(`project graph store contract: ${name}`, () => {
    let h: StoreHandle;
    let store: ProjectGraphStore;
    // Fresh ids every test: a shared server (Neo4j) keeps what earlier tests wrote.
    let account: string;
    let projectId: string;
    beforeEach(async () => {
      account = `acct-${randomUUID()}`;
      h = await open();
      store = h.store;
      projectId = randomUUID();
      await store.createProject({
        id: projectId,
        accountId: account,
        name: 'Tower',
        description: null,
        createdAt: now(),
        updatedAt: now(),
      });
    });
    afterEach(() => h.close());

    it('scopes projects to their account and lists newest first', async () => {
      expect(await store.getProject('other', projectId)).toBeNull();
      expect((await store.getProject(account, projectId))!.name).toBe('Tower');
      const second = randomUUID();
      await store.createProject({
        id: second,
        accountId: account,
        name: 'Annex',
        description: 'b',
        createdAt: new Date(Date.now() + 1000).toISOString(),
        updatedAt: now(),
      });
      expect((await store.listProjects(account, 0, 10)).map((p) => p.name)).toEqual(['Annex', 'Tower']);
      expect(await store.listProjects('other', 0, 10)).toEqual([]);
      expect(await store.deleteProject('other', projectId)).toBeNull();
    });

    it('resolves a callout when its sheet arrives later, with the reason while it waits', async () => {
      const a = sheetWrite(projectId, {
        number: 'S-101',
        page: 1,
        callouts: [
          ['3', 'S-501'],
          ['9', 'S-501'],
          [null, 'E-400'],
        ],
      });
      await store.writeSheet(a);
      let links = await store.listLinks(projectId);
      expect(links.map((l) => l.reason).sort()).toEqual([
        'sheet_not_ingested',
        'sheet_not_ingested',
        'sheet_not_ingested',
      ]);
      const b = sheetWrite(projectId, { number: 'S501', page: 2, views: ['3'] });
      await store.writeSheet(b);
      links = await store.listLinks(projectId);
      const byView = new Map(links.map((l) => [l.targetView, l]));
      expect(byView.get('3')).toMatchObject({
        status: 'resolved',
        reason: null,
        resolvedSheetId: b.sheet.id,
        resolvedViewId: b.entities[1]!.id,
      });
      expect(byView.get('9')).toMatchObject({
        status: 'dangling',
        reason: 'view_not_found',
        resolvedSheetId: b.sheet.id,
        resolvedViewId: null,
      });
      expect(byView.get(null)).toMatchObject({ status: 'dangling', reason: 'sheet_not_ingested' });
      // REFERENCES: callout 3 → view and sheet; callout 9 → sheet only.
      const refs = (await store.listRelationships(projectId, 'REFERENCES', 0, 100)).items;
      expect(refs).toHaveLength(3);
      const stats = await store.stats((await store.getProject(account, projectId))!);
      expect(stats).toMatchObject({ sheetCount: 2, links: { resolved: 1, dangling: 2 } });
    });

    it('replacing a sheet (same number from another file) drops its entities and re-opens links into it', async () => {
      await store.writeSheet(sheetWrite(projectId, { number: 'A-101', page: 1, callouts: [['1', 'A-501']] }));
      await store.writeSheet(sheetWrite(projectId, { number: 'A-501', page: 2, views: ['1'] }));
      expect((await store.listLinks(projectId))[0]!.status).toBe('resolved');
      const newer = sheetWrite(projectId, { number: 'A501', page: 1, file: 'e'.repeat(64), views: ['2'] });
      await store.writeSheet(newer);
      const sheets = (await store.listSheets(projectId, 0, 10)).items;
      expect(sheets.map((s) => s.number).sort()).toEqual(['A-101', 'A501']);
      expect((await store.listLinks(projectId))[0]).toMatchObject({
        status: 'dangling',
        reason: 'view_not_found',
        resolvedSheetId: newer.sheet.id,
      });
      expect(
        (await store.listEntities(projectId, { sheetId: null, type: 'View' }, 0, 10)).items.map((e) => e.label),
      ).toEqual(['2/A501']);
    });

    it('joins the same grid line across sheets, and full text finds entities by their words', async () => {
      await store.writeSheet(
        sheetWrite(projectId, { number: 'S-101', page: 1, grids: ['C', '4'], words: 'roof drain' }),
      );
      await store.writeSheet(sheetWrite(projectId, { number: 'S-102', page: 2, grids: ['C'] }));
      const same = (await store.listRelationships(projectId, 'SAME_AS', 0, 10)).items;
      expect(same).toHaveLength(1);
      const hits = await store.searchText(projectId, '"drain"', 10);
      expect(hits.length).toBeGreaterThan(0);
      const found = await store.entitiesByIds(
        projectId,
        hits.map((x) => x.id),
      );
      expect(found.every((e) => e.text.includes('drain'))).toBe(true);
      expect((await store.listEntities(projectId, { match: '"drain"' }, 0, 50)).total).toBe(hits.length);
    });

    it('finds a member size written as one word (L4X4X1/4) by the query search builds, and not the entities that hold only its tail', async () => {
      await store.writeSheet(sheetWrite(projectId, { number: 'S-101', page: 1, words: 'L4X4X1/4 BRACE' }));
      await store.writeSheet(sheetWrite(projectId, { number: 'S-102', page: 2, words: 'SEE 4 BOLTS' }));
      const hits = await store.entitiesByIds(
        projectId,
        (await store.searchText(projectId, ftsMatch('where is the L4X4X1/4?')!, 10)).map((x) => x.id),
      );
      expect(hits.length).toBeGreaterThan(0);
      expect(hits.every((e) => e.text.includes('L4X4X1/4'))).toBe(true);
    });

    it('answers the relationships touching entities, either end, of the types asked for only', async () => {
      const first = sheetWrite(projectId, { number: 'S-101', page: 1, grids: ['C'] });
      const second = sheetWrite(projectId, { number: 'S-102', page: 2, grids: ['C'] });
      await store.writeSheet(first);
      await store.writeSheet(second);
      const gridC = first.entities.find((e) => e.type === 'GridLine')!;
      const all = await store.relationshipsOf(projectId, [gridC.id]);
      // Its ON_SHEET edge out, and the SAME_AS edge into it from the second sheet's grid C.
      expect(all.map((r) => r.type).sort()).toEqual(['ON_SHEET', 'SAME_AS']);
      const same = await store.relationshipsOf(projectId, [gridC.id], ['SAME_AS', 'REFERENCES']);
      expect(same.map((r) => [r.type, r.targetId])).toEqual([['SAME_AS', gridC.id]]);
      // A sheet's entity is the target of an ON_SHEET edge from each entity on it; asked for other types, none come back.
      const sheetEntity = first.entities[0]!;
      expect(
        (await store.relationshipsOf(projectId, [sheetEntity.id])).filter((r) => r.type === 'ON_SHEET'),
      ).toHaveLength(first.entities.length - 1);
      expect(await store.relationshipsOf(projectId, [sheetEntity.id], ['SAME_AS', 'MENTIONS'])).toEqual([]);
      // Another project's id reaches nothing.
      expect(await store.relationshipsOf(randomUUID(), [gridC.id])).toEqual([]);
    });

    it('stores embeddings with their entities and ranks them by cosine; entities without one, or of another model, stay out', async () => {
      const w = sheetWrite(projectId, { number: 'S-101', page: 1, grids: ['A', 'B', 'C'] });
      const unit = (i: number) => Float32Array.from({ length: 256 }, (_, k) => (k === i ? 1 : k === i + 1 ? 0.5 : 0));
      const [, a, b] = w.entities;
      await store.writeSheet({
        ...w,
        embeddings: new Map([
          [a!.id, unit(0)],
          [b!.id, unit(10)],
        ]),
        embeddingModel: 'model-a',
      });
      const hits = await store.searchVector(projectId, { model: 'model-a', vector: unit(10) }, 10);
      expect(hits.map((h) => h.id)).toEqual([b!.id, a!.id]);
      expect(hits[0]!.score).toBeCloseTo(1, 5);
      // The same numbers from another model are not comparable: nothing answers.
      expect(await store.searchVector(projectId, { model: 'model-b', vector: unit(10) }, 10)).toEqual([]);
      expect((await store.stats((await store.getProject(account, projectId))!)).entityCount).toBe(w.entities.length);
    });

    it('stores communities and membership, and deletes everything with the project', async () => {
      const w = sheetWrite(projectId, { number: 'S-101', page: 1, grids: ['A'] });
      await store.writeSheet(w);
      const id = randomUUID();
      await store.replaceCommunities(
        projectId,
        [
          {
            id,
            projectId,
            index: 0,
            title: 't',
            summary: 's',
            llmSummary: 'Written by a model.',
            size: 2,
            rank: 1,
            sheets: ['S-101'],
            disciplines: [],
            topMembers: [],
            topGrids: ['A'],
          },
        ],
        new Map(w.entities.map((e) => [e.id, id])),
      );
      expect((await store.listCommunities(projectId, 0, 10)).items[0]).toMatchObject({
        id,
        topGrids: ['A'],
        llmSummary: 'Written by a model.',
      });
      expect((await store.entitiesByIds(projectId, [w.entities[0]!.id]))[0]!.communityId).toBe(id);
      await store.putFile({
        projectId,
        hash: 'f'.repeat(64),
        size: 1,
        pageCount: 3,
        storageKey: `projects/${projectId}/x.pdf`,
      });
      expect(await store.deleteProject(account, projectId)).toEqual([`projects/${projectId}/x.pdf`]);
      expect(await store.getProject(account, projectId)).toBeNull();
      expect((await store.listEntities(projectId, {}, 0, 10)).total).toBe(0);
    });
  });
}
