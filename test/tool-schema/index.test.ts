import { describe, expect, it } from 'vitest';
import {
  OAPI_METHODS,
  oapiMethod,
  parseToolCall,
  parseToolOutcome,
  PROGRAM_TOOLS,
  PROGRAMS,
  TABLE_PAGE_CHARS,
  TablePage,
  toolDefinitions,
} from '@structural-platform/tool-schema';
import { LIMITS } from '../../core/limits.ts';

describe('tool schema', () => {
  it('accepts a valid call and applies the defaults', () => {
    const out = parseToolCall({ callId: 'a1', program: 'sap2000', tool: 'new_model', args: { units: 'kN_m_C' } });
    expect(out.ok).toBe(true);
    if (out.ok && out.value.tool === 'new_model') {
      expect(out.value.args.dimension).toBe('3d');
      expect(out.value.args.template).toEqual({ kind: 'blank' });
    }
  });

  it('names the field of a bad argument', () => {
    const out = parseToolCall({
      callId: 'a2',
      program: 'etabs',
      tool: 'define_material',
      args: { name: 'C30', e: -3 },
    });
    expect(out).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENTS' } });
    if (!out.ok) expect(out.error.message).toMatch(/^args\.e:/);
  });

  it('refuses non-finite numbers, unknown tools and a tool the program does not offer', () => {
    expect(
      parseToolCall({ callId: 'x', program: 'sap2000', tool: 'define_material', args: { name: 'S', e: Infinity } }).ok,
    ).toBe(false);
    expect(parseToolCall({ callId: 'x', program: 'sap2000', tool: 'format_disk', args: {} }).ok).toBe(false);
    const wrong = parseToolCall({ callId: 'x', program: 'mathcad', tool: 'run_analysis', args: {} });
    expect(wrong).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENTS' } });
    if (!wrong.ok) expect(wrong.error.message).toContain('mathcad does not offer run_analysis');
    expect(parseToolCall({ program: 'sap2000', tool: 'run_analysis', args: {} }).ok).toBe(false); // no callId
  });

  it('validates results and errors coming back', () => {
    expect(parseToolOutcome('save_model', { callId: 'c', ok: true, result: { path: '/m.json' } }).ok).toBe(true);
    const bad = parseToolOutcome('read_results', {
      callId: 'c',
      ok: true,
      result: { kind: 'displacements', case: 'D', joints: [{ joint: '1', values: [0, 0, 0] }] },
    });
    expect(bad).toMatchObject({ ok: false });
    if (!bad.ok) expect(bad.error.message).toMatch(/^result\.joints\.0\.values/);
    expect(
      parseToolOutcome('run_analysis', { callId: 'c', ok: false, error: { code: 'UNSTABLE_STRUCTURE', message: 'm' } })
        .ok,
    ).toBe(true);
    expect(
      parseToolOutcome('run_analysis', { callId: 'c', ok: false, error: { code: 'WHATEVER', message: 'm' } }).ok,
    ).toBe(false);
  });

  it('gives a JSON Schema tool definition for every tool of every program', () => {
    for (const program of PROGRAMS) {
      const defs = toolDefinitions(program);
      expect(defs.map((d) => d.function.name)).toEqual(PROGRAM_TOOLS[program].map((t) => `${program}_${t}`));
      for (const d of defs) {
        expect(d.function.parameters).toMatchObject({ type: 'object' });
        expect(d.function.description.length).toBeGreaterThan(10);
      }
    }
    const loads = toolDefinitions('sap2000').find((d) => d.function.name === 'sap2000_assign_loads')!;
    expect(JSON.stringify(loads.function.parameters)).toContain('frame_distributed');
  });
});

describe('tool schema: the tools of issue 35', () => {
  it('offers the story tools to ETABS only and the same analysis, design and table tools to both CSI programs', () => {
    for (const t of ['define_stories', 'define_grids', 'story_drifts', 'story_forces'] as const) {
      expect(PROGRAM_TOOLS.etabs).toContain(t);
      expect(PROGRAM_TOOLS.sap2000).not.toContain(t);
    }
    for (const t of [
      'define_load_combinations',
      'define_modal_case',
      'define_response_spectrum',
      'read_modal_results',
      'design_steel',
      'design_concrete',
      'read_table',
      'call_api',
      'assign_diaphragm',
    ] as const) {
      expect(PROGRAM_TOOLS.sap2000).toContain(t);
      expect(PROGRAM_TOOLS.etabs).toContain(t);
    }
    // Every tool has a JSON Schema for the model, refinements included.
    for (const program of PROGRAMS)
      for (const d of toolDefinitions(program)) expect(d.function.parameters).toMatchObject({ type: 'object' });
  });

  it('validates the new arguments: a steel material needs fy, combinations need something to define, a spectrum its code', () => {
    expect(
      parseToolCall({
        callId: 'a',
        program: 'etabs',
        tool: 'define_material',
        args: { name: 'S', e: 2e8, kind: 'steel' },
      }),
    ).toMatchObject({ ok: false, error: { message: 'args.fy: a steel material needs fy' } });
    expect(parseToolCall({ callId: 'a', program: 'etabs', tool: 'define_load_combinations', args: {} })).toMatchObject({
      ok: false,
      error: { message: 'args: give combinations or generate' },
    });
    const rs = parseToolCall({
      callId: 'a',
      program: 'sap2000',
      tool: 'define_response_spectrum',
      args: { name: 'RSX', direction: 'X', spectrum: { code: 'ASCE7-16', sds: 1, sd1: 0.6 } },
    });
    expect(rs).toMatchObject({
      ok: true,
      value: { args: { modal_case: 'MODAL', combination: 'CQC', damping: 0.05, spectrum: { tl: 8, r: 1, ie: 1 } } },
    });
    expect(
      parseToolCall({
        callId: 'a',
        program: 'sap2000',
        tool: 'define_response_spectrum',
        args: { name: 'RSX', direction: 'X', spectrum: { code: 'NBCC', sds: 1 } },
      }).ok,
    ).toBe(false);
    expect(
      parseToolCall({
        callId: 'a',
        program: 'etabs',
        tool: 'read_table',
        args: { table: 'Story Drifts', limit: 5000 },
      }),
    ).toMatchObject({ ok: false, error: { message: expect.stringMatching(/^args\.limit/) } });
  });

  it('checks an escape-hatch call against the allow-list: the method, then each typed argument by position', () => {
    const ok = parseToolCall({
      callId: 'a',
      program: 'sap2000',
      tool: 'call_api',
      args: { method: 'SapModel.FrameObj.SetSection', args: ['B1', 'W14X99'] },
    });
    expect(ok.ok).toBe(true);
    expect(
      parseToolCall({
        callId: 'a',
        program: 'sap2000',
        tool: 'call_api',
        args: { method: 'SapModel.File.Delete', args: [] },
      }),
    ).toMatchObject({ ok: false, error: { message: 'args.method: SapModel.File.Delete is not on the allow-list' } });
    const bad = parseToolCall({
      callId: 'a',
      program: 'sap2000',
      tool: 'call_api',
      args: { method: 'SapModel.LoadCases.ModalEigen.SetNumberModes', args: ['MODAL', 12.5, 1] },
    });
    expect(bad).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/^args\.args\.1: .*MaxModes: int/) },
    });
    expect(
      parseToolCall({
        callId: 'a',
        program: 'sap2000',
        tool: 'call_api',
        args: { method: 'SapModel.FrameObj.SetSection', args: ['B1'] },
      }).ok,
    ).toBe(false);
  });

  it('keeps on the allow-list, with a confirmation, every method that deletes or writes files', () => {
    const files = OAPI_METHODS.filter((m) => m.effect === 'file' || m.effect === 'delete');
    expect(files.map((m) => m.method)).toEqual(
      expect.arrayContaining([
        'SapModel.File.Save',
        'SapModel.File.OpenFile',
        'SapModel.Analyze.RunAnalysis',
        'SapModel.FrameObj.Delete',
        'SapModel.RespCombo.Delete',
        'SapModel.DatabaseTables.ApplyEditedTables',
      ]),
    );
    for (const m of OAPI_METHODS) expect(m.confirm, m.method).toBe(m.effect === 'file' || m.effect === 'delete');
    expect(oapiMethod('SapModel.Story.SetStories_2', 'sap2000')).toBeUndefined();
    expect(oapiMethod('SapModel.Story.SetStories_2', 'etabs')).toMatchObject({ confirm: true });
  });

  it('ends a table page at its row limit or at its JSON budget, whichever comes first, with at least one row', () => {
    // The budget keeps a full page under the platform's cap on a tool result, envelope included.
    expect(TABLE_PAGE_CHARS).toBeLessThan(LIMITS.agentMaxToolResultBytes / 1.5);
    const narrow = new TablePage<number>(3);
    for (let k = 0; k < 5; k++) narrow.add([k]);
    expect(narrow.rows).toEqual([[0], [1], [2]]);
    expect(narrow.full).toBe(true);
    const wide = new TablePage<string>(1000);
    const row = ['x'.repeat(1000)];
    let taken = 0;
    while (wide.add(row)) taken++;
    expect(taken).toBe(Math.floor((TABLE_PAGE_CHARS - 2) / (JSON.stringify(row).length + 1)));
    expect(JSON.stringify(wide.rows).length).toBeLessThanOrEqual(TABLE_PAGE_CHARS);
    expect(wide.add(['y'])).toBe(false); // closed: a later short row does not slip in out of order
    const huge = new TablePage<string>(10);
    expect(huge.add(['z'.repeat(TABLE_PAGE_CHARS * 2)])).toBe(true); // one row however wide: the platform's cap judges it
    expect(huge.add(['a'])).toBe(false);
  });
});
