// Every tool call from the bridge passes here on its way to its adapter:
//   1. a call that changes the model gets its change preview (./preview.ts) from the open model;
//   2. the model file, and any file a save would write over, is backed up first (./backups.ts);
//      a backup that fails stops the call before anything changes;
//   3. a destructive step waits for the engineer's approval in the desktop client
//      (./approvals.ts); declined or unanswered, it answers DECLINED and nothing runs;
//   4. the call runs (adapters/adapter.ts dispatch: validated going in and coming out), every
//      program call it makes recorded (./program-calls.ts);
//   5. the audit log gets the entry (./audit.ts).
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseToolCall, type Program, type ToolOutcome, type ValidToolCall } from '@structural-platform/tool-schema';
import { dispatch, type Adapter } from '../adapters/adapter.ts';
import type { Logger } from '../logs/logger.ts';
import type { Approvals, ApprovalAnswer } from './approvals.ts';
import { NO_CONVERSATION, type AuditLog } from './audit.ts';
import type { BackupStore } from './backups.ts';
import { changesModel, previewOf, type ChangeSet } from './preview.ts';
import { recordingProgramCalls, type ProgramCall } from './program-calls.ts';

export interface GuardedCall {
  callId: string;
  conversationId: string | null;
  program: string;
  tool: string;
  args: unknown;
}

export interface GuardOptions {
  adapters: () => ReadonlyMap<Program, Adapter>;
  workingDirectory: (program: Program) => string;
  backups: BackupStore;
  approvals: Approvals;
  audit: AuditLog;
  log: Logger;
}

const isFile = (p: string) => existsSync(p) && statSync(p).isFile();

/** Files a call would write over: the target of a save (the tool's or the escape hatch's File.Save). */
function savedTo(call: ValidToolCall, workingDirectory: string): string | null {
  if (call.tool === 'save_model' && call.args.path) return resolve(workingDirectory, call.args.path);
  if (
    call.tool === 'call_api' &&
    call.args.method === 'SapModel.File.Save' &&
    typeof call.args.args[0] === 'string' &&
    call.args.args[0]
  )
    return resolve(workingDirectory, call.args.args[0]);
  return null;
}

export class ToolGuard {
  private readonly o: GuardOptions;

  constructor(o: GuardOptions) {
    this.o = o;
  }

  async run(raw: GuardedCall): Promise<ToolOutcome> {
    const started = performance.now();
    const calls: ProgramCall[] = [];
    let changes: ChangeSet | null = null;
    let backup: string | null = null;
    let approval: ApprovalAnswer | 'not_needed' = 'not_needed';
    const outcome = await recordingProgramCalls(calls, async (): Promise<ToolOutcome> => {
      const parsed = parseToolCall(raw);
      const adapter = parsed.ok ? this.o.adapters().get(parsed.value.program) : undefined;
      if (parsed.ok && adapter && changesModel(parsed.value)) {
        const call = parsed.value;
        const dir = this.o.workingDirectory(call.program);
        const model = adapter.inspect
          ? await adapter.inspect().catch((err) => {
              this.o.log.warn('inspect failed', { message: (err as Error).message });
              return null;
            })
          : null;
        changes = previewOf(call, model, isFile, (p) => resolve(dir, p));
        try {
          for (const target of new Set([model?.path, savedTo(call, dir)].filter((p): p is string => !!p))) {
            const v = await this.o.backups.backup(target, {
              conversation: raw.conversationId,
              tool: call.tool,
              reason: target === model?.path ? 'before a change to the model' : 'before the file is written over',
            });
            if (v) backup = v.file;
          }
        } catch (err) {
          return {
            callId: raw.callId,
            ok: false,
            error: {
              code: 'PROGRAM_ERROR',
              message: `the model could not be backed up, so nothing was changed: ${(err as Error).message}`,
            },
          };
        }
        if (changes.destructive) {
          approval = await this.o.approvals.ask({
            conversationId: raw.conversationId,
            program: call.program,
            tool: call.tool,
            arguments: call.args,
            changes,
            backup,
          });
          if (approval !== 'approved') {
            return {
              callId: raw.callId,
              ok: false,
              error: {
                code: 'DECLINED',
                message:
                  approval === 'expired'
                    ? 'the engineer did not approve this change in time in the desktop client; nothing was changed'
                    : 'the engineer declined this change in the desktop client; nothing was changed',
                details: { changes },
              },
            };
          }
        }
      }
      return dispatch(this.o.adapters(), raw);
    });
    try {
      await this.o.audit.append({
        at: new Date().toISOString(),
        conversation: raw.conversationId ?? NO_CONVERSATION,
        call_id: raw.callId,
        program: raw.program,
        tool: raw.tool,
        arguments: raw.args,
        changes,
        backup,
        approval,
        outcome: outcome.ok ? { ok: true } : { ok: false, code: outcome.error.code, message: outcome.error.message },
        ms: performance.now() - started,
        program_calls: calls,
      });
    } catch (err) {
      this.o.log.error('audit log not written', { callId: raw.callId, message: (err as Error).message });
    }
    return outcome;
  }
}
