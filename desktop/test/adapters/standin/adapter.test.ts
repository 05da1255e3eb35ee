// The stand-in's answers when a call cannot be carried out: each is a tool error with its code, never a made-up result.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dispatch } from '../../../src/adapters/adapter.ts';
import { standin } from './helpers.ts';

async function simpleBeam(dimension: '2d' | '3d' = '2d') {
  const s = standin();
  await s.call('new_model', {
    units: 'kN_m_C',
    dimension,
    template: { kind: 'beam', spans: 2, span_length: 5 },
    default_section: 'R',
  });
  await s.call('define_material', { name: 'C30', e: 33e6 });
  await s.call('define_section', {
    name: 'R',
    material: 'C30',
    section: { shape: 'rectangle', depth: 0.5, width: 0.3 },
  });
  return s;
}

describe('stand-in adapter', () => {
  it('refuses model tools before a model exists', async () => {
    const { raw } = standin();
    expect(await raw('run_analysis', {})).toMatchObject({ ok: false, error: { code: 'NO_MODEL' } });
  });

  it('names the joint where a mechanism is free to move', async () => {
    const s = standin();
    await s.call('new_model', { units: 'kN_m_C', dimension: '2d' });
    await s.call('define_material', { name: 'S', e: 2e8 });
    await s.call('define_section', {
      name: 'R',
      material: 'S',
      section: { shape: 'rectangle', depth: 0.3, width: 0.2 },
    });
    await s.call('define_frames', { frames: [{ start: [0, 0, 0], end: [4, 0, 0], section: 'R' }] });
    await s.call('assign_supports', { joints: ['1'], restraint: 'roller_z' });
    const out = await s.raw('run_analysis', {});
    expect(out).toMatchObject({ ok: false, error: { code: 'UNSTABLE_STRUCTURE', details: { dof: 'UX' } } }); // the chain is free along X; the pivot vanishes at its last joint
  });

  it('reports results only after an analysis of the current model', async () => {
    const s = await simpleBeam();
    await s.call('assign_loads', {
      pattern: 'D',
      loads: [{ type: 'frame_distributed', frame: '1', direction: 'gravity', value: 10 }],
    });
    expect(await s.raw('read_results', { case: 'D', kind: 'displacements' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_ANALYSED' },
    });
    await s.call('run_analysis', {});
    expect((await s.call('read_results', { case: 'D', kind: 'reactions' })).joints).toHaveLength(3);
    expect(await s.raw('read_results', { case: 'LIVE', kind: 'reactions' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
    await s.call('assign_loads', { pattern: 'D', loads: [{ type: 'joint', joint: '2', force: [0, 0, -5] }] });
    expect(await s.raw('read_results', { case: 'D', kind: 'reactions' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_ANALYSED' },
    });
  });

  it('refuses loads on missing members, outside a member, or out of the plane of a 2D model', async () => {
    const s = await simpleBeam();
    expect(
      await s.raw('assign_loads', {
        pattern: 'D',
        loads: [{ type: 'frame_point', frame: '9', direction: 'gravity', value: 1, distance: 0.5 }],
      }),
    ).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(
      await s.raw('assign_loads', {
        pattern: 'D',
        loads: [{ type: 'frame_point', frame: '1', direction: 'gravity', value: 1, distance: 7, relative: false }],
      }),
    ).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENTS' } });
    await s.call('assign_loads', { pattern: 'SIDE', loads: [{ type: 'joint', joint: '2', force: [0, 3, 0] }] });
    const out = await s.raw('run_analysis', {});
    expect(out).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENTS' } });
    if (!out.ok) expect(out.error.message).toContain('out of the XZ plane');
  });

  it('saves and reopens its model file with the same results; refuses files that are not its own', async () => {
    const s = await simpleBeam('3d');
    await s.call('assign_loads', {
      pattern: 'D',
      loads: [{ type: 'frame_point', frame: '2', direction: 'gravity', value: 20, distance: 0.4 }],
    });
    await s.call('run_analysis', {});
    const before = await s.call('read_results', { case: 'D', kind: 'displacements' });
    const saved = await s.call('save_model', { path: 'beam.json' });
    expect(saved.path).toBe(join(s.dir, 'beam.json'));
    const opened = await s.call('open_model', { path: 'beam.json' });
    expect(opened).toMatchObject({ joints: 3, frames: 2, patterns: ['D'], dimension: '3d' });
    await s.call('run_analysis', {});
    expect(await s.call('read_results', { case: 'D', kind: 'displacements' })).toEqual(before);
    await writeFile(join(s.dir, 'model.sdb'), Buffer.from([0, 1, 2, 3]));
    expect(await s.raw('open_model', { path: 'model.sdb' })).toMatchObject({
      ok: false,
      error: { code: 'UNSUPPORTED_FILE' },
    });
    await writeFile(join(s.dir, 'other.json'), JSON.stringify({ format: 'something else' }));
    expect(await s.raw('open_model', { path: 'other.json' })).toMatchObject({
      ok: false,
      error: { code: 'UNSUPPORTED_FILE' },
    });
    expect(await s.raw('open_model', { path: 'missing.json' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
  });

  it('answers a program it does not drive as not available, and a malformed call as invalid', async () => {
    const out = await dispatch(new Map(), {
      callId: 'm1',
      program: 'mathcad',
      tool: 'open_worksheet',
      args: { path: 'a.mcdx' },
    });
    expect(out).toEqual({
      callId: 'm1',
      ok: false,
      error: { code: 'PROGRAM_NOT_AVAILABLE', message: 'mathcad is not available on this machine' },
    });
    expect(await dispatch(new Map(), 'nonsense')).toMatchObject({
      callId: '',
      ok: false,
      error: { code: 'INVALID_ARGUMENTS' },
    });
  });
});
