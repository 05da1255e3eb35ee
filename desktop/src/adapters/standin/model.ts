// The stand-in's frame model: what SAP2000/ETABS would hold in memory, built by the tools and
// analysed by ./solver.ts. Joints are numbered "1", "2", … like CSI's; a joint named by
// coordinates is the existing joint within JOINT_TOLERANCE of them or a new one.
// Only assigned loads act (no self weight): the unit weight is kept for the model file.
import { z } from 'zod';
import { restraintOf, Units, type Load, type ToolArgs, type ToolResult } from '@structural-platform/tool-schema';
import { ToolFailure } from '../adapter.ts';
import type { AnalysisRunner } from './run-analysis.ts';
import { sectionForces, type CaseResult, type LoadCase, type MemberLoad, type Six, type Vec3 } from './solver/index.ts';

/** Coordinates closer than this (in the model's length unit) name the same joint. */
export const JOINT_TOLERANCE = 1e-6;

const vec3 = z.tuple([z.number(), z.number(), z.number()]);
const flags = z.array(z.boolean()).length(6);
/** The stand-in's model file (JSON). Validated on open like any other input. */
export const ModelFile = z.object({
  format: z.literal('structural-platform/standin-frame-model'),
  version: z.literal(1),
  units: Units,
  dimension: z.enum(['2d', '3d']),
  materials: z.record(z.string(), z.object({ e: z.number().positive(), poisson: z.number().gt(-1).lt(0.5), unit_weight: z.number().min(0) })),
  sections: z.record(z.string(), z.object({ material: z.string(), area: z.number().positive(), i33: z.number().positive(), i22: z.number().positive(), j: z.number().positive() })),
  joints: z.array(z.object({ name: z.string(), xyz: vec3, restraint: flags })).max(100_000),
  frames: z.array(z.object({ name: z.string(), i: z.string(), j: z.string(), section: z.string(), angle: z.number(), releases: z.object({ i: flags, j: flags }).optional() })).max(100_000),
  patterns: z.record(z.string(), z.array(z.unknown())),
});
export type ModelFile = z.infer<typeof ModelFile>;

type Joint = { name: string; xyz: Vec3; restraint: boolean[] };
type Frame = { name: string; i: number; j: number; section: string; angle: number; releases?: { i: boolean[]; j: boolean[] } };
type Section = ModelFile['sections'][string];
type Material = ModelFile['materials'][string];

export class FrameModel {
  readonly units: z.infer<typeof Units>;
  readonly dimension: '2d' | '3d';
  readonly materials = new Map<string, Material>();
  readonly sections = new Map<string, Section>();
  readonly joints: Joint[] = [];
  readonly frames: Frame[] = [];
  readonly patterns = new Map<string, Load[]>();
  private readonly jointByName = new Map<string, number>();
  private readonly jointByCell = new Map<string, number[]>();
  private readonly frameByName = new Map<string, number>();
  private analysed: { results: Map<string, CaseResult>; equations: number } | null = null;

  constructor(units: z.infer<typeof Units>, dimension: '2d' | '3d') {
    this.units = units;
    this.dimension = dimension;
  }

  // ---- definitions (each change discards earlier results) ----

  defineMaterial(a: ToolArgs<'define_material'>): void {
    this.materials.set(a.name, { e: a.e, poisson: a.poisson, unit_weight: a.unit_weight });
    this.analysed = null;
  }

  defineSection(a: ToolArgs<'define_section'>): void {
    if (!this.materials.has(a.material)) throw new ToolFailure('NOT_FOUND', `material ${a.material} is not defined`, { material: a.material });
    const s = a.section;
    if (s.shape === 'general') this.sections.set(a.name, { material: a.material, area: s.area, i33: s.i33, i22: s.i22, j: s.j });
    else {
      const { depth: d, width: w } = s;
      this.sections.set(a.name, { material: a.material, area: d * w, i33: (w * d ** 3) / 12, i22: (d * w ** 3) / 12, j: rectangleTorsion(d, w) });
    }
    this.analysed = null;
  }

  addFrame(a: { name?: string; start: string | Vec3; end: string | Vec3; section: string; angle: number; releases?: { i: boolean[]; j: boolean[] } }): ToolResult<'define_frames'>['frames'][number] {
    const name = a.name ?? this.nextName(this.frameByName);
    if (this.frameByName.has(name)) throw new ToolFailure('INVALID_ARGUMENTS', `frame ${name} already exists`, { frame: name });
    const i = this.jointOf(a.start, true), j = this.jointOf(a.end, true);
    if (i === j) throw new ToolFailure('INVALID_ARGUMENTS', `frame ${name}: both ends are joint ${this.joints[i]!.name}`, { frame: name });
    this.frameByName.set(name, this.frames.length);
    this.frames.push({ name, i, j, section: a.section, angle: a.angle, ...(a.releases ? { releases: a.releases } : {}) });
    this.analysed = null;
    const [p, q] = [this.joints[i]!.xyz, this.joints[j]!.xyz];
    return { name, joint_i: this.joints[i]!.name, joint_j: this.joints[j]!.name, length: Math.hypot(q[0] - p[0], q[1] - p[1], q[2] - p[2]) };
  }

  assignSupports(joints: (string | Vec3)[], restraint: Parameters<typeof restraintOf>[0]): string[] {
    const flags = restraintOf(restraint);
    const idx = joints.map((j) => this.jointOf(j, false));
    for (const k of idx) this.joints[k]!.restraint = [...flags];
    this.analysed = null;
    return idx.map((k) => this.joints[k]!.name);
  }

  assignLoads(a: ToolArgs<'assign_loads'>): number {
    // Resolve now, so a wrong name is reported by the call that made it.
    for (const l of a.loads) {
      if (l.type === 'joint') this.jointOf(l.joint, false);
      else this.memberLoad(l, 0);
    }
    const list = a.replace ? [] : (this.patterns.get(a.pattern) ?? []);
    list.push(...a.loads);
    this.patterns.set(a.pattern, list);
    this.analysed = null;
    return list.length;
  }

  // ---- analysis and results ----

  async analyse(runner: AnalysisRunner): Promise<{ cases: string[]; equations: number }> {
    if (this.frames.length === 0) throw new ToolFailure('INVALID_ARGUMENTS', 'the model has no frames');
    const frames = this.frames.map((f) => {
      const s = this.sections.get(f.section);
      if (!s) throw new ToolFailure('NOT_FOUND', `frame ${f.name}: section ${f.section} is not defined`, { frame: f.name, section: f.section });
      const m = this.materials.get(s.material);
      if (!m) throw new ToolFailure('NOT_FOUND', `section ${f.section}: material ${s.material} is not defined`, { section: f.section });
      return { name: f.name, i: f.i, j: f.j, e: m.e, g: m.e / (2 * (1 + m.poisson)), area: s.area, i33: s.i33, i22: s.i22, torsion: s.j, angle: f.angle, ...(f.releases ? { releases: f.releases } : {}) };
    });
    const cases: LoadCase[] = [...this.patterns].map(([name, loads]) => {
      const c: LoadCase = { name, joints: [], members: [] };
      loads.forEach((l, k) => {
        if (l.type === 'joint') c.joints.push({ joint: this.jointOf(l.joint, false), values: [...l.force, ...l.moment] as Six });
        else c.members.push(this.memberLoad(l, k));
      });
      return c;
    });
    const out = await runner.analyse({ model: { dimension: this.dimension, joints: this.joints, frames }, cases });
    this.analysed = { results: new Map(out.results.map((r) => [r.name, r])), equations: out.equations };
    return { cases: cases.map((c) => c.name), equations: out.equations };
  }

  results(a: ToolArgs<'read_results'>): ToolResult<'read_results'> {
    if (!this.analysed) throw new ToolFailure('NOT_ANALYSED', 'run_analysis first (the model changed since the last analysis, or was never analysed)');
    const r = this.analysed.results.get(a.case);
    if (!r) throw new ToolFailure('NOT_FOUND', `load pattern ${a.case} does not exist`, { case: a.case, cases: [...this.analysed.results.keys()] });
    if (a.kind === 'member_forces') {
      const frames = a.frames ? a.frames.map((n) => this.frameIndex(n)) : this.frames.map((_, k) => k);
      return {
        kind: 'member_forces',
        case: a.case,
        frames: frames.map((k) => {
          const f = this.frames[k]!, L = this.length(f);
          const stations = Array.from({ length: a.stations }, (_, s) => (L * s) / (a.stations - 1));
          return { frame: f.name, stations: stations.map((x) => ({ distance: x, values: sectionForces(r.endForcesI[k]!, r.localLoads[k]!, x) })) };
        }),
      };
    }
    const joints = a.joints ? a.joints.map((j) => this.jointOf(j, false)) : this.joints.map((_, k) => k).filter((k) => a.kind === 'displacements' || this.joints[k]!.restraint.some(Boolean));
    const values = a.kind === 'displacements' ? r.displacements : r.reactions;
    return { kind: a.kind, case: a.case, joints: joints.map((k) => ({ joint: this.joints[k]!.name, values: values[k]! })) } as ToolResult<'read_results'>;
  }

  get equations(): number | null {
    return this.analysed?.equations ?? null;
  }

  // ---- the model file ----

  toFile(): ModelFile {
    return {
      format: 'structural-platform/standin-frame-model',
      version: 1,
      units: this.units,
      dimension: this.dimension,
      materials: Object.fromEntries(this.materials),
      sections: Object.fromEntries(this.sections),
      joints: this.joints.map((j) => ({ name: j.name, xyz: j.xyz, restraint: j.restraint })),
      frames: this.frames.map((f) => ({ name: f.name, i: this.joints[f.i]!.name, j: this.joints[f.j]!.name, section: f.section, angle: f.angle, ...(f.releases ? { releases: f.releases } : {}) })),
      patterns: Object.fromEntries(this.patterns),
    };
  }

  static fromFile(file: ModelFile, loadSchema: z.ZodType<Load>): FrameModel {
    const m = new FrameModel(file.units, file.dimension);
    for (const [k, v] of Object.entries(file.materials)) m.materials.set(k, v);
    for (const [k, v] of Object.entries(file.sections)) m.sections.set(k, v);
    for (const j of file.joints) {
      if (m.jointByName.has(j.name)) throw new ToolFailure('UNSUPPORTED_FILE', `joint ${j.name} appears twice in the model file`);
      m.addJoint(j.xyz, j.name).restraint = [...j.restraint];
    }
    for (const f of file.frames) m.addFrame({ name: f.name, start: f.i, end: f.j, section: f.section, angle: f.angle, ...(f.releases ? { releases: f.releases } : {}) });
    for (const [k, v] of Object.entries(file.patterns)) {
      const loads = z.array(loadSchema).safeParse(v);
      if (!loads.success) throw new ToolFailure('UNSUPPORTED_FILE', `load pattern ${k} in the model file is not valid: ${loads.error.issues[0]!.message}`);
      m.assignLoads({ pattern: k, replace: true, loads: loads.data });
    }
    return m;
  }

  // ---- helpers ----

  private nextName(taken: Map<string, number>): string {
    let n = taken.size + 1;
    while (taken.has(String(n))) n++;
    return String(n);
  }

  private length(f: Frame): number {
    const [p, q] = [this.joints[f.i]!.xyz, this.joints[f.j]!.xyz];
    return Math.hypot(q[0] - p[0], q[1] - p[1], q[2] - p[2]);
  }

  private frameIndex(name: string): number {
    const k = this.frameByName.get(name);
    if (k === undefined) throw new ToolFailure('NOT_FOUND', `frame ${name} does not exist`, { frame: name });
    return k;
  }

  private cell(xyz: Vec3, offset: Vec3 = [0, 0, 0]): string {
    return xyz.map((v, a) => Math.round(v / JOINT_TOLERANCE) + offset[a]!).join(',');
  }

  /** A joint by name, or by coordinates (created when `create` and none is within the tolerance). */
  jointOf(ref: string | Vec3, create: boolean): number {
    if (typeof ref === 'string') {
      const k = this.jointByName.get(ref);
      if (k === undefined) throw new ToolFailure('NOT_FOUND', `joint ${ref} does not exist`, { joint: ref });
      return k;
    }
    for (const dx of [-1, 0, 1]) for (const dy of [-1, 0, 1]) for (const dz of [-1, 0, 1]) {
      for (const k of this.jointByCell.get(this.cell(ref, [dx, dy, dz])) ?? []) {
        const p = this.joints[k]!.xyz;
        if (Math.hypot(p[0] - ref[0], p[1] - ref[1], p[2] - ref[2]) <= JOINT_TOLERANCE) return k;
      }
    }
    if (!create) throw new ToolFailure('NOT_FOUND', `no joint at (${ref.join(', ')})`, { joint: ref });
    this.addJoint(ref, this.nextName(this.jointByName));
    return this.joints.length - 1;
  }

  private addJoint(xyz: Vec3, name: string): Joint {
    const joint: Joint = { name, xyz: [...xyz], restraint: [false, false, false, false, false, false] };
    this.jointByName.set(name, this.joints.length);
    const c = this.cell(xyz);
    this.jointByCell.set(c, [...(this.jointByCell.get(c) ?? []), this.joints.length]);
    this.joints.push(joint);
    return joint;
  }

  private memberLoad(l: Exclude<Load, { type: 'joint' }>, index: number): MemberLoad {
    const frame = this.frameIndex(l.frame), L = this.length(this.frames[frame]!);
    const direction = l.direction === 'gravity' ? { global: [0, 0, -1] as Vec3 }
      : l.direction === 'X' ? { global: [1, 0, 0] as Vec3 } : l.direction === 'Y' ? { global: [0, 1, 0] as Vec3 } : l.direction === 'Z' ? { global: [0, 0, 1] as Vec3 }
      : { local: (Number(l.direction.slice(-1)) - 1) as 0 | 1 | 2 };
    const at = (d: number) => {
      const x = l.relative ? d * L : d;
      if (x < -1e-12 * L || x > L * (1 + 1e-12)) throw new ToolFailure('INVALID_ARGUMENTS', `load ${index + 1} on frame ${l.frame}: distance ${d} lies outside the member (length ${L})`, { frame: l.frame });
      return Math.min(L, Math.max(0, x));
    };
    if (l.type === 'frame_point') return { frame, kind: 'point', direction, value: l.value, at: at(l.distance) };
    const from = at(l.from), to = at(l.to);
    if (to < from) throw new ToolFailure('INVALID_ARGUMENTS', `load ${index + 1} on frame ${l.frame}: "to" lies before "from"`, { frame: l.frame });
    return { frame, kind: 'distributed', direction, from, to, start: l.value, end: l.value_end ?? l.value };
  }
}

/**
 * St Venant torsion constant of a solid rectangle, long side a, short side b: the usual
 * closed approximation of the series solution (a square gives 0.1408 a⁴ against 0.1406 a⁴).
 */
export function rectangleTorsion(d: number, w: number): number {
  const a = Math.max(d, w), b = Math.min(d, w);
  return a * b ** 3 * (1 / 3 - 0.21 * (b / a) * (1 - b ** 4 / (12 * a ** 4)));
}
