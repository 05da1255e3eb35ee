// Drives a stand-in adapter through the same dispatch the bridge will use (validation on both sides).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dispatch } from '../../../src/adapters/adapter.ts';
import { StandinFrameAdapter } from '../../../src/adapters/standin/adapter.ts';
import type { ToolName, ToolOutcome } from '@structural-platform/tool-schema';

export function standin(program: 'sap2000' | 'etabs' = 'sap2000') {
  const dir = mkdtempSync(join(tmpdir(), 'standin-'));
  const adapter = new StandinFrameAdapter(program, dir);
  const adapters = new Map([[program, adapter]]);
  let n = 0;
  const raw = (tool: ToolName, args: unknown): Promise<ToolOutcome> =>
    dispatch(adapters, { callId: `c${++n}`, program, tool, args });
  const call = async (tool: ToolName, args: unknown): Promise<any> => {
    const out = await raw(tool, args);
    if (!out.ok) throw new Error(`${tool}: ${out.error.code} ${out.error.message}`);
    return out.result;
  };
  return { dir, call, raw, adapter };
}

/** |a − b| ≤ tol·|b|: relative agreement. */
export function rel(a: number, b: number): number {
  return Math.abs(a - b) / Math.abs(b);
}
