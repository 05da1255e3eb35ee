// The stand-in's database tables, named and with columns as SAP2000/ETABS name them, so an
// agent reads them the same way on either: definitions, assignments and results. Rows are
// generated for the request, filtered (every filter must hold; numbers compare as numbers) and
// paged. Result tables cover every case and combination unless `cases` names some.
import { TABLE_PAGE_MAX, TablePage, type ToolArgs, type ToolResult } from '@structural-platform/tool-schema';
import { ToolFailure } from '../../adapter.ts';
import { sectionForces } from '../solver/index.ts';
import type { FrameModel } from '../model/model.ts';
import { readModalResults } from './modal.ts';
import { baseReaction } from './read.ts';
import { Responses } from './response.ts';
import { storyDrifts, storyForces } from './stories.ts';
import type { SteelDesign } from '../design/steel.ts';

type Cell = string | number | null;
interface Table {
  fields: string[];
  rows(m: FrameModel, cases: string[] | undefined): Iterable<Cell[]>;
}

const TABLE_STATIONS = 5;

function caseList(m: FrameModel, res: Responses, cases: string[] | undefined): string[] {
  const all = res.caseNames();
  for (const c of cases ?? [])
    if (!all.includes(c)) throw new ToolFailure('NOT_FOUND', `cases: ${c} has no results`, { case: c });
  return cases ?? all;
}

function* caseRows(
  m: FrameModel,
  cases: string[] | undefined,
  extract: Parameters<Responses['evaluate']>[1],
  emit: (c: string, type: string, step: string, values: Float64Array) => Iterable<Cell[]>,
): Iterable<Cell[]> {
  const res = new Responses(m);
  for (const c of caseList(m, res, cases)) {
    for (const row of Responses.rows(res.evaluate(c, extract)))
      yield* emit(c, res.caseType(c), row.step === 'max' ? 'Max' : row.step === 'min' ? 'Min' : '', row.values);
  }
}

export const lastSteelDesign = new WeakMap<FrameModel, SteelDesign>();

const TABLES: Record<string, Table> = {
  'Joint Coordinates': {
    fields: ['Joint', 'X', 'Y', 'Z'],
    *rows(m) {
      for (const j of m.joints) yield [j.name, ...j.xyz];
    },
  },
  'Joint Restraint Assignments': {
    fields: ['Joint', 'U1', 'U2', 'U3', 'R1', 'R2', 'R3'],
    *rows(m) {
      for (const j of m.joints)
        if (j.restraint.some(Boolean)) yield [j.name, ...j.restraint.map((r) => (r ? 'Yes' : 'No'))];
    },
  },
  'Connectivity - Frame': {
    fields: ['Frame', 'JointI', 'JointJ', 'Length'],
    *rows(m) {
      for (const [k, f] of m.frames.entries())
        yield [f.name, m.joints[f.i]!.name, m.joints[f.j]!.name, m.frameLength(k)];
    },
  },
  'Frame Section Assignments': {
    fields: ['Frame', 'AnalSect'],
    *rows(m) {
      for (const f of m.frames) yield [f.name, f.section];
    },
  },
  'Connectivity - Area': {
    fields: ['Area', 'NumJoints', 'Joints', 'Section'],
    *rows(m) {
      for (const a of m.areas)
        yield [a.name, a.joints.length, a.joints.map((k) => m.joints[k]!.name).join(';'), a.section];
    },
  },
  'Load Pattern Definitions': {
    fields: ['LoadPat', 'NumLoads'],
    *rows(m) {
      for (const [p, loads] of m.patterns) yield [p, loads.length];
    },
  },
  'Combination Definitions': {
    fields: ['ComboName', 'ComboType', 'CaseName', 'ScaleFactor', 'Design', 'Source'],
    *rows(m) {
      for (const [n, c] of m.combinations)
        for (const i of c.items) yield [n, c.type, i.case, i.factor, c.design, c.source];
    },
  },
  'Story Definitions': {
    fields: ['Story', 'Height', 'Elevation'],
    *rows(m) {
      for (const s of m.storyLevels().slice(1).reverse()) yield [s.name, s.height, s.elevation];
    },
  },
  'Grid Definitions - Grid Lines': {
    fields: ['LineType', 'ID', 'Ordinate'],
    *rows(m) {
      for (const g of m.grids?.x ?? []) yield ['X (Cartesian)', g.label, g.ordinate];
      for (const g of m.grids?.y ?? []) yield ['Y (Cartesian)', g.label, g.ordinate];
    },
  },
  'Joint Displacements': {
    fields: ['Joint', 'OutputCase', 'CaseType', 'StepType', 'U1', 'U2', 'U3', 'R1', 'R2', 'R3'],
    rows: (m, cases) =>
      caseRows(
        m,
        cases,
        (r) => Float64Array.from(r.displacements.flat()),
        function* (c, type, step, v) {
          for (const [k, j] of m.joints.entries()) yield [j.name, c, type, step, ...v.subarray(k * 6, k * 6 + 6)];
        },
      ),
  },
  'Joint Reactions': {
    fields: ['Joint', 'OutputCase', 'CaseType', 'StepType', 'F1', 'F2', 'F3', 'M1', 'M2', 'M3'],
    rows: (m, cases) =>
      caseRows(
        m,
        cases,
        (r) => Float64Array.from(r.reactions.flat()),
        function* (c, type, step, v) {
          for (const [k, j] of m.joints.entries())
            if (j.restraint.some(Boolean)) yield [j.name, c, type, step, ...v.subarray(k * 6, k * 6 + 6)];
        },
      ),
  },
  'Element Forces - Frames': {
    fields: ['Frame', 'Station', 'OutputCase', 'CaseType', 'StepType', 'P', 'V2', 'V3', 'T', 'M2', 'M3'],
    rows: (m, cases) =>
      caseRows(
        m,
        cases,
        (r) => {
          const out = new Float64Array(m.frames.length * TABLE_STATIONS * 6);
          m.frames.forEach((_, k) => {
            for (let s = 0; s < TABLE_STATIONS; s++)
              out.set(
                sectionForces(r.endForcesI[k]!, r.localLoads[k]!, (m.frameLength(k) * s) / (TABLE_STATIONS - 1)),
                (k * TABLE_STATIONS + s) * 6,
              );
          });
          return out;
        },
        function* (c, type, step, v) {
          for (const [k, f] of m.frames.entries())
            for (let s = 0; s < TABLE_STATIONS; s++)
              yield [
                f.name,
                (m.frameLength(k) * s) / (TABLE_STATIONS - 1),
                c,
                type,
                step,
                ...v.subarray((k * TABLE_STATIONS + s) * 6, (k * TABLE_STATIONS + s + 1) * 6),
              ];
        },
      ),
  },
  'Base Reactions': {
    fields: [
      'OutputCase',
      'CaseType',
      'StepType',
      'GlobalFX',
      'GlobalFY',
      'GlobalFZ',
      'GlobalMX',
      'GlobalMY',
      'GlobalMZ',
    ],
    rows: (m, cases) =>
      caseRows(
        m,
        cases,
        (r) => baseReaction(m, r),
        function* (c, type, step, v) {
          yield [c, type, step, ...v];
        },
      ),
  },
  'Modal Periods And Frequencies': {
    fields: ['OutputCase', 'StepType', 'StepNum', 'Period', 'Frequency', 'CircFreq', 'Eigenvalue'],
    *rows(m) {
      for (const c of m.modalCases.keys())
        for (const r of readModalResults(m, { case: c }).modes)
          yield [c, 'Mode', r.mode, r.period, r.frequency, r.circular_frequency, r.circular_frequency ** 2];
    },
  },
  'Modal Participating Mass Ratios': {
    fields: ['OutputCase', 'StepType', 'StepNum', 'Period', 'UX', 'UY', 'UZ', 'SumUX', 'SumUY', 'SumUZ', 'RZ', 'SumRZ'],
    *rows(m) {
      for (const c of m.modalCases.keys())
        for (const r of readModalResults(m, { case: c }).modes)
          yield [c, 'Mode', r.mode, r.period, r.ux, r.uy, r.uz, r.sum_ux, r.sum_uy, r.sum_uz, r.rz, r.sum_rz];
    },
  },
  'Story Drifts': {
    fields: ['Story', 'OutputCase', 'Direction', 'Drift', 'Label', 'X', 'Y', 'Z'],
    *rows(m, cases) {
      for (const c of caseList(m, new Responses(m), cases))
        for (const s of storyDrifts(m, { case: c, direction: 'both', amplification: 1 }).stories)
          yield [s.story, c, s.direction, s.drift, s.joint, s.x, s.y, s.z];
    },
  },
  'Story Forces': {
    fields: ['Story', 'OutputCase', 'StepType', 'Location', 'P', 'VX', 'VY', 'T', 'MX', 'MY'],
    *rows(m, cases) {
      for (const c of caseList(m, new Responses(m), cases))
        for (const s of storyForces(m, { case: c }).stories)
          yield [
            s.story,
            c,
            s.step === 'max' ? 'Max' : s.step === 'min' ? 'Min' : '',
            s.location === 'top' ? 'Top' : 'Bottom',
            s.p,
            s.vx,
            s.vy,
            s.t,
            s.mx,
            s.my,
          ];
    },
  },
  'Steel Frame Design Summary - AISC 360-16': {
    fields: ['Frame', 'DesignSect', 'Status', 'Ratio', 'Clause', 'Combo', 'Location'],
    *rows(m) {
      const d = lastSteelDesign.get(m);
      if (!d) throw new ToolFailure('NOT_ANALYSED', 'run design_steel first');
      for (const f of d.frames) yield [f.frame, f.section, f.status, f.ratio, f.clause, f.combination, f.station];
    },
  },
};

export function listTables(a: ToolArgs<'list_tables'>): ToolResult<'list_tables'> {
  const q = a.contains?.toLowerCase();
  return {
    tables: Object.keys(TABLES)
      .filter((k) => !q || k.toLowerCase().includes(q))
      .map((key) => ({ key, name: key })),
  };
}

function matches(cell: Cell, op: string, value: string | number): boolean {
  if (op === 'contains')
    return String(cell ?? '')
      .toLowerCase()
      .includes(String(value).toLowerCase());
  const numeric =
    typeof cell === 'number' && (typeof value === 'number' || (value.trim() !== '' && Number.isFinite(Number(value))));
  const [a, b] = numeric ? [cell as number, Number(value)] : [String(cell ?? ''), String(value)];
  switch (op) {
    case '=':
      return a === b;
    case '!=':
      return a !== b;
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    case '>':
      return a > b;
    default:
      return a >= b;
  }
}

export function readTable(m: FrameModel, a: ToolArgs<'read_table'>): ToolResult<'read_table'> {
  const table = TABLES[a.table] ?? Object.entries(TABLES).find(([k]) => k.toLowerCase() === a.table.toLowerCase())?.[1];
  if (!table) throw new ToolFailure('NOT_FOUND', `no table ${a.table} (list_tables names them)`, { table: a.table });
  const key = Object.keys(TABLES).find((k) => TABLES[k] === table)!;
  const col = (f: string) => {
    const k = table.fields.findIndex((x) => x.toLowerCase() === f.toLowerCase());
    if (k < 0)
      throw new ToolFailure(
        'INVALID_ARGUMENTS',
        `table ${key} has no column ${f} (it has ${table.fields.join(', ')})`,
        { field: f },
      );
    return k;
  };
  const shown = (a.fields ?? table.fields).map(col);
  const filters = a.filters.map((f) => ({ k: col(f.field), op: f.op, value: f.value }));
  const page = new TablePage<Cell>(Math.min(a.limit, TABLE_PAGE_MAX));
  let total = 0;
  for (const row of table.rows(m, a.cases)) {
    if (!filters.every((f) => matches(row[f.k]!, f.op, f.value))) continue;
    if (total >= a.offset && !page.full) page.add(shown.map((k) => row[k] ?? null));
    total++;
  }
  const rows = page.rows;
  return {
    table: key,
    fields: shown.map((k) => table.fields[k]!),
    total_rows: total,
    offset: a.offset,
    rows,
    next_offset: a.offset + rows.length < total ? a.offset + rows.length : null,
  };
}
