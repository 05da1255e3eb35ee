// One OAPI call from its allow-list entry (@structural-platform/tool-schema's OAPI_METHODS): the
// caller gives the `in` and `inout` arguments in order; this builds the wire arguments (numbers
// typed double where the parameter is a double, arrays typed, empty values of the right type
// for the ByRef outputs), marks the ByRef positions, and answers the outputs by name. So every
// call the tools make is typed by the same list the escape hatch checks agents' calls against,
// and a method the tools use is on the list by construction.
import { oapiMethod, type OapiMethod, type OapiParam } from '@structural-platform/tool-schema';
import { ToolFailure } from '../../adapter.ts';
import { com } from '../helper-process.ts';
import type { ComSession } from '../session.ts';

export interface OapiAnswer {
  value: unknown;
  outputs: Record<string, unknown>;
  entry: OapiMethod;
}

function wire(p: OapiParam, v: unknown): unknown {
  switch (p.type) {
    case 'double':
      return com.double(Number(v ?? 0));
    case 'int':
      return Math.trunc(Number(v ?? 0)); // a JSON integer is an Int32 to the helper
    case 'bool':
      return v === undefined ? false : Boolean(v);
    case 'string':
      return v === undefined ? '' : String(v);
    case 'double[]':
      return com.doubles((v as number[] | undefined) ?? []);
    case 'int[]':
      return com.ints((v as number[] | undefined) ?? []);
    case 'string[]':
      return com.strings((v as string[] | undefined) ?? []);
    case 'bool[]':
      return com.bools((v as boolean[] | undefined) ?? []);
  }
}

/** Calls an allow-listed method with its given arguments; answers the return value and the ByRef outputs by name. */
export async function oapiCall(
  session: ComSession,
  program: 'sap2000' | 'etabs',
  method: string,
  given: unknown[],
  timeoutMs?: number,
): Promise<OapiAnswer> {
  const entry = oapiMethod(method, program);
  if (!entry) throw new ToolFailure('INVALID_ARGUMENTS', `${method} is not on the ${program} allow-list`, { method });
  const args: unknown[] = [];
  const byref: number[] = [];
  let k = 0;
  entry.params.forEach((p, position) => {
    if (p.io !== 'in') byref.push(position);
    args.push(wire(p, p.io === 'out' ? undefined : given[k++]));
  });
  const a = await session.call(method, args, { byref, timeoutMs });
  const outputs: Record<string, unknown> = {};
  byref.forEach((position, n) => (outputs[entry.params[position]!.name] = a.out[n]));
  return { value: a.value, outputs, entry };
}
