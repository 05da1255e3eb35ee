// The picture of a conversation's model: its tool calls replayed, in order, into the stand-in's
// frame model (the same code that answers them here, templates included), without analysing, and
// the results the program answered (the last displacements and reactions read) laid on it. So
// the picture is the model the tools built, whichever program answered them. It is what the UI
// draws (ui/web/components/model-picture.js).
// - Only calls that succeeded are replayed; new_model starts again; a call the replay refuses
//   is skipped (the program took it; the stand-in's checks are no stricter than the schema's).
// - open_model of a program's own file (.sdb, .edb) cannot be replayed: the picture says so.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseToolCall, type Load, type Program } from '@structural-platform/tool-schema';
import { StandinFrameAdapter } from '../adapters/standin/adapter.ts';

/** What the picture reads of the stand-in's model (structural: the model's own module may move). */
interface FrameModel {
  units: string;
  dimension: '2d' | '3d';
  joints: { name: string; xyz: number[]; restraint: boolean[] }[];
  frames: { name: string; i: number; j: number }[];
  patterns: Map<string, Load[]>;
  jointOf(ref: string | number[], create: boolean): number;
}

/** What the tools' history holds: the chat-completions messages the platform stores. */
export interface StoredMessage {
  role: string;
  content: string | null;
  toolCalls?: { id: string; function?: { name: string; arguments: string } }[] | null;
  toolCallId?: string | null;
}

type Six = [number, number, number, number, number, number];

export interface Sketch {
  units: string;
  dimension: '2d' | '3d';
  /** Joint coordinates, flat: x0, y0, z0, x1, … */
  xyz: number[];
  names: string[];
  /** Frame ends as joint indices, flat: i0, j0, i1, … */
  frames: number[];
  supports: { joint: number; restraint: boolean[] }[];
  /** The loads of one pattern: the analysed case shown, else the first pattern. */
  loads: {
    pattern: string | null;
    joints: { joint: number; force: number[]; moment: number[] }[];
    members: { frame: number; direction: string; value: number; valueEnd: number; from: number; to: number; point: boolean }[];
  };
  results: { case: string; displacements: [number, Six][]; reactions: [number, Six][] } | null;
  /** Set when part of the model could not be replayed (a program file opened). */
  note: string | null;
}

const DEFINITIONS = new Set(['new_model', 'define_material', 'define_section', 'define_frames', 'assign_supports', 'assign_loads']);
let scratch: string | null = null;

/** The model as the conversation's tool calls built it; null when no frame model was started. */
export async function sketchOf(messages: StoredMessage[]): Promise<Sketch | null> {
  scratch ??= mkdtempSync(join(tmpdir(), 'sketch-'));
  const results = new Map<string, unknown>();
  for (const m of messages) if (m.role === 'TOOL' || m.role === 'tool') results.set(m.toolCallId ?? '', parseJson(m.content));
  let adapter: StandinFrameAdapter | null = null;
  let note: string | null = null;
  let shown: { case: string; displacements: Map<string, Six>; reactions: Map<string, Six> } | null = null;
  for (const m of messages) {
    for (const tc of m.toolCalls ?? []) {
      const name = tc.function?.name ?? '';
      const cut = name.indexOf('_');
      const program = name.slice(0, cut) as Program;
      const tool = name.slice(cut + 1);
      if (program !== 'sap2000' && program !== 'etabs') continue;
      const result = results.get(tc.id);
      if (!result || typeof result !== 'object' || 'error' in result) continue;
      if (tool === 'open_model') {
        note = 'The model was opened from a file: the picture shows only what the agent built after that.';
        adapter = null;
        shown = null;
        continue;
      }
      if (tool === 'read_results') {
        const r = result as { kind: string; case: string; joints?: { joint: string; values: Six }[] };
        if (r.kind !== 'displacements' && r.kind !== 'reactions') continue;
        if (!shown || shown.case !== r.case) shown = { case: r.case, displacements: new Map(), reactions: new Map() };
        const into = r.kind === 'displacements' ? shown.displacements : shown.reactions;
        for (const j of r.joints ?? []) into.set(j.joint, j.values);
        continue;
      }
      if (!DEFINITIONS.has(tool)) continue;
      const parsed = parseToolCall({ callId: tc.id || 'call', program, tool, args: parseJson(tc.function?.arguments ?? '{}') });
      if (!parsed.ok) continue;
      if (tool === 'new_model') {
        adapter = new StandinFrameAdapter(program, scratch);
        shown = null;
      }
      if (!adapter) continue;
      // Any change to the model makes the results read before it stale.
      if (tool !== 'new_model') shown = null;
      await adapter.run(parsed.value).catch(() => undefined);
    }
  }
  const model = (adapter?.currentModel ?? null) as FrameModel | null;
  if (!model) return null;
  return draw(model, shown, note);
}

function draw(model: FrameModel, shown: { case: string; displacements: Map<string, Six>; reactions: Map<string, Six> } | null, note: string | null): Sketch {
  const index = new Map(model.joints.map((j, k) => [j.name, k]));
  const jointOf = (ref: string | number[]) => {
    try {
      return model.jointOf(ref, false);
    } catch {
      return -1;
    }
  };
  const frameIndex = new Map(model.frames.map((f, k) => [f.name, k]));
  const pattern = shown?.case && model.patterns.has(shown.case) ? shown.case : (model.patterns.keys().next().value ?? null);
  const loads: Sketch['loads'] = { pattern, joints: [], members: [] };
  for (const l of (pattern ? model.patterns.get(pattern) : []) ?? ([] as Load[])) {
    if (l.type === 'joint') {
      const joint = jointOf(l.joint);
      if (joint >= 0) loads.joints.push({ joint, force: [...l.force], moment: [...l.moment] });
    } else {
      const frame = frameIndex.get(l.frame);
      if (frame === undefined) continue;
      const f = model.frames[frame]!;
      const [p, q] = [model.joints[f.i]!.xyz, model.joints[f.j]!.xyz];
      const length = Math.hypot(q[0] - p[0], q[1] - p[1], q[2] - p[2]) || 1;
      const rel = (v: number) => (l.relative ? v : v / length);
      if (l.type === 'frame_point') loads.members.push({ frame, direction: l.direction, value: l.value, valueEnd: l.value, from: rel(l.distance), to: rel(l.distance), point: true });
      else loads.members.push({ frame, direction: l.direction, value: l.value, valueEnd: l.value_end ?? l.value, from: rel(l.from), to: rel(l.to), point: false });
    }
  }
  const byJoint = (m: Map<string, Six>) => [...m].map(([name, v]) => [index.get(name) ?? -1, v] as [number, Six]).filter(([k]) => k >= 0);
  return {
    units: model.units,
    dimension: model.dimension,
    xyz: model.joints.flatMap((j) => j.xyz),
    names: model.joints.map((j) => j.name),
    frames: model.frames.flatMap((f) => [f.i, f.j]),
    supports: model.joints.flatMap((j, k) => (j.restraint.some(Boolean) ? [{ joint: k, restraint: [...j.restraint] }] : [])),
    loads,
    results: shown ? { case: shown.case, displacements: byJoint(shown.displacements), reactions: byJoint(shown.reactions) } : null,
    note,
  };
}

function parseJson(text: string | null): unknown {
  try {
    return JSON.parse(text ?? '');
  } catch {
    return null;
  }
}
