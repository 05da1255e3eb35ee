import { describe, expect, it } from 'vitest';
import { parseToolCall, parseToolOutcome, PROGRAM_TOOLS, PROGRAMS, toolDefinitions } from '@structural-platform/tool-schema';

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
    const out = parseToolCall({ callId: 'a2', program: 'etabs', tool: 'define_material', args: { name: 'C30', e: -3 } });
    expect(out).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENTS' } });
    if (!out.ok) expect(out.error.message).toMatch(/^args\.e:/);
  });

  it('refuses non-finite numbers, unknown tools and a tool the program does not offer', () => {
    expect(parseToolCall({ callId: 'x', program: 'sap2000', tool: 'define_material', args: { name: 'S', e: Infinity } }).ok).toBe(false);
    expect(parseToolCall({ callId: 'x', program: 'sap2000', tool: 'format_disk', args: {} }).ok).toBe(false);
    const wrong = parseToolCall({ callId: 'x', program: 'mathcad', tool: 'run_analysis', args: {} });
    expect(wrong).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENTS' } });
    if (!wrong.ok) expect(wrong.error.message).toContain('mathcad does not offer run_analysis');
    expect(parseToolCall({ program: 'sap2000', tool: 'run_analysis', args: {} }).ok).toBe(false); // no callId
  });

  it('validates results and errors coming back', () => {
    expect(parseToolOutcome('save_model', { callId: 'c', ok: true, result: { path: '/m.json' } }).ok).toBe(true);
    const bad = parseToolOutcome('read_results', { callId: 'c', ok: true, result: { kind: 'displacements', case: 'D', joints: [{ joint: '1', values: [0, 0, 0] }] } });
    expect(bad).toMatchObject({ ok: false });
    if (!bad.ok) expect(bad.error.message).toMatch(/^result\.joints\.0\.values/);
    expect(parseToolOutcome('run_analysis', { callId: 'c', ok: false, error: { code: 'UNSTABLE_STRUCTURE', message: 'm' } }).ok).toBe(true);
    expect(parseToolOutcome('run_analysis', { callId: 'c', ok: false, error: { code: 'WHATEVER', message: 'm' } }).ok).toBe(false);
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
