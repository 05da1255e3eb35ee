// The building tools on the stand-in: the building template (stories, grids, diaphragms), joints
// by grid lines, rigid diaphragms, area objects (loads to their corners, mass), combinations of
// results, database tables (columns, filters, pages), deleting objects and the escape hatch.
import { describe, expect, it } from 'vitest';
import { TABLE_PAGE_CHARS } from '@structural-platform/tool-schema';
import { dispatch } from '../../../src/adapters/adapter.ts';
import { StandinFrameAdapter } from '../../../src/adapters/standin/adapter.ts';
import { rel, standin } from './helpers.ts';

async function building(stories = 3, bays = 2) {
  const s = standin('etabs');
  const made = await s.call('new_model', {
    units: 'kN_m_C',
    dimension: '3d',
    template: {
      kind: 'building',
      stories,
      story_height: 3.5,
      bays_x: bays,
      bay_width_x: 6,
      bays_y: bays,
      bay_width_y: 5,
    },
    default_section: 'COL',
    beam_section: 'BM',
  });
  await s.call('define_material', { name: 'C30', e: 3e7, unit_weight: 25 });
  await s.call('define_section', {
    name: 'COL',
    material: 'C30',
    section: { shape: 'rectangle', depth: 0.4, width: 0.4 },
  });
  await s.call('define_section', {
    name: 'BM',
    material: 'C30',
    section: { shape: 'rectangle', depth: 0.5, width: 0.3 },
  });
  return { s, made };
}

describe('building tools on the stand-in', () => {
  it('builds stories, grids and diaphragms from the template; names joints by grid lines; a rigid floor moves as one', async () => {
    const { s, made } = await building();
    expect(made).toMatchObject({ joints: 36, frames: 27 + 36 });
    const stories = await s.call('read_table', { table: 'Story Definitions' });
    expect(stories.rows).toEqual([
      ['L3', 3.5, 10.5],
      ['L2', 3.5, 7],
      ['L1', 3.5, 3.5],
    ]);
    const grids = await s.call('read_table', {
      table: 'Grid Definitions - Grid Lines',
      filters: [{ field: 'LineType', op: 'contains', value: 'X' }],
    });
    expect(grids.rows).toEqual([
      ['X (Cartesian)', 'A', 0],
      ['X (Cartesian)', 'B', 6],
      ['X (Cartesian)', 'C', 12],
    ]);
    // A load at the middle of the top floor: the rigid floor translates without turning.
    await s.call('assign_loads', {
      pattern: 'EX',
      loads: [{ type: 'joint', joint: { grid_x: 'B', grid_y: '2', story: 'L3' }, force: [100, 0, 0] }],
    });
    await s.call('run_analysis', {});
    const top = await s.call('read_results', {
      case: 'EX',
      kind: 'displacements',
      joints: [
        { grid_x: 'A', grid_y: '1', story: 'L3' },
        { grid_x: 'C', grid_y: '3', story: 'L3' },
        { grid_x: 'B', grid_y: '2', story: 'L3' },
      ],
    });
    const ux = top.joints.map((j: { values: number[] }) => j.values[0]);
    expect(ux[0]).toBeGreaterThan(0);
    for (const u of ux) expect(rel(u, ux[0])).toBeLessThan(1e-9);
    expect(
      await s.raw('read_results', {
        case: 'EX',
        kind: 'displacements',
        joints: [{ grid_x: 'Z', grid_y: '2', story: 'L3' }],
      }),
    ).toMatchObject({ ok: false, error: { code: 'NOT_FOUND', message: 'no grid line Z along X' } });
    expect(await s.raw('assign_diaphragm', { name: 'D2', rigid: false, stories: ['L1'] })).toMatchObject({
      ok: false,
      error: { code: 'PROGRAM_NOT_AVAILABLE' },
    });
  });

  it("carries area loads to the corners, adds the slab's mass, and makes a diaphragm of its corners", async () => {
    const s = standin('etabs');
    await s.call('new_model', { units: 'kN_m_C', dimension: '3d' });
    await s.call('define_stories', { stories: [{ name: 'L1', height: 4 }] });
    await s.call('define_material', { name: 'C', e: 3e7, unit_weight: 25 });
    await s.call('define_section', {
      name: 'COL',
      material: 'C',
      section: { shape: 'rectangle', depth: 0.4, width: 0.4 },
    });
    await s.call('define_area_section', { name: 'SLAB', material: 'C', kind: 'slab', thickness: 0.2 });
    const corners = [
      [0, 0],
      [8, 0],
      [8, 6],
      [0, 6],
    ];
    await s.call('define_frames', {
      frames: corners.map(([x, y]) => ({ start: [x, y, 0], end: [x, y, 4], section: 'COL' })),
    });
    await s.call('assign_supports', { joints: corners.map(([x, y]) => [x, y, 0]), restraint: 'fixed' });
    const areas = await s.call('define_areas', {
      areas: [{ name: 'F1', joints: corners.map(([x, y]) => [x, y, 4]), section: 'SLAB' }],
    });
    expect(areas.areas[0]).toMatchObject({ name: 'F1', area: 48 });
    await s.call('assign_diaphragm', { name: 'D1', areas: ['F1'] });
    await s.call('assign_loads', {
      pattern: 'SDL',
      loads: [{ type: 'area_uniform', area: 'F1', direction: 'gravity', value: 2 }],
    });
    await s.call('define_modal_case', { name: 'MODAL', modes: 3 });
    await s.call('run_analysis', {});
    const base = await s.call('read_results', { case: 'SDL', kind: 'base_reactions' });
    expect(rel(base.rows[0].values[2], 96)).toBeLessThan(1e-9); // 2 kN/m² × 48 m²
    const reactions = await s.call('read_results', { case: 'SDL', kind: 'reactions' });
    for (const j of reactions.joints) expect(rel(j.values[2], 24)).toBeLessThan(1e-6); // a quarter each
    // Mass from elements: slab 25 × 0.2 × 48 = 240 kN plus the columns' upper halves, ÷ g.
    const modal = await s.call('read_modal_results', {});
    const columnsTop = (4 * (25 * 0.16 * 4)) / 2;
    expect(rel(modal.total_mass[0], (240 + columnsTop) / 9.80665)).toBeLessThan(1e-9);
  });

  it('combines results: linear sums keep signs, envelopes answer a maximum and a minimum', async () => {
    const { s } = await building();
    await s.call('assign_loads', {
      pattern: 'D',
      loads: [{ type: 'joint', joint: { grid_x: 'A', grid_y: '1', story: 'L3' }, force: [0, 0, -10] }],
    });
    await s.call('assign_loads', {
      pattern: 'W',
      loads: [{ type: 'joint', joint: { grid_x: 'A', grid_y: '1', story: 'L3' }, force: [20, 0, 0] }],
    });
    await s.call('define_load_combinations', {
      combinations: [
        {
          name: '1.2D+W',
          items: [
            { case: 'D', factor: 1.2 },
            { case: 'W', factor: 1 },
          ],
        },
        {
          name: 'ENV',
          type: 'envelope',
          items: [
            { case: 'W', factor: 1 },
            { case: 'W', factor: -1 },
          ],
        },
      ],
    });
    await s.call('run_analysis', {});
    const read = async (c: string) => (await s.call('read_results', { case: c, kind: 'base_reactions' })).rows;
    const [d] = await read('D'),
      [w] = await read('W'),
      combo = await read('1.2D+W'),
      env = await read('ENV');
    expect(combo).toHaveLength(1);
    combo[0].values.forEach((v: number, k: number) => expect(v).toBeCloseTo(1.2 * d.values[k] + w.values[k], 9));
    expect(env.map((r: { step: string }) => r.step)).toEqual(['max', 'min']);
    expect(env[0].values[0]).toBeCloseTo(20, 9);
    expect(env[1].values[0]).toBeCloseTo(-20, 9);
  });

  it('reads tables by name: chosen columns, filters, pages', async () => {
    const { s } = await building();
    await s.call('assign_loads', {
      pattern: 'D',
      loads: [{ type: 'joint', joint: { grid_x: 'A', grid_y: '1', story: 'L3' }, force: [0, 0, -10] }],
    });
    await s.call('run_analysis', {});
    const page = await s.call('read_table', {
      table: 'joint displacements',
      fields: ['Joint', 'U3'],
      cases: ['D'],
      limit: 10,
    });
    expect(page).toMatchObject({
      table: 'Joint Displacements',
      fields: ['Joint', 'U3'],
      total_rows: 36,
      offset: 0,
      next_offset: 10,
    });
    expect(page.rows).toHaveLength(10);
    const last = await s.call('read_table', {
      table: 'Joint Displacements',
      fields: ['Joint'],
      cases: ['D'],
      offset: 30,
      limit: 10,
    });
    expect(last).toMatchObject({ total_rows: 36, next_offset: null });
    expect(last.rows).toHaveLength(6);
    const down = await s.call('read_table', {
      table: 'Joint Displacements',
      fields: ['Joint', 'U3'],
      filters: [{ field: 'U3', op: '<', value: -1e-6 }],
    });
    expect(down.total_rows).toBeGreaterThan(0);
    for (const [, u3] of down.rows) expect(u3).toBeLessThan(-1e-6);
    expect(await s.raw('read_table', { table: 'Joint Displacements', fields: ['U9'] })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENTS', message: expect.stringMatching(/no column U9/) },
    });
    expect(await s.raw('read_table', { table: 'Nonsense' })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect((await s.call('list_tables', { contains: 'story' })).tables.map((t: { key: string }) => t.key)).toEqual([
      'Story Definitions',
      'Story Drifts',
      'Story Forces',
    ]);
  });

  it("ends a page of wide rows at the JSON budget so a result never reaches the platform's cap; the pages cover the table", async () => {
    const { s } = await building(6, 3); // 240 frames: 1,200 rows of forces at 5 stations
    await s.call('assign_loads', {
      pattern: 'D',
      loads: [{ type: 'joint', joint: { grid_x: 'B', grid_y: '2', story: 'L6' }, force: [5, 0, -10] }],
    });
    await s.call('run_analysis', {});
    const first = await s.call('read_table', { table: 'Element Forces - Frames', cases: ['D'], limit: 1000 });
    expect(first.total_rows).toBeGreaterThan(1000);
    expect(first.rows.length).toBeLessThan(1000);
    expect(first.next_offset).toBe(first.rows.length);
    expect(JSON.stringify(first.rows).length).toBeLessThanOrEqual(TABLE_PAGE_CHARS);
    const seen = [...first.rows];
    for (let at = first.next_offset; at !== null;) {
      const page = await s.call('read_table', {
        table: 'Element Forces - Frames',
        cases: ['D'],
        offset: at,
        limit: 1000,
      });
      expect(page.offset).toBe(at);
      seen.push(...page.rows);
      at = page.next_offset;
    }
    expect(seen).toHaveLength(first.total_rows);
    expect(new Set(seen.map((r: unknown[]) => `${r[0]}@${r[1]}`)).size).toBe(first.total_rows);
  });

  it('deletes objects with what hangs on them, and refuses to orphan', async () => {
    const { s } = await building();
    await s.call('assign_loads', {
      pattern: 'W',
      loads: [
        { type: 'frame_distributed', frame: '30', direction: 'Y', value: 2 },
        { type: 'joint', joint: '20', force: [1, 0, 0] },
      ],
    });
    expect(await s.raw('delete_objects', { joints: ['20'] })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENTS', message: expect.stringMatching(/carries frame/) },
    });
    expect(await s.call('delete_objects', { frames: ['30'] })).toEqual({
      deleted: { frames: ['30'], joints: [], areas: [], patterns: [], combinations: [] },
    });
    const table = await s.call('read_table', { table: 'Load Pattern Definitions' });
    expect(table.rows).toEqual([['W', 1]]);
    expect(await s.raw('delete_objects', {})).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENTS' } });
  });

  it('answers the escape hatch for the methods it can, refuses the others by name, and checks arguments against the allow-list', async () => {
    const { s } = await building();
    expect(await s.call('call_api', { method: 'SapModel.PointObj.GetCoordCartesian', args: ['5', 'Global'] })).toEqual({
      method: 'SapModel.PointObj.GetCoordCartesian',
      returned: 0,
      outputs: { X: 12, Y: 0, Z: 0 },
    });
    expect((await s.call('call_api', { method: 'SapModel.Story.GetStories_2' })).outputs.StoryNames).toEqual([
      'L1',
      'L2',
      'L3',
    ]);
    expect(await s.call('call_api', { method: 'SapModel.GetPresentUnits' })).toMatchObject({ returned: 6 });
    expect(
      await s.raw('call_api', { method: 'SapModel.Analyze.SetRunCaseFlag', args: ['DEAD', true, false] }),
    ).toMatchObject({
      ok: false,
      error: { code: 'PROGRAM_NOT_AVAILABLE', message: expect.stringMatching(/needs SAP2000 or ETABS/) },
    });
    expect(await s.raw('call_api', { method: 'SapModel.File.DeleteEverything' })).toMatchObject({
      ok: false,
      error: {
        code: 'INVALID_ARGUMENTS',
        message: 'args.method: SapModel.File.DeleteEverything is not on the allow-list',
      },
    });
    expect(await s.raw('call_api', { method: 'SapModel.FrameObj.SetSection', args: ['1', 7] })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENTS', message: expect.stringMatching(/^args\.args\.1: .*PropName: string/) },
    });
  });

  it('offers the story tools to ETABS only', async () => {
    const sap = new Map([['sap2000' as const, new StandinFrameAdapter('sap2000', '.')]]);
    expect(
      await dispatch(sap, { callId: 'x', program: 'sap2000', tool: 'story_drifts', args: { case: 'D' } }),
    ).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENTS', message: 'tool: sap2000 does not offer story_drifts' },
    });
  });
});
