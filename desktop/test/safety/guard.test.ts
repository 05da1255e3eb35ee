// The safety guard between the bridge and the adapters: versioned backups before a model is
// changed, the engineer's approval of destructive steps (approved, declined, unanswered), and
// the audit log of every call with its program calls, exported as JSON lines and CSV.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Program } from '@structural-platform/tool-schema';
import type { Adapter } from '../../src/adapters/adapter.ts';
import { CsiAdapter } from '../../src/adapters/com/csi/adapter.ts';
import { ComSession } from '../../src/adapters/com/session.ts';
import { StandinFrameAdapter } from '../../src/adapters/standin/adapter.ts';
import { Logger } from '../../src/logs/logger.ts';
import { Approvals } from '../../src/safety/approvals.ts';
import { AuditLog } from '../../src/safety/audit.ts';
import { BackupStore } from '../../src/safety/backups.ts';
import { ToolGuard } from '../../src/safety/guard.ts';
import { fakeCom } from '../helpers/fake-com.ts';

const closing: Adapter[] = [];
afterEach(async () => {
  await Promise.all(closing.splice(0).map((a) => a.close()));
});

function setup(adapter: Adapter, dir: string, approvalTimeoutMs = 30_000) {
  const approvals = new Approvals(approvalTimeoutMs);
  const audit = new AuditLog(join(dir, 'audit'));
  const adapters = new Map<Program, Adapter>([[adapter.program, adapter]]);
  closing.push(adapter);
  const guard = new ToolGuard({
    adapters: () => adapters,
    workingDirectory: () => dir,
    backups: new BackupStore(),
    approvals,
    audit,
    log: new Logger({ dir: join(dir, 'logs') }),
  });
  let n = 0;
  const run = (tool: string, args: object = {}, conversationId = 'conv-1') =>
    guard.run({ callId: `c${++n}`, conversationId, program: adapter.program, tool, args });
  /** Answers the next approval request that appears. */
  const next = (approve: boolean) =>
    new Promise<string>((resolve) => {
      const check = () => {
        const r = approvals.current[0];
        if (!r) return;
        approvals.off('changed', check);
        approvals.answer(r.id, approve);
        resolve(r.changes.summary);
      };
      approvals.on('changed', check);
    });
  return { run, approvals, audit, next };
}

async function beamModel(run: ReturnType<typeof setup>['run']) {
  await run('new_model', {
    units: 'kN_m_C',
    dimension: '2d',
    template: { kind: 'beam', spans: 2, span_length: 5 },
    default_section: 'R',
  });
  await run('define_material', { name: 'C', e: 3e7 });
  await run('define_section', { name: 'R', material: 'C', section: { shape: 'rectangle', depth: 0.5, width: 0.3 } });
  await run('assign_loads', {
    pattern: 'D',
    loads: [{ type: 'frame_distributed', frame: '1', direction: 'gravity', value: 10 }],
  });
  return run('save_model', { path: 'beam.json' });
}

describe('the safety guard', () => {
  it('backs the model file up before the first change, once per saved state, beside the model', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'guard-'));
    const { run, approvals, audit } = setup(new StandinFrameAdapter('etabs', dir), dir);
    expect(await beamModel(run)).toMatchObject({ ok: true });
    const file = join(dir, 'beam.json');
    const backups = join(dir, '.backups', 'beam.json');
    expect(existsSync(backups)).toBe(false); // the model had no file until it was saved: nothing to lose before
    // Opening a model closes the open one: shown and logged, not held (no file is touched).
    expect(await run('open_model', { path: 'beam.json' })).toMatchObject({ ok: true });
    expect(approvals.current).toEqual([]);
    const opened = (await audit.entries('conv-1')).at(-1)!;
    expect(opened).toMatchObject({
      tool: 'open_model',
      approval: 'not_needed',
      changes: { destructive: false, modifies: [expect.stringMatching(/^the open model .*beam\.json is closed/)] },
    });
    expect(await run('define_material', { name: 'C', e: 3.2e7 })).toMatchObject({ ok: true });
    const manifest = () => JSON.parse(readFileSync(join(backups, 'manifest.json'), 'utf8')).versions;
    expect(manifest()).toHaveLength(1);
    expect(manifest()[0]).toMatchObject({
      version: 1,
      source: file,
      conversation: 'conv-1',
      tool: 'open_model',
      reason: 'before a change to the model',
    });
    expect(readFileSync(manifest()[0].file, 'utf8')).toBe(readFileSync(file, 'utf8'));
    await run('define_material', { name: 'C', e: 3.4e7 });
    expect(manifest()).toHaveLength(1); // the file did not change: no second copy
  });

  it('asks the engineer before a destructive step: declined, nothing changes; approved, it runs; unanswered, it is declined', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'guard-'));
    const { run, next } = setup(new StandinFrameAdapter('etabs', dir), dir);
    await beamModel(run);
    const declined = next(false);
    const out = await run('delete_objects', { frames: ['2'] });
    expect(await declined).toBe('delete_objects: deletes 1');
    expect(out).toMatchObject({
      ok: false,
      error: {
        code: 'DECLINED',
        message: expect.stringMatching(/declined this change/),
        details: { changes: { deletes: ['frames 2 with the loads on them'], destructive: true } },
      },
    });
    expect((await run('read_table', { table: 'Connectivity - Frame' })).ok && true).toBe(true);
    const frames = await run('read_table', { table: 'Connectivity - Frame', fields: ['Frame'] });
    expect(frames).toMatchObject({ ok: true, result: { rows: [['1'], ['2']] } });

    const approved = next(true);
    expect(await run('delete_objects', { frames: ['2'] })).toMatchObject({
      ok: true,
      result: { deleted: { frames: ['2'] } },
    });
    await approved;
    expect(await run('read_table', { table: 'Connectivity - Frame', fields: ['Frame'] })).toMatchObject({
      ok: true,
      result: { rows: [['1']] },
    });

    // Adding is not destructive: no question.
    expect(await run('define_frames', { frames: [{ start: [5, 0, 0], end: [10, 0, 0], section: 'R' }] })).toMatchObject(
      { ok: true },
    );
    // Replacing a pattern's loads deletes them: asked.
    const replaced = next(true);
    expect(
      await run('assign_loads', {
        pattern: 'D',
        replace: true,
        loads: [{ type: 'frame_distributed', frame: '1', direction: 'gravity', value: 12 }],
      }),
    ).toMatchObject({ ok: true });
    expect(await replaced).toBe('assign_loads: deletes 1, adds 1');

    const quick = setup(new StandinFrameAdapter('etabs', dir), dir, 300);
    await quick.run('open_model', { path: 'beam.json' });
    expect(await quick.run('delete_objects', { frames: ['1'] })).toMatchObject({
      ok: false,
      error: { code: 'DECLINED', message: expect.stringMatching(/did not approve this change in time/) },
    });
    expect(quick.approvals.current).toEqual([]);
  });

  it('asks before a save writes over a file, and keeps the file it writes over', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'guard-'));
    const { run, next } = setup(new StandinFrameAdapter('sap2000', dir), dir);
    await beamModel(run);
    const before = readFileSync(join(dir, 'beam.json'), 'utf8');
    await run('define_material', { name: 'C', e: 3.3e7 });
    const asked = next(true);
    expect(await run('save_model', { path: 'beam.json' })).toMatchObject({ ok: true });
    expect(await asked).toBe('save_model: modifies 1');
    const versions = JSON.parse(readFileSync(join(dir, '.backups', 'beam.json', 'manifest.json'), 'utf8')).versions;
    expect(readFileSync(versions[0].file, 'utf8')).toBe(before);
    expect(readFileSync(join(dir, 'beam.json'), 'utf8')).not.toBe(before);
  });

  it('keeps an audit log per conversation with every call, its preview, backup, answer and outcome, exported as JSON lines and CSV', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'guard-'));
    const { run, audit, next } = setup(new StandinFrameAdapter('etabs', dir), dir);
    await beamModel(run);
    await run('run_analysis', {}, 'conv-2');
    const declined = next(false);
    await run('delete_objects', { frames: ['1'] });
    await declined;
    await run('nonsense_tool', {});
    const entries = await audit.entries('conv-1');
    expect(entries.map((e) => [e.tool, e.approval, e.outcome.ok])).toEqual([
      ['new_model', 'not_needed', true],
      ['define_material', 'not_needed', true],
      ['define_section', 'not_needed', true],
      ['assign_loads', 'not_needed', true],
      ['save_model', 'not_needed', true],
      ['delete_objects', 'declined', false],
      ['nonsense_tool', 'not_needed', false],
    ]);
    expect(entries[5]).toMatchObject({
      conversation: 'conv-1',
      program: 'etabs',
      arguments: { frames: ['1'] },
      changes: { deletes: ['frames 1 with the loads on them'] },
      outcome: { ok: false, code: 'DECLINED' },
    });
    expect(entries[5]!.backup).toMatch(/\.backups/);
    expect(await audit.conversations()).toEqual(
      expect.arrayContaining([
        { conversation: 'conv-1', calls: 7 },
        { conversation: 'conv-2', calls: 1 },
      ]),
    );
    const jsonl = await audit.export('conv-1', 'jsonl');
    expect(
      jsonl
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).tool),
    ).toEqual(entries.map((e) => e.tool));
    const csv = (await audit.export('conv-1', 'csv')).trim().split('\r\n');
    expect(csv[0]).toBe(
      'at,conversation,call_id,program,tool,arguments,changes,backup,approval,ok,error_code,error_message,ms,program_calls',
    );
    expect(csv).toHaveLength(8);
    expect(csv[6]).toMatch(
      /,delete_objects,"\{""frames"":\[""1""\]\}",delete_objects: deletes 1,.*,declined,false,DECLINED,/,
    );
    await expect(audit.export('../etc', 'csv')).rejects.toThrow(/not a conversation id/);
  });

  it('records every OAPI call a tool makes, and asks before an escape-hatch method that writes a file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'guard-'));
    const fake = fakeCom({ program: 'csi' });
    const session = new ComSession({
      program: 'sap2000',
      label: 'SAP2000',
      helper: fake.command,
      log: fake.log,
      connect: () => ({ program: 'csi', exe: 'SAP2000.exe', units: 6, visible: true }),
      exit: { target: 'SapObject.ApplicationExit', args: [false] },
      helperLimits: { startTimeoutMs: 15_000 },
    });
    const { run, audit, next } = setup(new CsiAdapter('sap2000', session, () => dir), dir);
    await run('new_model', { units: 'kN_m_C' });
    await run('call_api', { method: 'SapModel.GetPresentUnits' });
    const asked = next(false);
    expect(await run('call_api', { method: 'SapModel.File.Save', args: [join(dir, 'm.sdb')] })).toMatchObject({
      ok: false,
      error: { code: 'DECLINED' },
    });
    expect(await asked).toMatch(/^call_api: modifies 1/);
    expect(fake.calls()).not.toContain('SapModel.File.Save');
    const entries = await audit.entries('conv-1');
    expect(entries[0]!.program_calls.map((c) => c.target)).toEqual(
      expect.arrayContaining(['SapModel.InitializeNewModel', 'SapModel.File.NewBlank']),
    );
    expect(entries[0]!.program_calls.find((c) => c.target === 'SapModel.InitializeNewModel')).toMatchObject({
      args: [6],
      returned: 0,
    });
    expect(entries[1]).toMatchObject({
      tool: 'call_api',
      arguments: { method: 'SapModel.GetPresentUnits' },
      program_calls: [expect.objectContaining({ target: 'SapModel.GetPresentUnits', args: [] })],
    });
    expect(entries[2]).toMatchObject({ tool: 'call_api', approval: 'declined', changes: { destructive: true } });
  });
});
