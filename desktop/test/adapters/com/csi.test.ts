// The SAP2000/ETABS adapter (src/adapters/com/csi.ts) through dispatch(), over the real helper
// protocol to test/helpers/fake-com-helper.ts playing a CSI program: which OAPI calls each tool
// makes, how the programs' answers become tool results, and what happens when the helper
// crashes, hangs or the program goes away. What only Windows can show (the real OAPI) is in
// desktop/README.md, "Testing the COM adapters on Windows".
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Program } from '@structural-platform/tool-schema';
import { dispatch, type Adapter } from '../../../src/adapters/adapter.ts';
import { CsiAdapter } from '../../../src/adapters/com/csi/adapter.ts';
import { ComSession } from '../../../src/adapters/com/session.ts';
import { fakeCom, type FakeCom } from '../../helpers/fake-com.ts';

const adapters: Adapter[] = [];
afterEach(async () => {
  await Promise.all(adapters.splice(0).map((a) => a.close()));
});

function sap(fake: FakeCom, o: { callTimeoutMs?: number; probeMs?: number } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'csi-work-'));
  const session = new ComSession({
    program: 'sap2000',
    label: 'SAP2000',
    helper: fake.command,
    log: fake.log,
    connect: () => ({
      program: 'csi',
      helperProgId: 'SAP2000v1.Helper',
      objectProgId: 'CSI.SAP2000.API.SapObject',
      processName: 'SAP2000',
      exe: 'C:\\Program Files\\Computers and Structures\\SAP2000 26\\SAP2000.exe',
      units: 6,
      visible: true,
    }),
    exit: { target: 'SapObject.ApplicationExit', args: [false] },
    helperLimits: { startTimeoutMs: 15_000 },
    ...o,
  });
  const adapter = new CsiAdapter('sap2000', session, () => dir);
  adapters.push(adapter);
  const map = new Map<Program, Adapter>([['sap2000', adapter]]);
  let n = 0;
  const call = (tool: string, args: object = {}) =>
    dispatch(map, { callId: `c${++n}`, program: 'sap2000', tool, args }) as Promise<any>;
  return { adapter, session, dir, call };
}

const requestsTo = (fake: FakeCom, target: string) =>
  fake
    .requests()
    .filter((r) => r.target === target)
    .map((r) => r.args);

const PORTAL = {
  units: 'kN_m_C',
  dimension: '2d',
  template: { kind: 'portal_frame', stories: 1, story_height: 4, bays: 1, bay_width: 6 },
  default_section: 'COL',
};
const RESULTS = {
  W: {
    displacements: {
      '1': [0, 0, 0, 0, 0, 0],
      '2': [0.0015263, 0, -1.2e-5, 0, -2.1e-4, 0],
      '3': [0, 0, 0, 0, 0, 0],
      '4': [0.0015263, 0, 1.2e-5, 0, -2.1e-4, 0],
    },
    reactions: { '1': [-5, 0, -2.66, 0, 11.2, 0], '3': [-5, 0, 2.66, 0, 11.2, 0] },
    forces: {
      '3': Array.from({ length: 61 }, (_, k) => ({
        distance: (6 * k) / 60,
        values: [-1, 2.66, 0, 0, 0, 8 - 2.66 * ((6 * k) / 60)],
      })),
    },
  },
};

describe('SAP2000 over CSI OAPI', () => {
  it('builds, loads, analyses and reads a portal frame with the OAPI calls the reference names', async () => {
    const fake = fakeCom({ program: 'csi', results: RESULTS });
    const { call, adapter, dir } = sap(fake);
    expect(adapter.laneState()).toBe('not_running');

    const created = await call('new_model', PORTAL);
    expect(created).toMatchObject({
      ok: true,
      result: {
        joints: 4,
        frames: 3,
        created_frames: ['1', '2', '3'],
        created_joints: ['1', '2', '3', '4'],
        units: 'kN_m_C',
        dimension: '2d',
        path: null,
      },
    });
    expect(adapter.laneState()).toBe('ready');
    expect(fake.requests()[0]).toMatchObject({
      op: 'connect',
      objectProgId: 'CSI.SAP2000.API.SapObject',
      exe: expect.stringMatching(/SAP2000 26\\SAP2000\.exe$/),
    });
    expect(requestsTo(fake, 'SapModel.InitializeNewModel')).toEqual([[6]]);
    expect(requestsTo(fake, 'SapModel.Analyze.SetActiveDOF')).toEqual([[[true, false, true, false, true, false]]]);
    // The template's section is not defined yet: its frames take the program's Default until it is.
    expect(requestsTo(fake, 'SapModel.FrameObj.AddByPoint')).toEqual([
      ['1', '2', '', 'Default', ''],
      ['3', '4', '', 'Default', ''],
      ['2', '4', '', 'Default', ''],
    ]);
    expect(requestsTo(fake, 'SapModel.PointObj.SetRestraint')).toEqual([
      ['1', [true, true, true, true, true, true]],
      ['3', [true, true, true, true, true, true]],
    ]);
    expect(await call('run_analysis')).toMatchObject({
      ok: false,
      error: {
        code: 'INVALID_ARGUMENTS',
        message: expect.stringMatching(/section COL, the template's default_section, is not defined/),
      },
    });

    expect(await call('define_material', { name: 'STEEL', e: 2e8 })).toEqual({
      callId: 'c3',
      ok: true,
      result: { name: 'STEEL' },
    });
    expect(requestsTo(fake, 'SapModel.PropMaterial.SetMPIsotropic')).toEqual([['STEEL', 2e8, 0.3, 0]]);
    expect(requestsTo(fake, 'SapModel.PropMaterial.SetWeightAndMass')).toEqual([['STEEL', 1, 0]]);
    expect(
      (
        await call('define_section', {
          name: 'COL',
          material: 'STEEL',
          section: { shape: 'rectangle', depth: 0.3, width: 0.2 },
        })
      ).ok,
    ).toBe(true);
    expect(requestsTo(fake, 'SapModel.PropFrame.SetRectangle')).toEqual([['COL', 'STEEL', 0.3, 0.2]]);
    expect(requestsTo(fake, 'SapModel.FrameObj.SetSection')).toEqual([
      ['1', 'COL'],
      ['2', 'COL'],
      ['3', 'COL'],
    ]);

    expect(await call('read_results', { case: 'W', kind: 'displacements' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_ANALYSED' },
    });
    const loads = await call('assign_loads', {
      pattern: 'W',
      loads: [
        { type: 'joint', joint: [0, 0, 4], force: [10, 0, 0] },
        { type: 'frame_distributed', frame: '3', direction: 'gravity', value: 5 },
        { type: 'frame_point', frame: '3', direction: 'local_2', value: -2, distance: 0.5 },
      ],
    });
    expect(loads).toMatchObject({ ok: true, result: { pattern: 'W', load_count: 3 } });
    expect(requestsTo(fake, 'SapModel.LoadPatterns.Add')).toEqual([['W', 8, 0, true]]);
    expect(requestsTo(fake, 'SapModel.PointObj.SetLoadForce')).toEqual([
      ['2', 'W', [10, 0, 0, 0, 0, 0], false, 'Global', 0],
    ]);
    expect(requestsTo(fake, 'SapModel.FrameObj.SetLoadDistributed')).toEqual([
      ['3', 'W', 1, 10, 0, 1, 5, 5, 'Global', true, false, 0],
    ]);
    expect(requestsTo(fake, 'SapModel.FrameObj.SetLoadPoint')).toEqual([
      ['3', 'W', 1, 2, 0.5, -2, 'Local', true, false, 0],
    ]);
    // replace: the pattern's earlier loads are deleted first, on every object (group All).
    expect(
      await call('assign_loads', {
        pattern: 'W',
        replace: true,
        loads: [{ type: 'joint', joint: '2', force: [10, 0, 0] }],
      }),
    ).toMatchObject({ ok: true, result: { load_count: 1 } });
    expect(requestsTo(fake, 'SapModel.PointObj.DeleteLoadForce')).toEqual([['All', 'W', 1]]);
    expect(fake.state().csi.model.loads).toHaveLength(1);

    const analysed = await call('run_analysis');
    expect(analysed).toMatchObject({
      ok: true,
      result: { cases: ['DEAD', 'W'], equations: 6, elapsed_ms: expect.any(Number) },
    });
    // Never saved: saved in the working directory first (RunAnalysis needs a model file), stations set, then run.
    const saved = requestsTo(fake, 'SapModel.File.Save')[0]![0] as string;
    expect(saved.startsWith(join(dir, 'model-')) && saved.endsWith('.sdb')).toBe(true);
    expect(requestsTo(fake, 'SapModel.FrameObj.SetOutputStations')).toEqual([['All', 2, 0, 60, false, false, 1]]);
    const order = fake.calls();
    expect(order.indexOf('SapModel.File.Save')).toBeLessThan(order.indexOf('SapModel.Analyze.RunAnalysis'));

    const displacements = await call('read_results', { case: 'W', kind: 'displacements' });
    expect(displacements.result).toEqual({
      kind: 'displacements',
      case: 'W',
      joints: Object.entries(RESULTS.W.displacements).map(([joint, values]) => ({ joint, values })),
    });
    expect(requestsTo(fake, 'SapModel.Results.Setup.SetCaseSelectedForOutput')).toEqual([['W']]);
    expect(requestsTo(fake, 'SapModel.Results.JointDispl')[0]!.slice(0, 2)).toEqual(['All', 2]);
    // On the wire, the ByRef outputs are typed (COM needs a String() or Double() array, an Int32 count).
    const wire = fake.requests().find((r) => r.target === 'SapModel.Results.JointDispl')!;
    expect(wire.rawArgs).toEqual([
      'All',
      2,
      0,
      ...Array(4).fill({ $type: 'string[]', value: [] }),
      ...Array(7).fill({ $type: 'double[]', value: [] }),
    ]);
    // JointDispl(Name, ItemTypeElm, ref NumberResults, ref Obj, Elm, LoadCase, StepType, ref StepNum, U1 … R3): positions 2 to 13.
    expect(wire.byref).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(fake.requests().find((r) => r.target === 'SapModel.PropMaterial.SetMPIsotropic')!.rawArgs).toEqual([
      'STEEL',
      { $type: 'double', value: 2e8 },
      { $type: 'double', value: 0.3 },
      { $type: 'double', value: 0 },
    ]);
    const one = await call('read_results', { case: 'W', kind: 'displacements', joints: [[0, 0, 4]] });
    expect(one.result.joints).toEqual([{ joint: '2', values: RESULTS.W.displacements['2'] }]);
    const reactions = await call('read_results', { case: 'W', kind: 'reactions' });
    expect(reactions.result.joints).toEqual([
      { joint: '1', values: RESULTS.W.reactions['1'] },
      { joint: '3', values: RESULTS.W.reactions['3'] },
    ]);

    const forces = await call('read_results', { case: 'W', kind: 'member_forces', frames: ['3'], stations: 3 });
    expect(forces.result).toEqual({
      kind: 'member_forces',
      case: 'W',
      frames: [
        { frame: '3', stations: [0, 3, 6].map((x) => ({ distance: x, values: [-1, 2.66, 0, 0, 0, 8 - 2.66 * x] })) },
      ],
    });
    // 7 stations (every metre) are among the 60 segments; 8 (every 6/7 m) are not: refused, not interpolated.
    expect((await call('read_results', { case: 'W', kind: 'member_forces', frames: ['3'], stations: 7 })).ok).toBe(
      true,
    );
    expect(await call('read_results', { case: 'W', kind: 'member_forces', frames: ['3'], stations: 8 })).toMatchObject({
      ok: false,
      error: {
        code: 'INVALID_ARGUMENTS',
        message: expect.stringMatching(/^stations: SAP2000 reports frame 3 at 61 stations/),
      },
    });
    expect(await call('read_results', { case: 'Nope', kind: 'displacements' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND', message: 'load pattern Nope has no analysis case' },
    });
    expect(await call('read_results', { case: 'W', kind: 'member_forces', frames: ['99'] })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });

    expect(await call('save_model', { path: 'portal.sdb' })).toEqual({
      callId: expect.any(String),
      ok: true,
      result: { path: join(dir, 'portal.sdb') },
    });
    expect(await call('save_model', { path: 'portal.edb' })).toMatchObject({
      ok: false,
      error: { code: 'UNSUPPORTED_FILE' },
    });
    // A change discards the results, as in the programs (the model unlocks).
    await call('assign_supports', { joints: ['2'], restraint: 'pinned' });
    expect(await call('read_results', { case: 'W', kind: 'displacements' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_ANALYSED' },
    });
  });

  it('reports a nonzero OAPI return as PROGRAM_ERROR naming the call, and refuses names and files before calling', async () => {
    const fake = fakeCom({
      program: 'csi',
      rules: [{ target: 'SapModel.PropMaterial.SetMPIsotropic', do: 'answer', value: 1 }],
    });
    const { call, dir } = sap(fake);
    expect(await call('define_material', { name: 'STEEL', e: 2e8 })).toMatchObject({
      ok: false,
      error: { code: 'NO_MODEL' },
    });
    expect(fake.requests()).toEqual([]); // nothing started for a call that cannot run
    await call('new_model', { units: 'N_mm_C' });
    expect(await call('define_material', { name: 'STEEL', e: 2e5 })).toMatchObject({
      ok: false,
      error: {
        code: 'PROGRAM_ERROR',
        message: 'SAP2000: PropMaterial.SetMPIsotropic returned 1',
        details: { call: 'SapModel.PropMaterial.SetMPIsotropic', returned: 1 },
      },
    });
    expect(
      await call('define_section', {
        name: 'S',
        material: 'WOOD',
        section: { shape: 'rectangle', depth: 1, width: 1 },
      }),
    ).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(await call('define_frames', { frames: [{ start: [0, 0, 0], end: [0, 0, 0], section: 'S' }] })).toMatchObject(
      { ok: false, error: { code: 'INVALID_ARGUMENTS' } },
    );
    expect(await call('assign_supports', { joints: ['77'], restraint: 'fixed' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND', message: 'joint 77 does not exist' },
    });
    expect(
      await call('assign_loads', {
        pattern: 'L',
        loads: [{ type: 'frame_point', frame: 'B9', direction: 'Z', value: 1, distance: 0.5 }],
      }),
    ).toMatchObject({ ok: false, error: { code: 'NOT_FOUND', message: 'frame B9 does not exist' } });
    expect(requestsTo(fake, 'SapModel.LoadPatterns.Add')).toEqual([]);

    expect(await call('open_model', { path: 'model.edb' })).toMatchObject({
      ok: false,
      error: { code: 'UNSUPPORTED_FILE', message: expect.stringMatching(/opens \.sdb/) },
    });
    expect(await call('open_model', { path: 'missing.sdb' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
    writeFileSync(join(dir, 'bridge.sdb'), 'x');
    fake.scenario({ program: 'csi', openUnits: 13 }); // kN, cm: not a unit system the tools name
    const opened = await call('open_model', { path: 'bridge.sdb' });
    expect(opened).toMatchObject({
      ok: true,
      result: { units: 'kN_m_C', dimension: '3d', path: join(dir, 'bridge.sdb') },
    });
    expect(requestsTo(fake, 'SapModel.File.OpenFile')).toEqual([[join(dir, 'bridge.sdb')]]);
    expect(requestsTo(fake, 'SapModel.SetPresentUnits')).toEqual([[6]]);
  });

  it('survives a helper crash in the middle of RunAnalysis: the call fails, the next re-attaches to the same instance and its model', async () => {
    const fake = fakeCom({
      program: 'csi',
      results: RESULTS,
      rules: [{ target: 'SapModel.Analyze.RunAnalysis', do: 'crash', times: 1 }],
    });
    const { call, adapter } = sap(fake);
    await call('new_model', {
      ...PORTAL,
      template: { kind: 'portal_frame', stories: 1, story_height: 4, bays: 1, bay_width: 6 },
    });
    await call('define_material', { name: 'STEEL', e: 2e8 });
    await call('define_section', {
      name: 'COL',
      material: 'STEEL',
      section: { shape: 'rectangle', depth: 0.3, width: 0.2 },
    });
    await call('assign_loads', { pattern: 'W', loads: [{ type: 'joint', joint: '2', force: [10, 0, 0] }] });
    const pid = fake.state().csi.pid;
    const crashed = await call('run_analysis');
    expect(crashed).toMatchObject({
      ok: false,
      error: {
        code: 'PROGRAM_ERROR',
        message: expect.stringMatching(/exited \(code 1\) during SapModel\.Analyze\.RunAnalysis/),
        details: { kind: 'crashed' },
      },
    });
    expect(adapter.laneState()).toBe('not_running');
    expect(adapter.hasOwnSession()).toBe(true); // the program itself still runs, and is ours

    expect(await call('run_analysis')).toMatchObject({ ok: true, result: { cases: ['DEAD', 'W'] } });
    const connects = fake.requests().filter((r) => r.op === 'connect');
    expect(connects).toHaveLength(2);
    expect(connects[1]).toMatchObject({ ownPid: pid });
    expect(fake.state().csi.pid).toBe(pid);
    expect(
      (await call('read_results', { case: 'W', kind: 'displacements', joints: ['2'] })).result.joints[0].values,
    ).toEqual(RESULTS.W.displacements['2']);
  });

  it('fails a call the program does not answer in time (busy lane meanwhile), and closes only the instance it started', async () => {
    const fake = fakeCom({
      program: 'csi',
      rules: [{ target: 'SapModel.PropMaterial.SetMaterial', do: 'hang', times: 1 }],
    });
    const { call, adapter } = sap(fake, { callTimeoutMs: 1_500 });
    await call('new_model', { units: 'kN_m_C' });
    const changes: string[] = [];
    adapter.onStateChange(() => changes.push(adapter.laneState()));
    const pending = call('define_material', { name: 'STEEL', e: 2e8 });
    await expect.poll(() => adapter.laneState()).toBe('busy');
    expect(await pending).toMatchObject({
      ok: false,
      error: {
        code: 'PROGRAM_ERROR',
        message: expect.stringMatching(/SetMaterial did not answer within 2 s/),
        details: { kind: 'timeout' },
      },
    });
    expect(changes).toContain('busy');
    expect(adapter.laneState()).toBe('not_running');
    expect((await call('define_material', { name: 'STEEL', e: 2e8 })).ok).toBe(true);
    await adapter.close();
    expect(requestsTo(fake, 'SapObject.ApplicationExit')).toEqual([[false]]);
    expect(fake.state().csi.exited).toBe(true);

    // An instance the helper attached to (not started) is never closed.
    const attached = fakeCom({
      program: 'csi',
      rules: [{ op: 'connect', do: 'answer', value: { started: false, pid: 99, version: '26' } }],
    });
    const other = sap(attached);
    await other.call('new_model', { units: 'kN_m_C' }).catch(() => undefined);
    expect(other.adapter.hasOwnSession()).toBe(false);
    await other.adapter.close();
    expect(requestsTo(attached, 'SapObject.ApplicationExit')).toEqual([]);
  });

  it('follows the program: closed by the user, the lane is not running and the model is gone', async () => {
    const fake = fakeCom({ program: 'csi' });
    const { call, adapter } = sap(fake, { probeMs: 200 });
    await call('new_model', { units: 'kN_m_C' });
    expect(adapter.laneState()).toBe('ready');
    fake.scenario({ program: 'csi', programGone: true });
    await expect.poll(() => adapter.laneState(), { timeout: 10_000 }).toBe('not_running');
    expect(adapter.hasOwnSession()).toBe(false);
    fake.scenario({ program: 'csi' });
    expect(await call('define_material', { name: 'S', e: 1 })).toMatchObject({
      ok: false,
      error: { code: 'NO_MODEL', message: expect.stringMatching(/started again/) },
    });
  });
});
