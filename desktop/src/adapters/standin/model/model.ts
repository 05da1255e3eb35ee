// The stand-in's model: what SAP2000/ETABS would hold in memory, built by the tools. Joints are
// numbered "1", "2", … like CSI's; a joint named by coordinates is the existing joint within
// JOINT_TOLERANCE of them or a new one; a joint named by grid lines and story is the one at
// their crossing on that story's elevation. Any change to the model discards the analysis
// results (as the programs unlock the model); load combinations are post-processing and do not.
import {
  restraintOf,
  type JointRef,
  type Load,
  type ToolArgs,
  type ToolResult,
  type Units,
} from '@structural-platform/tool-schema';
import { ToolFailure } from '../../adapter.ts';
import { iSection } from '../../../codes/aisc360/section.ts';
import type { CaseResult, ModalResult, Six, Vec3 } from '../solver/index.ts';
import type { CombinationDef, MaterialDef, ModelFile, ResponseSpectrumDef, SectionDef } from './file.ts';
import { polygonArea } from '../../geometry.ts';

export { polygonArea };

/** Coordinates closer than this (in the model's length unit) name the same joint. */
export const JOINT_TOLERANCE = 1e-6;

export type Joint = { name: string; xyz: Vec3; restraint: boolean[] };
export type Frame = {
  name: string;
  i: number;
  j: number;
  section: string;
  angle: number;
  releases?: { i: boolean[]; j: boolean[] };
};
export type Area = { name: string; joints: number[]; section: string };
export type StoryDefs = { base: string; base_elevation: number; stories: { name: string; height: number }[] };
export type GridDefs = { x: { label: string; ordinate: number }[]; y: { label: string; ordinate: number }[] };
export type MassSource = {
  name: string;
  elements: boolean;
  joint_masses: boolean;
  loads: { pattern: string; factor: number }[];
};

/** The results of the model's last analysis (./analysis.ts computes them): kept by the model, dropped by any change. */
export interface AnalysisState {
  equations: number;
  static: Map<string, CaseResult>;
  modal: Map<string, ModalResult>;
}

export class FrameModel {
  readonly units: Units;
  readonly dimension: '2d' | '3d';
  readonly materials = new Map<string, MaterialDef>();
  readonly sections = new Map<string, SectionDef>();
  readonly joints: Joint[] = [];
  readonly frames: Frame[] = [];
  readonly patterns = new Map<string, Load[]>();
  readonly areaSections = new Map<
    string,
    { material: string; kind: 'slab' | 'wall' | 'shell' | 'membrane'; thickness: number }
  >();
  readonly areas: Area[] = [];
  readonly diaphragms = new Map<string, { rigid: boolean; joints: Set<number> }>();
  readonly jointMasses = new Map<number, Six>();
  readonly modalCases = new Map<string, { modes: number }>();
  readonly rsCases = new Map<string, ResponseSpectrumDef>();
  readonly combinations = new Map<string, CombinationDef>();
  stories: StoryDefs | null = null;
  grids: GridDefs | null = null;
  /** CSI's default mass source: element self-mass and assigned masses. */
  massSource: MassSource = { name: 'MSSSRC1', elements: true, joint_masses: true, loads: [] };
  analysed: AnalysisState | null = null;
  private readonly jointByName = new Map<string, number>();
  private readonly jointByCell = new Map<string, number[]>();
  private readonly frameByName = new Map<string, number>();
  private readonly areaByName = new Map<string, number>();

  constructor(units: Units, dimension: '2d' | '3d') {
    this.units = units;
    this.dimension = dimension;
  }

  private changed(): void {
    this.analysed = null;
  }

  // ---- definitions ----

  defineMaterial(a: ToolArgs<'define_material'>): void {
    this.materials.set(a.name, {
      e: a.e,
      poisson: a.poisson,
      unit_weight: a.unit_weight,
      kind: a.kind,
      fy: a.fy,
      fu: a.fu,
      fc: a.fc,
      rebar_fy: a.rebar_fy,
    });
    this.changed();
  }

  defineSection(a: ToolArgs<'define_section'>): void {
    if (!this.materials.has(a.material))
      throw new ToolFailure('NOT_FOUND', `material ${a.material} is not defined`, { material: a.material });
    const s = a.section;
    if (s.shape === 'general')
      this.sections.set(a.name, { material: a.material, area: s.area, i33: s.i33, i22: s.i22, j: s.j, shape: s });
    else if (s.shape === 'i_section') {
      if (2 * s.flange_thickness >= s.depth)
        throw new ToolFailure('INVALID_ARGUMENTS', `section ${a.name}: the flanges are thicker than the depth`);
      const p = iSection(s);
      this.sections.set(a.name, { material: a.material, area: p.A, i33: p.Ix, i22: p.Iy, j: p.J, shape: s });
    } else {
      const { depth: d, width: w } = s;
      this.sections.set(a.name, {
        material: a.material,
        area: d * w,
        i33: (w * d ** 3) / 12,
        i22: (d * w ** 3) / 12,
        j: rectangleTorsion(d, w),
        shape: s,
      });
    }
    this.changed();
  }

  addFrame(a: {
    name?: string;
    start: JointRef;
    end: JointRef;
    section: string;
    angle: number;
    releases?: { i: boolean[]; j: boolean[] };
  }): ToolResult<'define_frames'>['frames'][number] {
    const name = a.name ?? this.nextName(this.frameByName);
    if (this.frameByName.has(name))
      throw new ToolFailure('INVALID_ARGUMENTS', `frame ${name} already exists`, { frame: name });
    const i = this.jointOf(a.start, true),
      j = this.jointOf(a.end, true);
    if (i === j)
      throw new ToolFailure('INVALID_ARGUMENTS', `frame ${name}: both ends are joint ${this.joints[i]!.name}`, {
        frame: name,
      });
    this.frameByName.set(name, this.frames.length);
    this.frames.push({
      name,
      i,
      j,
      section: a.section,
      angle: a.angle,
      ...(a.releases ? { releases: a.releases } : {}),
    });
    this.changed();
    return {
      name,
      joint_i: this.joints[i]!.name,
      joint_j: this.joints[j]!.name,
      length: this.frameLength(this.frames.length - 1),
    };
  }

  assignSupports(joints: JointRef[], restraint: Parameters<typeof restraintOf>[0]): string[] {
    const flags = restraintOf(restraint);
    const idx = joints.map((j) => this.jointOf(j, false));
    for (const k of idx) this.joints[k]!.restraint = [...flags];
    this.changed();
    return idx.map((k) => this.joints[k]!.name);
  }

  assignLoads(a: ToolArgs<'assign_loads'>): number {
    // Resolve now, so a wrong name is reported by the call that made it.
    for (const [k, l] of a.loads.entries()) this.checkLoad(l, k);
    const list = a.replace ? [] : (this.patterns.get(a.pattern) ?? []);
    list.push(...a.loads);
    this.patterns.set(a.pattern, list);
    this.changed();
    return list.length;
  }

  private checkLoad(l: Load, index: number): void {
    if (l.type === 'joint') this.jointOf(l.joint, false);
    else if (l.type === 'area_uniform') this.areaIndex(l.area);
    else {
      const L = this.frameLength(this.frameIndex(l.frame));
      const at = (d: number) => {
        const x = l.relative ? d * L : d;
        if (x < -1e-12 * L || x > L * (1 + 1e-12))
          throw new ToolFailure(
            'INVALID_ARGUMENTS',
            `load ${index + 1} on frame ${l.frame}: distance ${d} lies outside the member (length ${L})`,
            { frame: l.frame },
          );
        return x;
      };
      if (l.type === 'frame_point') at(l.distance);
      else if (at(l.to) < at(l.from))
        throw new ToolFailure('INVALID_ARGUMENTS', `load ${index + 1} on frame ${l.frame}: "to" lies before "from"`, {
          frame: l.frame,
        });
    }
  }

  defineStories(a: ToolArgs<'define_stories'>): ToolResult<'define_stories'> {
    const names = new Set<string>();
    for (const s of a.stories) {
      if (names.has(s.name)) throw new ToolFailure('INVALID_ARGUMENTS', `stories: ${s.name} appears twice`);
      names.add(s.name);
    }
    const base = names.has('Base') ? 'Story0' : 'Base';
    this.stories = { base, base_elevation: a.base_elevation, stories: a.stories.map((s) => ({ ...s })) };
    this.changed();
    return {
      base,
      base_elevation: a.base_elevation,
      stories: this.storyLevels()
        .slice(1)
        .map((s) => ({ name: s.name, elevation: s.elevation, height: s.height })),
    };
  }

  /** The base and the stories, from the bottom up, with elevations (the base's height is 0). */
  storyLevels(): { name: string; elevation: number; height: number }[] {
    if (!this.stories) return [];
    const out = [{ name: this.stories.base, elevation: this.stories.base_elevation, height: 0 }];
    let z = this.stories.base_elevation;
    for (const s of this.stories.stories) out.push({ name: s.name, elevation: (z += s.height), height: s.height });
    return out;
  }

  defineGrids(a: ToolArgs<'define_grids'>): void {
    for (const lines of [a.x, a.y]) {
      const labels = new Set<string>();
      for (const l of lines) {
        if (labels.has(l.label)) throw new ToolFailure('INVALID_ARGUMENTS', `grid line ${l.label} appears twice`);
        labels.add(l.label);
      }
    }
    this.grids = { x: a.x.map((l) => ({ ...l })), y: a.y.map((l) => ({ ...l })) };
  }

  assignDiaphragm(a: ToolArgs<'assign_diaphragm'>): number[] {
    if (!a.rigid)
      throw new ToolFailure(
        'PROGRAM_NOT_AVAILABLE',
        "the stand-in has rigid diaphragms only: a semi-rigid diaphragm needs the slab's shell stiffness (ETABS)",
      );
    const joints = new Set<number>();
    for (const j of a.joints ?? []) joints.add(this.jointOf(j, false));
    for (const story of a.stories ?? []) {
      const z = this.storyElevation(story);
      this.joints.forEach((jt, k) => {
        if (Math.abs(jt.xyz[2] - z) <= JOINT_TOLERANCE) joints.add(k);
      });
    }
    for (const area of a.areas ?? []) for (const k of this.areas[this.areaIndex(area)]!.joints) joints.add(k);
    for (const [name, d] of this.diaphragms) if (name !== a.name) for (const k of joints) d.joints.delete(k);
    const d = this.diaphragms.get(a.name) ?? { rigid: true, joints: new Set<number>() };
    for (const k of joints) d.joints.add(k);
    this.diaphragms.set(a.name, d);
    this.changed();
    return [...joints].sort((p, q) => p - q);
  }

  assignJointMasses(a: ToolArgs<'assign_joint_masses'>): string[] {
    const idx = a.joints.map((j) => this.jointOf(j, false));
    for (const k of idx) {
      const before = a.replace ? [0, 0, 0, 0, 0, 0] : (this.jointMasses.get(k) ?? [0, 0, 0, 0, 0, 0]);
      this.jointMasses.set(k, [...a.mass, ...a.rotational].map((v, d) => v + before[d]!) as Six);
    }
    this.changed();
    return idx.map((k) => this.joints[k]!.name);
  }

  defineMassSource(a: ToolArgs<'define_mass_source'>): void {
    for (const l of a.loads)
      if (!this.patterns.has(l.pattern))
        throw new ToolFailure('NOT_FOUND', `load pattern ${l.pattern} does not exist`, { pattern: l.pattern });
    this.massSource = {
      name: a.name,
      elements: a.elements,
      joint_masses: a.joint_masses,
      loads: a.loads.map((l) => ({ ...l })),
    };
    this.changed();
  }

  defineAreaSection(a: ToolArgs<'define_area_section'>): void {
    if (!this.materials.has(a.material))
      throw new ToolFailure('NOT_FOUND', `material ${a.material} is not defined`, { material: a.material });
    this.areaSections.set(a.name, { material: a.material, kind: a.kind, thickness: a.thickness });
    this.changed();
  }

  addArea(a: { name?: string; joints: JointRef[]; section: string }): ToolResult<'define_areas'>['areas'][number] {
    if (!this.areaSections.has(a.section))
      throw new ToolFailure('NOT_FOUND', `area section ${a.section} is not defined`, { section: a.section });
    const name = a.name ?? this.nextName(this.areaByName);
    if (this.areaByName.has(name))
      throw new ToolFailure('INVALID_ARGUMENTS', `area ${name} already exists`, { area: name });
    const joints = a.joints.map((j) => this.jointOf(j, true));
    if (new Set(joints).size !== joints.length)
      throw new ToolFailure('INVALID_ARGUMENTS', `area ${name}: a corner appears twice`, { area: name });
    const area = polygonArea(joints.map((k) => this.joints[k]!.xyz));
    if (!(area > 0))
      throw new ToolFailure('INVALID_ARGUMENTS', `area ${name}: its corners enclose no area`, { area: name });
    this.areaByName.set(name, this.areas.length);
    this.areas.push({ name, joints, section: a.section });
    this.changed();
    return { name, joints: joints.map((k) => this.joints[k]!.name), area };
  }

  defineModalCase(a: ToolArgs<'define_modal_case'>): void {
    this.modalCases.set(a.name, { modes: a.modes });
    this.changed();
  }

  defineResponseSpectrum(a: ToolArgs<'define_response_spectrum'>): void {
    if (a.direction === 'Y' && this.dimension === '2d')
      throw new ToolFailure('INVALID_ARGUMENTS', 'direction: a 2D model (XZ plane) has no Y direction');
    this.rsCases.set(a.name, {
      spectrum: a.spectrum,
      direction: a.direction,
      modal_case: a.modal_case,
      combination: a.combination,
      damping: a.damping,
    });
    this.changed();
  }

  /** Combinations are post-processing: defining them keeps the analysis results. */
  defineCombination(name: string, def: CombinationDef): void {
    if (this.patterns.has(name) || this.modalCases.has(name) || this.rsCases.has(name))
      throw new ToolFailure(
        'INVALID_ARGUMENTS',
        `combination ${name}: a load case has that name (cases and combinations share one set of names)`,
        { combination: name },
      );
    for (const item of def.items) {
      if (item.case === name) throw new ToolFailure('INVALID_ARGUMENTS', `combination ${name} refers to itself`);
      if (!this.isCase(item.case))
        throw new ToolFailure(
          'NOT_FOUND',
          `combination ${name}: ${item.case} is not a load pattern, case or combination`,
          { case: item.case },
        );
    }
    this.combinations.set(name, def);
  }

  /** Every case and combination name. */
  isCase(name: string): boolean {
    return (
      this.patterns.has(name) || this.modalCases.has(name) || this.rsCases.has(name) || this.combinations.has(name)
    );
  }

  // ---- lookups ----

  nextName(taken: Map<string, number>): string {
    let n = taken.size + 1;
    while (taken.has(String(n))) n++;
    return String(n);
  }

  frameLength(k: number): number {
    const f = this.frames[k]!;
    const [p, q] = [this.joints[f.i]!.xyz, this.joints[f.j]!.xyz];
    return Math.hypot(q[0] - p[0], q[1] - p[1], q[2] - p[2]);
  }

  frameIndex(name: string): number {
    const k = this.frameByName.get(name);
    if (k === undefined) throw new ToolFailure('NOT_FOUND', `frame ${name} does not exist`, { frame: name });
    return k;
  }

  areaIndex(name: string): number {
    const k = this.areaByName.get(name);
    if (k === undefined) throw new ToolFailure('NOT_FOUND', `area ${name} does not exist`, { area: name });
    return k;
  }

  storyElevation(story: string): number {
    const level = this.storyLevels().find((s) => s.name === story);
    if (!level)
      throw new ToolFailure(
        'NOT_FOUND',
        this.stories ? `story ${story} does not exist` : 'the model has no stories: call define_stories first',
        { story },
      );
    return level.elevation;
  }

  /** The story whose top elevation is z (the base included), if any. */
  storyAt(z: number): string | null {
    return this.storyLevels().find((s) => Math.abs(s.elevation - z) <= JOINT_TOLERANCE)?.name ?? null;
  }

  private cell(xyz: Vec3, offset: Vec3 = [0, 0, 0]): string {
    return xyz.map((v, a) => Math.round(v / JOINT_TOLERANCE) + offset[a]!).join(',');
  }

  /** A joint by name, coordinates or grid lines and story (created when `create` and none is there). */
  jointOf(ref: JointRef, create: boolean): number {
    if (typeof ref === 'string') {
      const k = this.jointByName.get(ref);
      if (k === undefined) throw new ToolFailure('NOT_FOUND', `joint ${ref} does not exist`, { joint: ref });
      return k;
    }
    const xyz: Vec3 = Array.isArray(ref) ? ref : this.gridPoint(ref);
    for (const dx of [-1, 0, 1])
      for (const dy of [-1, 0, 1])
        for (const dz of [-1, 0, 1]) {
          for (const k of this.jointByCell.get(this.cell(xyz, [dx, dy, dz])) ?? []) {
            const p = this.joints[k]!.xyz;
            if (Math.hypot(p[0] - xyz[0], p[1] - xyz[1], p[2] - xyz[2]) <= JOINT_TOLERANCE) return k;
          }
        }
    if (!create) throw new ToolFailure('NOT_FOUND', `no joint at (${xyz.join(', ')})`, { joint: ref });
    this.addJoint(xyz, this.nextName(this.jointByName));
    return this.joints.length - 1;
  }

  private gridPoint(ref: { grid_x: string; grid_y: string; story: string }): Vec3 {
    if (!this.grids) throw new ToolFailure('NOT_FOUND', 'the model has no grid: call define_grids first');
    const x = this.grids.x.find((g) => g.label === ref.grid_x),
      y = this.grids.y.find((g) => g.label === ref.grid_y);
    if (!x) throw new ToolFailure('NOT_FOUND', `no grid line ${ref.grid_x} along X`, { grid: ref.grid_x });
    if (!y) throw new ToolFailure('NOT_FOUND', `no grid line ${ref.grid_y} along Y`, { grid: ref.grid_y });
    return [x.ordinate, y.ordinate, this.storyElevation(ref.story)];
  }

  addJoint(xyz: Vec3, name: string): Joint {
    const joint: Joint = { name, xyz: [...xyz], restraint: [false, false, false, false, false, false] };
    this.jointByName.set(name, this.joints.length);
    const c = this.cell(xyz);
    this.jointByCell.set(c, [...(this.jointByCell.get(c) ?? []), this.joints.length]);
    this.joints.push(joint);
    return joint;
  }

  /** The material of a frame's section. */
  frameMaterial(k: number): { section: SectionDef; material: MaterialDef } {
    const f = this.frames[k]!;
    const section = this.sections.get(f.section);
    if (!section)
      throw new ToolFailure('NOT_FOUND', `frame ${f.name}: section ${f.section} is not defined`, {
        frame: f.name,
        section: f.section,
      });
    const material = this.materials.get(section.material);
    if (!material)
      throw new ToolFailure('NOT_FOUND', `section ${f.section}: material ${section.material} is not defined`, {
        section: f.section,
      });
    return { section, material };
  }

  // ---- the model file ----

  toFile(): ModelFile {
    const name = (k: number) => this.joints[k]!.name;
    return {
      format: 'structural-platform/standin-frame-model',
      version: 2,
      units: this.units,
      dimension: this.dimension,
      materials: Object.fromEntries(this.materials),
      sections: Object.fromEntries(this.sections),
      joints: this.joints.map((j) => ({ name: j.name, xyz: j.xyz, restraint: j.restraint })),
      frames: this.frames.map((f) => ({
        name: f.name,
        i: name(f.i),
        j: name(f.j),
        section: f.section,
        angle: f.angle,
        ...(f.releases ? { releases: f.releases } : {}),
      })),
      patterns: Object.fromEntries(this.patterns),
      stories: this.stories,
      grids: this.grids,
      diaphragms: Object.fromEntries(
        [...this.diaphragms].map(([n, d]) => [n, { rigid: d.rigid, joints: [...d.joints].map(name) }]),
      ),
      joint_masses: Object.fromEntries([...this.jointMasses].map(([k, m]) => [name(k), m])),
      mass_source: this.massSource,
      area_sections: Object.fromEntries(this.areaSections),
      areas: this.areas.map((a) => ({ name: a.name, joints: a.joints.map(name), section: a.section })),
      modal_cases: Object.fromEntries(this.modalCases),
      response_spectrum_cases: Object.fromEntries(this.rsCases),
      combinations: Object.fromEntries(this.combinations),
    };
  }

  static fromFile(file: ModelFile, loads: (v: unknown[]) => Load[]): FrameModel {
    const m = new FrameModel(file.units, file.dimension);
    for (const [k, v] of Object.entries(file.materials)) m.materials.set(k, v);
    for (const [k, v] of Object.entries(file.sections)) m.sections.set(k, v);
    for (const j of file.joints) {
      if (m.jointByName.has(j.name))
        throw new ToolFailure('UNSUPPORTED_FILE', `joint ${j.name} appears twice in the model file`);
      m.addJoint(j.xyz, j.name).restraint = [...j.restraint];
    }
    m.stories = file.stories;
    m.grids = file.grids;
    for (const f of file.frames)
      m.addFrame({
        name: f.name,
        start: f.i,
        end: f.j,
        section: f.section,
        angle: f.angle,
        ...(f.releases ? { releases: f.releases } : {}),
      });
    for (const [k, v] of Object.entries(file.area_sections)) m.areaSections.set(k, v);
    for (const a of file.areas) m.addArea({ name: a.name, joints: a.joints, section: a.section });
    for (const [k, v] of Object.entries(file.patterns)) m.assignLoads({ pattern: k, replace: true, loads: loads(v) });
    for (const [k, d] of Object.entries(file.diaphragms))
      m.diaphragms.set(k, { rigid: d.rigid, joints: new Set(d.joints.map((j) => m.jointOf(j, false))) });
    for (const [j, v] of Object.entries(file.joint_masses)) m.jointMasses.set(m.jointOf(j, false), v);
    if (file.mass_source) m.massSource = file.mass_source;
    for (const [k, v] of Object.entries(file.modal_cases)) m.modalCases.set(k, v);
    for (const [k, v] of Object.entries(file.response_spectrum_cases)) m.rsCases.set(k, v);
    for (const [k, v] of Object.entries(file.combinations)) m.combinations.set(k, v);
    m.analysed = null;
    return m;
  }
}

/**
 * Tributary shares of a convex polygon's corners: corner k gets the quadrilateral between it,
 * the midpoints of its two edges and the centroid (a rectangle's corners get a quarter each).
 */
export function tributaryShares(points: Vec3[]): number[] {
  const n = points.length;
  const c: Vec3 = [0, 1, 2].map((a) => points.reduce((s, p) => s + p[a]!, 0) / n) as Vec3;
  const mid = (p: Vec3, q: Vec3): Vec3 => [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2, (p[2] + q[2]) / 2];
  const shares = points.map((p, k) =>
    polygonArea([p, mid(p, points[(k + 1) % n]!), c, mid(points[(k - 1 + n) % n]!, p)]),
  );
  const total = shares.reduce((s, v) => s + v, 0);
  return shares.map((s) => s / total);
}

/**
 * St Venant torsion constant of a solid rectangle, long side a, short side b: the usual
 * closed approximation of the series solution (a square gives 0.1408 a⁴ against 0.1406 a⁴).
 */
export function rectangleTorsion(d: number, w: number): number {
  const a = Math.max(d, w),
    b = Math.min(d, w);
  return a * b ** 3 * (1 / 3 - 0.21 * (b / a) * (1 - b ** 4 / (12 * a ** 4)));
}
