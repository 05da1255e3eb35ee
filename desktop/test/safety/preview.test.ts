// The change preview of a step, rule by rule (src/safety/preview/): what it adds, deletes and
// modifies against the open model, and which steps wait for the engineer (destructive).
import { describe, expect, it } from 'vitest';
import type { ValidToolCall } from '@structural-platform/tool-schema';
import type { ModelInspection } from '../../src/adapters/adapter.ts';
import { previewOf } from '../../src/safety/preview.ts';

const model: ModelInspection = {
  path: 'C:/models/tower.sdb',
  names: {
    joints: ['J1', 'J2', 'J3'],
    frames: ['F1'],
    areas: [],
    patterns: ['DEAD'],
    combinations: ['C1', 'C2'],
    materials: ['C30'],
    sections: [],
    area_sections: [],
    cases: ['MODAL'],
    stories: ['L1', 'L2'],
  },
  loadCount: (pattern) => (pattern === 'DEAD' ? 4 : null),
} as ModelInspection;

const preview = (tool: string, args: unknown, open: ModelInspection | null = model) =>
  previewOf(
    { callId: 'c1', program: 'sap2000', tool, args } as ValidToolCall,
    open,
    (path) => path === 'C:/models/tower.sdb' || path === 'C:/work/old.sdb',
    (p) => `C:/work/${p}`,
  );

describe('previewOf', () => {
  it('shows closing the open model as a modification, not a hold', () => {
    const c = preview('new_model', { dimension: '3d', template: { kind: 'blank' }, units: 'kN_m_C' });
    expect(c.modifies).toEqual([
      'the open model C:/models/tower.sdb is closed (3 joints, 1 frame; changes not saved are lost)',
    ]);
    expect(c.adds).toEqual(['a new 3d model (blank) in kN_m_C']);
    expect(c.destructive).toBe(false);
    expect(preview('open_model', { path: 'b.sdb' }, null)).toMatchObject({
      modifies: [],
      adds: ['the model C:/work/b.sdb'],
    });
  });

  it('holds a save that writes over a file, and adds a new one', () => {
    expect(preview('save_model', {})).toMatchObject({ destructive: true, summary: 'save_model: modifies 1' });
    expect(preview('save_model', { path: 'old.sdb' }).modifies[0]).toContain('the file C:/work/old.sdb (written over');
    expect(preview('save_model', { path: 'new.sdb' })).toMatchObject({
      adds: ['the file C:/work/new.sdb'],
      destructive: false,
    });
  });

  it('modifies a name the model has and adds a new one', () => {
    expect(preview('define_material', { name: 'C30' })).toMatchObject({ modifies: ['material C30'], adds: [] });
    expect(preview('define_material', { name: 'S355' })).toMatchObject({ modifies: [], adds: ['material S355'] });
    expect(preview('define_modal_case', { name: 'MODAL', modes: 3 }).modifies).toEqual(['modal case MODAL (3 modes)']);
  });

  it('holds what deletes: replaced loads, replaced stories and combinations, deleted objects', () => {
    const loads = preview('assign_loads', { pattern: 'DEAD', loads: [{}, {}], replace: true });
    expect(loads).toMatchObject({
      deletes: ['4 loads of pattern DEAD'],
      adds: ['2 loads to pattern DEAD'],
      destructive: true,
      summary: 'assign_loads: deletes 1, adds 1',
    });
    expect(preview('assign_loads', { pattern: 'WIND', loads: [{}] }).adds).toEqual([
      'load pattern WIND',
      '1 load to pattern WIND',
    ]);
    expect(preview('define_stories', { stories: [{ name: 'L1' }] })).toMatchObject({
      deletes: ['stories L1, L2'],
      destructive: true,
    });
    const combos = preview('define_load_combinations', { combinations: [{ name: 'C1' }], replace: true });
    expect(combos).toMatchObject({ deletes: ['combinations C1, C2'], adds: ['combination C1'], modifies: [] });
    const names = Array.from({ length: 14 }, (_, i) => `F${i}`);
    const deleted = preview('delete_objects', { frames: names, joints: ['J1'] });
    expect(deleted.deletes).toEqual([
      'frames F0, F1, F2, F3, F4, F5, F6, F7, F8, F9, F10, F11 and 2 more with the loads on them',
      'joints J1',
    ]);
    expect(deleted.destructive).toBe(true);
  });

  it('names no change for a step that changes nothing it can name', () => {
    expect(preview('run_analysis', {}, null)).toMatchObject({
      summary: 'run_analysis: no change to the model',
      destructive: false,
    });
    expect(preview('run_analysis', {}).modifies[0]).toContain('the model file C:/models/tower.sdb');
  });
});
