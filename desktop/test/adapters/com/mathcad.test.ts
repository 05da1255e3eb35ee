// The Mathcad Prime adapter (src/adapters/com/mathcad.ts) through dispatch(), over the helper
// protocol to test/helpers/fake-com-helper.ts playing Mathcad Prime with one worksheet.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Program } from '@structural-platform/tool-schema';
import { dispatch, type Adapter } from '../../../src/adapters/adapter.ts';
import { comAdapter } from '../../../src/adapters/select.ts';
import { fakeCom, type FakeCom } from '../../helpers/fake-com.ts';

const adapters: Adapter[] = [];
afterEach(async () => {
  await Promise.all(adapters.splice(0).map((a) => a.close()));
});

const WORKSHEET = {
  inputs: { L: { value: 6, unit: 'm' }, grade: { value: 'S355' } },
  outputs: {
    M_Ed: { type: 'real', value: 45000, unit: 'N*m', as: { 'kN*m': 0.001 } },
    verdict: { type: 'string', value: 'OK' },
    K: { type: 'matrix' },
  },
};

function mathcad(fake: FakeCom) {
  const dir = mkdtempSync(join(tmpdir(), 'mathcad-work-'));
  writeFileSync(join(dir, 'beam.mcdx'), 'PK');
  const installation = {
    program: 'mathcad' as const,
    version: '11.0.1.0',
    folder: 'C:\\Program Files\\PTC\\Mathcad Prime 11.0.1.0',
    exe: 'C:\\Program Files\\PTC\\Mathcad Prime 11.0.1.0\\MathcadPrime.exe',
    exeExists: true,
    comRegistered: true,
    sources: ['folder' as const],
  };
  const adapter = comAdapter('mathcad', installation, {
    log: fake.log,
    workingDirectory: () => dir,
    helper: () => fake.command,
  });
  adapters.push(adapter);
  const map = new Map<Program, Adapter>([['mathcad', adapter]]);
  let n = 0;
  const call = (tool: string, args: object = {}) =>
    dispatch(map, { callId: `m${++n}`, program: 'mathcad', tool, args }) as Promise<any>;
  return { adapter, dir, call };
}

const requestsTo = (fake: FakeCom, suffix: string) =>
  fake
    .requests()
    .filter((r) => r.target?.endsWith(suffix))
    .map((r) => r.args);

describe('Mathcad Prime over its Automation API', () => {
  it('opens a worksheet, sets inputs, recalculates, reads outputs and saves', async () => {
    const fake = fakeCom({ program: 'mathcad', worksheet: WORKSHEET });
    const { call, dir, adapter } = mathcad(fake);
    expect(await call('set_inputs', { inputs: [{ alias: 'L', value: 7 }] })).toMatchObject({
      ok: false,
      error: { code: 'NO_MODEL' },
    });
    expect(await call('open_worksheet', { path: 'beam.xmcd' })).toMatchObject({
      ok: false,
      error: { code: 'UNSUPPORTED_FILE' },
    });
    expect(await call('open_worksheet', { path: 'none.mcdx' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });

    const opened = await call('open_worksheet', { path: 'beam.mcdx' });
    expect(opened).toEqual({
      callId: 'm4',
      ok: true,
      result: { path: join(dir, 'beam.mcdx'), inputs: ['L', 'grade'], outputs: ['M_Ed', 'verdict', 'K'] },
    });
    expect(requestsTo(fake, 'Application.Open')).toEqual([[join(dir, 'beam.mcdx')]]);
    expect(fake.requests()[0]).toMatchObject({ op: 'connect', progId: 'MathcadPrime.Application' });
    expect(adapter.hasOwnSession()).toBe(true);

    const set = await call('set_inputs', {
      inputs: [
        { alias: 'L', value: 7.5, unit: 'm' },
        { alias: 'grade', value: 'S275' },
        { alias: 'L', value: 1, unit: 'bogus' },
      ],
    });
    expect(set).toMatchObject({ ok: true, result: { set: ['L', 'grade', 'L'], errors: 1 } });
    expect(requestsTo(fake, '.SetRealValue')).toEqual([
      ['L', 7.5, 'm'],
      ['L', 1, 'bogus'],
    ]);
    expect(requestsTo(fake, '.SetStringValue')).toEqual([['grade', 'S275']]);
    expect(fake.state().mc.synced).toBe(1);
    expect(await call('set_inputs', { inputs: [{ alias: 'M_Ed', value: 1 }] })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND', message: expect.stringMatching(/M_Ed is not an input/) },
    });

    expect(await call('read_outputs', { outputs: [{ alias: 'M_Ed' }, { alias: 'verdict' }] })).toMatchObject({
      ok: true,
      result: {
        outputs: [
          { alias: 'M_Ed', value: 45000, unit: 'N*m' },
          { alias: 'verdict', value: 'OK', unit: null },
        ],
      },
    });
    expect(await call('read_outputs', { outputs: [{ alias: 'M_Ed', unit: 'kN*m' }] })).toMatchObject({
      ok: true,
      result: { outputs: [{ alias: 'M_Ed', value: 45, unit: 'kN*m' }] },
    });
    expect(requestsTo(fake, '.OutputGetRealValueAs')).toEqual([['M_Ed', 'kN*m']]);
    expect(await call('read_outputs', { outputs: [{ alias: 'M_Ed', unit: 'furlong' }] })).toMatchObject({
      ok: false,
      error: {
        code: 'PROGRAM_ERROR',
        message: expect.stringMatching(/could not give M_Ed in furlong \(error code 5\)/),
      },
    });
    expect(await call('read_outputs')).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENTS', message: 'K is a matrix; read_outputs gives numbers and strings' },
    });
    expect(await call('read_outputs', { outputs: [{ alias: 'nope' }] })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });

    expect(await call('save_worksheet', { path: 'beam-out.pdf' })).toMatchObject({
      ok: true,
      result: { path: join(dir, 'beam-out.pdf') },
    });
    expect(fake.state().mc.savedAs).toBe(join(dir, 'beam-out.pdf'));
    expect(await call('save_worksheet', { path: 'beam.docx' })).toMatchObject({
      ok: false,
      error: { code: 'UNSUPPORTED_FILE' },
    });
    expect(await call('save_worksheet')).toMatchObject({ ok: true, result: { path: join(dir, 'beam.mcdx') } });

    await adapter.close();
    expect(requestsTo(fake, 'Application.Quit')).toEqual([[2]]);
  });

  it("leaves the user's own Mathcad running, and asks for the worksheet again after a helper restart", async () => {
    const fake = fakeCom({
      program: 'mathcad',
      worksheet: WORKSHEET,
      alreadyRunning: true,
      rules: [{ target: '@2.Synchronize', do: 'crash', times: 1 }],
    });
    const { call, adapter } = mathcad(fake);
    expect((await call('open_worksheet', { path: 'beam.mcdx' })).ok).toBe(true);
    expect(adapter.hasOwnSession()).toBe(false);
    expect(await call('set_inputs', { inputs: [{ alias: 'L', value: 8 }] })).toMatchObject({
      ok: false,
      error: { code: 'PROGRAM_ERROR', details: { kind: 'crashed' } },
    });
    expect(await call('read_outputs')).toMatchObject({
      ok: false,
      error: { code: 'NO_MODEL', message: expect.stringMatching(/restarted: call open_worksheet again/) },
    });
    expect((await call('open_worksheet', { path: 'beam.mcdx' })).ok).toBe(true);
    await adapter.close();
    expect(requestsTo(fake, 'Application.Quit')).toEqual([]);
  });
});
