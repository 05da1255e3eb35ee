// Drives a stand-in adapter through the same dispatch the bridge will use (validation on both sides).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dispatch } from '../../../src/adapters/adapter.ts';
import { StandinFrameAdapter } from '../../../src/adapters/standin/adapter.ts';
import type { ToolName, ToolOutcome } from '@structural-platform/tool-schema';

export function standin() {
  const dir = mkdtempSync(join(tmpdir(), 'standin-'));
  const adapters = new Map([['sap2000' as const, new StandinFrameAdapter('sap2000', dir)]]);
  let n = 0;
  const raw = (tool: ToolName, args: unknown): Promise<ToolOutcome> => dispatch(adapters, { callId: `c${++n}`, program: 'sap2000', tool, args });
   
  const call = async (tool: ToolName, args: unknown): Promise<any> => {
    const out = await raw(tool, args);
    if (!out.ok) throw new Error(`${tool}: ${out.error.code} ${out.error.message}`);
    return out.result;
  };
  return { dir, call, raw };
}

/** |a − b| ≤ tol·|b|: relative agreement. */
export function rel(a: number, b: number): number {
  return Math.abs(a - b) / Math.abs(b);
}
