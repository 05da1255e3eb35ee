// One tool call the model asked for, run as the run's account: a platform tool here (priced work
// added to the run's cost), a desktop tool through the bridge. A call the model got wrong is
// answered as that tool's INVALID_ARGUMENTS error, never sent to the desktop.
import { parseToolCall } from '@structural-platform/tool-schema';
import { PRICES_USD } from '../../../core/platform-tools.ts';
import type { BridgeOutcome } from '../bridge.ts';
import { splitToolName } from '../catalogue.ts';
import type { ChatToolCall } from '../llm.ts';
import { runPlatformTool } from '../platform-tools.ts';
import { argumentsTooLarge } from '../tool-limits.ts';
import { setStatus, type ActiveRun, type EngineState } from './state.ts';

/** A tool call's end as the model reads it: a desktop tool's outcome, the bridge's failure, or a platform tool's. */
export type StepOutcome =
  | BridgeOutcome
  | { callId: string; ok: false; error: { code: string; message: string; details?: Record<string, unknown> } };

export async function runTool(s: EngineState, a: ActiveRun, tc: ChatToolCall): Promise<StepOutcome> {
  const name = tc.function.name;
  const platformTool = Object.hasOwn(s.platform.tools, name) ? name : null;
  const split = platformTool ? null : splitToolName(a.agent, name);
  if (!platformTool && !split)
    return {
      callId: tc.id,
      ok: false,
      error: { code: 'INVALID_ARGUMENTS', message: `tool: this agent has no tool ${name}` },
    };
  const tooLarge = argumentsTooLarge(tc.function.arguments || '');
  if (tooLarge) return { callId: tc.id, ok: false, error: tooLarge };
  let args: unknown;
  try {
    args = JSON.parse(tc.function.arguments || '{}');
  } catch {
    return { callId: tc.id, ok: false, error: { code: 'INVALID_ARGUMENTS', message: 'arguments: not valid JSON' } };
  }
  if (platformTool) return runPlatformCall(s, a, tc, platformTool, args);
  return runDesktopCall(s, a, tc, split!, args);
}

/** A platform tool, on this thread; its priced work charged to the account and added to the run. */
async function runPlatformCall(
  s: EngineState,
  a: ActiveRun,
  tc: ChatToolCall,
  tool: string,
  args: unknown,
): Promise<StepOutcome> {
  // Platform work may be priced: the account must still have credits (else the run stops OUT_OF_CREDITS).
  await s.usage.assertCredits(a.principal);
  const out = await runPlatformTool(
    { platform: s.platform, principal: a.principal, signal: a.abort.signal },
    tool,
    args,
    s.log,
  );
  if (!out.ok) return { callId: tc.id, ok: false, error: out.error };
  if (out.charges.length) {
    const items = out.charges.map((c) => ({ ...c, costUsd: c.units * PRICES_USD[c.kind] }));
    a.run = { ...(await s.store.recordPlatformWork(a.run, items)), status: a.run.status };
    await s.usage.charge(
      a.principal,
      items.reduce((sum, i) => sum + i.costUsd, 0),
    );
  }
  return { callId: tc.id, ok: true, result: out.result };
}

/** A desktop tool: checked against the shared schema, then sent to a desktop that has its program. */
async function runDesktopCall(
  s: EngineState,
  a: ActiveRun,
  tc: ChatToolCall,
  split: NonNullable<ReturnType<typeof splitToolName>>,
  args: unknown,
): Promise<StepOutcome> {
  const parsed = parseToolCall({
    callId: tc.id.slice(0, 128) || 'call',
    program: split.program,
    tool: split.tool,
    args,
  });
  if (!parsed.ok) return { callId: tc.id, ok: false, error: parsed.error };
  const { bridge } = s;
  const machines = bridge.machines(a.principal.accountId);
  if (machines.length && !bridge.hasLane(a.principal.accountId, split.program)) {
    return {
      callId: tc.id,
      ok: false,
      error: {
        code: 'PROGRAM_NOT_AVAILABLE',
        message: `${split.program} is not installed on any of this account's desktops`,
      },
    };
  }
  a.desktopWait = new AbortController();
  try {
    return await bridge.call(a.principal.accountId, split.program, split.tool, parsed.value.args, {
      // Working statuses are not written (setStatus), so these settle at once.
      onWaiting: () => void setStatus(s, a, 'waiting_for_desktop'),
      onDelivered: () => void setStatus(s, a, 'calling_tool'),
      signal: AbortSignal.any([a.abort.signal, a.desktopWait.signal]),
      conversationId: a.conversation.id,
    });
  } finally {
    a.desktopWait = null;
  }
}
