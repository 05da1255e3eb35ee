// Mathcad Prime through its Automation API (../../../../../shared/reference/desktop.md §1), over
// the COM helper: Application.Open, Worksheets.Count / Item, the worksheet's Inputs / Outputs
// (Count, GetAliasByIndex), SetRealValue (returns an error count) and SetStringValue,
// Synchronize (recalculate), OutputGetValue / OutputGetRealValueAs (a result with ResultType,
// RealResult, StringResult, Units, ErrorCode), Save / SaveAs, Quit.
//
// MathcadPrime.exe is one process per Windows session: the helper attaches to a running one or
// starts it, and Quit is called only when the helper started it (so the user's own Mathcad and
// worksheets are never closed by the client). Only variables marked Input/Output are reachable.
import { stat } from 'node:fs/promises';
import { extname, resolve } from 'node:path';
import type { ToolArgs, ToolResult, ValidToolCall } from '@structural-platform/tool-schema';
import { ToolFailure } from '../adapter.ts';
import { ComAdapter } from './com-adapter.ts';
import { com } from './helper-process.ts';
import { isHandle, type Handle } from './session.ts';

const RESULT_REAL = 1,
  RESULT_STRING = 2; // ValueResultTypes; 3 is a matrix

export class MathcadAdapter extends ComAdapter {
  readonly program = 'mathcad' as const;
  readonly label = 'Mathcad Prime';
  private sheet: { handle: Handle; path: string; inputs: string[]; outputs: string[]; generation: number } | null =
    null;

  protected forget(): void {
    this.sheet = null;
  }

  async run(call: ValidToolCall): Promise<unknown> {
    switch (call.tool) {
      case 'open_worksheet':
        return this.open(call.args.path);
      case 'set_inputs':
        return this.setInputs(call.args);
      case 'read_outputs':
        return this.readOutputs(call.args);
      case 'save_worksheet':
        return this.save(call.args.path);
      default:
        throw new ToolFailure('PROGRAM_NOT_AVAILABLE', `${this.label} does not offer ${call.tool}`);
    }
  }

  private async need(): Promise<NonNullable<MathcadAdapter['sheet']>> {
    if (!this.sheet)
      throw new ToolFailure('NO_MODEL', 'no worksheet is open in this session: call open_worksheet first');
    await this.session.ensureConnected();
    // A helper restarted since (crash, time limit) holds none of the old handles: the worksheet must be opened again.
    if (this.session.generation !== this.sheet.generation) {
      this.sheet = null;
      throw new ToolFailure('NO_MODEL', 'the connection to Mathcad Prime was restarted: call open_worksheet again');
    }
    return this.sheet;
  }

  private async aliases(sheet: Handle, collection: 'Inputs' | 'Outputs'): Promise<string[]> {
    const count = Number((await this.session.get({ $handle: `${sheet.$handle}.${collection}` }, ['Count'])).Count) || 0;
    const out: string[] = [];
    for (let k = 0; k < count; k++)
      out.push(String((await this.session.call(`${sheet.$handle}.${collection}.GetAliasByIndex`, [k])).value));
    return out;
  }

  private async open(p: string): Promise<ToolResult<'open_worksheet'>> {
    const full = resolve(this.workingDirectoryOf(), p);
    if (extname(full).toLowerCase() !== '.mcdx')
      throw new ToolFailure(
        'UNSUPPORTED_FILE',
        `Mathcad Prime worksheets are .mcdx files, not ${extname(full) || 'a file without extension'}`,
        { path: full },
      );
    const info = await stat(full).catch(() => null);
    if (!info?.isFile()) throw new ToolFailure('NOT_FOUND', `no worksheet at ${full}`, { path: full });
    await this.session.ensureConnected();
    const opened = await this.session.call('Application.Open', [full], { timeoutMs: 300_000 });
    // Open answers the basic worksheet interface; the full one (inputs, outputs, values) is the
    // same worksheet taken from the Worksheets collection.
    const count = Number((await this.session.get('Application.Worksheets', ['Count'])).Count) || 0;
    let handle: Handle | null = null;
    for (let k = 0; k < count && !handle; k++) {
      const item = (await this.session.call('Application.Worksheets.Item', [k])).value;
      if (!isHandle(item)) continue;
      const name = String((await this.session.get(item, ['FullName'])).FullName ?? '');
      if (name.toLowerCase() === full.toLowerCase()) handle = item;
      else await this.session.release([item]);
    }
    if (isHandle(opened.value)) await this.session.release([opened.value]);
    if (!handle)
      throw new ToolFailure('PROGRAM_ERROR', `Mathcad Prime opened ${full} but does not list it among its worksheets`, {
        path: full,
      });
    const inputs = await this.aliases(handle, 'Inputs');
    const outputs = await this.aliases(handle, 'Outputs');
    if (this.sheet) await this.session.release([this.sheet.handle]);
    this.sheet = { handle, path: full, inputs, outputs, generation: this.session.generation };
    return { path: full, inputs, outputs };
  }

  private async setInputs(a: ToolArgs<'set_inputs'>): Promise<ToolResult<'set_inputs'>> {
    const s = await this.need();
    for (const i of a.inputs)
      if (!s.inputs.includes(i.alias))
        throw new ToolFailure(
          'NOT_FOUND',
          `${i.alias} is not an input of the worksheet (inputs: ${s.inputs.join(', ') || 'none'})`,
          { alias: i.alias },
        );
    let errors = 0;
    for (const i of a.inputs) {
      const r =
        typeof i.value === 'number'
          ? await this.session.call(`${s.handle.$handle}.SetRealValue`, [i.alias, com.double(i.value), i.unit ?? ''])
          : await this.session.call(`${s.handle.$handle}.SetStringValue`, [i.alias, i.value]);
      errors += Number(r.value) || 0;
    }
    // Recalculate before anyone reads an output (DefaultCalculationTimeout bounds it in Mathcad; ours is the helper's).
    await this.session.call(`${s.handle.$handle}.Synchronize`, [], { timeoutMs: 300_000 });
    return { set: a.inputs.map((i) => i.alias), errors };
  }

  private async readOutputs(a: ToolArgs<'read_outputs'>): Promise<ToolResult<'read_outputs'>> {
    const s = await this.need();
    const wanted = a.outputs ?? s.outputs.map((alias) => ({ alias, unit: undefined }));
    for (const o of wanted)
      if (!s.outputs.includes(o.alias))
        throw new ToolFailure(
          'NOT_FOUND',
          `${o.alias} is not an output of the worksheet (outputs: ${s.outputs.join(', ') || 'none'})`,
          { alias: o.alias },
        );
    const outputs = [];
    for (const o of wanted) {
      const r = o.unit
        ? await this.session.call(`${s.handle.$handle}.OutputGetRealValueAs`, [o.alias, o.unit])
        : await this.session.call(`${s.handle.$handle}.OutputGetValue`, [o.alias]);
      if (!isHandle(r.value))
        throw new ToolFailure('PROGRAM_ERROR', `Mathcad Prime answered no result for ${o.alias}`, { alias: o.alias });
      const v = await this.session.get(
        r.value,
        o.unit ? ['RealResult', 'ErrorCode'] : ['ResultType', 'RealResult', 'StringResult', 'Units', 'ErrorCode'],
      );
      await this.session.release([r.value]);
      if (Number(v.ErrorCode) !== 0)
        throw new ToolFailure(
          'PROGRAM_ERROR',
          `Mathcad Prime could not give ${o.alias}${o.unit ? ` in ${o.unit}` : ''} (error code ${String(v.ErrorCode)})`,
          { alias: o.alias, error_code: v.ErrorCode },
        );
      if (o.unit) outputs.push({ alias: o.alias, value: Number(v.RealResult), unit: o.unit });
      else if (Number(v.ResultType) === RESULT_REAL)
        outputs.push({
          alias: o.alias,
          value: Number(v.RealResult),
          unit: typeof v.Units === 'string' && v.Units ? v.Units : null,
        });
      else if (Number(v.ResultType) === RESULT_STRING)
        outputs.push({ alias: o.alias, value: String(v.StringResult), unit: null });
      else
        throw new ToolFailure('INVALID_ARGUMENTS', `${o.alias} is a matrix; read_outputs gives numbers and strings`, {
          alias: o.alias,
        });
    }
    return { outputs };
  }

  private async save(p: string | undefined): Promise<ToolResult<'save_worksheet'>> {
    const s = await this.need();
    if (!p) {
      await this.session.call(`${s.handle.$handle}.Save`, [], { timeoutMs: 300_000 });
      return { path: s.path };
    }
    const target = resolve(this.workingDirectoryOf(), p);
    const ext = extname(target).toLowerCase();
    if (ext !== '.mcdx' && ext !== '.pdf')
      throw new ToolFailure('UNSUPPORTED_FILE', 'Mathcad Prime saves .mcdx worksheets (and .pdf from Prime 8)', {
        path: target,
      });
    await this.session.call(`${s.handle.$handle}.SaveAs`, [target], { timeoutMs: 300_000 });
    if (ext === '.mcdx') s.path = target;
    return { path: target };
  }
}
