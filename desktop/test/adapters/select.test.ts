// Which adapter answers each program (src/adapters/select.ts): on Windows a detected program is
// driven over COM (the helper replaced by the fake here), elsewhere the stand-in answers; the
// lanes follow the COM adapter's program.
import { afterEach, expect, it } from 'vitest';
import type { Program } from '@structural-platform/tool-schema';
import { dispatch, type Adapter } from '../../src/adapters/adapter.ts';
import { CsiAdapter } from '../../src/adapters/com/csi/adapter.ts';
import { MathcadAdapter } from '../../src/adapters/com/mathcad.ts';
import { StandinFrameAdapter } from '../../src/adapters/standin/adapter.ts';
import { COM_HELPER_SCRIPT, laneReports, powershellHelper, selectAdapters } from '../../src/adapters/select.ts';
import type { Installation, ProgramDetection } from '../../src/detection/detect.ts';
import { fakeCom } from '../helpers/fake-com.ts';
import { existsSync } from 'node:fs';

const made: Map<Program, Adapter>[] = [];
afterEach(async () => {
  for (const m of made.splice(0)) for (const a of m.values()) await a.close();
});

const install = (program: Program, version: string, exe: string): Installation => ({
  program,
  version,
  folder: exe.replace(/\\[^\\]+$/, ''),
  exe,
  exeExists: true,
  comRegistered: true,
  sources: ['folder'],
});
const DETECTED: ProgramDetection[] = [
  {
    program: 'sap2000',
    installations: [install('sap2000', '26', 'C:\\Program Files\\Computers and Structures\\SAP2000 26\\SAP2000.exe')],
    selected: null,
    needsPicker: false,
  },
  { program: 'etabs', installations: [], selected: null, needsPicker: false },
  {
    program: 'mathcad',
    installations: [install('mathcad', '11.0.1.0', 'C:\\Program Files\\PTC\\Mathcad Prime 11.0.1.0\\MathcadPrime.exe')],
    selected: null,
    needsPicker: false,
  },
];
DETECTED[0]!.selected = DETECTED[0]!.installations[0]!;
DETECTED[2]!.selected = DETECTED[2]!.installations[0]!;

it('drives a program detected on Windows over COM with the selected executable, and reports its lane from the program', async () => {
  const fake = fakeCom({ program: 'csi' });
  const adapters = selectAdapters({
    platform: 'win32',
    detections: DETECTED,
    workingDirectory: () => () => fake.dir,
    log: fake.log,
    helper: () => fake.command,
  });
  made.push(adapters);
  expect(adapters.get('sap2000')).toBeInstanceOf(CsiAdapter);
  expect(adapters.get('mathcad')).toBeInstanceOf(MathcadAdapter);
  expect(adapters.has('etabs')).toBe(false);
  expect(laneReports('win32', DETECTED, adapters).map((l) => [l.program, l.state, l.activeVersion])).toEqual([
    ['sap2000', 'not_running', '26'],
    ['etabs', 'not_installed', null],
    ['mathcad', 'not_running', '11.0.1.0'],
  ]);

  const out = await dispatch(adapters, {
    callId: 'c1',
    program: 'sap2000',
    tool: 'new_model',
    args: { units: 'kN_m_C' },
  });
  expect(out).toMatchObject({ ok: true, result: { joints: 0, frames: 0, units: 'kN_m_C' } });
  expect(fake.requests()[0]).toMatchObject({
    op: 'connect',
    exe: DETECTED[0]!.selected!.exe,
    objectProgId: 'CSI.SAP2000.API.SapObject',
    helperProgId: 'SAP2000v1.Helper',
  });
  expect(laneReports('win32', DETECTED, adapters)[0]!.state).toBe('ready');
});

it('answers SAP2000 and ETABS with the stand-in elsewhere', () => {
  const fake = fakeCom({});
  const adapters = selectAdapters({
    platform: 'linux',
    detections: DETECTED,
    workingDirectory: () => () => fake.dir,
    log: fake.log,
  });
  made.push(adapters);
  expect(adapters.get('sap2000')).toBeInstanceOf(StandinFrameAdapter);
  expect(adapters.get('etabs')).toBeInstanceOf(StandinFrameAdapter);
  expect(adapters.has('mathcad')).toBe(false);
});

it('starts the shipped PowerShell helper script on Windows, in a single-threaded apartment', () => {
  expect(existsSync(COM_HELPER_SCRIPT)).toBe(true);
  expect(powershellHelper('csi')).toEqual({
    command: 'powershell.exe',
    args: expect.arrayContaining(['-STA', '-NoProfile', '-File', COM_HELPER_SCRIPT, '-Program', 'csi']),
  });
});
