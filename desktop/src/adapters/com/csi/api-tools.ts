// The escape hatch over OAPI: any method on the allow-list for this program, with the caller's
// typed arguments (the schema checked them against the entry already), its return value and
// its ByRef outputs by name. Methods that change the model discard the analysis results as
// the programs do. The engineer's approval of methods that delete or write files is asked by
// the desktop client before the call reaches this adapter (../../../safety/guard.ts).
import { oapiMethod, type ToolArgs, type ToolResult } from '@structural-platform/tool-schema';
import { ToolFailure } from '../../adapter.ts';
import type { CsiSession } from './context.ts';

export async function callApi(csi: CsiSession, a: ToolArgs<'call_api'>): Promise<ToolResult<'call_api'>> {
  const entry = oapiMethod(a.method, csi.program);
  if (!entry)
    throw new ToolFailure('INVALID_ARGUMENTS', `method: ${a.method} is not on the ${csi.program} allow-list`, {
      method: a.method,
    });
  await csi.need();
  const out = await csi.call(a.method, a.args, entry.effect === 'read' ? undefined : 600_000);
  if (entry.effect !== 'read') csi.changed();
  return { method: a.method, returned: out.value, outputs: out.outputs };
}
