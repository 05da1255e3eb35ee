// SAP2000 and ETABS through CSI OAPI (../../../../../shared/reference/desktop.md §1), over the COM
// helper. Every OAPI call returns 0 on success and passes outputs ByRef; a nonzero return is
// reported as PROGRAM_ERROR naming the call. The API names used here are the ones the
// reference and the CSI OAPI documentation give: SapModel.InitializeNewModel, File.NewBlank /
// OpenFile / Save, PropMaterial.SetMaterial / SetMPIsotropic / SetWeightAndMass,
// PropFrame.SetRectangle / SetGeneral, PointObj.AddCartesian / GetCoordCartesian /
// SetRestraint / SetLoadForce, FrameObj.AddByPoint / GetPoints / SetSection / SetReleases / SetLocalAxes /
// SetLoadPoint / SetLoadDistributed / SetOutputStations, LoadPatterns.Add, Analyze.SetActiveDOF /
// RunAnalysis, Results.Setup.DeselectAllCasesAndCombosForOutput / SetCaseSelectedForOutput,
// Results.JointDispl / JointReact / FrameForce.
//
// Choices, each because of how the programs behave:
// - The client starts its own instance of the selected installation (never attaches to one the
//   user opened: new_model would replace the user's model); only that instance is closed.
// - RunAnalysis needs a saved model: a model never saved is saved first in the working directory.
// - A new load pattern is of type Other with self-weight multiplier 0: only assigned loads act,
//   as in the stand-in (the programs' default DEAD pattern keeps its self weight).
// - A 2D model sets the active degrees of freedom UX, UZ, RY (the XZ plane).
// - Member forces come at the programs' output stations, which are set before the analysis
//   (60 segments per frame): a requested station that is not one of them is refused, never
//   interpolated.
import { stat } from 'node:fs/promises';
import { extname, resolve } from 'node:path';
import { restraintOf, type Load, type Program, type ToolArgs, type ToolResult, type ValidToolCall } from '@structural-platform/tool-schema';
import { ToolFailure } from '../adapter.ts';
import { ComAdapter } from './com-adapter.ts';
import { com, type HelperAnswer } from './helper-process.ts';
import type { ComSession } from './session.ts';

/** CSI eUnits for the tool schema's unit systems. */
export const CSI_UNITS = { lb_in_F: 1, lb_ft_F: 2, kip_in_F: 3, kip_ft_F: 4, kN_mm_C: 5, kN_m_C: 6, kgf_m_C: 8, N_mm_C: 9, N_m_C: 10, tonf_m_C: 12 } as const;
type Units = keyof typeof CSI_UNITS;

/** Segments per frame for the output stations (60 divides into 1, 2, 3, 4, 5, 6, 10, 12, 15, 20, 30, 60 parts). */
export const OUTPUT_SEGMENTS = 60;
const GROUP_ALL = 'All';
const ITEM_OBJECT = 0, ITEM_GROUP = 1; // eItemType
const ELM_OBJECT = 0, ELM_GROUP = 2; // eItemTypeElm
const PATTERN_OTHER = 8; // eLoadPatternType
const MATERIAL_NODESIGN = 3; // eMatType
const DIRECTION = { local_1: 1, local_2: 2, local_3: 3, X: 4, Y: 5, Z: 6, gravity: 10 } as const;
const COORD_TOLERANCE = 1e-6;

const FILES: Record<'sap2000' | 'etabs', { open: string[]; save: string }> = {
  sap2000: { open: ['.sdb', '.$2k', '.s2k', '.xlsx', '.xls', '.mdb'], save: '.sdb' },
  etabs: { open: ['.edb', '.e2k', '.$et'], save: '.edb' },
};

type Vec3 = [number, number, number];

export class CsiAdapter extends ComAdapter {
  readonly program: Program;
  readonly label: string;
  /** What the client knows of the model it works on (the programs have no "model loaded" API). */
  private model: {
    units: Units;
    dimension: '2d' | '3d';
    path: string | null;
    loadCounts: Map<string, number>;
    instance: number;
    /** A template's section not defined yet (new_model clears the sections): its frames take it when it is. */
    pendingSection: { section: string; frames: string[] } | null;
  } | null = null;
  private analysed = false;

  constructor(program: 'sap2000' | 'etabs', session: ComSession, workingDirectory: () => string) {
    super(session, workingDirectory);
    this.program = program;
    this.label = program === 'sap2000' ? 'SAP2000' : 'ETABS';
  }

  protected forget(): void {
    this.model = null;
  }

  async run(call: ValidToolCall): Promise<unknown> {
    switch (call.tool) {
      case 'new_model': return this.newModel(call.args);
      case 'open_model': return this.open(call.args.path);
      case 'save_model': return { path: await this.save(call.args.path) };
      case 'define_material': return this.defineMaterial(call.args);
      case 'define_section': return this.defineSection(call.args);
      case 'define_frames': return this.defineFrames(call.args);
      case 'assign_supports': return this.assignSupports(call.args);
      case 'assign_loads': return this.assignLoads(call.args);
      case 'run_analysis': return this.analyse();
      case 'read_results': return this.results(call.args);
      default: throw new ToolFailure('PROGRAM_NOT_AVAILABLE', `${this.label} does not offer ${call.tool}`);
    }
  }

  // ---- calls ----

  /** A call whose return value must be 0. */
  private async ok(target: string, args: unknown[] = [], byref: number[] = [], timeoutMs?: number): Promise<HelperAnswer> {
    const a = await this.session.call(target, args, { byref, timeoutMs });
    if (a.value !== 0) throw new ToolFailure('PROGRAM_ERROR', `${this.label}: ${target.replace(/^SapModel\./, '')} returned ${JSON.stringify(a.value)}`, { call: target, returned: a.value });
    return a;
  }

  private async names(collection: string): Promise<string[]> {
    const a = await this.ok(`SapModel.${collection}.GetNameList`, [0, com.strings()], [0, 1]);
    return strings(a.out[1]);
  }

  private async need(): Promise<NonNullable<CsiAdapter['model']>> {
    if (!this.model) throw new ToolFailure('NO_MODEL', 'no model is open in this session: call new_model or open_model first');
    await this.session.ensureConnected();
    // Re-attached to the same instance after a helper restart: the model is still there. Another instance: it is not.
    if (this.session.instance !== this.model.instance) {
      this.model = null;
      throw new ToolFailure('NO_MODEL', `${this.label} was started again (the instance holding the model ended): open or create the model again`);
    }
    return this.model;
  }

  private changed(): void {
    this.analysed = false;
  }

  // ---- tools ----

  private async summary(): Promise<ToolResult<'open_model'>> {
    const m = await this.need();
    const [joints, frames, materials, sections, patterns] = [await this.names('PointObj'), await this.names('FrameObj'), await this.names('PropMaterial'), await this.names('PropFrame'), await this.names('LoadPatterns')];
    return { joints: joints.length, frames: frames.length, materials, sections, patterns, units: m.units, dimension: m.dimension, path: m.path };
  }

  private async newModel(a: ToolArgs<'new_model'>): Promise<ToolResult<'new_model'>> {
    const t = a.template;
    if (t.kind !== 'blank' && !a.default_section) throw new ToolFailure('INVALID_ARGUMENTS', 'default_section: a template needs the section its members take');
    await this.ok('SapModel.InitializeNewModel', [CSI_UNITS[a.units]]);
    await this.ok('SapModel.File.NewBlank');
    if (a.dimension === '2d') await this.ok('SapModel.Analyze.SetActiveDOF', [com.bools([true, false, true, false, true, false])], [0]);
    this.model = { units: a.units, dimension: a.dimension, path: null, loadCounts: new Map(), instance: this.session.instance, pendingSection: null };
    this.changed();
    const frames: string[] = [];
    // The new model has none of the user's sections: the template's frames take the program's
    // "Default" property (PropName's documented default) until define_section defines theirs.
    const defined = t.kind !== 'blank' && (await this.names('PropFrame')).includes(a.default_section!);
    const section = defined ? a.default_section! : 'Default';
    const add = async (start: Vec3, end: Vec3) => frames.push((await this.addFrame({ start, end, section, angle: 0 })).name);
    if (t.kind === 'beam') {
      for (let s = 0; s < t.spans; s++) await add([s * t.span_length, 0, 0], [(s + 1) * t.span_length, 0, 0]);
      await this.assignSupports({ joints: [[0, 0, 0]], restraint: [true, true, true, true, false, false] });
      for (let s = 1; s <= t.spans; s++) await this.assignSupports({ joints: [[s * t.span_length, 0, 0]], restraint: [false, true, true, true, false, false] });
    } else if (t.kind === 'portal_frame') {
      for (let b = 0; b <= t.bays; b++) for (let s = 0; s < t.stories; s++) await add([b * t.bay_width, 0, s * t.story_height], [b * t.bay_width, 0, (s + 1) * t.story_height]);
      for (let s = 1; s <= t.stories; s++) for (let b = 0; b < t.bays; b++) await add([b * t.bay_width, 0, s * t.story_height], [(b + 1) * t.bay_width, 0, s * t.story_height]);
      await this.assignSupports({ joints: Array.from({ length: t.bays + 1 }, (_, b) => [b * t.bay_width, 0, 0] as Vec3), restraint: 'fixed' });
    }
    if (t.kind !== 'blank' && !defined) this.model.pendingSection = { section: a.default_section!, frames };
    return { ...(await this.summary()), created_frames: frames, created_joints: await this.names('PointObj') };
  }

  private async open(p: string): Promise<ToolResult<'open_model'>> {
    const full = resolve(this.workingDirectoryOf(), p);
    const ext = extname(full).toLowerCase();
    const files = FILES[this.program as 'sap2000' | 'etabs'];
    if (!files.open.includes(ext)) throw new ToolFailure('UNSUPPORTED_FILE', `${this.label} opens ${files.open.join(', ')} files, not ${ext || 'a file without extension'}`, { path: full });
    const info = await stat(full).catch(() => null);
    if (!info?.isFile()) throw new ToolFailure('NOT_FOUND', `no model file at ${full}`, { path: full });
    await this.ok('SapModel.File.OpenFile', [full], [], 600_000);
    const present = (await this.session.call('SapModel.GetPresentUnits')).value;
    let units = (Object.keys(CSI_UNITS) as Units[]).find((u) => CSI_UNITS[u] === present);
    if (!units) {
      // A unit system the tools do not name (e.g. kN, cm): switched to kN, m, C and said so in the answer's `units`.
      await this.ok('SapModel.SetPresentUnits', [CSI_UNITS.kN_m_C]);
      units = 'kN_m_C';
    }
    this.model = { units, dimension: '3d', path: full, loadCounts: new Map(), instance: this.session.instance, pendingSection: null };
    this.changed();
    return this.summary();
  }

  private async save(p: string | undefined): Promise<string> {
    const m = await this.need();
    const target = p ? resolve(this.workingDirectoryOf(), p) : m.path;
    if (!target) throw new ToolFailure('INVALID_ARGUMENTS', 'path: the model has never been saved; give a path');
    const want = FILES[this.program as 'sap2000' | 'etabs'].save;
    if (extname(target).toLowerCase() !== want) throw new ToolFailure('UNSUPPORTED_FILE', `${this.label} saves ${want} files`, { path: target });
    await this.ok('SapModel.File.Save', [target], [], 600_000);
    m.path = target;
    return target;
  }

  private async defineMaterial(a: ToolArgs<'define_material'>): Promise<ToolResult<'define_material'>> {
    await this.need();
    await this.ok('SapModel.PropMaterial.SetMaterial', [a.name, MATERIAL_NODESIGN]);
    await this.ok('SapModel.PropMaterial.SetMPIsotropic', [a.name, com.double(a.e), com.double(a.poisson), com.double(0)]);
    // Weight per unit volume (1): only assigned loads act, but the model keeps what it was given.
    await this.ok('SapModel.PropMaterial.SetWeightAndMass', [a.name, 1, com.double(a.unit_weight)]);
    this.changed();
    return { name: a.name };
  }

  private async defineSection(a: ToolArgs<'define_section'>): Promise<ToolResult<'define_section'>> {
    const m = await this.need();
    if (!(await this.names('PropMaterial')).includes(a.material)) throw new ToolFailure('NOT_FOUND', `material ${a.material} is not defined`, { material: a.material });
    const s = a.section;
    if (s.shape === 'rectangle') await this.ok('SapModel.PropFrame.SetRectangle', [a.name, a.material, com.double(s.depth), com.double(s.width)]);
    else {
      // The general section's depth and width (t3, t2) only draw it: those of the rectangle with
      // the same area and I33. Shear areas 0: no shear deformation, as in the stand-in.
      const t3 = Math.sqrt((12 * s.i33) / s.area), t2 = s.area / t3;
      const s33 = s.i33 / (t3 / 2), s22 = s.i22 / (t2 / 2);
      await this.ok('SapModel.PropFrame.SetGeneral', [a.name, a.material, ...[t3, t2, s.area, 0, 0, s.j, s.i22, s.i33, s22, s33, 1.5 * s22, 1.5 * s33, Math.sqrt(s.i22 / s.area), Math.sqrt(s.i33 / s.area)].map(com.double)]);
    }
    if (m.pendingSection?.section === a.name) {
      for (const frame of m.pendingSection.frames) await this.ok('SapModel.FrameObj.SetSection', [frame, a.name]);
      m.pendingSection = null;
    }
    this.changed();
    return { name: a.name };
  }

  /** The model's joints by name with their coordinates, read once per tool call that names joints by coordinates. */
  private async jointTable(): Promise<{ name: string; xyz: Vec3 }[]> {
    const table = [];
    for (const name of await this.names('PointObj')) table.push({ name, xyz: await this.coordinates(name) });
    return table;
  }

  private async coordinates(name: string): Promise<Vec3> {
    const a = await this.session.call('SapModel.PointObj.GetCoordCartesian', [name, com.double(0), com.double(0), com.double(0), 'Global'], { byref: [1, 2, 3] });
    if (a.value !== 0) throw new ToolFailure('NOT_FOUND', `joint ${name} does not exist`, { joint: name });
    return [Number(a.out[0]), Number(a.out[1]), Number(a.out[2])];
  }

  /** A joint by name (it must exist) or by coordinates (an existing joint within the tolerance, else none). */
  private async jointName(ref: string | Vec3, table: () => Promise<{ name: string; xyz: Vec3 }[]>): Promise<string> {
    if (typeof ref === 'string') {
      await this.coordinates(ref);
      return ref;
    }
    const found = (await table()).find((j) => Math.hypot(j.xyz[0] - ref[0], j.xyz[1] - ref[1], j.xyz[2] - ref[2]) <= COORD_TOLERANCE);
    if (!found) throw new ToolFailure('NOT_FOUND', `no joint at (${ref.join(', ')})`, { joint: ref });
    return found.name;
  }

  private lazyTable(): () => Promise<{ name: string; xyz: Vec3 }[]> {
    let cached: Promise<{ name: string; xyz: Vec3 }[]> | null = null;
    return () => (cached ??= this.jointTable());
  }

  private async addFrame(f: { name?: string; start: string | Vec3; end: string | Vec3; section: string; angle: number; releases?: { i: boolean[]; j: boolean[] } }): Promise<ToolResult<'define_frames'>['frames'][number]> {
    // A joint by coordinates: AddCartesian merges with an existing joint at that place or adds one.
    const point = async (ref: string | Vec3): Promise<{ name: string; xyz: Vec3 }> => {
      if (typeof ref === 'string') return { name: ref, xyz: await this.coordinates(ref) };
      const a = await this.ok('SapModel.PointObj.AddCartesian', [com.double(ref[0]), com.double(ref[1]), com.double(ref[2]), '', '', 'Global'], [3]);
      return { name: String(a.out[0]), xyz: ref };
    };
    const i = await point(f.start), j = await point(f.end);
    if (i.name === j.name) throw new ToolFailure('INVALID_ARGUMENTS', `frame ${f.name ?? '(new)'}: both ends are joint ${i.name}`);
    const a = await this.ok('SapModel.FrameObj.AddByPoint', [i.name, j.name, '', f.section, f.name ?? ''], [2]);
    const name = String(a.out[0]);
    if (f.releases) await this.ok('SapModel.FrameObj.SetReleases', [name, com.bools(f.releases.i), com.bools(f.releases.j), com.doubles([0, 0, 0, 0, 0, 0]), com.doubles([0, 0, 0, 0, 0, 0])], [1, 2, 3, 4]);
    if (f.angle !== 0) await this.ok('SapModel.FrameObj.SetLocalAxes', [name, com.double(f.angle)]);
    return { name, joint_i: i.name, joint_j: j.name, length: Math.hypot(j.xyz[0] - i.xyz[0], j.xyz[1] - i.xyz[1], j.xyz[2] - i.xyz[2]) };
  }

  private async defineFrames(a: ToolArgs<'define_frames'>): Promise<ToolResult<'define_frames'>> {
    await this.need();
    const frames = [];
    for (const f of a.frames) frames.push(await this.addFrame(f));
    this.changed();
    return { frames };
  }

  private async assignSupports(a: ToolArgs<'assign_supports'>): Promise<ToolResult<'assign_supports'>> {
    await this.need();
    const flags = restraintOf(a.restraint);
    const table = this.lazyTable();
    const joints = [];
    for (const ref of a.joints) {
      const name = await this.jointName(ref, table);
      await this.ok('SapModel.PointObj.SetRestraint', [name, com.bools(flags)], [1]);
      joints.push(name);
    }
    this.changed();
    return { joints };
  }

  private async assignLoads(a: ToolArgs<'assign_loads'>): Promise<ToolResult<'assign_loads'>> {
    const m = await this.need();
    const table = this.lazyTable();
    // Resolve every name first, so a wrong one is refused before anything is assigned.
    const joints = new Map<Load, string>();
    for (const l of a.loads) if (l.type === 'joint') joints.set(l, await this.jointName(l.joint, table));
    const frames = new Set(await this.names('FrameObj'));
    for (const l of a.loads) if (l.type !== 'joint' && !frames.has(l.frame)) throw new ToolFailure('NOT_FOUND', `frame ${l.frame} does not exist`, { frame: l.frame });

    if (!(await this.names('LoadPatterns')).includes(a.pattern)) await this.ok('SapModel.LoadPatterns.Add', [a.pattern, PATTERN_OTHER, com.double(0), true]);
    else if (a.replace) {
      for (const [target, args] of [
        ['SapModel.PointObj.DeleteLoadForce', [GROUP_ALL, a.pattern, ITEM_GROUP]],
        ['SapModel.FrameObj.DeleteLoadPoint', [GROUP_ALL, a.pattern, ITEM_GROUP]],
        ['SapModel.FrameObj.DeleteLoadDistributed', [GROUP_ALL, a.pattern, ITEM_GROUP]],
      ] as const) await this.ok(target, [...args]);
      m.loadCounts.set(a.pattern, 0);
    }
    for (const l of a.loads) {
      if (l.type === 'joint') {
        await this.ok('SapModel.PointObj.SetLoadForce', [joints.get(l)!, a.pattern, com.doubles([...l.force, ...l.moment]), false, 'Global', ITEM_OBJECT], [2]);
        continue;
      }
      const dir = DIRECTION[l.direction];
      const csys = l.direction.startsWith('local_') ? 'Local' : 'Global';
      if (l.type === 'frame_point') await this.ok('SapModel.FrameObj.SetLoadPoint', [l.frame, a.pattern, 1, dir, com.double(l.distance), com.double(l.value), csys, l.relative, false, ITEM_OBJECT]);
      else await this.ok('SapModel.FrameObj.SetLoadDistributed', [l.frame, a.pattern, 1, dir, com.double(l.from), com.double(l.to), com.double(l.value), com.double(l.value_end ?? l.value), csys, l.relative, false, ITEM_OBJECT]);
    }
    // The programs do not count a pattern's loads for us: this counts what this session assigned.
    const count = (a.replace ? 0 : (m.loadCounts.get(a.pattern) ?? 0)) + a.loads.length;
    m.loadCounts.set(a.pattern, count);
    this.changed();
    return { pattern: a.pattern, load_count: count };
  }

  private async analyse(): Promise<ToolResult<'run_analysis'>> {
    const m = await this.need();
    if (m.pendingSection) throw new ToolFailure('INVALID_ARGUMENTS', `section ${m.pendingSection.section}, the template's default_section, is not defined: call define_section first`, { section: m.pendingSection.section });
    const started = performance.now();
    if (!m.path) await this.save(resolve(this.workingDirectoryOf(), `model-${new Date().toISOString().replace(/[:.]/g, '-')}${FILES[this.program as 'sap2000' | 'etabs'].save}`));
    await this.ok('SapModel.FrameObj.SetOutputStations', [GROUP_ALL, 2, com.double(0), OUTPUT_SEGMENTS, false, false, ITEM_GROUP]);
    // RunAnalysis has no progress and cannot be interrupted: the same 10-minute limit as the stand-in's.
    await this.ok('SapModel.Analyze.RunAnalysis', [], [], 600_000);
    this.analysed = true;
    const cases = await this.names('LoadPatterns');
    // Equations: the joints' free degrees of freedom among the active ones, as the stand-in counts them.
    const active = m.dimension === '2d' ? [true, false, true, false, true, false] : [true, true, true, true, true, true];
    let equations = 0;
    for (const name of await this.names('PointObj')) {
      const r = await this.ok('SapModel.PointObj.GetRestraint', [name, com.bools()], [1]);
      const fixed = Array.isArray(r.out[0]) ? (r.out[0] as unknown[]) : [];
      equations += active.filter((on, k) => on && fixed[k] !== true).length;
    }
    return { cases, equations, elapsed_ms: performance.now() - started };
  }

  private async results(a: ToolArgs<'read_results'>): Promise<ToolResult<'read_results'>> {
    await this.need();
    if (!this.analysed) throw new ToolFailure('NOT_ANALYSED', 'run_analysis first (the model changed since the last analysis, or was never analysed in this session)');
    await this.ok('SapModel.Results.Setup.DeselectAllCasesAndCombosForOutput');
    const selected = await this.session.call('SapModel.Results.Setup.SetCaseSelectedForOutput', [a.case]);
    if (selected.value !== 0) throw new ToolFailure('NOT_FOUND', `load pattern ${a.case} has no analysis case`, { case: a.case });
    if (a.kind === 'member_forces') return this.memberForces(a);

    const call = a.kind === 'displacements' ? 'SapModel.Results.JointDispl' : 'SapModel.Results.JointReact';
    const read = async (name: string, elm: number) => {
      const r = await this.ok(call, [name, elm, 0, com.strings(), com.strings(), com.strings(), com.strings(), ...Array.from({ length: 7 }, () => com.doubles())], [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14], 600_000);
      // out: 0 NumberResults, 1 Obj, 2 Elm, 3 LoadCase, 4 StepType, 5 StepNum, 6 U1/F1 … 11 R3/M3
      return rows(r.out, a.case, 3).map((k) => ({ joint: String(col(r.out, 1)[k]), values: [6, 7, 8, 9, 10, 11].map((c) => Number(col(r.out, c)[k])) as Six }));
    };
    let joints: { joint: string; values: Six }[];
    if (a.joints) {
      const table = this.lazyTable();
      joints = [];
      for (const ref of a.joints) {
        const name = await this.jointName(ref, table);
        const got = await read(name, ELM_OBJECT);
        joints.push(got[0] ?? { joint: name, values: [0, 0, 0, 0, 0, 0] });
      }
    } else joints = await read(GROUP_ALL, ELM_GROUP);
    return { kind: a.kind, case: a.case, joints } as ToolResult<'read_results'>;
  }

  private async memberForces(a: ToolArgs<'read_results'>): Promise<ToolResult<'read_results'>> {
    const all = await this.names('FrameObj');
    const names = a.frames ?? all;
    for (const n of names) if (!all.includes(n)) throw new ToolFailure('NOT_FOUND', `frame ${n} does not exist`, { frame: n });
    const frames = [];
    for (const name of names) {
      const r = await this.ok('SapModel.Results.FrameForce', [name, ELM_OBJECT, 0, com.strings(), com.doubles(), com.strings(), com.doubles(), com.strings(), com.strings(), ...Array.from({ length: 7 }, () => com.doubles())], [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15], 600_000);
      // out: 0 NumberResults, 1 Obj, 2 ObjSta, 3 Elm, 4 ElmSta, 5 LoadCase, 6 StepType, 7 StepNum, 8 P … 13 M3
      const at = rows(r.out, a.case, 5).map((k) => ({ distance: Number(col(r.out, 2)[k]), values: [8, 9, 10, 11, 12, 13].map((c) => Number(col(r.out, c)[k])) as Six }));
      const p = await this.ok('SapModel.FrameObj.GetPoints', [name, '', ''], [1, 2]);
      const [xi, xj] = [await this.coordinates(String(p.out[0])), await this.coordinates(String(p.out[1]))];
      const length = Math.hypot(xj[0] - xi[0], xj[1] - xi[1], xj[2] - xi[2]);
      const stations = [];
      for (let s = 0; s < a.stations; s++) {
        const x = (length * s) / (a.stations - 1);
        // The first value at a place: at a point load the programs give the value before it first.
        const hit = at.find((h) => Math.abs(h.distance - x) <= 1e-6 * Math.max(1, length));
        if (!hit) throw new ToolFailure('INVALID_ARGUMENTS', `stations: ${this.label} reports frame ${name} at ${at.length} stations set before the analysis (${OUTPUT_SEGMENTS} equal segments); ${a.stations} equally spaced stations need one at ${x}, which it does not have: ask for a number of stations that is a divisor of ${OUTPUT_SEGMENTS} plus one`, { frame: name, available: at.map((h) => h.distance) });
        stations.push({ distance: x, values: hit.values });
      }
      frames.push({ frame: name, stations });
    }
    return { kind: 'member_forces', case: a.case, frames };
  }
}

type Six = [number, number, number, number, number, number];

function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.map(String) : [];
}

function col(out: unknown[], k: number): unknown[] {
  const v = out[k];
  return Array.isArray(v) ? v : [];
}

/** Result rows of the case (the LoadCase column); static cases have one step. */
function rows(out: unknown[], caseName: string, caseColumn: number): number[] {
  const n = Number(out[0]) || 0;
  const cases = col(out, caseColumn);
  return Array.from({ length: n }, (_, k) => k).filter((k) => cases[k] === caseName);
}
