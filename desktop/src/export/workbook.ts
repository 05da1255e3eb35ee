// Export of a run's results as a workbook: the model (joints, frames, supports) from the
// replayed tool calls and every result the agent read (displacements, reactions, member
// forces), each a labelled table in the model's units, built by the platform's spreadsheet job
// (createSpreadsheet) and saved into the conversation's working folder.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PlatformApi } from '../platform/api.ts';
import { PlatformError } from '../platform/api.ts';
import type { Sketch, StoredMessage } from '../picture/sketch.ts';

const CREATE = `mutation ($input: CreateSpreadsheetInput!) { createSpreadsheet(input: $input) { id status } }`;
const JOB = `query ($id: ID!) { job(id: $id) { status fileResult { fileUrl } error { message } } }`;
/** Rows a table may carry: past it the table is cut (the spreadsheet job's request size is the bound). */
const MAX_ROWS = 20_000;

type Cell = string | number;
type Block = { type: string; content?: string; name?: string; headers?: string[]; rows?: Cell[][] };
type Sheet = { name: string; blocks: Block[] };
type ReadResult =
  | { kind: 'displacements' | 'reactions'; case: string; joints: { joint: string; values: number[] }[] }
  | {
      kind: 'member_forces';
      case: string;
      frames: { frame: string; stations: { distance: number; values: number[] }[] }[];
    };

function unitsOf(code: string) {
  const [force = 'kN', length = 'm'] = code.split('_');
  return { force, length, moment: `${force}·${length}` };
}

function modelSheet(title: string, sketch: Sketch): Sheet {
  const u = unitsOf(sketch.units);
  const joints: Cell[][] = sketch.names.map((n, k) => [
    n,
    sketch.xyz[3 * k]!,
    sketch.xyz[3 * k + 1]!,
    sketch.xyz[3 * k + 2]!,
  ]);
  const frames: Cell[][] = [];
  for (let e = 0; e < sketch.frames.length; e += 2)
    frames.push([String(e / 2 + 1), sketch.names[sketch.frames[e]!]!, sketch.names[sketch.frames[e + 1]!]!]);
  return {
    name: 'Model',
    blocks: [
      { type: 'header', content: `${title}: model (${sketch.dimension.toUpperCase()}, ${u.force}, ${u.length})` },
      {
        type: 'data_table',
        name: 'Joints',
        headers: ['Joint', `X (${u.length})`, `Y (${u.length})`, `Z (${u.length})`],
        rows: joints.slice(0, MAX_ROWS),
      },
      { type: 'data_table', name: 'Frames', headers: ['Frame', 'Joint i', 'Joint j'], rows: frames.slice(0, MAX_ROWS) },
      {
        type: 'data_table',
        name: 'Supports',
        headers: ['Joint', 'UX', 'UY', 'UZ', 'RX', 'RY', 'RZ'],
        rows: sketch.supports.map((s) => [sketch.names[s.joint]!, ...s.restraint.map((r) => (r ? 'fixed' : 'free'))]),
      },
    ],
  };
}

function resultTable(r: ReadResult, units: string): { headers: string[]; rows: Cell[][] } {
  const u = unitsOf(units);
  if (r.kind === 'member_forces') {
    return {
      headers: [
        'Frame',
        `Station (${u.length})`,
        `P (${u.force})`,
        `V2 (${u.force})`,
        `V3 (${u.force})`,
        `T (${u.moment})`,
        `M2 (${u.moment})`,
        `M3 (${u.moment})`,
      ],
      rows: r.frames.flatMap((f) => f.stations.map((s) => [f.frame, s.distance, ...s.values])),
    };
  }
  const headers =
    r.kind === 'displacements'
      ? ['Joint', `UX (${u.length})`, `UY (${u.length})`, `UZ (${u.length})`, 'RX (rad)', 'RY (rad)', 'RZ (rad)']
      : [
          'Joint',
          `FX (${u.force})`,
          `FY (${u.force})`,
          `FZ (${u.force})`,
          `MX (${u.moment})`,
          `MY (${u.moment})`,
          `MZ (${u.moment})`,
        ];
  return { headers, rows: r.joints.map((j) => [j.joint, ...j.values]) };
}

/** The workbook's sheets: Model, then one per result the agent read. */
export function sheetsOf(title: string, sketch: Sketch | null, messages: StoredMessage[]): Sheet[] {
  const sheets: Sheet[] = sketch ? [modelSheet(title, sketch)] : [];
  const results = new Map(messages.filter((m) => m.role === 'TOOL').map((m) => [m.toolCallId, m.content]));
  let n = 0;
  for (const m of messages) {
    for (const tc of m.toolCalls ?? []) {
      if (!tc.function?.name.endsWith('_read_results')) continue;
      let r: ReadResult | { error: unknown } | null = null;
      try {
        r = JSON.parse(results.get(tc.id) ?? 'null');
      } catch {
        continue;
      }
      if (!r || 'error' in r) continue;
      n++;
      const table = resultTable(r, sketch?.units ?? 'kN_m_C');
      const kind = { displacements: 'Displ', reactions: 'React', member_forces: 'Forces' }[r.kind];
      sheets.push({
        name: `${n} ${kind} ${r.case}`.slice(0, 31).replace(/[[\]:*?/\\]/g, ' '),
        blocks: [
          { type: 'header', content: `${r.kind.replace('_', ' ')}, load pattern ${r.case}` },
          { type: 'data_table', name: `Result${n}`, headers: table.headers, rows: table.rows.slice(0, MAX_ROWS) },
        ],
      });
    }
  }
  return sheets;
}

/** Builds the workbook through the platform's job and saves it in `folder`; answers the file's path. */
export async function exportWorkbook(
  api: PlatformApi,
  o: { title: string; sketch: Sketch | null; messages: StoredMessage[]; folder: string },
): Promise<string> {
  const sheets = sheetsOf(o.title, o.sketch, o.messages);
  if (!sheets.length)
    throw new PlatformError('NOTHING_TO_EXPORT', 'This conversation has no model or results to export yet.');
  const name =
    (o.title || 'results')
      .replace(/[\\/:*?"<>|]+/g, ' ')
      .trim()
      .slice(0, 80) || 'results';
  const job = (await api.gql(CREATE, { input: { workbookName: name, sheets } })).createSpreadsheet;
  const deadline = Date.now() + 120_000;
  for (;;) {
    const j = (await api.gql(JOB, { id: job.id })).job;
    if (j.status === 'COMPLETED' && j.fileResult) {
      const res = await fetch(j.fileResult.fileUrl);
      if (!res.ok) throw new PlatformError('OFFLINE', `the workbook could not be downloaded (${res.status})`);
      const file = join(o.folder, `${name}.xlsx`);
      await writeFile(file, Buffer.from(await res.arrayBuffer()));
      return file;
    }
    if (j.status === 'FAILED')
      throw new PlatformError('PLATFORM_ERROR', j.error?.message ?? 'the spreadsheet job failed');
    if (Date.now() > deadline) throw new PlatformError('OFFLINE', 'the spreadsheet job did not finish in 2 minutes');
    await new Promise((r) => setTimeout(r, 500));
  }
}
