// The COM adapters against the real programs: Windows only, with SAP2000 / ETABS / Mathcad
// Prime installed and licensed, run by hand or on a Windows runner (desktop/README.md, "Testing
// the COM adapters on Windows"). Skipped elsewhere and unless COM_ADAPTER_TESTS=1: starting a
// licensed program takes a seat and a minute. Never run in this repository's CI (no Windows).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Program } from '@structural-platform/tool-schema';
import { dispatch, type Adapter } from '../../src/adapters/adapter.ts';
import { comAdapter, powershellHelper } from '../../src/adapters/select.ts';
import { StandinFrameAdapter } from '../../src/adapters/standin/adapter.ts';
import { HelperProcess } from '../../src/adapters/com/helper-process.ts';
import { detectAll } from '../../src/detection/detect.ts';
import { windowsHost } from '../../src/detection/windows-host.ts';
import { Logger } from '../../src/logs/logger.ts';

const ON = process.platform === 'win32' && process.env.COM_ADAPTER_TESTS === '1';
const dir = mkdtempSync(join(tmpdir(), 'com-adapters-'));
const log = new Logger({ dir: join(dir, 'logs'), level: 'debug' });
const closing: Adapter[] = [];
afterAll(async () => {
  for (const a of closing) await a.close();
});

describe.skipIf(!ON)('the PowerShell helper', () => {
  it('says it is ready, refuses an unknown op and a call before connecting, and exits when stdin closes', async () => {
    const h = new HelperProcess({ command: powershellHelper('csi'), log, startTimeoutMs: 60_000 });
    await expect(h.request('nonsense')).rejects.toMatchObject({ kind: 'remote', remoteKind: 'refused' });
    await expect(h.request('call', { target: 'SapModel.File.NewBlank', args: [], byref: [] })).rejects.toMatchObject({
      kind: 'remote',
      remoteKind: 'refused',
    });
    expect((await h.request('status')).value).toEqual({ attached: false });
    await h.close(10_000);
    expect(h.alive).toBe(false);
  }, 120_000);
});

/** A cantilever 10 m, 0.2 × 0.2 m, E = 210 GPa, 10 kN at the tip, in each adapter; slender enough that CSI's shear deformation is under 0.1%. */
async function cantilever(adapter: Adapter) {
  const map = new Map<Program, Adapter>([[adapter.program, adapter]]);
  let n = 0;
  const call = async (tool: string, args: object = {}) => {
    const out = (await dispatch(map, { callId: `w${++n}`, program: adapter.program, tool, args })) as any;
    expect(out.ok, `${tool}: ${JSON.stringify(out.error)}`).toBe(true);
    return out.result;
  };
  await call('new_model', { units: 'N_m_C', dimension: '2d' });
  await call('define_material', { name: 'STEEL', e: 210e9 });
  await call('define_section', {
    name: 'SQ200',
    material: 'STEEL',
    section: { shape: 'rectangle', depth: 0.2, width: 0.2 },
  });
  await call('define_frames', { frames: [{ name: 'B1', start: [0, 0, 0], end: [10, 0, 0], section: 'SQ200' }] });
  await call('assign_supports', { joints: [[0, 0, 0]], restraint: 'fixed' });
  await call('assign_loads', { pattern: 'TIP', loads: [{ type: 'joint', joint: [10, 0, 0], force: [0, 0, -10_000] }] });
  await call('run_analysis');
  const d = await call('read_results', { case: 'TIP', kind: 'displacements', joints: [[10, 0, 0]] });
  const m = await call('read_results', { case: 'TIP', kind: 'member_forces', frames: ['B1'], stations: 3 });
  return { tip: d.joints[0].values[2] as number, root: m.frames[0].stations[0].values[5] as number };
}

describe.skipIf(!ON)('SAP2000 and ETABS over CSI OAPI', async () => {
  const detections = ON ? await detectAll(windowsHost()) : [];
  for (const program of ['sap2000', 'etabs'] as const) {
    const found = detections.find((d) => d.program === program)?.selected;
    it.skipIf(!found)(
      `${program}: a cantilever's tip deflection and root moment match the stand-in and PL³/3EI`,
      async () => {
        const adapter = comAdapter(program, found!, { log, workingDirectory: () => dir });
        closing.push(adapter);
        const real = await cantilever(adapter);
        const standin = await cantilever(new StandinFrameAdapter(program, dir));
        const closed = -(10_000 * 10 ** 3) / (3 * 210e9 * (0.2 ** 4 / 12));
        expect(Math.abs(real.tip / closed - 1)).toBeLessThan(2e-3);
        expect(Math.abs(real.tip / standin.tip - 1)).toBeLessThan(2e-3);
        expect(Math.abs(real.root / standin.root - 1)).toBeLessThan(1e-6);
        expect(adapter.hasOwnSession()).toBe(true);
        await adapter.close();
        expect(adapter.hasOwnSession()).toBe(false);
      },
      600_000,
    );
  }
});

// MATHCAD_WORKSHEET: a worksheet with an input alias `x` (a number) and an output alias `y` = 2·x.
describe.skipIf(!ON || !process.env.MATHCAD_WORKSHEET)('Mathcad Prime over its Automation API', async () => {
  const detections = ON ? await detectAll(windowsHost()) : [];
  const found = detections.find((d) => d.program === 'mathcad')?.selected;
  it.skipIf(!found)(
    'opens the worksheet, sets x, reads y = 2x',
    async () => {
      const adapter = comAdapter('mathcad', found!, { log, workingDirectory: () => dir });
      closing.push(adapter);
      const map = new Map<Program, Adapter>([['mathcad', adapter]]);
      const opened = (await dispatch(map, {
        callId: 'm1',
        program: 'mathcad',
        tool: 'open_worksheet',
        args: { path: process.env.MATHCAD_WORKSHEET },
      })) as any;
      expect(opened.result).toMatchObject({
        inputs: expect.arrayContaining(['x']),
        outputs: expect.arrayContaining(['y']),
      });
      expect(
        (
          (await dispatch(map, {
            callId: 'm2',
            program: 'mathcad',
            tool: 'set_inputs',
            args: { inputs: [{ alias: 'x', value: 21 }] },
          })) as any
        ).result.errors,
      ).toBe(0);
      const read = (await dispatch(map, {
        callId: 'm3',
        program: 'mathcad',
        tool: 'read_outputs',
        args: { outputs: [{ alias: 'y' }] },
      })) as any;
      expect(read.result.outputs[0].value).toBeCloseTo(42, 9);
    },
    600_000,
  );
});
