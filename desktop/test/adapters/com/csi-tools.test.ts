// The tools of issue 35 over CSI OAPI, through dispatch() and the real helper protocol to the fake
// helper playing ETABS or SAP2000: which OAPI calls each tool makes with which typed arguments,
// and how the programs' answers (scripted per test as the OAPI's named ByRef outputs) become
// tool results. Every call made is on the allow-list (the fake refuses any other).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { oapiMethod, type Program } from '@structural-platform/tool-schema';
import { dispatch, type Adapter } from '../../../src/adapters/adapter.ts';
import { CsiAdapter } from '../../../src/adapters/com/csi/adapter.ts';
import { ComSession } from '../../../src/adapters/com/session.ts';
import { spectrumPoints } from '../../../src/codes/spectra.ts';
import { fakeCom, type FakeCom } from '../../helpers/fake-com.ts';

const adapters: Adapter[] = [];
afterEach(async () => {
  await Promise.all(adapters.splice(0).map((a) => a.close()));
});

function drive(program: 'sap2000' | 'etabs', fake: FakeCom) {
  const dir = mkdtempSync(join(tmpdir(), 'csi-work-'));
  const label = program === 'sap2000' ? 'SAP2000' : 'ETABS';
  const session = new ComSession({
    program,
    label,
    helper: fake.command,
    log: fake.log,
    connect: () => ({
      program: 'csi',
      exe: `C:\\Program Files\\Computers and Structures\\${label} 22\\${label}.exe`,
      units: 6,
      visible: true,
    }),
    exit: { target: 'SapObject.ApplicationExit', args: [false] },
    helperLimits: { startTimeoutMs: 15_000 },
  });
  const adapter = new CsiAdapter(program, session, () => dir);
  adapters.push(adapter);
  const map = new Map<Program, Adapter>([[program, adapter]]);
  let n = 0;
  const raw = (tool: string, args: object = {}) =>
    dispatch(map, { callId: `c${++n}`, program, tool, args }) as Promise<any>;
  const call = async (tool: string, args: object = {}) => {
    const out = await raw(tool, args);
    if (!out.ok) throw new Error(`${tool}: ${out.error.code} ${out.error.message}`);
    return out.result;
  };
  return { adapter, dir, call, raw };
}

const to = (fake: FakeCom, target: string) =>
  fake
    .requests()
    .filter((r) => r.target === target)
    .map((r) => r.args);
const wire = (fake: FakeCom, target: string) =>
  fake
    .requests()
    .filter((r) => r.target === target)
    .map((r) => r.rawArgs as unknown[]);

describe('ETABS building tools over OAPI', () => {
  it('builds the building template: stories first, the grid table, frames, supports, one diaphragm per level', async () => {
    const fake = fakeCom({
      program: 'csi',
      answers: {
        'SapModel.DatabaseTables.GetTableForEditingArray': {
          out: {
            TableVersion: 1,
            FieldsKeysIncluded: ['Name', 'LineType', 'ID', 'Ordinate', 'BubbleLoc', 'Visible'],
            NumberRecords: 0,
            TableData: [],
          },
        },
      },
    });
    const { call } = drive('etabs', fake);
    const made = await call('new_model', {
      units: 'kN_m_C',
      template: { kind: 'building', stories: 2, story_height: 3, bays_x: 1, bay_width_x: 6, bays_y: 1, bay_width_y: 5 },
      default_section: 'COL',
    });
    expect(made).toMatchObject({ joints: 12, frames: 16 });
    expect(to(fake, 'SapModel.Story.SetStories_2')).toEqual([
      [0, 2, ['L1', 'L2'], [3, 3], [false, false], ['None', 'None'], [false, false], [0, 0], [0, 0]],
    ]);
    const calls = fake.calls();
    expect(calls.indexOf('SapModel.Story.SetStories_2')).toBeLessThan(calls.indexOf('SapModel.PointObj.AddCartesian'));
    expect(to(fake, 'SapModel.DatabaseTables.SetTableForEditingArray')).toEqual([
      [
        'Grid Definitions - Grid Lines',
        1,
        ['Name', 'LineType', 'ID', 'Ordinate', 'BubbleLoc', 'Visible'],
        4,
        [
          'G1',
          'X (Cartesian)',
          'A',
          '0',
          'End',
          'Yes',
          'G1',
          'X (Cartesian)',
          'B',
          '6',
          'End',
          'Yes',
          'G1',
          'Y (Cartesian)',
          '1',
          '0',
          'Start',
          'Yes',
          'G1',
          'Y (Cartesian)',
          '2',
          '5',
          'Start',
          'Yes',
        ],
      ],
    ]);
    expect(to(fake, 'SapModel.DatabaseTables.ApplyEditedTables')).toEqual([[true, 0, 0, 0, 0, '']]);
    expect(to(fake, 'SapModel.Diaphragm.SetDiaphragm')).toEqual([
      ['D1', false],
      ['D1', false],
    ]);
    const assigned = to(fake, 'SapModel.PointObj.SetDiaphragm');
    expect(assigned).toHaveLength(8); // four joints on each of two levels
    expect(assigned.every((a) => a![1] === 3 && a![2] === 'D1')).toBe(true);
  });

  it('defines masses, a mass source, a modal case and an ASCE 7 response spectrum with typed points and the g·Ie/R scale', async () => {
    const fake = fakeCom({ program: 'csi' });
    const { call } = drive('etabs', fake);
    await call('new_model', { units: 'kN_m_C' });
    await call('define_material', { name: 'S', e: 2e8 });
    await call('define_section', { name: 'R', material: 'S', section: { shape: 'rectangle', depth: 0.3, width: 0.3 } });
    await call('define_frames', { frames: [{ start: [0, 0, 0], end: [0, 0, 3], section: 'R' }] });
    await call('assign_loads', { pattern: 'DL', loads: [{ type: 'joint', joint: [0, 0, 3], force: [0, 0, -100] }] });
    await call('assign_joint_masses', { joints: [[0, 0, 3]], mass: [10, 10, 0] });
    expect(to(fake, 'SapModel.PointObj.SetMass')).toEqual([['2', [10, 10, 0, 0, 0, 0], 0, false, true]]);
    await call('define_mass_source', { loads: [{ pattern: 'DL', factor: 1 }] });
    expect(to(fake, 'SapModel.SourceMass.SetMassSource')).toEqual([
      ['MSSSRC1', true, true, true, true, 1, ['DL'], [1]],
    ]);
    await call('define_modal_case', { modes: 6 });
    expect(to(fake, 'SapModel.LoadCases.ModalEigen.SetNumberModes')).toEqual([['MODAL', 6, 1]]);
    const spectrum = { code: 'ASCE7-16', sds: 1, sd1: 0.6, r: 8, ie: 1.25 } as const;
    const rs = await call('define_response_spectrum', { name: 'RSX', spectrum, direction: 'X' });
    expect(rs).toMatchObject({ function: 'RSX_FN', direction: 'X', combination: 'CQC', damping: 0.05 });
    expect(rs.scale_factor).toBeCloseTo((9.80665 * 1.25) / 8, 12);
    const points = spectrumPoints({ ...spectrum, tl: 8 });
    const [fn] = wire(fake, 'SapModel.Func.FuncRS.SetUser');
    expect(fn![0]).toBe('RSX_FN');
    expect(fn![1]).toBe(points.length);
    expect(fn![2]).toEqual({ $type: 'double[]', value: points.map((p) => p[0]) });
    expect(fn![3]).toEqual({ $type: 'double[]', value: points.map((p) => p[1]) });
    expect(to(fake, 'SapModel.LoadCases.ResponseSpectrum.SetLoads')).toEqual([
      ['RSX', 1, ['U1'], ['RSX_FN'], [rs.scale_factor], ['Global'], [0]],
    ]);
    expect(to(fake, 'SapModel.LoadCases.ResponseSpectrum.SetModalCase')).toEqual([['RSX', 'MODAL']]);
    expect(to(fake, 'SapModel.LoadCases.ResponseSpectrum.SetModalComb_1')).toEqual([['RSX', 1, 1, 0, 1, 60]]);
    expect(to(fake, 'SapModel.LoadCases.ResponseSpectrum.SetDampConstant')).toEqual([['RSX', 0.05]]);
  });

  it("writes generated combinations with their factors, selects them for design, and reads a combination's results with their steps", async () => {
    const fake = fakeCom({
      program: 'csi',
      results: {
        LRFD2: {
          base: [
            { step: 'Max', values: [0, 0, 300, 0, 0, 0] },
            { step: 'Min', values: [0, 0, 200, 0, 0, 0] },
          ],
        },
      },
    });
    const { call, raw } = drive('etabs', fake);
    await call('new_model', { units: 'kN_m_C' });
    for (const p of ['D', 'L'])
      await call('assign_loads', { pattern: p, loads: [{ type: 'joint', joint: [0, 0, 0], force: [0, 0, -1] }] }).catch(
        () => undefined,
      );
    await call('define_material', { name: 'S', e: 2e8 });
    await call('define_section', { name: 'R', material: 'S', section: { shape: 'rectangle', depth: 0.3, width: 0.3 } });
    await call('define_frames', { frames: [{ start: [0, 0, 0], end: [0, 0, 3], section: 'R' }] });
    for (const p of ['D', 'L'])
      await call('assign_loads', { pattern: p, loads: [{ type: 'joint', joint: [0, 0, 3], force: [0, 0, -1] }] });
    const combos = await call('define_load_combinations', {
      generate: { code: 'ASCE7-16 LRFD', dead: ['D'], live: ['L'] },
    });
    expect(combos.combinations.map((c: { name: string }) => c.name)).toEqual(['LRFD1', 'LRFD2']);
    expect(to(fake, 'SapModel.RespCombo.Add')).toEqual([
      ['LRFD1', 0],
      ['LRFD2', 0],
    ]);
    expect(to(fake, 'SapModel.RespCombo.SetCaseList')).toEqual([
      ['LRFD1', 0, 'D', 1.4],
      ['LRFD2', 0, 'D', 1.2],
      ['LRFD2', 0, 'L', 1.6],
    ]);
    expect(to(fake, 'SapModel.DesignSteel.SetComboStrength')).toEqual([
      ['LRFD1', true],
      ['LRFD2', true],
    ]);
    expect(to(fake, 'SapModel.DesignConcrete.SetComboStrength')).toEqual([
      ['LRFD1', true],
      ['LRFD2', true],
    ]);
    expect(
      await raw('define_load_combinations', { combinations: [{ name: 'D', items: [{ case: 'D', factor: 1 }] }] }),
    ).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENTS', message: expect.stringMatching(/a load case has that name/) },
    });
    await call('run_analysis');
    const base = await call('read_results', { case: 'LRFD2', kind: 'base_reactions' });
    expect(base.rows).toEqual([
      { step: 'max', values: [0, 0, 300, 0, 0, 0] },
      { step: 'min', values: [0, 0, 200, 0, 0, 0] },
    ]);
    expect(to(fake, 'SapModel.Results.Setup.SetComboSelectedForOutput')).toEqual([['LRFD2']]);
  });

  it("reads modal results, story drifts, story forces and tables from the program's answers", async () => {
    const fake = fakeCom({
      program: 'csi',
      answers: {
        'SapModel.Results.ModalPeriod': {
          out: {
            NumberResults: 2,
            LoadCase: ['MODAL', 'MODAL'],
            StepType: ['Mode', 'Mode'],
            StepNum: [1, 2],
            Period: [0.8, 0.25],
            Frequency: [1.25, 4],
            CircFreq: [7.854, 25.13],
            EigenValue: [61.7, 631.7],
          },
        },
        'SapModel.Results.ModalParticipatingMassRatios': {
          out: {
            NumberResults: 2,
            LoadCase: ['MODAL', 'MODAL'],
            StepType: ['Mode', 'Mode'],
            StepNum: [1, 2],
            Period: [0.8, 0.25],
            Ux: [0.82, 0.12],
            Uy: [0, 0],
            Uz: [0, 0],
            SumUx: [0.82, 0.94],
            SumUy: [0, 0],
            SumUz: [0, 0],
            Rx: [0, 0],
            Ry: [0, 0],
            Rz: [0.01, 0],
            SumRx: [0, 0],
            SumRy: [0, 0],
            SumRz: [0.01, 0.01],
          },
        },
        'SapModel.Results.StoryDrifts': {
          out: {
            NumberResults: 3,
            Story: ['L2', 'L1', 'L1'],
            LoadCase: ['RSX', 'RSX', 'RSX'],
            StepType: ['Max', 'Max', 'Max'],
            StepNum: [0, 0, 0],
            Direction: ['X', 'X', 'Y'],
            Drift: [0.002, 0.003, 0.0004],
            Label: ['5', '3', '3'],
            X: [6, 6, 6],
            Y: [0, 0, 0],
            Z: [7, 3.5, 3.5],
          },
        },
        'SapModel.Story.GetStories_2': {
          out: {
            BaseElevation: 0,
            NumberStories: 2,
            StoryNames: ['L1', 'L2'],
            StoryElevations: [3.5, 7],
            StoryHeights: [3.5, 3.5],
          },
        },
        'SapModel.DatabaseTables.GetTableForDisplayArray': {
          out: {
            FieldsKeysIncluded: [
              'Story',
              'OutputCase',
              'CaseType',
              'StepType',
              'Location',
              'P',
              'VX',
              'VY',
              'T',
              'MX',
              'MY',
            ],
            NumberRecords: 2,
            TableData: [
              'L1',
              'RSX',
              'LinRespSpec',
              'Max',
              'Bottom',
              '0',
              '812.5',
              '1.2',
              '30',
              '0',
              '9000',
              'L1',
              'RSX',
              'LinRespSpec',
              'Max',
              'Top',
              '0',
              '600',
              '1',
              '20',
              '0',
              '7000',
            ],
          },
        },
        'SapModel.DatabaseTables.GetAvailableTables': {
          out: {
            NumberTables: 3,
            TableKey: ['Story Drifts', 'Story Forces', 'Joint Displacements'],
            TableName: ['Story Drifts', 'Story Forces', 'Joint Displacements'],
            ImportType: [0, 0, 0],
          },
        },
      },
    });
    const { call } = drive('etabs', fake);
    await call('new_model', { units: 'kN_m_C' });
    await call('define_material', { name: 'S', e: 2e8 });
    await call('define_section', { name: 'R', material: 'S', section: { shape: 'rectangle', depth: 0.3, width: 0.3 } });
    await call('define_frames', { frames: [{ start: [0, 0, 0], end: [0, 0, 3.5], section: 'R' }] });
    await call('define_modal_case', { modes: 2 });
    await call('define_response_spectrum', {
      name: 'RSX',
      spectrum: { code: 'ASCE7-16', sds: 1, sd1: 0.6 },
      direction: 'X',
    });
    await call('run_analysis');
    const modal = await call('read_modal_results', {});
    expect(modal).toEqual({
      case: 'MODAL',
      total_mass: null,
      modes: [
        {
          mode: 1,
          period: 0.8,
          frequency: 1.25,
          circular_frequency: 7.854,
          ux: 0.82,
          uy: 0,
          uz: 0,
          rz: 0.01,
          sum_ux: 0.82,
          sum_uy: 0,
          sum_uz: 0,
          sum_rz: 0.01,
        },
        {
          mode: 2,
          period: 0.25,
          frequency: 4,
          circular_frequency: 25.13,
          ux: 0.12,
          uy: 0,
          uz: 0,
          rz: 0,
          sum_ux: 0.94,
          sum_uy: 0,
          sum_uz: 0,
          sum_rz: 0.01,
        },
      ],
    });
    expect(to(fake, 'SapModel.Results.Setup.SetCaseSelectedForOutput').at(-1)).toEqual(['MODAL']);
    const drifts = await call('story_drifts', { case: 'RSX', amplification: 5.5 / 1.25, limit: 0.02 });
    expect(drifts.stories).toEqual([
      { story: 'L2', direction: 'X', drift: 0.002 * 4.4, joint: '5', x: 6, y: 0, z: 7, height: 3.5 },
      { story: 'L1', direction: 'X', drift: 0.003 * 4.4, joint: '3', x: 6, y: 0, z: 3.5, height: 3.5 },
      { story: 'L1', direction: 'Y', drift: 0.0004 * 4.4, joint: '3', x: 6, y: 0, z: 3.5, height: 3.5 },
    ]);
    expect(drifts).toMatchObject({ max: { story: 'L1', direction: 'X', joint: '3' }, passes: true });
    const forces = await call('story_forces', { case: 'RSX' });
    expect(forces.stories[0]).toEqual({
      story: 'L1',
      location: 'bottom',
      step: 'max',
      p: 0,
      vx: 812.5,
      vy: 1.2,
      t: 30,
      mx: 0,
      my: 9000,
    });
    expect(to(fake, 'SapModel.DatabaseTables.SetLoadCasesSelectedForDisplay').at(-1)).toEqual([['RSX']]);
    const page = await call('read_table', {
      table: 'Story Forces',
      fields: ['Story', 'Location', 'VX'],
      filters: [{ field: 'VX', op: '>', value: 700 }],
    });
    expect(page).toEqual({
      table: 'Story Forces',
      fields: ['Story', 'Location', 'VX'],
      total_rows: 1,
      offset: 0,
      rows: [['L1', 'Bottom', 812.5]],
      next_offset: null,
    });
    expect((await call('list_tables', { contains: 'story' })).tables).toEqual([
      { key: 'Story Drifts', name: 'Story Drifts' },
      { key: 'Story Forces', name: 'Story Forces' },
    ]);
  });

  it("runs the program's steel and concrete design and maps its summaries", async () => {
    const fake = fakeCom({
      program: 'csi',
      answers: {
        'SapModel.DesignSteel.GetSummaryResults': {
          out: {
            NumberItems: 2,
            FrameName: ['1', '2'],
            Ratio: [0.71, 1.04],
            RatioType: [1, 2],
            Location: [3, 0],
            ComboName: ['LRFD2', 'LRFD2'],
            ErrorSummary: ['', ''],
            WarningSummary: ['', 'slender web'],
          },
        },
        'SapModel.FrameObj.GetSection': { out: { PropName: 'W14X99', SAuto: '' } },
        'SapModel.DesignConcrete.GetSummaryResultsBeam': {
          out: {
            NumberItems: 1,
            FrameName: ['2'],
            Location: [0],
            TopCombo: ['LRFD2'],
            TopArea: [0.0012],
            BotCombo: [''],
            BotArea: [0],
            VmajorCombo: ['LRFD2'],
            VmajorArea: [0.0003],
            TLCombo: [''],
            TLArea: [0],
            TTCombo: [''],
            TTArea: [0],
            ErrorSummary: [''],
            WarningSummary: [''],
          },
        },
        'SapModel.DesignConcrete.GetSummaryResultsColumn': {
          out: {
            NumberItems: 2,
            FrameName: ['1', '1'],
            MyOption: [2, 2],
            Location: [0, 3],
            PMMCombo: ['LRFD2', 'LRFD1'],
            PMMArea: [0.0016, 0.0022],
            PMMRatio: [0, 0],
            VmajorCombo: [''],
            AVmajor: [0],
            VminorCombo: [''],
            AVminor: [0],
            ErrorSummary: ['', ''],
            WarningSummary: ['', ''],
          },
        },
        'SapModel.PropFrame.GetRectangle': { out: { T3: 0.4, T2: 0.4 } },
      },
    });
    const { call, raw } = drive('sap2000', fake);
    await call('new_model', { units: 'kN_m_C' });
    expect(await raw('design_steel', {})).toMatchObject({ ok: false, error: { code: 'NOT_ANALYSED' } });
    await call('define_material', { name: 'S', e: 2e8 });
    await call('define_section', { name: 'R', material: 'S', section: { shape: 'rectangle', depth: 0.3, width: 0.3 } });
    await call('define_frames', { frames: [{ start: [0, 0, 0], end: [0, 0, 3], section: 'R' }] });
    await call('run_analysis');
    const steel = await call('design_steel', {});
    expect(to(fake, 'SapModel.DesignSteel.SetCode')).toEqual([['AISC 360-16']]);
    expect(fake.calls().indexOf('SapModel.DesignSteel.StartDesign')).toBeLessThan(
      fake.calls().indexOf('SapModel.DesignSteel.GetSummaryResults'),
    );
    expect(to(fake, 'SapModel.DesignSteel.GetSummaryResults')[0]!.slice(0, 1)).toEqual(['All']);
    expect(steel.frames).toEqual([
      {
        frame: '1',
        section: 'W14X99',
        status: 'ok',
        ratio: 0.71,
        clause: 'H1-1 (PMM)',
        combination: 'LRFD2',
        station: 3,
        axial: null,
        major: null,
        minor: null,
        shear_major: null,
        shear_minor: null,
        message: null,
      },
      {
        frame: '2',
        section: 'W14X99',
        status: 'overstressed',
        ratio: 1.04,
        clause: 'G2.1 (major shear)',
        combination: 'LRFD2',
        station: 0,
        axial: null,
        major: null,
        minor: null,
        shear_major: null,
        shear_minor: null,
        message: 'slender web',
      },
    ]);
    expect(steel.governing).toEqual({ frame: '2', ratio: 1.04, clause: 'G2.1 (major shear)', combination: 'LRFD2' });
    const concrete = await call('design_concrete', {});
    expect(to(fake, 'SapModel.DesignConcrete.SetCode')).toEqual([['ACI 318-19']]);
    expect(concrete.beams).toEqual([
      {
        frame: '2',
        station: 0,
        top_area: 0.0012,
        top_combination: 'LRFD2',
        bottom_area: 0,
        bottom_combination: null,
        shear_area_per_length: 0.0003,
        shear_combination: 'LRFD2',
        message: null,
      },
    ]);
    expect(concrete.columns).toEqual([
      {
        frame: '1',
        required_area: 0.0022,
        ratio: expect.closeTo(0.0022 / 0.16, 12),
        combination: 'LRFD1',
        station: 3,
        message: null,
      },
    ]);
  });
});

describe('SAP2000 area objects, diaphragm constraints, deleting, and the escape hatch over OAPI', () => {
  it('adds shell sections and areas, area loads in the gravity direction, one diaphragm constraint per elevation', async () => {
    const fake = fakeCom({ program: 'csi' });
    const { call, raw } = drive('sap2000', fake);
    await call('new_model', { units: 'kN_m_C' });
    await call('define_material', { name: 'C', e: 3e7, kind: 'concrete', fc: 30000, rebar_fy: 420000 });
    expect(to(fake, 'SapModel.PropMaterial.SetMaterial')).toEqual([['C', 2]]);
    expect(to(fake, 'SapModel.PropMaterial.SetOConcrete_1')).toEqual([
      ['C', 30000, false, 1, 1, 1, 0.002, 0.005, -0.1],
    ]);
    await call('define_area_section', { name: 'SLAB', material: 'C', kind: 'slab', thickness: 0.2 });
    expect(to(fake, 'SapModel.PropArea.SetShell_1')).toEqual([['SLAB', 1, true, 'C', 0, 0.2, 0.2]]);
    const areas = await call('define_areas', {
      areas: [
        {
          joints: [
            [0, 0, 3],
            [6, 0, 3],
            [6, 5, 3],
            [0, 5, 3],
          ],
          section: 'SLAB',
        },
      ],
    });
    expect(areas.areas).toEqual([{ name: '1', joints: ['1', '2', '3', '4'], area: 30 }]);
    expect(to(fake, 'SapModel.AreaObj.AddByPoint')).toEqual([[4, ['1', '2', '3', '4'], '', 'SLAB', '']]);
    await call('assign_loads', {
      pattern: 'SDL',
      loads: [{ type: 'area_uniform', area: '1', direction: 'gravity', value: 2 }],
    });
    expect(to(fake, 'SapModel.AreaObj.SetLoadUniform')).toEqual([['1', 'SDL', 2, 10, false, 'Global', 0]]);
    await call('assign_diaphragm', { name: 'D', joints: ['1', '2'] });
    expect(to(fake, 'SapModel.ConstraintDef.SetDiaphragm')).toEqual([['D@3', 3, 'Global']]);
    expect(to(fake, 'SapModel.PointObj.SetConstraint')).toEqual([
      ['1', 'D@3', 0, true],
      ['2', 'D@3', 0, true],
    ]);
    expect(await raw('assign_diaphragm', { name: 'D', rigid: false, joints: ['1'] })).toMatchObject({
      ok: false,
      error: { code: 'PROGRAM_NOT_AVAILABLE' },
    });
    expect(await raw('story_drifts', { case: 'SDL' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENTS', message: 'tool: sap2000 does not offer story_drifts' },
    });
  });

  it('deletes objects by name after checking they exist, and calls allow-listed methods with typed arguments', async () => {
    const fake = fakeCom({ program: 'csi' });
    const { call, raw } = drive('sap2000', fake);
    await call('new_model', { units: 'kN_m_C' });
    await call('define_material', { name: 'S', e: 2e8 });
    await call('define_section', { name: 'R', material: 'S', section: { shape: 'rectangle', depth: 0.3, width: 0.3 } });
    await call('define_frames', { frames: [{ name: 'B1', start: [0, 0, 0], end: [6, 0, 0], section: 'R' }] });
    expect(await raw('delete_objects', { frames: ['B9'] })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(await call('delete_objects', { frames: ['B1'] })).toMatchObject({ deleted: { frames: ['B1'] } });
    expect(to(fake, 'SapModel.FrameObj.Delete')).toEqual([['B1', 0]]);
    await call('define_modal_case', { modes: 3 });
    expect(
      await call('call_api', { method: 'SapModel.LoadCases.ModalEigen.SetNumberModes', args: ['MODAL', 20, 1] }),
    ).toEqual({ method: 'SapModel.LoadCases.ModalEigen.SetNumberModes', returned: 0, outputs: {} });
    expect(wire(fake, 'SapModel.LoadCases.ModalEigen.SetNumberModes').at(-1)).toEqual(['MODAL', 20, 1]);
    expect(
      await call('call_api', { method: 'SapModel.PropMaterial.SetMPIsotropic', args: ['S', 2e8, 0.3, 1.2e-5] }),
    ).toMatchObject({ returned: 0 });
    expect(wire(fake, 'SapModel.PropMaterial.SetMPIsotropic').at(-1)).toEqual([
      'S',
      { $type: 'double', value: 2e8 },
      { $type: 'double', value: 0.3 },
      { $type: 'double', value: 1.2e-5 },
    ]);
    const coords = await call('call_api', { method: 'SapModel.PointObj.GetCoordCartesian', args: ['2', 'Global'] });
    expect(coords).toEqual({
      method: 'SapModel.PointObj.GetCoordCartesian',
      returned: 0,
      outputs: { X: 6, Y: 0, Z: 0 },
    });
    expect(await raw('call_api', { method: 'SapModel.Story.GetStories_2' })).toMatchObject({
      ok: false,
      error: {
        code: 'INVALID_ARGUMENTS',
        message: 'method: SapModel.Story.GetStories_2 is not on the sap2000 allow-list',
      },
    });
    // Every method the tools called is on the allow-list.
    for (const target of new Set(fake.calls()))
      if (target.startsWith('SapModel.')) expect(oapiMethod(target), target).toBeDefined();
  });
});
