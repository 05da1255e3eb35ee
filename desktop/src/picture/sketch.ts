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
import { parseToolCall, type JointRef, type Load, type Program } from '@structural-platform/tool-schema';
import { StandinFrameAdapter } from '../adapters/standin/adapter.ts';

/** What the picture reads of the stand-in's model (structural: the model's own module may move). */
interface FrameModel {
  units: string;
  dimension: '2d' | '3d';
  joints: { name: string; xyz: number[]; restraint: boolean[] }[];
  frames: { name: string; i: number; j: number }[];
  patterns: Map<string, Load[]>;
  jointOf(ref: JointRef, create: boolean): number;
}

/** What the tools' history holds: the chat-completions messages the platform stores. */
export interface StoredMessage {
  id?: string;
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
    members: {
      frame: number;
      direction: string;
      value: number;
      valueEnd: number;
      from: number;
      to: number;
      point: boolean;
    }[];
  };
  results: { case: string; displacements: [number, Six][]; reactions: [number, Six][] } | null;
  /** Set when part of the model could not be replayed (a program file opened). */
  note: string | null;
}

// (Stories and grids name joints; areas carry area loads; deletes take members away.)
const DEFINITIONS = new Set([
  'new_model',
  'define_material',
  'define_section',
  'define_frames',
  'assign_supports',
  'assign_loads',
  'define_stories',
  'define_grids',
  'define_area_section',
  'define_areas',
  'delete_objects',
]);
let scratch: string | null = null;

type Shown = { case: string; displacements: Map<string, Six>; reactions: Map<string, Six> };

/**
 * A conversation's replay, fed its messages as they come: a picture request after each tool
 * result replays only the calls since the last one (a 5,625-member building's define_frames is
 * replayed once, not at every step).
 */
export class Replay {
  private adapter: StandinFrameAdapter | null = null;
  private note: string | null = null;
  private shown: Shown | null = null;
  private readonly results = new Map<string, unknown>();
  private seen = 0;
  private firstId: string | undefined;
  private lastId: string | undefined;

  /** Whether `messages` continue what was fed: the same first and last-fed messages (a retried turn rewrites the end). */
  continues(messages: StoredMessage[]): boolean {
    if (this.seen === 0) return true;
    return (
      messages.length >= this.seen && messages[0]?.id === this.firstId && messages[this.seen - 1]?.id === this.lastId
    );
  }

  async feed(messages: StoredMessage[]): Promise<void> {
    scratch ??= mkdtempSync(join(tmpdir(), 'sketch-'));
    this.firstId ??= messages[0]?.id;
    const fresh = messages.slice(this.seen);
    this.seen = messages.length;
    this.lastId = messages.at(-1)?.id;
    for (const m of fresh)
      if (m.role === 'TOOL' || m.role === 'tool') this.results.set(m.toolCallId ?? '', parseJson(m.content));
    for (const m of fresh) for (const tc of m.toolCalls ?? []) await this.call(tc);
  }

  private async call(tc: NonNullable<StoredMessage['toolCalls']>[number]): Promise<void> {
    const name = tc.function?.name ?? '';
    const cut = name.indexOf('_');
    const program = name.slice(0, cut) as Program;
    const tool = name.slice(cut + 1);
    if (program !== 'sap2000' && program !== 'etabs') return;
    const result = this.results.get(tc.id);
    if (!result || typeof result !== 'object' || 'error' in result) return;
    if (tool === 'open_model') {
      this.note = 'The model was opened from a file: the picture shows only what the agent built after that.';
      this.adapter = null;
      this.shown = null;
      return;
    }
    if (tool === 'read_results') {
      const r = result as { kind: string; case: string; joints?: { joint: string; values: Six }[] };
      if (r.kind !== 'displacements' && r.kind !== 'reactions') return;
      if (!this.shown || this.shown.case !== r.case)
        this.shown = { case: r.case, displacements: new Map(), reactions: new Map() };
      const into = r.kind === 'displacements' ? this.shown.displacements : this.shown.reactions;
      for (const j of r.joints ?? []) into.set(j.joint, j.values);
      return;
    }
    if (!DEFINITIONS.has(tool)) return;
    const parsed = parseToolCall({
      callId: tc.id || 'call',
      program,
      tool,
      args: parseJson(tc.function?.arguments ?? '{}'),
    });
    if (!parsed.ok) return;
    if (tool === 'new_model') this.adapter = new StandinFrameAdapter(program, scratch!);
    if (!this.adapter) return;
    // Any change to the model makes the results read before it stale.
    this.shown = null;
    await this.adapter.run(parsed.value).catch(() => undefined);
  }

  sketch(): Sketch | null {
    const model = (this.adapter?.currentModel ?? null) as FrameModel | null;
    return model ? draw(model, this.shown, this.note) : null;
  }
}

/** The model as the conversation's tool calls built it; null when no frame model was started. */
export async function sketchOf(messages: StoredMessage[]): Promise<Sketch | null> {
  const replay = new Replay();
  await replay.feed(messages);
  return replay.sketch();
}

/** Replays kept per conversation (the last few open ones), continued while the history grows. */
export class SketchCache {
  private readonly replays = new Map<string, Replay>();
  private readonly keep: number;
  constructor(keep = 8) {
    this.keep = keep;
  }

  async sketch(conversationId: string, messages: StoredMessage[]): Promise<Sketch | null> {
    let replay = this.replays.get(conversationId);
    if (!replay || !replay.continues(messages)) replay = new Replay();
    this.replays.delete(conversationId);
    this.replays.set(conversationId, replay);
    while (this.replays.size > this.keep) this.replays.delete(this.replays.keys().next().value!);
    await replay.feed(messages);
    return replay.sketch();
  }
}

function draw(model: FrameModel, shown: Shown | null, note: string | null): Sketch {
  const index = new Map(model.joints.map((j, k) => [j.name, k]));
  const jointOf = (ref: JointRef) => {
    try {
      return model.jointOf(ref, false);
    } catch {
      return -1;
    }
  };
  const frameIndex = new Map(model.frames.map((f, k) => [f.name, k]));
  const pattern =
    shown?.case && model.patterns.has(shown.case) ? shown.case : (model.patterns.keys().next().value ?? null);
  const loads: Sketch['loads'] = { pattern, joints: [], members: [] };
  for (const l of (pattern ? model.patterns.get(pattern) : []) ?? ([] as Load[])) {
    if (l.type === 'joint') {
      const joint = jointOf(l.joint);
      if (joint >= 0) loads.joints.push({ joint, force: [...l.force], moment: [...l.moment] });
    } else if (l.type !== 'area_uniform') {
      const frame = frameIndex.get(l.frame);
      if (frame === undefined) continue;
      const f = model.frames[frame]!;
      const [p, q] = [model.joints[f.i]!.xyz, model.joints[f.j]!.xyz];
      const length = Math.hypot(q[0] - p[0], q[1] - p[1], q[2] - p[2]) || 1;
      const rel = (v: number) => (l.relative ? v : v / length);
      if (l.type === 'frame_point')
        loads.members.push({
          frame,
          direction: l.direction,
          value: l.value,
          valueEnd: l.value,
          from: rel(l.distance),
          to: rel(l.distance),
          point: true,
        });
      else
        loads.members.push({
          frame,
          direction: l.direction,
          value: l.value,
          valueEnd: l.value_end ?? l.value,
          from: rel(l.from),
          to: rel(l.to),
          point: false,
        });
    }
  }
  const byJoint = (m: Map<string, Six>) =>
    [...m].map(([name, v]) => [index.get(name) ?? -1, v] as [number, Six]).filter(([k]) => k >= 0);
  return {
    units: model.units,
    dimension: model.dimension,
    xyz: model.joints.flatMap((j) => j.xyz),
    names: model.joints.map((j) => j.name),
    frames: model.frames.flatMap((f) => [f.i, f.j]),
    supports: model.joints.flatMap((j, k) =>
      j.restraint.some(Boolean) ? [{ joint: k, restraint: [...j.restraint] }] : [],
    ),
    loads,
    results: shown
      ? { case: shown.case, displacements: byJoint(shown.displacements), reactions: byJoint(shown.reactions) }
      : null,
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
