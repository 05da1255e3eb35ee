// The line protocol with the COM helper (src/adapters/com/helper-process.ts), against a real
// child process (test/helpers/fake-com-helper.ts) scripted per test: answers, errors, a crash
// mid-call, a hang past the time limit, garbage, an oversized line, answers out of step.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { HelperError, HelperProcess, type HelperOptions } from '../../../src/adapters/com/helper-process.ts';
import { fakeCom, type FakeCom } from '../../helpers/fake-com.ts';

const helpers: HelperProcess[] = [];
afterEach(async () => {
  await Promise.all(helpers.splice(0).map((h) => h.close(500)));
});

function helper(fake: FakeCom, o: Partial<HelperOptions> = {}): HelperProcess {
  const h = new HelperProcess({
    command: fake.command,
    log: fake.log,
    startTimeoutMs: 15_000,
    timeoutMs: 10_000,
    ...o,
  });
  helpers.push(h);
  return h;
}

const failure = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: unknown) => e as HelperError,
  );

describe('the COM helper line protocol', () => {
  it('sends requests with ids, one at a time, and returns the answers in order with their ByRef outputs', async () => {
    const fake = fakeCom({
      rules: [
        { target: 'A', do: 'answer', value: 0, out: [3, ['x', 'y']] },
        { target: 'B', do: 'answer', value: 'b' },
      ],
    });
    const h = helper(fake);
    const [a, b] = await Promise.all([
      h.request('call', { target: 'A', args: [1], byref: [1] }),
      h.request('call', { target: 'B', args: [] }),
    ]);
    expect(a).toEqual({ value: 0, out: [3, ['x', 'y']] });
    expect(b).toEqual({ value: 'b', out: [] });
    const sent = fake.requests();
    expect(sent.map((r) => [r.op, r.target])).toEqual([
      ['call', 'A'],
      ['call', 'B'],
    ]);
    expect(sent[1]!.id).toBe(sent[0]!.id + 1);
    expect(sent[0]).toMatchObject({ args: [1], byref: [1] });
    expect(h.busy).toBe(false);
  });

  it("reports the helper's own error with its kind and message", async () => {
    const fake = fakeCom({
      rules: [
        {
          target: 'A',
          do: 'error',
          error: {
            kind: 'com',
            message: 'Exception from HRESULT: 0x80010001 (RPC_E_CALL_REJECTED)',
            details: { hresult: -2147418111 },
          },
        },
      ],
    });
    const e = await failure(helper(fake).request('call', { target: 'A' }));
    expect(e).toBeInstanceOf(HelperError);
    expect(e).toMatchObject({
      kind: 'remote',
      remoteKind: 'com',
      message: 'Exception from HRESULT: 0x80010001 (RPC_E_CALL_REJECTED)',
      details: { hresult: -2147418111 },
    });
  });

  it('fails a call the helper crashes in, with what it wrote to stderr, and starts a new helper for the next call', async () => {
    const fake = fakeCom({
      rules: [
        { target: 'Run', do: 'crash', times: 1 },
        { target: 'Run', do: 'answer', value: 0 },
      ],
    });
    const h = helper(fake);
    const e = await failure(h.request('call', { target: 'Run' }, { what: 'SapModel.Analyze.RunAnalysis' }));
    expect(e.kind).toBe('crashed');
    expect(e.message).toMatch(
      /exited \(code 1\) during SapModel\.Analyze\.RunAnalysis: Unhandled exception: the RPC server is unavailable/,
    );
    expect(h.alive).toBe(false);
    expect(await h.request('call', { target: 'Run' })).toEqual({ value: 0, out: [] });
    expect(fake.state().starts).toBe(2);
  });

  it('kills a helper that does not answer within the time limit; the next call runs on a new one', async () => {
    const fake = fakeCom({
      rules: [
        { target: 'Slow', do: 'hang' },
        { target: 'Fast', do: 'answer', value: 1 },
      ],
    });
    const h = helper(fake, { timeoutMs: 60_000 });
    await h.request('call', { target: 'Fast' });
    const firstPid = h.pid;
    const started = Date.now();
    const e = await failure(
      h.request('call', { target: 'Slow' }, { timeoutMs: 700, what: 'SapModel.Analyze.RunAnalysis' }),
    );
    expect(e.kind).toBe('timeout');
    expect(e.message).toMatch(/SapModel\.Analyze\.RunAnalysis did not answer within 1 s; the COM helper was stopped/);
    // Stopped at its 0.7 s limit, not at the helper's 60 s default: 20 s is far from both.
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(await h.request('call', { target: 'Fast' })).toEqual({ value: 1, out: [] });
    expect(h.pid).not.toBe(firstPid);
    expect(fake.state().starts).toBe(2);
  });

  it('refuses lines that are not protocol messages and still takes the answer that follows', async () => {
    const fake = fakeCom({ rules: [{ target: 'A', do: 'garbage', lines: 3, then: 'answer', value: 42 }] });
    const h = helper(fake);
    expect(await h.request('call', { target: 'A' })).toEqual({ value: 42, out: [] });
    expect(h.refusedLines).toBe(3);
    const log = readFileSync(fake.log.file, 'utf8');
    expect(log).toContain('WARNING: not json 0');
  });

  it('stops a helper that floods garbage during a call', async () => {
    const fake = fakeCom({ rules: [{ target: 'A', do: 'garbage', lines: 50 }] });
    const h = helper(fake, { maxGarbageLines: 10 });
    const e = await failure(h.request('call', { target: 'A' }));
    expect(e).toMatchObject({
      kind: 'malformed',
      message: expect.stringMatching(/11 lines that are not protocol messages/),
    });
  });

  it('fails an answer larger than the line limit with too_large, skips it to its end, and keeps the helper', async () => {
    const fake = fakeCom({
      rules: [
        { target: 'Huge', do: 'huge', bytes: 3_000_000 },
        { target: 'Small', do: 'answer', value: 'ok' },
      ],
    });
    const h = helper(fake, { maxLineBytes: 1_000_000 });
    const e = await failure(h.request('call', { target: 'Huge' }, { what: 'SapModel.Results.JointDispl' }));
    expect(e).toMatchObject({
      kind: 'too_large',
      message: expect.stringMatching(/answer to SapModel\.Results\.JointDispl is larger than 1000000 bytes/),
    });
    const pid = h.pid;
    expect(await h.request('call', { target: 'Small' })).toEqual({ value: 'ok', out: [] });
    expect(h.pid).toBe(pid);
  });

  it('refuses an answer to another id (out of step) and one without the protocol shape', async () => {
    const fake = fakeCom({
      rules: [
        { target: 'Wrong', do: 'wrong-id' },
        { target: 'Bad', do: 'malformed' },
      ],
    });
    const h = helper(fake);
    expect(await failure(h.request('call', { target: 'Wrong' }, { timeoutMs: 800 }))).toMatchObject({
      kind: 'timeout',
    });
    expect(h.refusedLines).toBe(1);
    expect(await failure(h.request('call', { target: 'Bad' }))).toMatchObject({
      kind: 'malformed',
      message: 'the answer to call is not a protocol message',
    });
  });

  it('fails to start a helper that exits, stays silent or speaks another protocol version; tolerates noise before its ready line', async () => {
    const exits = fakeCom({ start: 'exit' });
    expect(await failure(helper(exits).request('status'))).toMatchObject({
      kind: 'start_failed',
      message: expect.stringMatching(/exited before it was ready \(code 3\)/),
    });
    const silent = fakeCom({ start: 'silent' });
    expect(await failure(helper(silent, { startTimeoutMs: 800 }).request('status'))).toMatchObject({
      kind: 'start_failed',
      message: expect.stringMatching(/did not say it was ready within 0\.8 s/),
    });
    const old = fakeCom({ start: 'old-protocol' });
    expect(await failure(helper(old).request('status'))).toMatchObject({
      kind: 'start_failed',
      message: 'the COM helper speaks protocol 0, this client 1',
    });
    const noisy = fakeCom({
      start: 'noise-then-ready',
      rules: [{ op: 'status', do: 'answer', value: { attached: true } }],
    });
    expect(await helper(noisy).request('status')).toEqual({ value: { attached: true }, out: [] });
  });

  it('does not start a helper that keeps failing more than maxRestarts times a window', async () => {
    const fake = fakeCom({ start: 'exit' });
    const h = helper(fake, { maxRestarts: 2, restartWindowMs: 60_000 });
    expect((await failure(h.request('status'))).kind).toBe('start_failed');
    expect((await failure(h.request('status'))).kind).toBe('start_failed');
    expect(await failure(h.request('status'))).toMatchObject({
      kind: 'unavailable',
      message: expect.stringMatching(/failed 2 times within 60 s/),
    });
    expect(fake.state().starts).toBe(2);
  });

  it('refuses requests once closed', async () => {
    const fake = fakeCom({ rules: [{ op: 'status', do: 'answer', value: {} }] });
    const h = helper(fake);
    await h.request('status');
    await h.close();
    expect(h.alive).toBe(false);
    expect(await failure(h.request('status'))).toMatchObject({ kind: 'closed' });
  });
});
