// Results over OAPI: joint displacements and reactions (Results.JointDispl / JointReact), member
// forces (Results.FrameForce), base reactions (Results.BaseReact), modal periods and mass
// participation (Results.ModalPeriod, ModalParticipatingMassRatios), story drifts (ETABS
// Results.StoryDrifts), story forces and any table (DatabaseTables.GetTableForDisplayArray
// after SetLoadCasesSelectedForDisplay / SetLoadCombinationsSelectedForDisplay; the table list
// from GetAvailableTables). A case or combination is selected for output first
// (Results.Setup.DeselectAllCasesAndCombosForOutput, SetCaseSelectedForOutput or
// SetComboSelectedForOutput). Rows with a step type Max or Min (response spectra, envelopes)
// answer it as their step.
import { TABLE_PAGE_MAX, TablePage, type ToolArgs, type ToolResult } from '@structural-platform/tool-schema';
import { ToolFailure } from '../../adapter.ts';
import { caseRows, ELM_GROUP, ELM_OBJECT, numbers, OUTPUT_SEGMENTS, strings, type CsiSession } from './context.ts';

type Six = [number, number, number, number, number, number];
const GRID_TABLE = 'Grid Definitions - Grid Lines';
const col = (out: Record<string, unknown>, name: string) => (Array.isArray(out[name]) ? (out[name] as unknown[]) : []);
const six = (out: Record<string, unknown>, names: string[], k: number) =>
  names.map((n) => Number(col(out, n)[k])) as Six;

/** Selects a case or combination for output; answers whether it is a combination. */
async function selectForOutput(csi: CsiSession, name: string): Promise<boolean> {
  await csi.ok('SapModel.Results.Setup.DeselectAllCasesAndCombosForOutput');
  const combo = (await csi.names('RespCombo')).includes(name);
  const selected = await csi.call(
    combo ? 'SapModel.Results.Setup.SetComboSelectedForOutput' : 'SapModel.Results.Setup.SetCaseSelectedForOutput',
    [name],
  );
  if (selected.value !== 0)
    throw new ToolFailure('NOT_FOUND', `load pattern ${name} has no analysis case`, { case: name });
  return combo;
}

const stepOf = (step?: 'max' | 'min') => (step ? { step } : {});

export async function readResults(csi: CsiSession, a: ToolArgs<'read_results'>): Promise<ToolResult<'read_results'>> {
  await csi.need();
  csi.needAnalysis();
  await selectForOutput(csi, a.case);
  if (a.kind === 'member_forces') return memberForces(csi, a);
  if (a.kind === 'base_reactions') {
    const out = await csi.ok('SapModel.Results.BaseReact', [], 600_000);
    return {
      kind: 'base_reactions',
      case: a.case,
      rows: caseRows(out, a.case).map(({ k, step }) => ({
        ...stepOf(step),
        values: six(out, ['Fx', 'Fy', 'Fz', 'Mx', 'My', 'Mz'], k),
      })),
    };
  }
  const method = a.kind === 'displacements' ? 'SapModel.Results.JointDispl' : 'SapModel.Results.JointReact';
  const columns =
    a.kind === 'displacements' ? ['U1', 'U2', 'U3', 'R1', 'R2', 'R3'] : ['F1', 'F2', 'F3', 'M1', 'M2', 'M3'];
  const read = async (name: string, elm: number) => {
    const out = await csi.ok(method, [name, elm], 600_000);
    return caseRows(out, a.case).map(({ k, step }) => ({
      joint: String(col(out, 'Obj')[k]),
      ...stepOf(step),
      values: six(out, columns, k),
    }));
  };
  let joints: { joint: string; step?: 'max' | 'min'; values: Six }[];
  if (a.joints) {
    const resolver = csi.joints();
    joints = [];
    for (const ref of a.joints) {
      const name = await resolver.resolve(ref);
      const got = await read(name, ELM_OBJECT);
      joints.push(...(got.length ? got : [{ joint: name, values: [0, 0, 0, 0, 0, 0] as Six }]));
    }
  } else joints = await read('All', ELM_GROUP);
  return { kind: a.kind, case: a.case, joints } as ToolResult<'read_results'>;
}

async function memberForces(csi: CsiSession, a: ToolArgs<'read_results'>): Promise<ToolResult<'read_results'>> {
  const all = await csi.names('FrameObj');
  const names = a.frames ?? all;
  for (const n of names)
    if (!all.includes(n)) throw new ToolFailure('NOT_FOUND', `frame ${n} does not exist`, { frame: n });
  const frames = [];
  for (const name of names) {
    const out = await csi.ok('SapModel.Results.FrameForce', [name, ELM_OBJECT], 600_000);
    const at = caseRows(out, a.case).map(({ k, step }) => ({
      distance: Number(col(out, 'ObjSta')[k]),
      step,
      values: six(out, ['P', 'V2', 'V3', 'T', 'M2', 'M3'], k),
    }));
    const ends = await csi.ok('SapModel.FrameObj.GetPoints', [name]);
    const [xi, xj] = [await csi.coordinates(String(ends.Point1)), await csi.coordinates(String(ends.Point2))];
    const length = Math.hypot(xj[0] - xi[0], xj[1] - xi[1], xj[2] - xi[2]);
    const stations = [];
    for (let s = 0; s < a.stations; s++) {
      const x = (length * s) / (a.stations - 1);
      // The first value at a place for each step: at a point load the programs give the value before it first.
      const hits = at.filter((h) => Math.abs(h.distance - x) <= 1e-6 * Math.max(1, length));
      const first = [...new Map(hits.map((h) => [h.step ?? '', h])).values()];
      if (!first.length)
        throw new ToolFailure(
          'INVALID_ARGUMENTS',
          `stations: ${csi.label} reports frame ${name} at ${at.length} stations set before the analysis (${OUTPUT_SEGMENTS} equal segments); ${a.stations} equally spaced stations need one at ${x}, which it does not have: ask for a number of stations that is a divisor of ${OUTPUT_SEGMENTS} plus one`,
          { frame: name, available: at.map((h) => h.distance) },
        );
      for (const h of first) stations.push({ distance: x, ...stepOf(h.step), values: h.values });
    }
    frames.push({ frame: name, stations });
  }
  return { kind: 'member_forces', case: a.case, frames };
}

export async function readModalResults(
  csi: CsiSession,
  a: ToolArgs<'read_modal_results'>,
): Promise<ToolResult<'read_modal_results'>> {
  await csi.need();
  csi.needAnalysis();
  await selectForOutput(csi, a.case);
  const periods = await csi.ok('SapModel.Results.ModalPeriod', []);
  const ratios = await csi.ok('SapModel.Results.ModalParticipatingMassRatios', []);
  const rows = caseRows(periods, a.case);
  const rk = caseRows(ratios, a.case);
  if (!rows.length)
    throw new ToolFailure('NOT_FOUND', `${a.case} has no modal results (is it a modal case, and was it run?)`, {
      case: a.case,
    });
  return {
    case: a.case,
    total_mass: null,
    modes: rows.map(({ k }, n) => {
      const r = rk[n]?.k ?? k;
      const v = (name: string) => Number(col(ratios, name)[r] ?? 0);
      return {
        mode: Number(col(periods, 'StepNum')[k]) || n + 1,
        period: Number(col(periods, 'Period')[k]),
        frequency: Number(col(periods, 'Frequency')[k]),
        circular_frequency: Number(col(periods, 'CircFreq')[k]),
        ux: v('Ux'),
        uy: v('Uy'),
        uz: v('Uz'),
        rz: v('Rz'),
        sum_ux: v('SumUx'),
        sum_uy: v('SumUy'),
        sum_uz: v('SumUz'),
        sum_rz: v('SumRz'),
      };
    }),
  };
}

export async function storyDrifts(csi: CsiSession, a: ToolArgs<'story_drifts'>): Promise<ToolResult<'story_drifts'>> {
  await csi.need();
  csi.needAnalysis();
  await selectForOutput(csi, a.case);
  const out = await csi.ok('SapModel.Results.StoryDrifts', [], 600_000);
  const stories = await csi.ok('SapModel.Story.GetStories_2', []);
  const heights = new Map(strings(stories.StoryNames).map((n, k) => [n, Number(numbers(stories.StoryHeights)[k])]));
  const best = new Map<string, ToolResult<'story_drifts'>['stories'][number]>();
  for (const { k } of caseRows(out, a.case)) {
    const direction = String(col(out, 'Direction')[k]).toUpperCase().startsWith('Y') ? 'Y' : 'X';
    if (a.direction !== 'both' && a.direction !== direction) continue;
    const story = String(col(out, 'Story')[k]);
    const drift = Math.abs(Number(col(out, 'Drift')[k])) * a.amplification;
    const key = `${story}\u0000${direction}`;
    if ((best.get(key)?.drift ?? -1) < drift)
      best.set(key, {
        story,
        direction,
        drift,
        joint: String(col(out, 'Label')[k]),
        x: Number(col(out, 'X')[k]),
        y: Number(col(out, 'Y')[k]),
        z: Number(col(out, 'Z')[k]),
        height: heights.get(story) ?? 0,
      });
  }
  const rows = [...best.values()];
  const max = rows.reduce<(typeof rows)[number] | null>((b, s) => (!b || s.drift > b.drift ? s : b), null);
  return {
    case: a.case,
    amplification: a.amplification,
    limit: a.limit ?? null,
    stories: rows,
    max: max && { story: max.story, direction: max.direction, drift: max.drift, joint: max.joint },
    passes: a.limit === undefined ? null : rows.every((s) => s.drift <= a.limit!),
  };
}

/** A table's records as cells (numbers where the program printed one). */
async function table(
  csi: CsiSession,
  key: string,
  fields: string[] | undefined,
  cases: string[] | undefined,
): Promise<{ fields: string[]; rows: (string | number | null)[][] }> {
  if (cases?.length) {
    const combos = new Set(await csi.names('RespCombo'));
    await csi.ok('SapModel.DatabaseTables.SetLoadCasesSelectedForDisplay', [cases.filter((c) => !combos.has(c))]);
    await csi.ok('SapModel.DatabaseTables.SetLoadCombinationsSelectedForDisplay', [cases.filter((c) => combos.has(c))]);
  }
  const a = await csi.call('SapModel.DatabaseTables.GetTableForDisplayArray', [key, fields ?? [], 'All'], 600_000);
  if (a.value !== 0)
    throw new ToolFailure(
      'NOT_FOUND',
      `${csi.label} has no table ${key} (list_tables names them; result tables need an analysis, design tables a design)`,
      { table: key, returned: a.value },
    );
  const included = strings(a.outputs.FieldsKeysIncluded),
    data = strings(a.outputs.TableData);
  const n = Number(a.outputs.NumberRecords) || 0,
    w = included.length;
  const cell = (v: string) => (v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : v === '' ? null : v);
  return { fields: included, rows: Array.from({ length: n }, (_, r) => data.slice(r * w, r * w + w).map(cell)) };
}

export async function gridLines(csi: CsiSession): Promise<{ x: Map<string, number>; y: Map<string, number> }> {
  const x = new Map<string, number>(),
    y = new Map<string, number>();
  if (csi.program !== 'etabs') return { x, y };
  const t = await table(csi, GRID_TABLE, undefined, undefined).catch(() => ({
    fields: [] as string[],
    rows: [] as (string | number | null)[][],
  }));
  const f = (names: string[]) => t.fields.findIndex((x) => names.includes(x));
  const [type, id, ord] = [f(['LineType', 'Grid Line Type']), f(['ID', 'GridID']), f(['Ordinate'])];
  for (const r of t.rows) {
    const kind = String(r[type] ?? '');
    if (kind.startsWith('X')) x.set(String(r[id]), Number(r[ord]));
    if (kind.startsWith('Y')) y.set(String(r[id]), Number(r[ord]));
  }
  return { x, y };
}

export async function storyForces(csi: CsiSession, a: ToolArgs<'story_forces'>): Promise<ToolResult<'story_forces'>> {
  await csi.need();
  csi.needAnalysis();
  const t = await table(csi, 'Story Forces', undefined, [a.case]);
  const i = (name: string) => t.fields.indexOf(name);
  const num = (r: (string | number | null)[], name: string) => Number(r[i(name)] ?? 0);
  return {
    case: a.case,
    stories: t.rows
      .filter((r) => r[i('OutputCase')] === a.case)
      .map((r) => {
        const step = String(r[i('StepType')] ?? '').toLowerCase();
        return {
          story: String(r[i('Story')]),
          location: String(r[i('Location')]).toLowerCase() === 'top' ? 'top' : 'bottom',
          ...(step === 'max' || step === 'min' ? { step } : {}),
          p: num(r, 'P'),
          vx: num(r, 'VX'),
          vy: num(r, 'VY'),
          t: num(r, 'T'),
          mx: num(r, 'MX'),
          my: num(r, 'MY'),
        } as ToolResult<'story_forces'>['stories'][number];
      }),
  };
}

export async function listTables(csi: CsiSession, a: ToolArgs<'list_tables'>): Promise<ToolResult<'list_tables'>> {
  await csi.need();
  const out = await csi.ok('SapModel.DatabaseTables.GetAvailableTables', []);
  const keys = strings(out.TableKey),
    names = strings(out.TableName);
  const q = a.contains?.toLowerCase();
  return {
    tables: keys
      .map((key, k) => ({ key, name: names[k] ?? null }))
      .filter((t) => !q || t.key.toLowerCase().includes(q) || (t.name ?? '').toLowerCase().includes(q)),
  };
}

function matches(cell: string | number | null, op: string, value: string | number): boolean {
  if (op === 'contains')
    return String(cell ?? '')
      .toLowerCase()
      .includes(String(value).toLowerCase());
  const numeric =
    typeof cell === 'number' && (typeof value === 'number' || (value.trim() !== '' && Number.isFinite(Number(value))));
  const [x, y] = numeric ? [cell as number, Number(value)] : [String(cell ?? ''), String(value)];
  return op === '='
    ? x === y
    : op === '!='
      ? x !== y
      : op === '<'
        ? x < y
        : op === '<='
          ? x <= y
          : op === '>'
            ? x > y
            : x >= y;
}

export async function readTable(csi: CsiSession, a: ToolArgs<'read_table'>): Promise<ToolResult<'read_table'>> {
  await csi.need();
  // Filtered columns must be read too; the answer keeps the columns asked for.
  const wanted = a.fields ? [...new Set([...a.fields, ...a.filters.map((f) => f.field)])] : undefined;
  const t = await table(csi, a.table, wanted, a.cases);
  const colOf = (f: string) => {
    const k = t.fields.findIndex((x) => x.toLowerCase() === f.toLowerCase());
    if (k < 0)
      throw new ToolFailure(
        'INVALID_ARGUMENTS',
        `table ${a.table} has no column ${f} (it has ${t.fields.join(', ')})`,
        { field: f },
      );
    return k;
  };
  const shown = (a.fields ?? t.fields).map(colOf);
  const filters = a.filters.map((f) => ({ k: colOf(f.field), op: f.op, value: f.value }));
  const matching = t.rows.filter((r) => filters.every((f) => matches(r[f.k] ?? null, f.op, f.value)));
  const page = new TablePage<string | number | null>(Math.min(a.limit, TABLE_PAGE_MAX));
  for (const r of matching.slice(a.offset, a.offset + TABLE_PAGE_MAX))
    if (!page.add(shown.map((k) => r[k] ?? null))) break;
  const rows = page.rows;
  return {
    table: a.table,
    fields: shown.map((k) => t.fields[k]!),
    total_rows: matching.length,
    offset: a.offset,
    rows,
    next_offset: a.offset + rows.length < matching.length ? a.offset + rows.length : null,
  };
}
